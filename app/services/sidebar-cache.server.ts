// The read-mostly aggregates of the home sidebar and the category lists, kept in memory for a
// short while: a busy front page does not regroup a week of votes on every view.
import type { CategoryCount, TopContributor } from "~/lib/browse.ts";
import { countPostsByCategory, listFeedPosts, listTopContributors } from "~/models/post/index.server.ts";

// At most 5 s behind a write, in every worker alike (each keeps its own copy; nothing to invalidate).
const TTL_MS = 5_000;
const store = new Map<string, { at: number; value: unknown }>();

function cached<T>(key: string, load: () => T): T {
  const now = Date.now();
  const hit = store.get(key);
  if (hit && now - hit.at < TTL_MS) return hit.value as T;
  const value = load();
  store.set(key, { at: now, value });
  return value;
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

export function categoryCounts(): CategoryCount[] {
  return cached("category-counts", countPostsByCategory);
}
