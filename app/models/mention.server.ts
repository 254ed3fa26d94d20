import { and, eq, sql } from "drizzle-orm";
import { notifications, users } from "#db/schema.ts";
import { MENTION_LIMIT } from "~/rules/edit-rules.ts";
import { mentionedNames } from "~/lib/mentions.ts";
import { assertMayInteract } from "./block.server.ts";
import { inJsonArray, prepared, type DbOrTx } from "./db.server.ts";
import { mayNotify, notify } from "./notification.server.ts";

// @mentions: whom a comment names, and their one notice each. Called in the transaction that writes
// the comment (created or edited), so a mention and its notice are kept or lost together.

// The post page's thread asks it for every comment's mentions at once: prepared once per connection,
// the names going in as one JSON array (inside a write it is part of that write: one connection).
const byLowerName = prepared((db) =>
  db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inJsonArray(sql`lower(${users.username})`, "names"))
    .prepare(),
);

/** The members `names` (lower-cased) stand for: lower-cased name → id. Unknown names are absent. */
export function knownMembers(names: readonly string[]): Record<string, number> {
  if (names.length === 0) return {};
  const rows = byLowerName().all({ names: JSON.stringify(names) });
  return Object.fromEntries(rows.map((r) => [r.username.toLowerCase(), r.id]));
}

/**
 * Refuses a text that names a member who blocked the writer, or whom the writer blocked (403 'You can't
 * interact with this member.', the rule of replies and follows): called by the comment's create and
 * edit before anything is written, so the form and the JSON endpoint refuse it alike.
 */
export function assertMayMention({ actorId, content }: { actorId: number; content: string }): void {
  const known = knownMembers(mentionedNames(content));
  for (const userId of Object.values(known)) if (userId !== actorId) assertMayInteract({ actorId, targetId: userId });
}

/**
 * Notifies the members `content` mentions, once per comment whatever its edits: a member already told
 * about this comment is not told again, and at most MENTION_LIMIT members are told about one comment
 * (counting the earlier notices). The writer and members who do not want to hear from them
 * (mayNotify) are skipped. Returns the ids notified now.
 */
export function notifyMentions(
  tx: DbOrTx,
  {
    commentId,
    postId,
    postTitle,
    actor,
    content,
    vouched = false,
  }: { commentId: number; postId: number; postTitle: string; actor: { id: number; username: string }; content: string; vouched?: boolean },
): number[] {
  const names = mentionedNames(content);
  if (names.length === 0) return [];
  const known = knownMembers(names);
  const already = new Set(
    tx
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.commentId, commentId), eq(notifications.type, "mention")))
      .all()
      .map((r) => r.userId),
  );
  let room = MENTION_LIMIT - already.size;
  const notified: number[] = [];
  for (const name of names) {
    if (room <= 0) break;
    const userId = known[name];
    if (userId === undefined || userId === actor.id || already.has(userId) || !mayNotify(userId, actor.id)) continue;
    already.add(userId);
    if (!notify({ userId, actorId: actor.id, type: "mention", params: { actor: actor.username, title: postTitle }, postId, commentId, vouched })) continue;
    notified.push(userId);
    room--;
  }
  return notified;
}
