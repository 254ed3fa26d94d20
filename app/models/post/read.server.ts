// Reading posts: feeds, category lists, single posts. Every list is a fixed, small number of
// queries: one for the page of posts (joined with the author), the viewer's votes and saves for that
// page (two more, signed-in only), and for a text filter one capped count. Never a query per card.
import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import { posts } from "#db/schema.ts";
import { timeframeStart, type FeedSort, type ListSort, type PostView, type Timeframe } from "~/lib/browse.ts";
import type { VisitorMutes } from "~/rules/mute-rules.ts";
import { blockedBy } from "../block.server.ts";
import { mutingFor } from "../mute/mute.server.ts";
import { mutedParams, mutedPostCondition, mutedShape, nextOffset, POSTS_AND_AUTHORS, readPaged, windowKeys, withinMutedWindow } from "../mute/muted-sql.server.ts";
import { versionedCache } from "../data-version.server.ts";
import { inJsonArray, preparedFor } from "../db.server.ts";
import { getViewerPostStates } from "./viewer-state.server.ts";
import { selectPosts, toView, type PostRow } from "./post-row.server.ts";
import { textCondition, textMatch } from "./filter.server.ts";

export type { PostView };
;

/** The viewer's vote and saved flag on each (two queries for the whole page); visitors get `views` as they are. */
function withViewerState(views: PostView[], viewerId: number | null | undefined): PostView[] {
  if (!viewerId || views.length === 0) return views;
  const states = getViewerPostStates({ viewerId, postIds: views.map((v) => v.id) });
  return views.map((v) => {
    const state = states.get(v.id);
    return state && (state.myVote !== null || state.isSaved) ? { ...v, myVote: state.myVote, isSaved: state.isSaved } : v;
  });
}

/**
 * The lists without the posts of the members the viewer blocked. After the shared cache, so the cached
 * lists stay the same for everyone (a page of a blocker's feed may be a few posts shorter).
 */
function withoutBlocked(views: PostView[], viewerId: number | null | undefined): PostView[] {
  const hidden = blockedBy(viewerId);
  return hidden.size === 0 ? views : views.filter((v) => v.userId === null || !hidden.has(v.userId));
}

// Lists and single posts as visitors see them (the same for every viewer; a viewer's votes and saves
// are read per request), kept while no post or author name changed. Shared: read them, never change
// them. This worker's own writes (a vote, a new
// post) show at its next request; another worker's within POSTS_LAG_MS (WORKERS=N).
export const POSTS_LAG_MS = 2_000;
const postTables = ["posts", "users:username,display_name"];
const kept = { tables: postTables, staleMs: POSTS_LAG_MS, freeze: true };
const listed = versionedCache<string, PostView[]>({ name: "post-lists", ...kept, maxWeight: 5_000, weigh: (views) => views.length + 1 });
const single = versionedCache<number, PostView | null>({ name: "post", ...kept, maxWeight: 2_000 });
const byIds = versionedCache<string, PostView[]>({ name: "posts-by-ids", ...kept, maxWeight: 5_000, weigh: (views) => views.length + 1 });

// Each order is served by an index (db/schema.ts), the id last so equal keys page stably.
export const ORDERS: Record<FeedSort | ListSort, SQL[]> = {
  hot: [desc(posts.hot), desc(posts.id)],
  new: [desc(posts.createdAt), desc(posts.id)],
  newest: [desc(posts.createdAt), desc(posts.id)],
  oldest: [asc(posts.createdAt), asc(posts.id)],
  top: [desc(posts.score), desc(posts.createdAt), desc(posts.id)],
  most_upvoted: [desc(posts.score), desc(posts.createdAt), desc(posts.id)],
  most_commented: [desc(posts.commentsCount), desc(posts.createdAt), desc(posts.id)],
};

type ListInput = {
  timeframe?: Timeframe;
  /** One category, or every post when absent. */
  category?: string | null;
  q?: string;
  limit: number;
  offset?: number;
  viewerId?: number | null;
  /** A visitor's mutes (their cookie); a member's own are read by viewerId. */
  visitorMutes?: VisitorMutes | null;
  /** Leave out what the member opened, whatever their setting (a digest of what they have not seen). */
  unreadOnly?: boolean;
  now?: number;
};

/** A page of a list and where the next one starts (nextOffset), for a client that pages by offset. */
export type PostsPage = { posts: PostView[]; next: number | null };

/** The list's own condition: its time range, its category, its text filter. */
const ownCondition = (since: Date | null, category: string | null | undefined, match: ReturnType<typeof textMatch>) =>
  and(
    since ? sql`${posts.createdAt} >= ${sql.placeholder("since")}` : undefined,
    category ? eq(posts.category, sql.placeholder("category")) : undefined,
    textCondition(match),
  );

