// How a list leaves out what its viewer muted or hid: in its own SQL, with placeholders, so a page of
// a muting viewer is still one statement and fills up to its limit (decision 0125). Every list of
// posts adds `mutedPostCondition` to its WHERE and `mutedParams` to its parameters; the threads and
// the notifications ask their own questions below.
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { getDb } from "#db/client.server.ts";
import { preparedFor } from "../db.server.ts";
import { mutedWordsHandle } from "#db/words.ts";
import { comments, hiddenPosts, postReads, posts, postWords, users } from "#db/schema.ts";
import { isMuting, type Muting } from "./mute.server.ts";

const p = sql.placeholder;

/**
 * The condition a post must meet to be listed for a muting viewer: not by a muted member, not in a
 * muted category, none of the muted words as whole words in its texts (its folded words, post_words,
 * tested row by row by `holds_muted_word`: db/words.ts), not hidden by the viewer, not read by them
 * when 'Hide what I've read' is on. A post without an author (its account deleted) is never a muted
 * member's. None for shape "". Each part costs per row tested (a lookup, or one pass over the row's
 * words), never per post the index holds: a list bounds the rows it tests (`withinMutedWindow`).
 */
export function mutedPostCondition(shape: MutedShape): SQL | undefined {
  if (!shape) return undefined;
  const parts = [
    sql`(${posts.userId} IS NULL OR ${posts.userId} NOT IN (SELECT value FROM json_each(${p("mutedMembers")})))`,
    sql`${posts.category} NOT IN (SELECT value FROM json_each(${p("mutedCategories")}))`,
    sql`(${p("hidPosts")} = 0 OR NOT EXISTS (SELECT 1 FROM ${hiddenPosts} WHERE ${hiddenPosts.userId} = ${p("mutingViewer")} AND ${hiddenPosts.postId} = ${posts.id}))`,
    sql`(${p("hideRead")} = 0 OR NOT EXISTS (SELECT 1 FROM ${postReads} WHERE ${postReads.userId} = ${p("mutingViewer")} AND ${postReads.postId} = ${posts.id}))`,
  ];
  if (shape === "words") parts.push(sql`NOT holds_muted_word(${wordsOf(posts.id)}, ${p("mutedWords")})`);
  return sql.join(parts, sql` AND `);
}

/** A post's folded words (post_words), by its id. */
const wordsOf = (id: SQLWrapper) => sql`(SELECT ${postWords.words} FROM ${postWords} WHERE ${postWords.postId} = ${id})`;

/**
 * How many of its list's rows a muting viewer's page may test: MUTE_WINDOW_FACTOR per row it asks
 * for, and MUTE_WINDOW_EXTRA more, from the page's offset on (decision 0160). Its offset counts
 * positions in the list as the site holds it, before the viewer's mutes: the window steps over them in
 * the list's index as the page without mutes does, so neither the rows tested nor the cost grow with
 * the offset. Whatever is muted, the page tests no more rows than that; where the mutes hide more of
 * them, the page is short, and the next one starts after the window (`nextOffset`).
 */
const MUTE_WINDOW_FACTOR = 2;
const MUTE_WINDOW_EXTRA = 10;
export const mutedWindow = (limit: number) => MUTE_WINDOW_FACTOR * limit + MUTE_WINDOW_EXTRA;

type WindowSource = { key?: SQLWrapper; from?: SQL };
type Window = { where: SQL | undefined; order: SQL[]; source?: WindowSource };

/** The window's rows: the list's own (its conditions, its order), :mutedWindow of them from :windowStart; `column` of each. */
const windowQuery = ({ where, order, source: { key = posts.id, from = sql`${posts}` } = {} }: Window, column: SQLWrapper = key) =>
  getDb()
    .select({ key: sql<number>`${column}` })
    .from(from)
    .where(where)
    .orderBy(...order)
    .limit(p("mutedWindow"))
    .offset(p("windowStart"));

/**
 * The rows a muting viewer's page is made from: its window. SQLite steps over the offset and reads
 * the window from the list's index, then looks each row up by its key and tests it
 * (mutedPostCondition) and sorts what is left: never more rows than the window. A list of posts
 * names none of the options (`from: POSTS_AND_AUTHORS` when its condition reads the author); a list
 * read from another table (votes, saves, comments) names its key and table (the inner query's names
 * are its own: the outer query's are not seen in it). The page's own OFFSET is then 0 (mutedParams).
 */
export function withinMutedWindow(where: SQL | undefined, order: SQL[], source: WindowSource = {}): SQL {
  return sql`${source.key ?? posts.id} IN ${windowQuery({ where, order, source })}`;
}

/**
 * The same window as a statement of its own, prepared once by `name`: `column` of each row (what
 * identifies a row of the page: a post's id, a comment's), in the list's order, no row tested. It
 * says where a page's last row was in its window (`nextOffset`); read in the page's transaction
 * (`readPaged`), so both see the same list.
 */
