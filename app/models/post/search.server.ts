// /search: posts holding every word of the query (the word index), in one of the lists' sorts within a
// time range, and members by name.
import { asc, count, desc, eq, sql } from "drizzle-orm";
import { getDb } from "#db/client.server.ts";
import { posts, users } from "#db/schema.ts";
import { timeframeStart, type ListSort, type PostView, type Timeframe, type UserResult } from "~/lib/browse.ts";
import { versionedCache } from "../data-version.server.ts";
import { prepared, preparedFor } from "../db.server.ts";

import type { VisitorMutes } from "~/rules/mute-rules.ts";
import { wordsQuery, type FtsQuery } from "./fts.server.ts";
import { mutingFor } from "../mute/mute.server.ts";
import { mutedParams, mutedPostCondition, mutedShape, mutedWindow, type MutedShape } from "../mute/muted-sql.server.ts";
import { listCategoryPosts, listPostsByIds, ORDERS } from "./read.server.ts";

/** Search sorts at most this many matches (the newest), so a common word stays fast. */
export const SEARCH_CAP = 500;
export type PostSearch = { posts: PostView[]; total: number; capped: boolean };

export type SearchView = { sort: ListSort; timeframe: Timeframe; now: number };
const DEFAULT_VIEW = { sort: "newest", timeframe: "all" } as const;

/**
 * /search: posts whose title, comment, comment author, video title or poster's username hold every word
 * (posts_search, a word index), in docs/product.md §5's search sorts (newest by default) within a time
 * range. Only the newest SEARCH_CAP matches are sorted and counted (for 'oldest' over all time, the
 * oldest; newest by id: ids follow posting order), so a common word costs no more than a rare one.
 */
export function searchPosts({
  q,
  limit,
  viewerId,
  visitorMutes,
  sort = DEFAULT_VIEW.sort,
  timeframe = DEFAULT_VIEW.timeframe,
  now = Date.now(),
}: {
  q: string;
  limit: number;
  viewerId?: number | null;
  visitorMutes?: VisitorMutes | null;
} & Partial<SearchView>): PostSearch {
  const expression = wordsQuery(q);
  if (!expression) return { posts: [], total: 0, capped: false };
  const since = timeframeStart(timeframe, now)?.getTime() ?? null;
  // Newest and oldest follow only the words; the other sorts follow votes and comments too.
  const kept = sort === "newest" || sort === "oldest" ? byText : byCounts;
  // A muting viewer's matches leave out what they muted in the statement (read for them alone), so the
  // page fills up and the count is theirs.
  const muting = mutingFor(viewerId, visitorMutes);
  const shape = mutedShape(muting);
  const muted = shape ? { shape, params: mutedParams(muting) } : null;
  const { ids, n, more } = muted
    ? sortMatches(expression, sort, since, limit, muted)
    : kept.get(`${sort}\0${since}\0${limit}\0${expression}`, () => sortMatches(expression, sort, since, limit));
  if (n === 0) return { posts: [], total: 0, capped: more };
  // The posts themselves come from listPostsByIds (their counts and the viewer's vote as fresh as there).
  // What the viewer muted is out already (the mutes read once).
  return { posts: listPostsByIds({ ids, viewerId, visitorMutes, hideBlocked: true, muted: false }), total: Math.min(n, SEARCH_CAP), capped: more };
}

/**
 * Which posts match and in what order, kept per (query, sort, range, limit) while no post's searchable
 * text (and, for the sorts by votes or comments, its counts) changed: a new, edited or deleted post or a
 * renamed author shows at the next search in this worker, and within SEARCH_LAG_MS in the others
 * (WORKERS=N).
 */
export const SEARCH_LAG_MS = 5_000;
const POST_TEXT = "posts:title,comment,comment_author,video_title,user_id";
const kept = { maxWeight: 2_000, staleMs: SEARCH_LAG_MS };
/** The page's ids, the matches counted, and whether there are more than counted (past SEARCH_CAP, or past a muting viewer's window). */
type Matches = { ids: number[]; n: number; more: boolean };
const byText = versionedCache<string, Matches>({ name: "search-text", tables: [`${POST_TEXT},created_at`, "users:username"], ...kept });
const byCounts = versionedCache<string, Matches>({ name: "search-counts", tables: [`${POST_TEXT},created_at,score,comments_count`, "users:username"], ...kept });

