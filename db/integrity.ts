// Checks that a database tells the truth: every counter equals COUNT(*) of the rows it counts and no
// row points at a missing one. Used by the backup, shutdown and soak checks (and handy by hand).
import type Database from "better-sqlite3";

/** COUNT(*) of every table, full-text indexes included (SQLite's own and FTS shadow tables left out). */
export function tableCounts(sqlite: Database.Database): Record<string, number> {
  const rows = sqlite
    .prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
    .all() as { name: string; sql: string | null }[];
  const virtual = rows.filter((r) => r.sql?.startsWith("CREATE VIRTUAL TABLE")).map((r) => r.name);
  const counts: Record<string, number> = {};
  for (const { name } of rows) {
    if (virtual.some((v) => name.startsWith(`${v}_`))) continue;
    counts[name] = sqlite.prepare(`SELECT count(*) FROM "${name.replaceAll('"', '""')}"`).pluck().get() as number;
  }
  return counts;
}

// A backup made before a counter's table existed (restored, then migrated) is checked for the others.
const hasTable = (sqlite: Database.Database, name: string) =>
  sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").pluck().get(name) !== undefined;

/** Every counter column summed, for comparing two copies at a glance. */
export function counterTotals(sqlite: Database.Database): Record<string, number> {
  const categories = hasTable(sqlite, "category_counts");
  return sqlite
    .prepare(
      `SELECT
        (SELECT total(upvotes) FROM posts) AS post_upvotes,
        (SELECT total(downvotes) FROM posts) AS post_downvotes,
        (SELECT total(score) FROM posts) AS post_score,
        (SELECT total(comments_count) FROM posts) AS post_comments,
        (SELECT total(upvotes) FROM comments) AS comment_upvotes,
        (SELECT total(downvotes) FROM comments) AS comment_downvotes,
        (SELECT total(posts_count) FROM users) AS user_posts,
        (SELECT total(followers_count) FROM users) AS user_followers,
        (SELECT total(following_count) FROM users) AS user_following${categories ? `,
        (SELECT total(posts_count) FROM category_counts) AS category_posts` : ""}`,
    )
    .get() as Record<string, number>;
}

/** Rows whose counters differ from their rows (empty when the database is consistent). */
export function counterMismatches(sqlite: Database.Database): string[] {
  const found: string[] = [];
  const posts = sqlite
    .prepare(
      `SELECT id, upvotes, downvotes, score, comments_count,
        (SELECT count(*) FROM votes v WHERE v.post_id = p.id AND v.is_upvote = 1) AS up,
        (SELECT count(*) FROM votes v WHERE v.post_id = p.id AND v.is_upvote = 0) AS down,
        (SELECT count(*) FROM comments c WHERE c.post_id = p.id AND c.deleted_at IS NULL) AS live
       FROM posts p`,
    )
    .all() as { id: number; upvotes: number; downvotes: number; score: number; comments_count: number; up: number; down: number; live: number }[];
  for (const p of posts) {
    if (p.upvotes !== p.up || p.downvotes !== p.down || p.score !== p.up - p.down || p.comments_count !== p.live) {
      found.push(`post ${p.id}: ${p.upvotes}/${p.downvotes}/${p.score}/${p.comments_count} vs rows ${p.up}/${p.down}/${p.up - p.down}/${p.live}`);
    }
  }
  const comments = sqlite
    .prepare(
      `SELECT id, upvotes, downvotes,
        (SELECT count(*) FROM votes v WHERE v.comment_id = c.id AND v.is_upvote = 1) AS up,
        (SELECT count(*) FROM votes v WHERE v.comment_id = c.id AND v.is_upvote = 0) AS down
       FROM comments c`,
    )
    .all() as { id: number; upvotes: number; downvotes: number; up: number; down: number }[];
  for (const c of comments) {
    if (c.upvotes !== c.up || c.downvotes !== c.down) found.push(`comment ${c.id}: ${c.upvotes}/${c.downvotes} vs rows ${c.up}/${c.down}`);
  }
  const users = sqlite
    .prepare(
      `SELECT id, posts_count, followers_count, following_count,
        (SELECT count(*) FROM posts p WHERE p.user_id = u.id) AS posts,
        (SELECT count(*) FROM follows f WHERE f.following_id = u.id) AS followers,
        (SELECT count(*) FROM follows f WHERE f.follower_id = u.id) AS following
       FROM users u`,
    )
    .all() as { id: number; posts_count: number; followers_count: number; following_count: number; posts: number; followers: number; following: number }[];
  for (const u of users) {
    if (u.posts_count !== u.posts || u.followers_count !== u.followers || u.following_count !== u.following) {
      found.push(`user ${u.id}: ${u.posts_count}/${u.followers_count}/${u.following_count} vs rows ${u.posts}/${u.followers}/${u.following}`);
    }
  }
  if (!hasTable(sqlite, "category_counts")) return found;
  // Every category that has posts or a counter: the counter (0 when it has no row) against COUNT(*).
  const categories = sqlite
    .prepare(
      `SELECT category, coalesce((SELECT posts_count FROM category_counts k WHERE k.category = c.category), 0) AS posts_count,
        (SELECT count(*) FROM posts p WHERE p.category = c.category) AS posts
       FROM (SELECT category FROM category_counts UNION SELECT DISTINCT category FROM posts) c`,
    )
    .all() as { category: string; posts_count: number; posts: number }[];
  for (const c of categories) {
    if (c.posts_count !== c.posts) found.push(`category ${c.category}: ${c.posts_count} vs rows ${c.posts}`);
  }
  return found;
}

/** Rows pointing at rows that do not exist (PRAGMA foreign_key_check), as 'table rowid → parent'. */
export function orphanRows(sqlite: Database.Database): string[] {
  return (sqlite.pragma("foreign_key_check") as { table: string; rowid: number; parent: string }[]).map(
    (r) => `${r.table} ${r.rowid} → ${r.parent}`,
  );
}
