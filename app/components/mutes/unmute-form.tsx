import type { ReactNode } from "react";
import { Form } from "react-router";
import type { MuteKind } from "~/rules/mute-rules.ts";

/** 'Unmute' (a profile): a plain form (POST /mutes → 303 back → toast). */
export function UnmuteForm({ kind, value, className, children }: { kind: MuteKind; value: string | number; className?: string; children: ReactNode }) {
  return (
    <Form method="post" action="/mutes" className="inline">
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="value" value={value} />
      <button type="submit" name="intent" value="unmute" className={className}>
        {children}
      </button>
    </Form>
  );
}
