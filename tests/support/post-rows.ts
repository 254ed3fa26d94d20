// Rows for the post model's read tests (feeds, filter, search, rankings): members, posts at a given
// age before a fixed NOW, real vote rows, written straight to the worker's temp database.
import { sql } from "drizzle-orm";
import { getDb } from "#db/client.server.ts";
import { posts, users, votes } from "#db/schema.ts";

export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;
export const NOW = Date.parse("2026-06-15T12:00:00Z");

let n = 0;
export function user(username = `user${++n}`, displayName: string | null = null) {
  return getDb()
    .insert(users)
    .values({ username, email: `${username}@example.com`, passwordHash: "x", displayName })
    .returning()
    .get();
}

export type PostInput = Partial<typeof posts.$inferInsert> & { userId: number | null; ageMs?: number };
function postValues({ ageMs = HOUR, ...input }: PostInput) {
  return {
    title: "A post",
    comment: "A comment",
    commentAuthor: "@someone",
    videoId: "vid00000001",
    videoTitle: "A video",
    videoChannel: "A channel",
    videoThumbnail: "https://i.ytimg.com/vi/vid00000001/hqdefault.jpg",
    category: "Comedy",
    createdAt: new Date(NOW - ageMs),
    ...input,
  };
}

export function post(input: PostInput) {
  return getDb().insert(posts).values(postValues(input)).returning().get();
}

/** Many posts in one statement (the triggers still index each one). */
export function manyPosts(count: number, make: (i: number) => PostInput) {
  getDb()
    .insert(posts)
    .values(Array.from({ length: count }, (_, i) => postValues(make(i))))
    .run();
}

/** Real vote rows by new members (the test then recomputes counters and hot ranks: recountAll). */
export function vote(postId: number, up: number, down = 0, at = NOW - HOUR) {
  for (let i = 0; i < up + down; i++) {
    const voter = user();
    getDb()
      .insert(votes)
      .values({ userId: voter.id, postId, isUpvote: i < up, createdAt: new Date(at) })
      .run();
  }
}

export const titles = (list: { title: string }[]) => list.map((p) => p.title);

/** Every post, member and what hangs on them gone: each test starts from an empty site. */
export function clearPostsAndUsers() {
  const db = getDb();
  db.run(sql`DELETE FROM votes`);
  db.run(sql`DELETE FROM saves`);
  db.run(sql`DELETE FROM comments`);
  db.run(sql`DELETE FROM posts`);
  db.run(sql`DELETE FROM users`);
}
