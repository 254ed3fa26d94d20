import { heldItems, type UserRow } from "#db/schema.ts";
import type { NewPostInput } from "~/rules/schemas/post-input.ts";
import { mentionedNames } from "~/lib/mentions.ts";
import { invalid } from "~/lib/problem.ts";
import { tooManyMentions } from "~/rules/spam-rules.ts";
import type { CommentView } from "~/lib/types.ts";
import { getEnv } from "../../integrations/env.server.ts";
import { limitNewcomer } from "../../integrations/newcomer-limits.server.ts";
import { assertMayComment, createComment } from "../comment.server.ts";
import { writeTransaction, type Tx } from "../db.server.ts";
import { getDb } from "#db/client.server.ts";
import { flagByRule, logRuleAction, logRuleRefusals, ruleRefusal, ruleVerdict } from "../moderation/rule-check.server.ts";
import { knownMembers } from "../mention.server.ts";
import { createPost } from "../post/index.server.ts";
import { holdReason, leavePrint, postText, pullRepeats } from "./hold.server.ts";
import { isNewcomer } from "./trust.server.ts";
import { toHeldView, type HeldView } from "./held.server.ts";

// The one path of a member's new comment and new post (the forms and the JSON API alike): a trusted
// member's goes straight to the site; a new account's may wait for a moderator (hold.server.ts), in
// held_items, out of every list, counter and notification until approved (decision 0121). The admins'
// rules act first, on every author's (decision 0240).

export type Submitted<T> = { published: T; held?: undefined } | { held: HeldView; published?: undefined };

type HeldRow = typeof heldItems.$inferSelect;

/**
 * What new text goes through: the admins' rules for every author (a refusal logged and thrown, a hold,
 * a flag once it is published), then a new account's spam rules. `hold` writes the waiting row for a
 * reason (and the rule that held it), in the transaction that decided it; `publish` writes the item.
 */
function submitText<T extends { id: number }>(
  user: UserRow,
  newcomer: boolean,
  what: { kind: "post" | "comment"; text: string; channel?: string | null; label: string; field?: string },
  steps: { beforeHold?: (tx: Tx) => void; hold: (tx: Tx, reason: HeldRow["reason"], ruleId: number | null) => HeldRow; publish: () => T },
): Submitted<T> {
  const verdict = ruleVerdict(getDb(), user, what);
  // A refused new text made nothing: its entry names no item (id 0).
  if (verdict?.action === "refuse") logRuleRefusals(() => {
    throw ruleRefusal(verdict, { kind: what.kind, id: 0, label: what.label }, what.field);
  });
  const ruleHolds = verdict?.action === "hold";
  const held = newcomer || ruleHolds
    ? writeTransaction((tx) => {
        const reason = ruleHolds ? "rule" : holdReason(tx, user, what);
        if (!reason) return null;
        steps.beforeHold?.(tx);
        if (newcomer) leavePrint(tx, user.id, what.text);
        if (reason === "repeated") pullRepeats(tx, user.id, what.text);
        const row = steps.hold(tx, reason, ruleHolds ? verdict.rule.id : null);
        if (ruleHolds) logRuleAction(tx, verdict, { kind: what.kind, id: row.id, label: what.label });
        return row;
      })
    : null;
  if (held) return { held: toHeldView(held) };
  const published = steps.publish();
  if (newcomer || verdict) {
    writeTransaction((tx) => {
      if (newcomer) leavePrint(tx, user.id, what.text, { kind: what.kind, id: published.id });
      if (verdict?.action === "flag") flagByRule(tx, verdict, { kind: what.kind, id: published.id, label: what.label, authorId: user.id });
    });
  }
  return { published };
}

/** A comment (or reply) by `user`: published, or held with its reason. Problems as createComment's (and a rule's refusal). */
export async function submitComment(user: UserRow, input: { postId: number; content: string; parentId: number | null }): Promise<Submitted<CommentView>> {
  const newcomer = isNewcomer(user);
  if (newcomer) {
    const named = Object.values(knownMembers(mentionedNames(input.content))).filter((id) => id !== user.id).length;
    const max = getEnv().NEWCOMER_MAX_MENTIONS;
    if (named > max) throw invalid(tooManyMentions(max), "content");
    if (named > 0) await limitNewcomer("mention", user.id, named);
  }
  const content = input.content.trim();
  return submitText(user, newcomer, { kind: "comment", text: input.content, label: content, field: "content" }, {
    beforeHold: (tx) => assertMayComment(tx, { userId: user.id, ...input }),
    hold: (tx, reason, ruleId) =>
      tx.insert(heldItems).values({ kind: "comment", userId: user.id, postId: input.postId, parentId: input.parentId, content, reason, ruleId }).returning().get(),
    publish: () => createComment({ userId: user.id, ...input }),
  });
}

/** A post by `user` (its fields parsed and its video resolved): published, or held with its reason (or a rule's refusal). */
export function submitPost(user: UserRow, input: NewPostInput): Submitted<ReturnType<typeof createPost>> {
  const { comment, ...rest } = input;
  return submitText(user, isNewcomer(user), { kind: "post", text: postText(input), channel: input.videoChannel, label: input.title }, {
    hold: (tx, reason, ruleId) =>
      tx.insert(heldItems).values({ kind: "post", userId: user.id, content: comment, payload: JSON.stringify(rest), reason, ruleId }).returning().get(),
    publish: () => createPost({ userId: user.id, ...input }),
  });
}
