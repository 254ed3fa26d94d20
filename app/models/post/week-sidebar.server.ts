// The read-mostly aggregates of the home sidebar and the category lists: a busy front page does not
// regroup a week of votes, nor count every post, on every view.
import { and, eq, sql } from "drizzle-orm";
import { getDb } from "#db/client.server.ts";
import { posts, users } from "#db/schema.ts";
import { MAX_CONTRIBUTORS, postAuthor, timeframeStart, type CategoryCount, type TopContributor } from "~/lib/browse.ts";
import { versionedCache } from "~/models/data-version.server.ts";
import { countPostsByCategory, listTopContributors } from "~/models/post/index.server.ts";
import { declareRollup } from "~/models/rollup.server.ts";
import type { VisitorMutes } from "~/rules/mute-rules.ts";
import { preparedFor } from "../db.server.ts";
import { isMuting, mutingFor, type Muting } from "../mute/mute.server.ts";
import { mutedParams, mutedPostCondition, mutedShape, withinMutedWindow } from "../mute/muted-sql.server.ts";
import { ORDERS, POSTS_LAG_MS } from "./read.server.ts";

// 'Top Comments This Week' is cheap to make (one index walk, ~50 µs); kept in memory all the same.
// Like the feeds (read.server.ts): a post or author name this worker writes (a vote moves the score,
// a deleted or removed post goes) shows at its next read; another worker's within POSTS_LAG_MS.
// While nothing is written it stays, up to 5 minutes (the week moves with the clock too).
const MAX_AGE_MS = 5 * 60_000;
const store = versionedCache<string, unknown>({
  name: "week-sidebar",
  tables: ["posts", "users:username"],
  maxWeight: 100,
  staleMs: POSTS_LAG_MS,
  maxAgeMs: MAX_AGE_MS,
  freeze: true,
});

function cached<T>(key: string, load: () => T): T {
  return store.get(key, load) as T;
}

export type TopPost = { id: number; title: string; userId: number | null; username: string; score: number };

/**
 * 'Top Comments This Week': the 5 best-scored posts of the last 7 days, in the feed's 'top' order
 * (ORDERS.top), read as the sidebar shows them: title, author and score, not whole cards.
 */
export function topPostsThisWeek({ viewerId, visitorMutes }: { viewerId?: number | null; visitorMutes?: VisitorMutes | null } = {}): TopPost[] {
  const muting = mutingFor(viewerId, visitorMutes);
  // A muting viewer's sidebar leaves out what they muted in its SQL, read for them alone.
  if (isMuting(muting)) return readTopPosts(muting);
  return cached("top-posts-week", () => readTopPosts(null));
}

function readTopPosts(muting: Muting | null): TopPost[] {
  const shape = mutedShape(muting);
  const since = sql`${posts.createdAt} >= ${sql.placeholder("since")}`;
  const query = preparedFor(`top-posts-since ${shape}`, () =>
    getDb()
      .select({ id: posts.id, title: posts.title, userId: posts.userId, username: users.username, score: posts.score })
      .from(posts)
      .leftJoin(users, eq(users.id, posts.userId))
      .where(shape ? and(withinMutedWindow(since, ORDERS.top), mutedPostCondition(shape)) : since)
      .orderBy(...ORDERS.top)
      .limit(sql.placeholder("limit"))
      .prepare(),
  );
  const params = { since: timeframeStart("week", Date.now())!.getTime(), limit: 5 };
  return query.all(muting ? { ...params, ...mutedParams(muting, { offset: 0, limit: params.limit }) } : params).map((p) => {
    const author = postAuthor(p.userId, p.username, null);
    return { id: p.id, title: p.title, userId: author.id, username: author.username, score: p.score };
  });
}

// Upvotes cast this week on posts, by their authors' names (rankings.server.ts).
const contributors = declareRollup({ name: "top-contributors", tables: ["votes", "posts:user_id", "users:username"] });

/**
 * 'Top Contributors This Week': a rollup (models/rollup.server.ts), data in the database shared by
 * every worker, at most 5 s behind a write, own and others'. One ranking of the MAX_CONTRIBUTORS
 * first serves every shorter list (the order is total: upvotes, then the unique name).
 */
export function topContributorsThisWeek(limit: number, { viewerId }: { viewerId?: number | null } = {}): TopContributor[] {
  const kept = Math.max(limit, MAX_CONTRIBUTORS);
  const ranking = contributors(`top-contributors-week:${kept}`, () => listTopContributors({ limit: kept }));
  // A ranking of names, not of posts: the members a viewer muted leave it (the next ones move up).
  const muted = mutingFor(viewerId).members;
  return (muted.length === 0 ? ranking : ranking.filter((c) => !muted.includes(c.id))).slice(0, limit);
}

/**
 * The 20 categories with their number of posts: counters kept with the posts, exact at once. The
 * categories a viewer muted are not offered.
 */
export function categoryCounts({ viewerId, visitorMutes }: { viewerId?: number | null; visitorMutes?: VisitorMutes | null } = {}): CategoryCount[] {
  const muted = mutingFor(viewerId, visitorMutes).categories;
  const counts = countPostsByCategory();
  return muted.length === 0 ? counts : counts.filter((c) => !muted.includes(c.name));
}
