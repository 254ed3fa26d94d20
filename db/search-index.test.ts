// Migration 0017 makes the word index (posts_search) again with prefix indexes for 2 to 8 letters and
// fills it from posts. Made again over a site that has posts, it finds what it found before: every
// field, the last word as a prefix, a post whose author is gone (docs/decisions/0016). Migration 0025 fills
// it (and post_words) with folded text, as its triggers do (docs/decisions/0160).
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "./client.server.ts";
import { clearPostsAndUsers, post, user } from "../tests/support/post-rows.ts";

const MIGRATION = path.join(import.meta.dirname, "migrations/0017_search_prefix_index.sql");

const matches = (expression: string) =>
  getDb().$client.prepare("SELECT rowid FROM posts_search WHERE posts_search MATCH ? ORDER BY rowid").pluck().all(expression);

beforeEach(clearPostsAndUsers);

describe("the word index's prefixes (migration 0017)", () => {
  it("keeps 2 to 8 letters of every word", () => {
    const made = getDb().$client.prepare("SELECT sql FROM sqlite_master WHERE name = 'posts_search'").pluck().get() as string;
    expect(made.replace(/\s+/g, " ")).toContain("prefix = '2 3 4 5 6 7 8'");
  });

  it("made again over existing posts, finds the same posts for every kind of search", () => {
    const author = user("walrusfan");
    const gone = user("leaving");
    post({ userId: author.id, title: "Keyboard warrior", comment: "typing loudly" });
    post({ userId: author.id, title: "Quiet", videoTitle: "Keyboards of the world", commentAuthor: "@clacker" });
    post({ userId: gone.id, title: "Orphaned keyboard tale" });
    getDb().run(sql`DELETE FROM users WHERE id = ${gone.id}`);
    const searches = ['"keyb"*', '"keyboard"*', '"keyboards"', '"walrusfan"', '"clack"*', '"typing" AND "loud"*', '"ke"*', '"tale"'];
    const before = searches.map(matches);
    expect(before.map((ids) => ids.length)).toEqual([3, 3, 1, 2, 1, 1, 3, 1]);

    const statements = fs.readFileSync(MIGRATION, "utf8").split("--> statement-breakpoint");
    getDb().$client.transaction(() => statements.forEach((statement) => getDb().$client.exec(statement)))();
    expect(searches.map(matches)).toEqual(before);
    // The triggers of 0001 keep the index made again: a new post is found at once.
    const added = post({ userId: author.id, title: "Keyboardist" });
    expect(matches('"keyboardi"*')).toEqual([added.id]);
  });
});

describe("the one fold (migration 0025)", () => {
  const FOLD = path.join(import.meta.dirname, "migrations/0025_mutes_fold.sql");
  it("made again over existing posts, gives the word index and post_words folded text, as the triggers do", () => {
    const author = user("Ｆａｎ");
    const made = [post({ userId: author.id, title: "ｐｉｎｅａｐｐｌｅ pizza" }), post({ userId: author.id, title: "x", comment: "ⓟⓘⓝⓔⓐⓟⓟⓛⓔ", videoTitle: "pine\u00ADapple" })];
    const wordsOf = () => getDb().$client.prepare("SELECT words FROM post_words ORDER BY post_id").pluck().all();
    const before = { words: wordsOf(), found: matches('"pineapple"'), byName: matches('"fan"') };
    expect(before.found).toEqual(made.map((p) => p.id));
    expect(before.words[0]).toBe("pineapple pizza | a comment | someone | a video");
    getDb().run(sql`DROP TABLE post_words`);
    const statements = fs.readFileSync(FOLD, "utf8").split("--> statement-breakpoint");
    getDb().$client.transaction(() => statements.forEach((statement) => getDb().$client.exec(statement)))();
    expect({ words: wordsOf(), found: matches('"pineapple"'), byName: matches('"fan"') }).toEqual(before);
  });
});
