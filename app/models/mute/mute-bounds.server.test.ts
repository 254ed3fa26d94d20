// Issue 45: what a mute may cost and what it may be evaded by, on a real database.
//  1. A visitor's cookie is read back by the one rule the form applies (at most MAX_MUTE_WORDS words
//     and MAX_MUTE_LENGTH characters a phrase, MAX_MUTES in all): the attacker's cookie mutes nothing.
//  2. Whatever is muted, a page tests at most mutedWindow(limit) rows from its offset on, however deep
//     (counted by the SQL function itself: rows, not time), and never asks the word index for every
//     post holding a word.
//  3. One fold (db/words.ts) for the word index, the comments and every key: full-width,
//     mathematical, circled letters, a zero-width space or a soft hyphen do not evade a mute.
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server.ts";
import { mutedRowChecks } from "#db/words.ts";
import { readVisitorMutes } from "~/http/cookies/mute-cookie.server.ts";
import { MAX_LIST } from "~/lib/browse.ts";
import { MAX_MUTE_LENGTH, MAX_MUTE_WORDS, MAX_MUTES } from "~/rules/mute-rules.ts";
import { clearPostsAndUsers, manyPosts, NOW, post, titles, user } from "../../../tests/support/post-rows.ts";
import { recordStatements } from "../../../tests/support/statements.ts";
import { createComment } from "../comment.server.ts";
import { listPostComments } from "../comment-thread.server.ts";
import { followUser } from "../follow.server.ts";
import { listFollowingPosts } from "../follow.server.ts";
import { countUnread, listNotifications, NOTIFICATION_LIST_LIMIT, notify } from "../notification.server.ts";
import { listCategoryPosts, listFeedPosts, pageOfFeedPosts, searchPosts, SEARCH_CAP } from "../post/index.server.ts";
import { topPostsThisWeek } from "../post/week-sidebar.server.ts";
import { listSavedPosts, listUpvotedPosts, listUserComments, listUserPosts } from "../profile-lists.server.ts";
import { savePost } from "../save.server.ts";
import { listFeedEntries } from "../syndication.server.ts";
import { castVote } from "../vote.server.ts";
import { addMute, cleanVisitorMutes } from "./mute.server.ts";
import { mutedWindow } from "./muted-sql.server.ts";

beforeEach(clearPostsAndUsers);

const cookie = (value: unknown) => new Request("http://localhost/", { headers: { Cookie: `chortle_mutes=${encodeURIComponent(JSON.stringify(value))}` } });

describe("a visitor's mute cookie", () => {
  it("is read back by the form's own rule: the attacker's 700-word phrase and 100 long phrases mute nothing", () => {
    // The cookie of the report: one phrase of 700 words, 1,416 characters.
    const long = Array.from({ length: 700 }, (_, i) => (i < 17 ? "ab" : i % 2 ? "b" : "a")).join(" ");
    expect(long.split(" ")).toHaveLength(700);
    expect(long).toHaveLength(1_416);
    expect(readVisitorMutes(cookie({ w: [long], c: [] }))).toEqual({ words: [], categories: [] });
    // 100 phrases of 7 words (one word too many), then phrases of 61 characters (one too many).
    const seven = Array.from({ length: 100 }, (_, i) => `w${i} a b c d e f`);
    expect(cleanVisitorMutes({ words: seven, categories: [] }).words).toEqual([]);
    const tooLong = Array.from({ length: 5 }, (_, i) => `${i}`.padEnd(MAX_MUTE_LENGTH + 1, "x"));
    expect(cleanVisitorMutes({ words: tooLong, categories: [] }).words).toEqual([]);
    // What a form allows is kept: 6 words, 60 characters.
    const six = "one two three four five six";
    const sixty = "y".repeat(MAX_MUTE_LENGTH);
    expect(cleanVisitorMutes({ words: [six, sixty, "Café!"], categories: ["music"] })).toEqual({ words: [six, sixty, "cafe"], categories: ["Music"] });
  });

  it("keeps at most MAX_MUTES, words and categories together, each valid", () => {
    const words = Array.from({ length: 300 }, (_, i) => `word${i} x y z u v`);
    const read = cleanVisitorMutes({ words, categories: ["Music", "Gaming"] });
    expect(read.words.length + read.categories.length).toBeLessThanOrEqual(MAX_MUTES);
    for (const w of read.words) {
      expect(w.split(" ").length).toBeLessThanOrEqual(MAX_MUTE_WORDS);
      expect(w.length).toBeLessThanOrEqual(MAX_MUTE_LENGTH);
    }
  });
});

