// Inline SVG icons: they look the same on every device (emoji fonts vary, some phones lack them).
type IconProps = { className?: string };

export function BellIcon({ className = "h-5 w-5" }: IconProps) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}

export function CommentIcon({ className = "h-4 w-4" }: IconProps) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
    </svg>
  );
}

const stroke = { fill: "none", stroke: "currentColor", strokeWidth: 2, strokeLinecap: "round", strokeLinejoin: "round" } as const;

/** The brand mark: a laughing face, drawn (no emoji font needed). */
export function LogoIcon({ className = "h-6 w-6" }: IconProps) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className} {...stroke}>
      <circle cx="12" cy="12" r="9.5" />
      <path d="M7.5 9.5q1-1.5 2 0M14.5 9.5q1-1.5 2 0" />
      <path d="M7 13h10a5 5 0 0 1-10 0z" fill="currentColor" />
    </svg>
  );
}

/** The web-feed mark (an Atom/RSS feed). */
export function FeedIcon({ className = "h-4 w-4" }: IconProps) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className} {...stroke}>
      <path d="M4 11a9 9 0 0 1 9 9M4 4a16 16 0 0 1 16 16" />
      <circle cx="5" cy="19" r="1.5" fill="currentColor" />
    </svg>
  );
}

/** A play button, for the video block when its picture is missing. */
export function PlayIcon({ className = "h-8 w-8" }: IconProps) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className}>
      <circle cx="12" cy="12" r="11" fill="currentColor" opacity="0.25" />
      <path d="M10 8v8l6-4z" fill="currentColor" />
    </svg>
  );
}

export function StarIcon({ className = "h-4 w-4", filled = false }: IconProps & { filled?: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className} {...stroke} fill={filled ? "currentColor" : "none"}>
      <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3 6.4 20.2l1.1-6.2L3 9.6l6.2-.9z" />
    </svg>
  );
}

export function TrashIcon({ className = "h-4 w-4" }: IconProps) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className} {...stroke}>
      <path d="M3 6h18M8 6V4h8v2M6 6l1 14h10l1-14M10 11v5M14 11v5" />
    </svg>
  );
}

export function MenuIcon({ className = "h-4 w-4" }: IconProps) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className} {...stroke}>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  );
}

/** SPEC §3's badge icons (fire, medal, crown, rocket), drawn. */
export function BadgeIconSvg({ icon, className = "h-3.5 w-3.5" }: IconProps & { icon: "fire" | "medal" | "crown" | "rocket" }) {
  const paths: Record<typeof icon, React.ReactNode> = {
    fire: <path d="M12 22c4 0 7-2.7 7-6.8 0-3.7-2.6-6.1-4.3-8.7-.4 2-1.4 3.3-2.7 3.9.3-3-1-6.3-3.5-8.4.1 3.4-2.2 5.6-3.4 7.8A8 8 0 0 0 5 15.2C5 19.3 8 22 12 22z" />,
    medal: (
      <>
        <path d="M7.2 2h3.3l2.3 5.3M16.8 2h-3.3l-1.1 2.6" />
        <circle cx="12" cy="15" r="6" />
        <path d="M12 12.2v5.6" />
      </>
    ),
    crown: <path d="M3 8l4.5 4L12 5l4.5 7L21 8l-2 11H5z" />,
    rocket: (
      <>
        <path d="M12 2c3.5 2.5 5 6.5 4.5 11H7.5C7 8.5 8.5 4.5 12 2z" />
        <path d="M7.5 13L5 17h4M16.5 13l2.5 4h-4M10 17l2 4 2-4" />
        <circle cx="12" cy="8.5" r="1.5" />
      </>
    ),
  };
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className} {...stroke}>
      {paths[icon]}
    </svg>
  );
}
