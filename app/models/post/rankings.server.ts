// The home sidebar's week and the category list: the same for every viewer.
import { and, asc, count, desc, eq, gte, isNotNull } from "drizzle-orm";
import { getDb } from "#db/client.server.ts";
import { posts, users, votes } from "#db/schema.ts";
import type { CategoryCount, TopContributor } from "~/lib/browse.ts";
import { CATEGORIES, categorySlug } from "~/lib/category-list.ts";
import { prepared } from "../db.server.ts";

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

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

// Plain better-sqlite3 rows as [category, count] pairs: a page reads them every time (MEMO=off too).
const keptCounts = prepared((db) => db.$client.prepare<[], [string, number]>("SELECT category, posts_count FROM category_counts").raw());

/**
 * The 20 categories of docs/product.md §3 with their number of posts, in their order: the counters of
 * category_counts (kept by triggers in the transaction of every post written: db/aggregate-schema.ts),
 * about twenty rows, never a count of the posts.
 */
export function countPostsByCategory(): CategoryCount[] {
  const counts = new Map(keptCounts().all());
  return CATEGORIES.map((name) => ({ name, slug: categorySlug(name), postsCount: counts.get(name) ?? 0 }));
}