// The worst a member can set: MAX_MUTES phrases of MAX_MUTE_WORDS words, the posts' commonest words,
// and a single word that every post holds, so every row a page reads is muted.
const COMMON = ["the", "a", "video", "funny", "cat", "my", "this", "is", "of", "and", "it", "when"];
const worstMutes = () => [
  "the",
  ...Array.from({ length: MAX_MUTES - 1 }, (_, i) => Array.from({ length: MAX_MUTE_WORDS }, (_, j) => COMMON[(i + j * 5) % COMMON.length]).join(" ") + ` w${i}`).map(
    (phrase) => phrase.split(" ").slice(-MAX_MUTE_WORDS).join(" "),
  ),
];

describe("the cost of the most mutes", () => {
  const POSTS = 400;
  function site() {
    const me = user();
    const ann = user("ann");
    manyPosts(POSTS, (i) => ({ userId: ann.id, title: `the funny cat video ${i}`, comment: "this is the best of my week", ageMs: (i + 1) * 60_000 }));
    for (const value of worstMutes()) addMute({ userId: me.id, kind: "word", value });
    return { me, ann };
  }
  const rowsTested = (fn: () => unknown) => {
    const before = mutedRowChecks.count;
    fn();
    return mutedRowChecks.count - before;
  };

  it(`tests at most ${mutedWindow(11)} rows for a page of 11, ${mutedWindow(10)} for a page of 10 at offset 150, whatever is muted (all of ${POSTS} posts here)`, () => {
    const { me, ann } = site();
    const page = (limit: number, offset = 0) => () => listFeedPosts({ sort: "new", limit, offset, viewerId: me.id, now: NOW });
    expect(listFeedPosts({ sort: "new", limit: 11, viewerId: me.id, now: NOW })).toEqual([]);
    // The bound of decision 0160: MUTE_WINDOW_FACTOR × limit + MUTE_WINDOW_EXTRA rows, from the offset on.
    expect(rowsTested(page(11))).toBe(mutedWindow(11));
    expect(rowsTested(page(11))).toBe(32);
    expect(rowsTested(page(150))).toBe(mutedWindow(150));
    // A window past the list's end reads the list.
    expect(rowsTested(page(201))).toBe(POSTS);
    // The offset is stepped over, not tested: a deeper page tests no more rows than the first.
    expect(rowsTested(page(10, 150))).toBe(mutedWindow(10));
    expect(mutedWindow(10)).toBe(30);
    expect(rowsTested(page(10, POSTS - 5))).toBe(5);
    expect(rowsTested(page(100, 10_000))).toBe(0);
    expect(rowsTested(() => listCategoryPosts({ sort: "newest", category: "Comedy", limit: 11, viewerId: me.id }))).toBe(mutedWindow(11));
    expect(rowsTested(() => listUserPosts({ userId: ann.id, limit: 11, viewerId: me.id }))).toBe(mutedWindow(11));
    expect(rowsTested(() => listUserPosts({ userId: ann.id, limit: 11, offset: 200, viewerId: me.id }))).toBe(mutedWindow(11));
    followUser({ followerId: me.id, followingId: ann.id });
    expect(rowsTested(() => listFollowingPosts({ followerId: me.id, limit: 11 }))).toBe(mutedWindow(11));
    expect(rowsTested(() => listFeedEntries({ source: { kind: "following", userId: me.id } }))).toBeLessThanOrEqual(mutedWindow(50));
    expect(rowsTested(() => topPostsThisWeek({ viewerId: me.id }))).toBeLessThanOrEqual(mutedWindow(5));
    // Search tests a window of its sorted matches (all 400 posts match here), not all of them; its count
    // then says "at least" (capped) what the window kept: none.
    expect(rowsTested(() => searchPosts({ q: "funny", limit: 20, viewerId: me.id }))).toBe(mutedWindow(20));
    expect(searchPosts({ q: "funny", limit: 20, viewerId: me.id })).toEqual({ posts: [], total: 0, capped: true });
    expect(mutedWindow(20)).toBeLessThan(POSTS);
    expect(POSTS).toBeLessThan(SEARCH_CAP);
    // A visitor's cookie with the same words costs the same.
    const visitorMutes = cleanVisitorMutes({ words: worstMutes(), categories: [] });
    expect(visitorMutes.words).toHaveLength(MAX_MUTES);
    expect(rowsTested(() => listFeedPosts({ sort: "hot", limit: 11, visitorMutes }))).toBe(mutedWindow(11));
    expect(rowsTested(() => listFeedPosts({ sort: "hot", limit: 10, offset: 150, visitorMutes }))).toBe(mutedWindow(10));
  });

  it(`tests at most ${mutedWindow(100)} rows for the JSON API's deepest page (offset 10,000, limit 100), and the page is whole`, () => {
    const me = user();
    const ann = user("ann");
    const bob = user("bob");
    // 10,400 posts, newest first; every third by bob about pineapple (muted: every row is tested for
    // the word), the rest ann's.
    const COUNT = 10_400;
    for (let from = 0; from < COUNT; from += 400)
      manyPosts(400, (j) => ({
        ...((from + j) % 3 === 0 ? { userId: bob.id, title: `the pineapple ${from + j}` } : { userId: ann.id, title: `the post ${from + j}` }),
        ageMs: (from + j + 1) * 1_000,
      }));
    addMute({ userId: me.id, kind: "word", value: "pineapple" });
    const feed = (limit: number, offset: number) => () => pageOfFeedPosts({ sort: "new", limit, offset, viewerId: me.id, now: NOW });
    for (const offset of [150, 500, 10_000]) expect(rowsTested(feed(10, offset))).toBe(mutedWindow(10));
    expect(rowsTested(feed(100, 10_000))).toBe(mutedWindow(100));
    // Whole: 100 of ann's posts from position 10,000 on (the window holds 140 of them).
    const deep = pageOfFeedPosts({ sort: "new", limit: 100, offset: 10_000, viewerId: me.id, now: NOW });
    expect(deep.posts).toHaveLength(100);
    expect(deep.posts[0].title).toBe("the post 10000");
    expect(deep.posts.every((p) => p.userId === ann.id)).toBe(true);
    // Its 100th kept row is the window's 149th (two of every three are kept): the next page starts after it.
    expect(deep.posts.at(-1)!.title).toBe("the post 10148");
    expect(deep.next).toBe(10_149);
    expect(rowsTested(() => listUserPosts({ userId: ann.id, limit: 100, offset: 6_000, viewerId: me.id }))).toBe(mutedWindow(100));
    // An attacker's limits: the schema stops what the models are never given (offset < 0 or > 10,000,
    // limit < 1 or > 100: tests/api/browse.test.ts); the longest page any list reads is the site's.
    expect(rowsTested(feed(MAX_LIST + 1, 0))).toBe(mutedWindow(MAX_LIST + 1));
    expect(mutedWindow(MAX_LIST + 1)).toBe(412);
  });

  it("reads the profile's vote, save and comment tabs and the notices in a window too", () => {
    const { me, ann } = site();
    const ids = listFeedPosts({ sort: "new", limit: 60, viewerId: ann.id, now: NOW }).map((p) => p.id);
    for (const postId of ids) {
      castVote({ userId: ann.id, postId, isUpvote: true });
      savePost({ userId: me.id, postId });
      createComment({ userId: ann.id, postId, content: "the cat again" });
      notify({ userId: me.id, actorId: ann.id, type: "comment_on_post", params: { actor: "ann", title: "A post" }, postId });
    }
    const rowsOf = (fn: () => unknown) => rowsTested(fn);
    expect(rowsOf(() => listUpvotedPosts({ userId: ann.id, limit: 11, viewerId: me.id }))).toBe(mutedWindow(11));
    expect(rowsOf(() => listSavedPosts({ userId: me.id, limit: 11, viewerId: me.id }))).toBe(mutedWindow(11));
    // A comment is tested for its post's words and its own (two tests a row at most).
    expect(rowsOf(() => listUserComments({ userId: ann.id, limit: 11, viewerId: me.id }))).toBeLessThanOrEqual(2 * mutedWindow(11));
    expect(listNotifications({ userId: me.id, limit: 10 })).toEqual([]);
    expect(rowsOf(() => listNotifications({ userId: me.id, limit: 10 }))).toBe(mutedWindow(10));
    expect(rowsOf(() => countUnread({ userId: me.id }))).toBeLessThanOrEqual(mutedWindow(NOTIFICATION_LIST_LIMIT));
  });

  it("never asks the word index for the posts holding a muted word, and reads the window's rows by id", async () => {
    const { me, ann } = site();
    const pages = [
      () => listFeedPosts({ sort: "hot", limit: 11, viewerId: me.id }),
      () => listFeedPosts({ sort: "top", timeframe: "week", limit: 11, viewerId: me.id }),
      () => listCategoryPosts({ sort: "most_upvoted", category: "Comedy", limit: 11, viewerId: me.id }),
      () => listUserPosts({ userId: ann.id, limit: 11, viewerId: me.id }),
      () => listUpvotedPosts({ userId: ann.id, limit: 11, viewerId: me.id }),
    ];
    for (const page of pages) {
      const { statements } = await recordStatements(page);
      expect(statements.some((s) => s.includes("posts_search"))).toBe(false);
      const muted = statements.find((s) => s.includes("holds_muted_word"))!;
      // The outer loop is the window (a list of ids), never the list's index: that is what bounds it.
      const plan = getDb()
        .$client.prepare(`EXPLAIN QUERY PLAN ${muted}`)
        .all(...Array<number>((muted.match(/\?/g) ?? []).length).fill(1)) as { detail: string }[];
      expect(plan[0].detail).toMatch(/^SEARCH \w+ USING INTEGER PRIMARY KEY \(rowid=\?\)$/);
      expect(plan[1].detail).toMatch(/^LIST SUBQUERY/);
    }
  });

  it("filters by the author's name inside the window (the feed's text filter reads it)", () => {
    const me = user();
    const ann = user("annabelle");
    const bob = user("bob");
    post({ userId: ann.id, title: "one", ageMs: 60_000 });
    post({ userId: bob.id, title: "two", ageMs: 120_000 });
    post({ userId: ann.id, title: "pineapple three", ageMs: 180_000 });
    addMute({ userId: me.id, kind: "word", value: "pineapple" });
    expect(titles(listFeedPosts({ sort: "new", q: "nabel", limit: 10, viewerId: me.id, now: NOW }))).toEqual(["one"]);
    expect(titles(listFeedPosts({ sort: "new", q: "nabel", limit: 10, viewerId: bob.id, now: NOW }))).toEqual(["one", "pineapple three"]);
  });

  it("fills the page while the window holds enough unmuted posts, and is short (never wrong) beyond", () => {
    const me = user();
    const ann = user("ann");
    // Newest first: 10 muted, then 30 kept.
    manyPosts(40, (i) => ({ userId: ann.id, title: i >= 30 ? `pineapple ${i}` : `kept ${i}`, ageMs: (40 - i) * 60_000 }));
    addMute({ userId: me.id, kind: "word", value: "pineapple" });
    const shown = titles(listFeedPosts({ sort: "new", limit: 11, viewerId: me.id, now: NOW }));
    expect(shown).toHaveLength(11);
    expect(shown.every((t) => t.startsWith("kept"))).toBe(true);
  });
});

