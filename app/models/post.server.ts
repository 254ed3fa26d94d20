// Reading posts: feeds, category lists, single posts, search, and the home sidebar's week.
// Every list is a fixed, small number of queries: one for the page of posts (joined with the
// author), the viewer's votes and saves for that page (two more, signed-in only), and for a text
// filter one capped count. Never a query per card.
import { and, asc, count, desc, eq, gte, inArray, isNotNull, or, sql, type SQL } from "drizzle-orm";
import { getDb } from "#db/client.server.ts";
import { posts, users, votes } from "#db/schema.ts";
import {
  timeframeStart,
  type CategoryCount,
  type FeedSort,
  type ListSort,
  type PostView,
  type Timeframe,
  type TopContributor,
  type UserResult,
} from "~/lib/browse.ts";
import { CATEGORIES, categorySlug } from "~/lib/categories.ts";
import { preparedFor } from "./db.server.ts";
import { getViewerPostStates } from "./viewer-state.server.ts";

export type { PostView };

/** Search ranks at most this many matches (the newest), so a common word stays fast. */
export const SEARCH_CAP = 500;
/** A feed text filter with fewer matches than this is read from the search index, else by scanning. */
const SPARSE_MATCHES = 1000;

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

const postColumns = {
  id: posts.id,
  userId: posts.userId,
  title: posts.title,
  content: posts.content,
  category: posts.category,
  comment: posts.comment,
  commentAuthor: posts.commentAuthor,
  videoId: posts.videoId,
  videoTitle: posts.videoTitle,
  videoChannel: posts.videoChannel,
  videoThumbnail: posts.videoThumbnail,
  videoViewCount: posts.videoViewCount,
  videoPublishedAt: posts.videoPublishedAt,
  upvotes: posts.upvotes,
  downvotes: posts.downvotes,
  commentsCount: posts.commentsCount,
  createdAt: posts.createdAt,
  username: users.username,
  displayName: users.displayName,
};

function selectPosts() {
  return getDb().select(postColumns).from(posts).leftJoin(users, eq(users.id, posts.userId));
}

type PostRow = ReturnType<ReturnType<typeof selectPosts>["all"]>[number];

/** Rows → the JSON shape, with the viewer's vote and saved flag (two queries for the whole page). */
function toViews(rows: PostRow[], viewerId: number | null | undefined): PostView[] {
  const states = getViewerPostStates({ viewerId, postIds: rows.map((r) => r.id) });
  return rows.map((r) => {
    const gone = r.username === null;
    const username = r.username ?? "Unknown";
    const state = states.get(r.id);
    return {
      id: r.id,
      userId: gone ? null : r.userId,
      username,
      title: r.title,
      content: r.content,
      category: r.category,
      comment: r.comment,
      commentAuthor: r.commentAuthor,
      videoId: r.videoId,
      videoTitle: r.videoTitle,
      videoChannel: r.videoChannel,
      videoThumbnail: r.videoThumbnail,
      videoViewCount: r.videoViewCount,
      videoPublishedAt: r.videoPublishedAt ? r.videoPublishedAt.toISOString() : null,
      upvotes: r.upvotes,
      downvotes: r.downvotes,
      score: r.upvotes - r.downvotes,
      commentsCount: r.commentsCount,
      createdAt: r.createdAt.toISOString(),
      author: { id: gone ? null : r.userId, username, displayName: r.displayName || username },
      myVote: state?.myVote ?? null,
      isSaved: state?.isSaved ?? false,
    };
  });
}

// Each order is served by an index (db/schema.ts), the id last so equal keys page stably.
const ORDERS: Record<FeedSort | ListSort, SQL[]> = {
  hot: [desc(posts.hot), desc(posts.id)],
  new: [desc(posts.createdAt), desc(posts.id)],
  newest: [desc(posts.createdAt), desc(posts.id)],
  oldest: [asc(posts.createdAt), asc(posts.id)],
  top: [desc(posts.score), desc(posts.createdAt), desc(posts.id)],
  most_upvoted: [desc(posts.score), desc(posts.createdAt), desc(posts.id)],
  most_commented: [desc(posts.commentsCount), desc(posts.createdAt), desc(posts.id)],
};

