import type { EarnedBadge } from "~/lib/profile.ts";
import { BadgeIconSvg } from "../icons.tsx";

/** SPEC §3's four badges, each earned or not yet (the rule says how). */
export function BadgeList({ badges, withRules = false }: { badges: EarnedBadge[]; withRules?: boolean }) {
  return (
    <ul aria-label="Badges" className="flex flex-wrap gap-2">
      {badges.map((b) => (
        <li
          key={b.name}
          title={b.rule}
          className={`inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-xs font-semibold ${
            b.earned ? "border-amber-300 bg-amber-50 text-amber-900" : "border-dashed border-slate-300 bg-white text-slate-600"
          }`}
        >
          <BadgeIconSvg icon={b.icon} className={`h-3.5 w-3.5 ${b.earned ? "text-amber-700" : "opacity-50"}`} />
          {b.name}
          <span className="sr-only">{b.earned ? " (earned)" : " (not yet earned)"}</span>
          {withRules ? <span className="font-normal text-slate-600">· {b.earned ? b.rule : `Not yet: ${b.rule.toLowerCase()}`}</span> : null}
        </li>
      ))}
    </ul>
  );
}
