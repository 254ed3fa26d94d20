// Inline SVG icons: they look the same on every device (emoji fonts vary, some phones lack them).
// The ones a single screen draws live with it (the bell, the trash can, the menu, the badges), so
// the shell carries only these.
export type IconProps = { className?: string };

/** Sized by its place (.action in app.css) unless given a class. */
export function CommentIcon({ className }: IconProps) {
  return <Use id="i-comment" className={className} />;
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

export function StarIcon({ className, filled = false }: IconProps & { filled?: boolean }) {
  return <Use id="i-star" className={className} fill={filled ? "currentColor" : "none"} />;
}

/** An icon of the sprite below: a few bytes where each card would repeat the whole drawing. */
function Use({ id, className, fill }: { id: string; className?: string; fill?: string }) {
  return (
    <svg aria-hidden="true" className={className} fill={fill}>
      <use href={`#${id}`} />
    </svg>
  );
}

/**
 * The icons every card draws, defined once per document (root.tsx) and drawn by <use>. Their lines
 * and fills are currentColor, so they take the text colour of where they are (the dark theme too);
 * the star's fill comes from its <svg> (filled when saved).
 */
export function IconSprite() {
  return (
    <svg aria-hidden="true" className="hidden">
      <symbol id="i-comment" viewBox="0 0 24 24">
        <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" {...stroke} />
      </symbol>
      <symbol id="i-star" viewBox="0 0 24 24">
        <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3 6.4 20.2l1.1-6.2L3 9.6l6.2-.9z" {...stroke} fill="inherit" />
      </symbol>
    </svg>
  );
}
