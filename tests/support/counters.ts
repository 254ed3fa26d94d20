// Counters checked against the rows they count, on the worker's temp database.
import { sql, type SQL } from "drizzle-orm";
import { getDb } from "#db/client.server.ts";

/** The number a `SELECT count(*) AS n …` (or any single `n`) answers. */
export const count = (query: SQL) => getDb().get<{ n: number }>(query)!.n;

/** Every counter column that disagrees with COUNT(*) of the rows it counts (should be none). */
export function wrongCounters() {
  return getDb().all(sql`
    SELECT 'post ' || id AS what FROM posts p WHERE
      upvotes <> (SELECT count(*) FROM votes v WHERE v.post_id = p.id AND v.is_upvote = 1)
      OR downvotes <> (SELECT count(*) FROM votes v WHERE v.post_id = p.id AND v.is_upvote = 0)
      OR score <> upvotes - downvotes
      OR hot <> hot_score(upvotes, downvotes, created_at)
      OR comments_count <> (SELECT count(*) FROM comments c WHERE c.post_id = p.id AND c.deleted_at IS NULL)
    UNION ALL SELECT 'comment ' || id FROM comments c WHERE
      upvotes <> (SELECT count(*) FROM votes v WHERE v.comment_id = c.id AND v.is_upvote = 1)
      OR downvotes <> (SELECT count(*) FROM votes v WHERE v.comment_id = c.id AND v.is_upvote = 0)
    UNION ALL SELECT 'user ' || id FROM users u WHERE
      posts_count <> (SELECT count(*) FROM posts p WHERE p.user_id = u.id)
      OR followers_count <> (SELECT count(*) FROM follows f WHERE f.following_id = u.id)
      OR following_count <> (SELECT count(*) FROM follows f WHERE f.follower_id = u.id)`);
}
