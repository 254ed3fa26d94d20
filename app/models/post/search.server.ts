// /search: posts ranked by bm25 over the word index (capped), and members by name.
import { asc, count, desc, sql } from "drizzle-orm";
import { getDb } from "#db/client.server.ts";
import { users } from "#db/schema.ts";
import type { PostView, UserResult } from "~/lib/browse.ts";
import { versionedCache } from "../data-version.server.ts";
import { prepared, preparedFor } from "../db.server.ts";

import { listFeedPosts, listPostsByIds } from "./read.server.ts";

/** Search ranks at most this many matches (the newest), so a common word stays fast. */
export const SEARCH_CAP = 500;
export type PostSearch = { posts: PostView[]; total: number; capped: boolean };

/**
 * The words of a search as an FTS5 expression: every word must appear, the last one (still being typed)
 * as a prefix once it has 2 characters. Quoted, so nothing the user types is query syntax.
 */
function searchExpression(q: string): string | null {
  const words = q.match(/[\p{L}\p{N}]+/gu);
  if (!words) return null;
  return words.map((w, i) => `"${w}"${i === words.length - 1 && [...w].length >= 2 ? "*" : ""}`).join(" AND ");
}

/**
 * /search: posts whose title, comment, comment author, video title or poster's username hold every word
 * (posts_search, a word index), best first by bm25 with the title weighted highest. Only the newest
 * SEARCH_CAP matches are ranked and counted, so a common word costs no more than a rare one.
 */
export function searchPosts({
  q,
  limit,
  viewerId,
}: {
  q: string;
  limit: number;
  viewerId?: number | null;
}): PostSearch {
  const expression = searchExpression(q);
  if (!expression) return { posts: [], total: 0, capped: false };
  const { ids, n } = rankings.get(`${limit}\0${expression}`, () => rankMatches(expression, limit));
  if (n === 0) return { posts: [], total: 0, capped: false };
  // The posts themselves come from listPostsByIds (their counts and the viewer's vote as fresh as there).
  return { posts: listPostsByIds({ ids, viewerId, hideBlocked: true }), total: Math.min(n, SEARCH_CAP), capped: n > SEARCH_CAP };
}

/**
 * Which posts match and in what order, kept per (query, limit) while no post's searchable text
 * changed: a new, edited or deleted post or a renamed author shows at the next search in this worker,
 * and within SEARCH_LAG_MS in the others (WORKERS=N). Votes do not touch it. Ranking with bm25 is
 * most of a search's cost, and the same words are searched again and again.
 */
export const SEARCH_LAG_MS = 5_000;
const rankings = versionedCache<string, { ids: number[]; n: number }>({
  tables: ["posts:title,comment,comment_author,video_title,user_id", "users:username"],
  maxWeight: 2_000,
  staleMs: SEARCH_LAG_MS,
});

function rankMatches(expression: string, limit: number): { ids: number[]; n: number } {
  // One pass over the index: the newest SEARCH_CAP + 1 matches (the one past the cap only says there
  // are more), counted and ranked in the same statement. Counting in a statement of its own read the
  // index a second time: for a prefix (the last word typed), a merge of every word it starts.
  // Columns of bm25: title, comment, comment_author, video_title, username.
  const rows = preparedFor("search-rank", () =>
    getDb().$client.prepare<[string, number, number, number], { id: number; n: number }>(
      `SELECT id, n FROM (
         SELECT id, r, count(*) OVER () AS n, row_number() OVER (ORDER BY id DESC) AS newest FROM (
           SELECT rowid AS id, bm25(posts_search, 5.0, 3.0, 1.0, 2.0, 1.0) AS r FROM posts_search
           WHERE posts_search MATCH ? ORDER BY rowid DESC LIMIT ?))
       WHERE newest <= ? ORDER BY r, id DESC LIMIT ?`,
    ),
  ).all(expression, SEARCH_CAP + 1, SEARCH_CAP, limit);
  return { ids: rows.map((r) => r.id), n: rows[0]?.n ?? 0 };
}

export type UserSearch = { users: UserResult[]; total: number };

/** /search's users: usernames starting with the query (any case), an exact name first, then the busiest. */
export function searchUsers({ q, limit }: { q: string; limit: number }): UserSearch {
  const prefix = q.trim().toLowerCase();
  return members.get(`${limit}\0${prefix}`, () => findMembers(prefix, limit));
}

// Members by name, kept like the rankings: this worker's writes show at once, others' within SEARCH_LAG_MS.
const members = versionedCache<string, UserSearch>({
  tables: ["users:username,display_name,posts_count"],
  maxWeight: 1_000,
  staleMs: SEARCH_LAG_MS,
  freeze: true,
});

function findMembers(prefix: string, limit: number): UserSearch {
  const q2 = userStatements();
  if (!prefix) {
    const rows = q2.busiest.all({ limit });
    return { users: rows.map(toUserResult), total: rows.length };
  }
  // A range on the lower(username) index: every name that starts with the prefix.
  const range = { prefix, end: `${prefix}\u{10FFFF}` };
  const rows = q2.byPrefix.all({ ...range, limit });
  const total = q2.countPrefix.get(range)?.n ?? 0;
  return { users: rows.map(toUserResult), total };
}

const userColumns = {
  id: users.id,
  username: users.username,
  displayName: users.displayName,
  postsCount: users.postsCount,
};
const userStatements = prepared((db) => {
  const name = sql`lower(${users.username})`;
  const prefix = sql.placeholder("prefix");
  const where = sql`${name} >= ${prefix} AND ${name} < ${sql.placeholder("end")}`;
  return {
    busiest: db.select(userColumns).from(users).orderBy(desc(users.postsCount), asc(users.id)).limit(sql.placeholder("limit")).prepare(),
    byPrefix: db
      .select(userColumns)
      .from(users)
      .where(where)
      .orderBy(desc(sql`${name} = ${prefix}`), desc(users.postsCount), asc(name))
      .limit(sql.placeholder("limit"))
      .prepare(),
    countPrefix: db.select({ n: count() }).from(users).where(where).prepare(),
  };
});

function toUserResult(r: { id: number; username: string; displayName: string | null; postsCount: number }): UserResult {
  return { id: r.id, username: r.username, displayName: r.displayName || r.username, postsCount: r.postsCount };
}

/** /search and /api/search: both lists; an empty query shows the newest posts and the busiest members. */
export function searchEverything({ q, limit, viewerId }: { q: string; limit: number; viewerId?: number | null }) {
  const users = searchUsers({ q, limit });
  if (!q.trim()) {
    const list = listFeedPosts({ sort: "new", limit, viewerId });
    return { posts: { posts: list, total: list.length, capped: false } satisfies PostSearch, users };
  }
  return { posts: searchPosts({ q, limit, viewerId }), users };
}
