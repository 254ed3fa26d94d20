import type { EarnedBadge } from "~/rules/profile-rules.ts";
import { stroke, type IconProps } from "../icons.tsx";

/** docs/product.md §3's badge icons (fire, medal, crown, rocket), drawn; sized by .badge (app.css). */
function BadgeIconSvg({ icon, className }: IconProps & { icon: "fire" | "medal" | "crown" | "rocket" }) {
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


/** docs/product.md §3's four badges, each earned or not yet (the rule says how). */
export function BadgeList({ badges, withRules = false }: { badges: EarnedBadge[]; withRules?: boolean }) {
  return (
    <ul aria-label="Badges" className="flex flex-wrap gap-2">
      {badges.map((b) => (
        <li
          key={b.name}
          title={b.rule}
          className={b.earned ? "badge won" : "badge"}
        >
          <BadgeIconSvg icon={b.icon} />
          {b.name}
          <span className="sr-only">{b.earned ? " (earned)" : " (not yet earned)"}</span>
          {withRules ? <span className="font-normal text-slate-600">· {b.earned ? b.rule : `Not yet: ${b.rule.toLowerCase()}`}</span> : null}
        </li>
      ))}
    </ul>
  );
}
