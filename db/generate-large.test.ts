import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./client.server.ts";
import { generateLarge } from "./generate-large.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "chortle-large-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("generateLarge (at a small scale)", () => {
  it("makes the asked-for rows with consistent counters, search rows and one 200-comment thread", () => {
    const file = path.join(dir, "small.db");
    const info = generateLarge({ file, users: 300, posts: 1000, votes: 6000, comments: 3000 });
    expect(info).toMatchObject({ users: 300, posts: 1000, votes: 6000, comments: 3000 });

    const db = openDatabase(file);
    const one = <T>(sql: string) => db.$client.prepare(sql).get() as T;
    expect(one<{ n: number }>("SELECT count(*) AS n FROM votes").n).toBe(6000);
    expect(one<{ n: number }>("SELECT count(*) AS n FROM comments").n).toBe(3000);
    // Counters and hot ranks match the rows (recountAll ran after the bulk load).
    const drift = one<{ n: number }>(`SELECT count(*) AS n FROM posts p WHERE
      p.upvotes <> (SELECT count(*) FROM votes v WHERE v.post_id = p.id AND v.is_upvote = 1)
      OR p.comments_count <> (SELECT count(*) FROM comments c WHERE c.post_id = p.id)
      OR p.score <> p.upvotes - p.downvotes OR p.hot <> hot_score(p.upvotes, p.downvotes, p.created_at)`);
    expect(drift.n).toBe(0);
    // The posts per category too (category_counts, whose triggers were set aside during the load).
    const categories = one<{ n: number; wrong: number }>(`SELECT count(*) AS n, total(posts_count <> (SELECT count(*) FROM posts p
      WHERE p.category = k.category)) AS wrong FROM category_counts k`);
    expect(categories.n).toBeGreaterThan(1);
    expect(categories.wrong).toBe(0);
    expect(one<{ n: number }>("SELECT total(posts_count) AS n FROM category_counts").n).toBe(1000);
    expect(one<{ c: number }>(`SELECT comments_count AS c FROM posts WHERE id = ${info.bigThreadPostId}`).c).toBe(200);
    expect(one<{ n: number }>("SELECT count(*) AS n FROM comments WHERE parent_id IS NOT NULL").n).toBeGreaterThan(0);
    // A notice for each post vote and top-level comment by someone other than the author.
    const notices = one<{ votes: number; comments: number }>(`SELECT
      (SELECT count(*) FROM votes v JOIN posts p ON p.id = v.post_id WHERE p.user_id <> v.user_id) AS votes,
      (SELECT count(*) FROM comments c JOIN posts p ON p.id = c.post_id WHERE p.user_id <> c.user_id AND c.parent_id IS NULL) AS comments`);
    expect(notices.votes).toBeGreaterThan(1000);
    expect(one<{ n: number }>("SELECT count(*) AS n FROM notifications").n).toBe(notices.votes + notices.comments);
    expect(one<{ n: number }>("SELECT count(*) AS n FROM notifications WHERE user_id = actor_id").n).toBe(0);
    // Every post is in the search index, and the deferred indexes and triggers are back.
    expect(one<{ n: number }>("SELECT count(*) AS n FROM posts_fts").n).toBe(1000);
    expect(one<{ n: number }>("SELECT count(*) AS n FROM posts_search").n).toBe(1000);
    const names = (
      db.$client.prepare("SELECT name FROM sqlite_master WHERE type IN ('index', 'trigger')").all() as {
        name: string;
      }[]
    ).map((r) => r.name);
    expect(names).toEqual(
      expect.arrayContaining(["posts_hot_idx", "votes_post_user_idx", "posts_fts_after_insert", "category_counts_after_insert", "notifications_post_actor_idx"]),
    );
    expect(one<{ journal_mode: string }>("PRAGMA journal_mode").journal_mode).toBe("wal");
    db.$client.close();
  });
});
