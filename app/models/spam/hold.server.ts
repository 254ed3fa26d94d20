import crypto from "node:crypto";
import { and, eq, gt, isNotNull, isNull, lt, ne } from "drizzle-orm";
import { comments, heldItems, posts, textPrints, type UserRow } from "#db/schema.ts";
import { removeComment } from "../comment.server.ts";
import { removePost } from "../post/delete.server.ts";
import { hasLink, normalisedForRepeats } from "~/rules/spam-rules.ts";
import { getEnv } from "../../integrations/env.server.ts";
import { getDb } from "#db/client.server.ts";
import type { DbOrTx } from "../db.server.ts";
import { flagByRule, logRuleAction, ruleRefusal, ruleVerdict } from "../moderation/rule-check.server.ts";
import { isNewcomer } from "./trust.server.ts";

// Whether a new account's post or comment waits for a moderator, and why (decision 0121), whether it is
// new or an edit of one already published (holdEdited: one rule for new text and edits; it applies the
// admins' rules to every author's edit too, decision 0240):
// - NEWCOMER_POSTS_WAIT: everything a new account writes waits;
// - a comment with a link waits;
// - a text whose normalised form matches one another new account wrote in the last
//   REPEAT_WINDOW_HOURS waits (the first one of a wave is not a repeat; its repeats are).
// Every new account's text leaves its print (text_prints) for the next one to be compared with.

export type HeldReason = (typeof heldItems.$inferSelect)["reason"];
const HOUR_MS = 3_600_000;

/** A post's text as its repeats are compared: its title and the comment it quotes. */
export function postText(post: { title: string; comment: string }): string {
  return `${post.title}\n${post.comment}`;
}

/** The print of a text as repeats are compared (empty text has none). */
function textPrint(text: string): string | null {
  const normal = normalisedForRepeats(text);
  return normal.length < 8 ? null : crypto.createHash("sha256").update(normal).digest("base64url");
}

/** Why a new account's `text` of `kind` waits, or null when it goes straight to the site. */
export function holdReason(tx: DbOrTx, user: Pick<UserRow, "id">, { kind, text }: { kind: "post" | "comment"; text: string }): HeldReason | null {
  const env = getEnv();
  if (env.NEWCOMER_POSTS_WAIT) return "newcomer";
  if (kind === "comment" && hasLink(text)) return "link";
  const print = textPrint(text);
  if (print && env.REPEAT_WINDOW_HOURS > 0) {
    const since = new Date(Date.now() - env.REPEAT_WINDOW_HOURS * HOUR_MS);
    const seen = tx
      .select({ id: textPrints.id })
      .from(textPrints)
      .where(and(eq(textPrints.print, print), ne(textPrints.userId, user.id), gt(textPrints.createdAt, since)))
      .limit(1)
      .get();
    if (seen) return "repeated";
  }
  return null;
}

/** Leaves a new account's text's print for the next text to be compared with (and what it was published as). */
export function leavePrint(tx: DbOrTx, userId: number, text: string, item?: { kind: "post" | "comment"; id: number }): void {
  const print = textPrint(text);
  if (print) tx.insert(textPrints).values({ userId, print, itemKind: item?.kind ?? null, itemId: item?.id ?? null }).run();
}

/**
 * A text was repeated: its earlier copies that other new accounts published in the window go back to
 * the queue too (reason "repeated"), so no copy of a wave stays on the site. Returns how many.
 */
export function pullRepeats(tx: DbOrTx, userId: number, text: string): number {
  const print = textPrint(text);
  if (!print) return 0;
  const since = new Date(Date.now() - getEnv().REPEAT_WINDOW_HOURS * HOUR_MS);
  const copies = tx
    .select({ id: textPrints.id, userId: textPrints.userId, itemKind: textPrints.itemKind, itemId: textPrints.itemId })
    .from(textPrints)
    .where(and(eq(textPrints.print, print), ne(textPrints.userId, userId), gt(textPrints.createdAt, since), isNotNull(textPrints.itemId)))
    .all();
  let pulled = 0;
  for (const copy of copies) {
    tx.update(textPrints).set({ itemKind: null, itemId: null }).where(eq(textPrints.id, copy.id)).run();
    if (holdPublished(tx, { kind: copy.itemKind!, id: copy.itemId! }, "repeated")) pulled++;
  }
  return pulled;
}

