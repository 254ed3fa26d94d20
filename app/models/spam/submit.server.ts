import { heldItems, type UserRow } from "#db/schema.ts";
import type { NewPostInput } from "~/rules/schemas/post-input.ts";
import { mentionedNames } from "~/lib/mentions.ts";
import { invalid } from "~/lib/problem.ts";
import { tooManyMentions } from "~/rules/spam-rules.ts";
import type { CommentView } from "~/lib/types.ts";
import { getEnv } from "../../integrations/env.server.ts";
import { limitNewcomer } from "../../integrations/newcomer-limits.server.ts";
import { assertMayComment, createComment } from "../comment.server.ts";
import { writeTransaction } from "../db.server.ts";
import { knownMembers } from "../mention.server.ts";
import { createPost } from "../post/index.server.ts";
import { holdReason, leavePrint, postText, pullRepeats } from "./hold.server.ts";
import { isNewcomer } from "./trust.server.ts";
import { toHeldView, type HeldView } from "./held.server.ts";

// The one path of a member's new comment and new post (the forms and the JSON API alike): a trusted
// member's goes straight to the site; a new account's may wait for a moderator (hold.server.ts), in
// held_items, out of every list, counter and notification until approved (decision 0121).

export type Submitted<T> = { published: T; held?: undefined } | { held: HeldView; published?: undefined };

/** A comment (or reply) by `user`: published, or held with its reason. Problems as createComment's. */
export async function submitComment(user: UserRow, input: { postId: number; content: string; parentId: number | null }): Promise<Submitted<CommentView>> {
  if (!isNewcomer(user)) return { published: createComment({ userId: user.id, ...input }) };
  const named = Object.values(knownMembers(mentionedNames(input.content))).filter((id) => id !== user.id).length;
  const max = getEnv().NEWCOMER_MAX_MENTIONS;
  if (named > max) throw invalid(tooManyMentions(max), "content");
  if (named > 0) await limitNewcomer("mention", user.id, named);
  const held = writeTransaction((tx) => {
    const reason = holdReason(tx, user, { kind: "comment", text: input.content });
    if (!reason) return null;
    assertMayComment(tx, { userId: user.id, ...input });
    leavePrint(tx, user.id, input.content);
    if (reason === "repeated") pullRepeats(tx, user.id, input.content);
    return tx
      .insert(heldItems)
      .values({ kind: "comment", userId: user.id, postId: input.postId, parentId: input.parentId, content: input.content.trim(), reason })
      .returning()
      .get();
  });
  if (held) return { held: toHeldView(held) };
  const comment = createComment({ userId: user.id, ...input });
  writeTransaction((tx) => leavePrint(tx, user.id, input.content, { kind: "comment", id: comment.id }));
  return { published: comment };
}

/** A post by `user` (its fields parsed and its video resolved): published, or held with its reason. */
export function submitPost(user: UserRow, input: NewPostInput): Submitted<ReturnType<typeof createPost>> {
  if (!isNewcomer(user)) return { published: createPost({ userId: user.id, ...input }) };
  const text = postText(input);
  const held = writeTransaction((tx) => {
    const reason = holdReason(tx, user, { kind: "post", text });
    if (!reason) return null;
    leavePrint(tx, user.id, text);
    if (reason === "repeated") pullRepeats(tx, user.id, text);
    const { comment, ...rest } = input;
    return tx
      .insert(heldItems)
      .values({ kind: "post", userId: user.id, content: comment, payload: JSON.stringify(rest), reason })
      .returning()
      .get();
  });
  if (held) return { held: toHeldView(held) };
  const post = createPost({ userId: user.id, ...input });
  writeTransaction((tx) => leavePrint(tx, user.id, text, { kind: "post", id: post.id }));
  return { published: post };
}