function sortMatches(
  expression: FtsQuery,
  sort: ListSort,
  since: number | null,
  limit: number,
  muted: { shape: Exclude<MutedShape, "">; params: ReturnType<typeof mutedParams> } | null = null,
): Matches {
  // One pass over the word index: the SEARCH_CAP + 1 newest matches (the one past the cap only says
  // there are more), then those in the range, counted and sorted in the same statement by the list's
  // own order (read.server.ts). Ranking by relevance (bm25) read the index a second time for its word
  // weights, for a prefix a merge of every word it starts: twice the cost (docs/decisions/0016).
  // The matches are read once (a CTE used twice is materialised) and each joined to its post; over
  // all time their count is the CTE's, a window over the joined rows only when a range drops some:
  // 0.49 → 0.33 ms a one-word search on the large dataset (docs/decisions/0016).
  const oldestFirst = sort === "oldest" && since === null;
  const shape = muted?.shape ?? "";
  const rows = preparedFor(`search ${sort} ${since !== null} ${shape}`, () => {
    const db = getDb();
    // Its column is match_id: drizzle writes the join's condition without the CTE's name, and `id` would be ambiguous.
    const matches = db.$with("matches", { id: sql<number>`match_id`.as("match_id") }).as(
      sql`SELECT rowid AS match_id FROM posts_search WHERE posts_search MATCH ${sql.placeholder("expression")}
      ORDER BY rowid ${sql.raw(oldestFirst ? "ASC" : "DESC")} LIMIT ${sql.placeholder("cap")}`,
    );
    const inRange = since !== null ? sql`${posts.createdAt} >= ${sql.placeholder("since")}` : undefined;
    if (shape) {
      // A muting viewer's matches are tested in a window of the sorted matches (mutedWindow(limit),
      // decision 0160), not all of them: n counts what the window keeps, all the matches in range.
      const all = since === null ? sql<number>`(SELECT count(*) FROM ${matches})` : sql<number>`count(*) OVER ()`;
      const sorted = db.$with("sorted").as(
        db
          .select({ id: sql<number>`${posts.id}`.as("sorted_id"), all: sql<number>`${all}`.as("sorted_all") })
          .from(matches)
          .innerJoin(posts, eq(posts.id, matches.id))
          .where(inRange)
          .orderBy(...ORDERS[sort])
          .limit(sql.placeholder("mutedWindow")),
      );
      // Every row of the window, each with whether the viewer keeps it: n and the page are counted here.
      return db
        .with(matches, sorted)
        .select({ id: posts.id, kept: sql<number>`(${mutedPostCondition(shape)})`, all: sql<number>`${sorted.all}` })
        .from(sorted)
        .innerJoin(posts, eq(posts.id, sorted.id))
        .orderBy(...ORDERS[sort])
        .prepare();
    }
    // Over all time, the count is the CTE's; a range drops some rows.
    const all = since === null ? sql<number>`(SELECT count(*) FROM ${matches})` : sql<number>`count(*) OVER ()`;
    return db
      .with(matches)
      .select({ id: posts.id, all })
      .from(matches)
      .innerJoin(posts, eq(posts.id, matches.id))
      .where(inRange)
      .orderBy(...ORDERS[sort])
      .limit(sql.placeholder("limit"))
      .prepare();
  }).all({ expression, cap: SEARCH_CAP + 1, since: since ?? undefined, limit, ...muted?.params, mutedWindow: mutedWindow(limit) }) as {
    id: number;
    kept?: number;
    all: number;
  }[];
  const all = rows[0]?.all ?? 0;
  if (!shape) return { ids: rows.map((r) => r.id), n: all, more: all > SEARCH_CAP };
  // The window's rows: the page is the kept ones; matches past the window were not tested.
  const kept = rows.filter((r) => r.kept);
  return { ids: kept.slice(0, limit).map((r) => r.id), n: kept.length, more: all > rows.length };
}

export type UserSearch = { users: UserResult[]; total: number };

/**
 * /search's users: usernames starting with the query (any case), an exact name first, then the
 * busiest; for a member who muted some, without them (in the statement, read for them alone).
 */
export function searchUsers({ q, limit, viewerId }: { q: string; limit: number; viewerId?: number | null }): UserSearch {
  const prefix = q.trim().toLowerCase();
  const muted = mutingFor(viewerId).members;
  if (muted.length > 0) return findMembers(prefix, limit, JSON.stringify(muted));
  return members.get(`${limit}\0${prefix}`, () => findMembers(prefix, limit));
}

// Members by name, kept like the rankings: this worker's writes show at once, others' within SEARCH_LAG_MS.
const members = versionedCache<string, UserSearch>({
  name: "member-search",
  tables: ["users:username,display_name,posts_count"],
  maxWeight: 1_000,
  staleMs: SEARCH_LAG_MS,
  freeze: true,
});

function findMembers(prefix: string, limit: number, muted = "[]"): UserSearch {
  const q2 = userStatements();
  if (!prefix) {
    const rows = q2.busiest.all({ limit, muted });
    return { users: rows.map(toUserResult), total: rows.length };
  }
  // A range on the lower(username) index: every name that starts with the prefix.
  const range = { prefix, end: `${prefix}\u{10FFFF}`, muted };
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
  // The members the viewer muted ("[]" for everyone else).
  const unmuted = sql`${users.id} NOT IN (SELECT value FROM json_each(${sql.placeholder("muted")}))`;
  const where = sql`${name} >= ${prefix} AND ${name} < ${sql.placeholder("end")} AND ${unmuted}`;
  return {
    busiest: db.select(userColumns).from(users).where(unmuted).orderBy(desc(users.postsCount), asc(users.id)).limit(sql.placeholder("limit")).prepare(),
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

/** /search and /api/search: both lists, each up to its limit; an empty query shows every post in the sort and the busiest members. */
export function searchEverything({
  q,
  limits,
  viewerId,
  visitorMutes,
  ...view
}: { q: string; limits: { posts: number; users: number }; viewerId?: number | null; visitorMutes?: VisitorMutes | null } & Partial<SearchView>) {
  const users = searchUsers({ q, limit: limits.users, viewerId });
  if (!q.trim()) {
    const { sort, timeframe, now } = { ...DEFAULT_VIEW, now: Date.now(), ...view };
    const list = listCategoryPosts({ sort, timeframe, now, limit: limits.posts, viewerId, visitorMutes });
    return { posts: { posts: list, total: list.length, capped: false } satisfies PostSearch, users };
  }
  return { posts: searchPosts({ q, limit: limits.posts, viewerId, visitorMutes, ...view }), users };
}