/** A string as one FTS5 phrase (any text is safe inside double quotes, quotes doubled). */
function ftsPhrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const FILTER_COLUMNS = [posts.title, posts.comment, posts.commentAuthor, users.username, posts.videoTitle];

type TextMatch = { kind: "none" } | { kind: "index"; phrase: string } | { kind: "scan"; pattern: string };

/**
 * SPEC §5's feed filter: the text appears, ignoring case, in the title, the comment, its author, the
 * poster's username or the video title. A rare text (3+ characters) is looked up in the trigram index
 * (posts_fts) and only its few posts are sorted; a common or short one is checked row by row along the
 * sort's index, where matches are dense and the page fills after a few rows.
 */
function textMatch(q: string): TextMatch {
  const needle = q.trim();
  if (!needle) return { kind: "none" };
  if ([...needle].length >= 3) {
    const phrase = ftsPhrase(needle);
    const count = preparedFor("sparse-count", () =>
      getDb().$client.prepare<[string, number], { n: number }>(
        "SELECT count(*) AS n FROM (SELECT rowid FROM posts_fts WHERE posts_fts MATCH ? LIMIT ?)",
      ),
    );
    if ((count.get(phrase, SPARSE_MATCHES)?.n ?? 0) < SPARSE_MATCHES) return { kind: "index", phrase };
  }
  return { kind: "scan", pattern: likePattern(needle) };
}

/** The filter's condition, with placeholders for the prepared statement. */
function textCondition(match: TextMatch): SQL | undefined {
  if (match.kind === "index") {
    return sql`${posts.id} IN (SELECT rowid FROM posts_fts WHERE posts_fts MATCH ${sql.placeholder("phrase")})`;
  }
  if (match.kind === "scan") {
    return or(...FILTER_COLUMNS.map((column) => sql`${column} LIKE ${sql.placeholder("pattern")} ESCAPE '\\'`));
  }
  return undefined;
}

type ListInput = {
  timeframe?: Timeframe;
  /** One category, or every post when absent. */
  category?: string | null;
  q?: string;
  limit: number;
  offset?: number;
  viewerId?: number | null;
  now?: number;
};

function listPosts({
  order,
  timeframe = "all",
  category,
  q = "",
  limit,
  offset = 0,
  viewerId,
  now = Date.now(),
}: ListInput & { order: FeedSort | ListSort }): PostView[] {
  const since = timeframeStart(timeframe, now);
  const match = textMatch(q);
  // One prepared statement per shape of query (at most 7 orders × 2 × 2 × 3), made on first use.
  const query = preparedFor(`list ${order} ${Boolean(since)} ${Boolean(category)} ${match.kind}`, () =>
    selectPosts()
      .where(
        and(
          since ? sql`${posts.createdAt} >= ${sql.placeholder("since")}` : undefined,
          category ? eq(posts.category, sql.placeholder("category")) : undefined,
          textCondition(match),
        ),
      )
      .orderBy(...ORDERS[order])
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .prepare(),
  );
  const rows = query.all({
    since: since?.getTime(),
    category: category ?? undefined,
    phrase: match.kind === "index" ? match.phrase : undefined,
    pattern: match.kind === "scan" ? match.pattern : undefined,
    limit,
    offset,
  });
  return toViews(rows, viewerId);
}

/** The home feed and GET /api/posts: hot, new or top within a time range, optionally filtered. */
export function listFeedPosts({ sort, ...input }: ListInput & { sort: FeedSort }): PostView[] {
  return listPosts({ order: sort, ...input });
}

/** A category page (or all categories): newest, oldest, most_upvoted or most_commented. */
export function listCategoryPosts({ sort, ...input }: Omit<ListInput, "q"> & { sort: ListSort }): PostView[] {
  return listPosts({ order: sort, ...input });
}

export function getPost({ id, viewerId }: { id: number; viewerId?: number | null }): PostView | null {
  const query = preparedFor("post", () =>
    selectPosts()
      .where(eq(posts.id, sql.placeholder("id")))
      .prepare(),
  );
  const row = query.get({ id });
  return row ? toViews([row], viewerId)[0] : null;
}

