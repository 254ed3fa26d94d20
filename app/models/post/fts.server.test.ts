// The one builder of FTS5 MATCH expressions: any string a person (or an attacker) sends becomes an
// expression the index takes, or none; no input makes the feed filter or /search throw.
import fs from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { clearPostsAndUsers, HOUR, NOW, post, titles, user } from "../../../tests/support/post-rows.ts";
import { phraseQuery, searchableText, wordsQuery } from "./fts.server.ts";
import { listFeedPosts, searchEverything } from "./index.server.ts";

beforeEach(clearPostsAndUsers);

/** Strings that have broken, or could break, a full-text query. */
export const NASTY_QUERIES = [
  "\u0000abc",
  "abc\u0000",
  "ab\u0000cdef",
  "\u0000",
  "\u0001\u0002\u0003\u0007\u001b[31m",
  "\uD800abc",
  "abc\uDC00",
  "\uDBFF",
  '"',
  '"""',
  'a"b"c',
  "'",
  "NEAR(abc def)",
  "abc*",
  "*",
  "^abc",
  "-abc",
  "+abc",
  "abc:def",
  "title:abc",
  "{title comment}: abc",
  "(abc",
  "abc)",
  "AND",
  "AND OR NOT",
  "abc AND",
  "\u202Eabc\u202C",
  "\u200B\u200B\u200B",
  "\uFEFF",
  " \t\n\r ",
  "é".normalize("NFD").repeat(3),
  "😂😂😂",
  "x".repeat(10_000),
  "a ".repeat(2_000),
  "%_\\",
];

describe("the builder", () => {
  it("leaves no character the index cannot take", () => {
    for (const q of NASTY_QUERIES) {
      const text = searchableText(q);
      expect(text, JSON.stringify(q)).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
      expect(/[\uD800-\uDFFF]/u.test(text), JSON.stringify(q)).toBe(false);
      for (const expression of [phraseQuery(q), wordsQuery(q)]) {
        if (expression === null) continue;
        expect(expression).not.toMatch(/\u0000/);
      }
    }
  });

  it("makes nothing of a string with nothing to look for", () => {
    for (const q of ["", " ", "\u0000", "\u200B\u200B", "\u0001\u0002", '"', "*"]) {
      expect(wordsQuery(q), JSON.stringify(q)).toBeNull();
    }
    for (const q of ["", " ", "\u0000", "\u200B\u200B", "\u0001\u0002"]) {
      expect(phraseQuery(q), JSON.stringify(q)).toBeNull();
    }
  });

  it("is the only place a MATCH expression is written", () => {
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && /\bMATCH\b/.test(fs.readFileSync(file, "utf8"))) found.push(file);
      }
    };
    walk("app");
    // Each statement that runs MATCH takes its expression from the builder (typed FtsQuery).
    for (const file of found) {
      const source = fs.readFileSync(file, "utf8");
      expect(file.endsWith("fts.server.ts") || /from "(\.\.?\/)+(post\/)?fts\.server\.ts"/.test(source), file).toBe(true);
    }
    expect(found.length).toBeGreaterThan(0);
  });
});

describe("no input makes a full-text read fail", () => {
  beforeEach(() => {
    const bob = user("bob");
    post({ userId: bob.id, title: "abcdef ghi", ageMs: 1 * HOUR });
    post({ userId: bob.id, title: "t2", comment: 'she said "wow" and NEAR(xyz)', ageMs: 2 * HOUR });
  });

  it("the feed filter and /search answer every nasty string", () => {
    for (const q of NASTY_QUERIES) {
      expect(() => listFeedPosts({ sort: "new", q, limit: 20, now: NOW }), JSON.stringify(q)).not.toThrow();
      expect(() => searchEverything({ q, limits: { posts: 5, users: 5 } }), JSON.stringify(q)).not.toThrow();
    }
  });

  it("a NUL or a control character is dropped, not taken as the end of the text", () => {
    const filter = (q: string) => titles(listFeedPosts({ sort: "new", q, limit: 20, now: NOW }));
    expect(filter("\u0000abc")).toEqual(["abcdef ghi"]);
    expect(filter("ab\u0000cd")).toEqual(["abcdef ghi"]);
    expect(filter("\u202Eabcdef")).toEqual(["abcdef ghi"]);
    expect(titles(searchEverything({ q: "abc\u0000def", limits: { posts: 5, users: 5 } }).posts.posts)).toEqual(["abcdef ghi"]);
  });
});