describe("one fold for every index and every mute", () => {
  const disguised = ["ｐｉｎｅａｐｐｌｅ", "𝐩𝐢𝐧𝐞𝐚𝐩𝐩𝐥𝐞", "ⓟⓘⓝⓔⓐⓟⓟⓛⓔ", "pine\u200Bapple", "pine\u00ADapple", "PINE\u2060APPLE", "Pïneapple"];

  it("hides a post whose title spells the muted word in other letters or with an invisible character", () => {
    const me = user();
    const ann = user("ann");
    disguised.forEach((word, i) => post({ userId: ann.id, title: `I love ${word} on pizza`, ageMs: (i + 1) * 60_000 }));
    post({ userId: ann.id, title: "plain pie", ageMs: 3_600_000 });
    expect(listFeedPosts({ sort: "new", limit: 20, viewerId: me.id, now: NOW })).toHaveLength(disguised.length + 1);
    addMute({ userId: me.id, kind: "word", value: "pineapple" });
    expect(titles(listFeedPosts({ sort: "new", limit: 20, viewerId: me.id, now: NOW }))).toEqual(["plain pie"]);
    // The word index folds the same way: a search for the plain word finds every one of them.
    expect(searchPosts({ q: "pineapple", limit: 20, viewerId: ann.id }).total).toBe(disguised.length);
    expect(searchPosts({ q: "ｐｉｎｅａｐｐｌｅ", limit: 20, viewerId: ann.id }).total).toBe(disguised.length);
    expect(searchPosts({ q: "pineapple", limit: 20, viewerId: me.id }).total).toBe(0);
  });

  it("hides such a comment in a thread and on a profile, and a mute typed in such letters holds", () => {
    const me = user();
    const ann = user("ann");
    const bob = user("bob");
    const host = post({ userId: bob.id, title: "a thread" });
    for (const word of disguised) createComment({ userId: ann.id, postId: host.id, content: `more ${word} please` });
    createComment({ userId: ann.id, postId: host.id, content: "plain comment" });
    addMute({ userId: me.id, kind: "word", value: "ⓟⓘⓝⓔⓐⓟⓟⓛⓔ" });
    const thread = listPostComments({ postId: host.id, viewerId: me.id }).map((c) => c.content);
    expect(thread.filter((c) => c === "[muted comment]")).toHaveLength(disguised.length);
    expect(thread).toContain("plain comment");
    expect(listUserComments({ userId: ann.id, limit: 20, viewerId: me.id }).map((c) => c.content)).toEqual(["plain comment"]);
    // The member's key is the plain word.
    expect(() => addMute({ userId: me.id, kind: "word", value: "pine\u00ADapple" })).toThrow();
  });
});
