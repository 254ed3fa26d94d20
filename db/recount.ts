import { sql } from "drizzle-orm";
import type { Db } from "./client.server.ts";

/**
 * Recomputes every counter column and the hot rank from the rows themselves. Used after bulk
 * loads (seed, large dataset); the model functions keep them right write by write.
 */
export function recountAll(db: Db) {
  db.run(sql`UPDATE posts SET
    upvotes = (SELECT count(*) FROM votes v WHERE v.post_id = posts.id AND v.is_upvote = 1),
    downvotes = (SELECT count(*) FROM votes v WHERE v.post_id = posts.id AND v.is_upvote = 0),
    comments_count = (SELECT count(*) FROM comments c WHERE c.post_id = posts.id AND c.deleted_at IS NULL)`);
  db.run(sql`UPDATE posts SET score = upvotes - downvotes, hot = hot_score(upvotes, downvotes, created_at)`);
  db.run(sql`UPDATE comments SET
    upvotes = (SELECT count(*) FROM votes v WHERE v.comment_id = comments.id AND v.is_upvote = 1),
    downvotes = (SELECT count(*) FROM votes v WHERE v.comment_id = comments.id AND v.is_upvote = 0)`);
  db.run(sql`UPDATE users SET
    posts_count = (SELECT count(*) FROM posts p WHERE p.user_id = users.id),
    followers_count = (SELECT count(*) FROM follows f WHERE f.following_id = users.id),
    following_count = (SELECT count(*) FROM follows f WHERE f.follower_id = users.id)`);
  db.run(sql`DELETE FROM category_counts`);
  db.run(sql`INSERT INTO category_counts (category, posts_count) SELECT category, count(*) FROM posts GROUP BY category`);
}
