import { Form } from "react-router";
import type { ReactNode } from "react";
import { Link } from "~/components/ui/link.tsx";
import type { MuteKind } from "~/lib/mute-rules.ts";

/** Where a card, a comment or a profile sends a mute to be confirmed: /mutes with it in the URL. */
export const muteHref = (kind: MuteKind, value: string | number) => `/mutes?kind=${kind}&value=${encodeURIComponent(String(value))}`;

/** 'Mute …': a link to its confirmation (a URL state, so it works without JavaScript). */
export function MuteLink({ kind, value, className, children }: { kind: MuteKind; value: string | number; className?: string; children: ReactNode }) {
  return (
    <Link to={muteHref(kind, value)} className={className} rel="nofollow">
      {children}
    </Link>
  );
}

/** 'Unmute': a plain form (POST /mutes → 303 back → toast). */
export function UnmuteForm({ kind, value, className, children }: { kind: MuteKind; value: string | number; className?: string; children: ReactNode }) {
  return (
    <Form method="post" action="/mutes" className="inline">
      <input type="hidden" name="intent" value="unmute" />
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="value" value={String(value)} />
      <button type="submit" className={className}>
        {children}
      </button>
    </Form>
  );
}

/** 'Hide' on a card: a plain form (POST /post/:id/hide → 303 back → 'Post hidden' with Undo). */
export function HideForm({ postId }: { postId: number }) {
  return (
    <Form method="post" action={`/post/${postId}/hide`}>
      <input type="hidden" name="intent" value="hide" />
      <button type="submit">Hide</button>
    </Form>
  );
}
