// The read-mostly aggregates of the home sidebar and the category lists, kept in memory for a
// short while: a busy front page does not regroup a week of votes on every view.
import type { CategoryCount, TopContributor } from "~/lib/browse.ts";
import { versionedCache } from "~/models/data-version.server.ts";
import { countPostsByCategory, listFeedPosts, listTopContributors } from "~/models/post/index.server.ts";

// At most 5 s behind a write, in every worker alike (each keeps its own copy): an entry is made again
// once the votes, posts or names it is read from changed (models/data-version.server.ts) and it is
// 5 s old. While nothing is written it stays, up to 5 minutes (the week moves with the clock too).
const LAG_MS = 5_000;
const MAX_AGE_MS = 5 * 60_000;
const store = versionedCache<string, unknown>({
  tables: ["votes", "posts", "users:username"],
  maxWeight: 100,
  staleMs: LAG_MS,
  localStaleMs: LAG_MS,
  maxAgeMs: MAX_AGE_MS,
  freeze: true,
});

function cached<T>(key: string, load: () => T): T {
  return store.get(key, load) as T;
}

export type TopPost = { id: number; title: string; userId: number | null; username: string; score: number };

/** 'Top Comments This Week': the 5 best-scored posts of the last 7 days. */
export function topPostsThisWeek(): TopPost[] {
  return cached("top-posts-week", () =>
    listFeedPosts({ sort: "top", timeframe: "week", limit: 5 }).map((p) => ({
      id: p.id,
      title: p.title,
      userId: p.userId,
      username: p.username,
      score: p.score,
    })),
  );
}

export function topContributorsThisWeek(limit: number): TopContributor[] {
  return cached(`top-contributors:${limit}`, () => listTopContributors({ limit }));
}

/** The 20 categories with their number of posts: counters kept with the posts, exact at once. */
export function categoryCounts(): CategoryCount[] {
  return countPostsByCategory();
}
