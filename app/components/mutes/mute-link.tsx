import type { ReactNode } from "react";
import { Link } from "~/components/ui/link.tsx";
import type { MuteKind } from "~/rules/mute-rules.ts";

/** 'Mute' on a comment or a profile: a link to its confirmation on /mutes (a URL state, so it works without JavaScript). */
export function MuteLink({ kind, value, className, children }: { kind: MuteKind; value: string | number; className?: string; children: ReactNode }) {
  return (
    <Link to={`/mutes?kind=${kind}&value=${encodeURIComponent(value)}`} className={className}>
      {children}
    </Link>
  );
}