/**
 * A published post or comment goes (back) to the queue with `reason`, as it reads now: off the site,
 * its counters following. The held row, or null when it is gone already.
 */
function holdPublished(tx: DbOrTx, item: { kind: "post" | "comment"; id: number }, reason: HeldReason, ruleId: number | null = null) {
  if (item.kind === "comment") {
    const row = tx.select().from(comments).where(and(eq(comments.id, item.id), isNull(comments.deletedAt))).get();
    if (!row || row.userId === null) return null;
    const held = tx.insert(heldItems).values({ kind: "comment", userId: row.userId, postId: row.postId, parentId: row.parentId, content: row.content, reason, ruleId }).returning().get();
    removeComment(tx, row);
    return held;
  }
  const row = tx.select().from(posts).where(eq(posts.id, item.id)).get();
  if (!row || row.userId === null) return null;
  const { comment, title, commentAuthor, category, videoId, videoTitle, videoThumbnail, videoChannel, videoViewCount, videoPublishedAt, videoStart } = row;
  const payload = { title, commentAuthor, category, videoId, videoTitle, videoThumbnail, videoChannel, videoViewCount, videoPublishedAt, videoStart };
  const held = tx.insert(heldItems).values({ kind: "post", userId: row.userId, content: comment, payload: JSON.stringify(payload), reason, ruleId }).returning().get();
  removePost(tx, row.id, { authorId: row.userId });
  return held;
}

/**
 * An edit is new text (else an edit would pass what a new post may not). The admins' rules apply to
 * every author's edit (moderation/rule-check.server.ts): a refusing rule throws its Problem (the edit
 * rolls back; the caller's logRuleRefusals logs it), a holding one sends the item back to the queue,
 * a flagging one opens its case. A new account's edit also passes the rules of new text (holdReason):
 * when new text would wait, the edited item goes back to the queue with it, and a repeat pulls the
 * earlier copies as a new repeat does. Called in the edit's transaction, once the new text is written;
 * the held row, or null when the item stays on the site (a new account's print left either way).
 */
export function holdEdited(
  tx: DbOrTx,
  author: UserRow,
  item: { kind: "post" | "comment"; id: number },
  text: string,
  { channel = null, label, field }: { channel?: string | null; label: string; field: string },
) {
  const verdict = ruleVerdict(tx, author, { text, channel });
  const target = { ...item, label };
  if (verdict?.action === "refuse") throw ruleRefusal(verdict, target, field);
  const newcomer = isNewcomer(author);
  // Its old text's print no longer names it (a later repeat of the old text is no copy of this item).
  if (newcomer) {
    tx.update(textPrints)
      .set({ itemKind: null, itemId: null })
      .where(and(eq(textPrints.userId, author.id), eq(textPrints.itemKind, item.kind), eq(textPrints.itemId, item.id)))
      .run();
  }
  const reason = verdict?.action === "hold" ? "rule" : newcomer ? holdReason(tx, author, { kind: item.kind, text }) : null;
  if (!reason) {
    if (newcomer) leavePrint(tx, author.id, text, item);
    if (verdict?.action === "flag") flagByRule(tx, verdict, { ...target, authorId: author.id });
    return null;
  }
  if (newcomer) leavePrint(tx, author.id, text);
  if (reason === "repeated") pullRepeats(tx, author.id, text);
  const held = holdPublished(tx, item, reason, verdict?.action === "hold" ? verdict.rule.id : null);
  if (held && verdict?.action === "hold") logRuleAction(tx, verdict, target);
  return held;
}

/** Drops the prints older than the window (maintenance, every minute). */
export function sweepOldPrints(): void {
  const before = new Date(Date.now() - Math.max(getEnv().REPEAT_WINDOW_HOURS, 1) * HOUR_MS);
  getDb().delete(textPrints).where(lt(textPrints.createdAt, before)).run();
}
