import { Form, useFetcher } from "react-router";
import type { BlockIntent, BlockReply } from "~/rules/interactions/block-member.ts";
import { JsField, useInteractionReply } from "../interaction.tsx";
import { buttonClass } from "../ui/button.tsx";

/**
 * Block / Unblock one member (POST /profile/:id/block): on the profile, in a comment's menu and in
 * the about tab's list. Without JS a plain POST → 303 back with a toast; with JS a fetcher, and the
 * page's data (feeds, threads) is read again.
 */
export function BlockButton({
  userId,
  name,
  blocked,
  anchor,
  size = "md",
  variant = "secondary",
}: {
  userId: number;
  name: string;
  blocked: boolean;
  /** Where on the page to land back without JS (a comment's id …). */
  anchor?: string;
  size?: "sm" | "md";
  variant?: "secondary" | "ghost";
}) {
  const fetcherKey = `block-${userId}`;
  const fetcher = useFetcher<BlockReply>({ key: fetcherKey });
  useInteractionReply(fetcher);
  const pending = fetcher.formData?.get("intent");
  const shown = pending === "block" ? true : pending === "unblock" ? false : blocked;
  const intent: BlockIntent = shown ? "unblock" : "block";
  return (
    <Form navigate={false} fetcherKey={fetcherKey} method="post" action={`/profile/${userId}/block`}>
      <JsField />
      {anchor ? <input type="hidden" name="anchor" value={anchor} /> : null}
      <button
        type="submit"
        name="intent"
        value={intent}
        aria-label={`${shown ? "Unblock" : "Block"} ${name}`}
        className={buttonClass({ variant, size })}
      >
        {shown ? "Unblock" : "Block"}
      </button>
    </Form>
  );
}