/** Posts by id, in the order given (a list whose order another table decides: saves, votes, follows). */
export function listPostsByIds({ ids, viewerId }: { ids: number[]; viewerId?: number | null }): PostView[] {
  if (ids.length === 0) return [];
  const byId = new Map(
    selectPosts()
      .where(inArray(posts.id, ids))
      .all()
      .map((r) => [r.id, r]),
  );
  return toViews(ids.flatMap((id) => byId.get(id) ?? []), viewerId);
}

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
  const sqlite = getDb().$client;
  const counted = preparedFor("search-count", () =>
    sqlite.prepare<[string, number], { n: number }>(
      "SELECT count(*) AS n FROM (SELECT rowid FROM posts_search WHERE posts_search MATCH ? LIMIT ?)",
    ),
  ).get(expression, SEARCH_CAP + 1);
  const n = counted?.n ?? 0;
  if (n === 0) return { posts: [], total: 0, capped: false };
  // Columns: title, comment, comment_author, video_title, username.
  const ranked = preparedFor("search-rank", () =>
    sqlite.prepare<[string, number, number], { id: number }>(
      `SELECT id FROM (
         SELECT rowid AS id, bm25(posts_search, 5.0, 3.0, 1.0, 2.0, 1.0) AS r FROM posts_search
         WHERE posts_search MATCH ? ORDER BY rowid DESC LIMIT ?)
       ORDER BY r, id DESC LIMIT ?`,
    ),
  )
    .all(expression, SEARCH_CAP, limit)
    .map((r) => r.id);
  return { posts: listPostsByIds({ ids: ranked, viewerId }), total: Math.min(n, SEARCH_CAP), capped: n > SEARCH_CAP };
}

export type UserSearch = { users: UserResult[]; total: number };

/** /search's users: usernames starting with the query (any case), an exact name first, then the busiest. */
export function searchUsers({ q, limit }: { q: string; limit: number }): UserSearch {
  const db = getDb();
  const prefix = q.trim().toLowerCase();
  const columns = {
    id: users.id,
    username: users.username,
    displayName: users.displayName,
    postsCount: users.postsCount,
  };
  if (!prefix) {
    const rows = db.select(columns).from(users).orderBy(desc(users.postsCount), asc(users.id)).limit(limit).all();
    return { users: rows.map(toUserResult), total: rows.length };
  }
  const name = sql`lower(${users.username})`;
  // A range on the lower(username) index: every name that starts with the prefix.
  const where = sql`${name} >= ${prefix} AND ${name} < ${`${prefix}\u{10FFFF}`}`;
  const rows = db
    .select(columns)
    .from(users)
    .where(where)
    .orderBy(desc(sql`${name} = ${prefix}`), desc(users.postsCount), asc(name))
    .limit(limit)
    .all();
  const total = db.select({ n: count() }).from(users).where(where).get()?.n ?? 0;
  return { users: rows.map(toUserResult), total };
}

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

/** 'Top Contributors This Week': the authors whose posts got the most upvotes cast in the last 7 days. */
export function listTopContributors({ limit, now = Date.now() }: { limit: number; now?: number }): TopContributor[] {
  const upvotes = count();
  return getDb()
    .select({ id: users.id, username: users.username, upvotes })
    .from(votes)
    .innerJoin(posts, eq(posts.id, votes.postId))
    .innerJoin(users, eq(users.id, posts.userId))
    .where(and(gte(votes.createdAt, new Date(now - WEEK_MS)), isNotNull(votes.postId), eq(votes.isUpvote, true)))
    .groupBy(users.id)
    .orderBy(desc(upvotes), asc(users.username))
    .limit(limit)
    .all();
}

/** The 20 categories of SPEC §3 with their number of posts, in their order. */
export function countPostsByCategory(): CategoryCount[] {
  const counts = new Map(
    getDb()
      .select({ category: posts.category, n: count() })
      .from(posts)
      .groupBy(posts.category)
      .all()
      .map((r) => [r.category, r.n]),
  );
  return CATEGORIES.map((name) => ({ name, slug: categorySlug(name), postsCount: counts.get(name) ?? 0 }));
}