export function windowKeys(name: string, make: () => Window & { column?: SQLWrapper }) {
  return preparedFor(`muted window ${name}`, () => {
    const window = make();
    return windowQuery(window, window.column).prepare();
  });
}

/**
 * Where the next page of a list starts, in the list's own positions (before the viewer's mutes), or
 * null when this page read to the list's end. A page read straight from the list (nothing muted)
 * ends at offset + limit, and the list ended if it was short. A muting viewer's page ends after its
 * last row's place in the window (`windowKeys`: the window's rows in order), or, short of its limit,
 * after the whole window; the list ended where the window was short and read to its end.
 */
export function nextOffset(page: { offset: number; limit: number }, shown: readonly number[], window: readonly number[] | null): number | null {
  if (!window) return shown.length < page.limit ? null : page.offset + page.limit;
  // A row the window does not hold (never, within one snapshot) counts as the whole window: the next page always moves on.
  const at = shown.length < page.limit ? -1 : window.indexOf(shown[shown.length - 1]);
  const read = at < 0 ? window.length : at + 1;
  return read === window.length && window.length < mutedWindow(page.limit) ? null : page.offset + read;
}

/** A page and its window's keys read in one transaction (one snapshot of the list: SQLite's WAL reader). */
export function readPaged<T>(read: () => T): T {
  return getDb().$client.transaction(read).deferred();
}

/** The posts with their authors, for a window whose condition reads the author's name (the feed's text filter). */
export const POSTS_AND_AUTHORS = sql`${posts} LEFT JOIN ${users} ON ${users.id} = ${posts.userId}`;

/** The placeholders of mutedPostCondition for this viewer (and of withinMutedWindow for this page). */
export function mutedParams(m: Muting, page?: { offset: number; limit: number }) {
  return {
    mutedMembers: JSON.stringify(m.members),
    mutedCategories: JSON.stringify(m.categories),
    mutingViewer: m.viewerId ?? 0,
    // Rows are probed for hidden posts only when the member hid some.
    hidPosts: m.hidden ? 1 : 0,
    hideRead: m.hideRead ? 1 : 0,
    mutedWords: mutedWordsHandle(m.words),
    // The window starts at the page's offset; the page's own OFFSET is then 0: it shows the window's
    // first `limit` rows that are left (callers spread these after their own parameters).
    ...(page ? { mutedWindow: mutedWindow(page.limit), windowStart: page.offset, offset: 0 } : {}),
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

/** Whether a comment's text holds a muted word: folded as it is read (`keys`: a mutedWordsHandle). */
export const commentHoldsMutedWord = (keys: SQL | SQLWrapper) => sql`holds_muted_word(fold_text(${comments.content}), ${keys})`;

/** The comments of a post the viewer muted (by their author or a muted word): collapsed in place. */
export function mutedCommentIds(postId: number, m: Muting): ReadonlySet<number> {
  if (m.members.length === 0 && m.words.length === 0) return new Set();
  const rows = getDb()
    .select({ id: comments.id })
    .from(comments)
    .where(
      sql`${comments.postId} = ${postId} AND ${comments.deletedAt} IS NULL AND (${comments.userId} IN (SELECT value FROM json_each(${JSON.stringify(m.members)}))
        OR ${commentHoldsMutedWord(sql`${mutedWordsHandle(m.words)}`)})`,
    )
    .all();
  return new Set(rows.map((r) => r.id));
}

/**
 * The condition a notice must meet to be shown to a muting member: not by a muted member, and not
 * about a post they muted (its author, its category, a word in it) or hid. Tested per notice: one
 * lookup of its post by id, one pass over that post's words.
 */
export function mutedNoticeCondition(actor: SQLWrapper, post: SQLWrapper, m: Muting): SQL {
  const members = JSON.stringify(m.members);
  // Its own name: `post` may be the outer query's posts.id (the digest).
  const about = alias(posts, "muted_post");
  const postMuted = sql`SELECT 1 FROM ${posts} ${about} WHERE ${about.id} = ${post} AND (${about.userId} IN (SELECT value FROM json_each(${members}))
    OR ${about.category} IN (SELECT value FROM json_each(${JSON.stringify(m.categories)}))
    OR EXISTS (SELECT 1 FROM ${hiddenPosts} WHERE ${hiddenPosts.userId} = ${m.viewerId ?? 0} AND ${hiddenPosts.postId} = ${about.id})
    ${m.words.length > 0 ? sql`OR holds_muted_word(${wordsOf(about.id)}, ${mutedWordsHandle(m.words)})` : sql``})`;
  return sql`(${actor} IS NULL OR ${actor} NOT IN (SELECT value FROM json_each(${members}))) AND (${post} IS NULL OR NOT EXISTS (${postMuted}))`;
}
