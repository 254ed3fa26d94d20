// How a list leaves out what its viewer muted or hid: in its own SQL, with placeholders, so a page of
// a muting viewer is still one statement and fills up to its limit (decision 0125). Every list of
// posts adds `mutedPostCondition` to its WHERE and `mutedParams` to its parameters; the threads and
// the notifications ask their own questions below.
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { getDb, type Db } from "#db/client.server.ts";
import { comments, hiddenPosts, postReads, posts } from "#db/schema.ts";
import { holdsMutedWord } from "~/rules/mute-rules.ts";
import { mutedWordsQuery } from "../post/fts.server.ts";
import { isMuting, type Muting } from "./mute.server.ts";

const p = sql.placeholder;

/**
 * The condition a post must meet to be listed for a muting viewer: not by a muted member, not in a
 * muted category, none of the muted words as whole words in its texts ("words": the posts' word
 * index), not hidden by the viewer, not read by them when 'Hide what I've read' is on. A post
 * without an author (its account deleted) is never a muted member's. None for shape "".
 */
export function mutedPostCondition(shape: MutedShape): SQL | undefined {
  if (!shape) return undefined;
  const parts = [
    sql`(${posts.userId} IS NULL OR ${posts.userId} NOT IN (SELECT value FROM json_each(${p("mutedMembers")})))`,
    sql`${posts.category} NOT IN (SELECT value FROM json_each(${p("mutedCategories")}))`,
    sql`${posts.id} NOT IN (SELECT ${hiddenPosts.postId} FROM ${hiddenPosts} WHERE ${hiddenPosts.userId} = ${p("mutingViewer")})`,
    sql`(${p("hideRead")} = 0 OR ${posts.id} NOT IN (SELECT ${postReads.postId} FROM ${postReads} WHERE ${postReads.userId} = ${p("mutingViewer")}))`,
  ];
  if (shape === "words") parts.push(sql`${posts.id} NOT IN (SELECT rowid FROM posts_search WHERE posts_search MATCH ${p("mutedWords")})`);
  return sql.join(parts, sql` AND `);
}

/** The placeholders of mutedPostCondition for this viewer. */
export function mutedParams(m: Muting) {
  return {
    mutedMembers: JSON.stringify(m.members),
    mutedCategories: JSON.stringify(m.categories),
    mutingViewer: m.viewerId ?? 0,
    hideRead: m.hideRead ? 1 : 0,
    mutedWords: mutedWordsQuery(m.words) ?? undefined,
  };
}

/** Whether the viewer muted any word (the statement then reads the word index). */
const mutesWords = (m: Muting) => m.words.length > 0;

/**
 * Which statement a list prepares for this viewer: "" (nothing to leave out: the shared one),
 * "muted" (mutedPostCondition without words) or "words" (with the word index).
 */
export type MutedShape = "" | "muted" | "words";
export function mutedShape(m: Muting | null): MutedShape {
  return m && isMuting(m) ? (mutesWords(m) ? "words" : "muted") : "";
}

// Comments and notices are matched by the same folding as the word index (mute-rules.ts), by a
// function each connection is given once.
const registered = new WeakSet<object>();

/** Gives the connection `holds_muted_word(text, keys as JSON)` (once), before a statement using it is prepared. */
export function withMuteFunction<D extends Db>(db: D): D {
  if (!registered.has(db.$client)) {
    db.$client.function("holds_muted_word", { deterministic: true }, (text, keys) =>
      holdsMutedWord(String(text ?? ""), JSON.parse(String(keys)) as string[]) ? 1 : 0,
    );
    registered.add(db.$client);
  }
  return db;
}

/** The comments of a post the viewer muted (by their author or a muted word): collapsed in place. */
export function mutedCommentIds(postId: number, m: Muting): ReadonlySet<number> {
  if (m.members.length === 0 && m.words.length === 0) return new Set();
  const rows = withMuteFunction(getDb())
    .select({ id: comments.id })
    .from(comments)
    .where(
      sql`${comments.postId} = ${postId} AND ${comments.deletedAt} IS NULL AND (${comments.userId} IN (SELECT value FROM json_each(${JSON.stringify(m.members)}))
        OR holds_muted_word(${comments.content}, ${JSON.stringify(m.words)}))`,
    )
    .all();
  return new Set(rows.map((r) => r.id));
}

/**
 * The condition a notice must meet to be shown to a muting member: not by a muted member, and not
 * about a post they muted (its author, its category, a word in it) or hid.
 */
export function mutedNoticeCondition(actor: SQLWrapper, post: SQLWrapper, m: Muting): SQL {
  const members = JSON.stringify(m.members);
  const postMuted = sql`SELECT ${posts.id} FROM ${posts} WHERE (${posts.userId} IN (SELECT value FROM json_each(${members}))
    OR ${posts.category} IN (SELECT value FROM json_each(${JSON.stringify(m.categories)}))
    OR ${posts.id} IN (SELECT ${hiddenPosts.postId} FROM ${hiddenPosts} WHERE ${hiddenPosts.userId} = ${m.viewerId ?? 0})
    ${m.words.length > 0 ? sql`OR ${posts.id} IN (SELECT rowid FROM posts_search WHERE posts_search MATCH ${mutedWordsQuery(m.words)})` : sql``})`;
  return sql`(${actor} IS NULL OR ${actor} NOT IN (SELECT value FROM json_each(${members}))) AND (${post} IS NULL OR ${post} NOT IN (${postMuted}))`;
}