function listPosts({
  order,
  timeframe = "all",
  category,
  q = "",
  limit,
  offset = 0,
  viewerId,
  visitorMutes,
  unreadOnly = false,
  now = Date.now(),
}: ListInput & { order: FeedSort | ListSort }, paged = false): PostsPage {
  const since = timeframeStart(timeframe, now);
  const match = textMatch(q);
  // A muting viewer's list leaves out what they muted or hid in its own SQL: read fresh (not from the
  // shared cache, which is the same for everyone), still one statement that fills the page.
  const asked = mutingFor(viewerId, visitorMutes);
  const muting = unreadOnly && viewerId ? { ...asked, hideRead: true } : asked;
  const muted = mutedShape(muting);
  const shape = `${order} ${Boolean(since)} ${Boolean(category)} ${match.kind}`;
  // One prepared statement per shape of query (at most 7 orders × 2 × 2 × 3 × 3), made on first use.
  // A muting viewer's page reads only a window of the list's own rows from its offset on, and tests
  // each (decision 0160).
  const list = () => ({ where: ownCondition(since, category, match), order: ORDERS[order], source: match.kind === "scan" ? { from: POSTS_AND_AUTHORS } : {} });
  const query = preparedFor(`list ${shape} ${muted}`, () => {
    const { where, order: by, source } = list();
    return selectPosts()
      .where(muted ? and(withinMutedWindow(where, by, source), mutedPostCondition(muted)) : where)
      .orderBy(...ORDERS[order])
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .prepare();
  });
  const params = {
    since: since?.getTime(),
    category: category ?? undefined,
    phrase: match.kind === "index" ? match.phrase : undefined,
    pattern: match.kind === "scan" ? match.pattern : undefined,
    limit,
    offset,
  };
  let views: PostView[];
  let next: number | null = null;
  if (muted) {
    const all = { ...params, ...mutedParams(muting, { offset, limit }) };
    const read = () => (query.values(all) as PostRow[]).map(toView);
    if (paged) {
      // Where this page's last row was in its window: the next page starts after it.
      const keys = windowKeys(`list ${shape}`, list);
      [views, next] = readPaged(() => {
        const page = read();
        return [page, nextOffset({ offset, limit }, page.map((v) => v.id), keys.values(all).map(([id]) => id as number))] as const;
      });
    } else views = read();
  } else {
    const key = `${order}\0${params.since}\0${params.category}\0${params.phrase}\0${params.pattern}\0${limit}\0${offset}`;
    views = listed.get(key, () => (query.values(params) as PostRow[]).map(toView));
    next = nextOffset({ offset, limit }, views.map((v) => v.id), null);
  }
  // The members the viewer blocked are left out after the page is read: the next page starts after what it read.
  return { posts: withViewerState(withoutBlocked(views, viewerId), viewerId), next };
}

/** The home feed: hot, new or top within a time range, optionally filtered. */
export function listFeedPosts({ sort, ...input }: ListInput & { sort: FeedSort }): PostView[] {
  return listPosts({ order: sort, ...input }).posts;
}

/** GET /api/posts: a page of the feed and where the next one starts (in the list's positions, before the viewer's mutes). */
export function pageOfFeedPosts({ sort, ...input }: ListInput & { sort: FeedSort }): PostsPage {
  return listPosts({ order: sort, ...input }, true);
}

/** A category page (or all categories): newest, oldest, most_upvoted or most_commented. */
export function listCategoryPosts({ sort, ...input }: Omit<ListInput, "q"> & { sort: ListSort }): PostView[] {
  return listPosts({ order: sort, ...input }).posts;
}

export function getPost({ id, viewerId }: { id: number; viewerId?: number | null }): PostView | null {
  const query = preparedFor("post", () =>
    selectPosts()
      .where(eq(posts.id, sql.placeholder("id")))
      .prepare(),
  );
  const view = single.get(id, () => {
    const [row] = query.values({ id }) as PostRow[];
    return row ? toView(row) : null;
  });
  return view ? withViewerState([view], viewerId)[0] : null;
}

/**
 * Posts by id, in the order given (a list whose order another table decides: saves, votes, follows,
 * search). `hideBlocked`: a feed (search, Following) leaves out the authors the viewer blocked; a
 * member's own lists and a profile show what they are asked for. `muted` (default): what the viewer
 * muted or hid is left out, in the statement (the Hidden tab alone asks for its posts as they are).
 */
export function listPostsByIds({
  ids,
  viewerId,
  visitorMutes,
  hideBlocked = false,
  muted = true,
}: {
  ids: number[];
  viewerId?: number | null;
  visitorMutes?: VisitorMutes | null;
  hideBlocked?: boolean;
  muted?: boolean;
}): PostView[] {
  if (ids.length === 0) return [];
  // `muted: false`: the caller's own statement already left out what the viewer muted.
  const muting = muted ? mutingFor(viewerId, visitorMutes) : null;
  const shape = mutedShape(muting);
  // One prepared statement for any number of ids: they go in as one JSON array.
  const query = preparedFor(`posts-by-ids ${shape}`, () =>
    selectPosts()
      .where(and(inJsonArray(posts.id, "ids"), mutedPostCondition(shape)))
      .prepare(),
  );
  const key = JSON.stringify(ids);
  const inOrder = (rows: PostRow[]) => {
    const byId = new Map(rows.map((r) => [r[0], r]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row ? [toView(row)] : [];
    });
  };
  const views = shape
    ? inOrder(query.values({ ids: key, ...mutedParams(muting!) }) as PostRow[])
    : byIds.get(key, () => inOrder(query.values({ ids: key }) as PostRow[]));
  return withViewerState(hideBlocked ? withoutBlocked(views, viewerId) : views, viewerId);
}
