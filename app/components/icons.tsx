// Inline SVG icons: they look the same on every device (emoji fonts vary, some phones lack them).
// The ones a single screen draws live with it (the bell, the trash can, the menu, the badges), so
// the shell carries only these.
export type IconProps = { className?: string };

export function CommentIcon({ className = "h-4 w-4" }: IconProps) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
    </svg>
  );
}

export const stroke = { fill: "none", stroke: "currentColor", strokeWidth: 2, strokeLinecap: "round", strokeLinejoin: "round" } as const;

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
