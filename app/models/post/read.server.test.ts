// Reading lists of posts and one post: the feed's orders and ranges, what a post shows, the
// category page's orders. The text filter and /search are in search.server.test.ts.
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server.ts";
import { memoEnabled } from "~/integrations/env.server.ts";
import { recountAll } from "#db/recount.ts";
import { comments, posts, saves, votes } from "#db/schema.ts";
import { clearPostsAndUsers, DAY, HOUR, NOW, post, titles, user, vote } from "../../../tests/support/post-rows.ts";
import { recordStatements } from "../../../tests/support/statements.ts";
import { getPost, listCategoryPosts, listFeedPosts, listPostsByIds } from "./index.server.ts";

beforeEach(clearPostsAndUsers);

describe("listFeedPosts", () => {
  it("orders new by creation time, top by score, and hot by Reddit's rank", () => {
    const a = user();
    const fresh = post({ userId: a.id, title: "fresh, 1 point", ageMs: HOUR });
    const popular = post({ userId: a.id, title: "a day old, 100 points", ageMs: DAY });
    const old = post({ userId: a.id, title: "a month old, 1000 points", ageMs: 30 * DAY });
    const disliked = post({ userId: a.id, title: "fresh, -5 points", ageMs: 2 * HOUR });
    vote(fresh.id, 1);
    vote(popular.id, 110, 10);
    vote(old.id, 1000);
    vote(disliked.id, 0, 5);
    recountAll(getDb());

    expect(titles(listFeedPosts({ sort: "new", limit: 10, now: NOW }))).toEqual([
      "fresh, 1 point",
      "fresh, -5 points",
      "a day old, 100 points",
      "a month old, 1000 points",
    ]);
    expect(titles(listFeedPosts({ sort: "top", limit: 10, now: NOW }))).toEqual([
      "a month old, 1000 points",
      "a day old, 100 points",
      "fresh, 1 point",
      "fresh, -5 points",
    ]);
    // Two orders of magnitude (+2) outweigh a day (−1.92); a month is −57.6.
    expect(titles(listFeedPosts({ sort: "hot", limit: 10, now: NOW }))).toEqual([
      "a day old, 100 points",
      "fresh, 1 point",
      "fresh, -5 points",
      "a month old, 1000 points",
    ]);
    const [first] = listFeedPosts({ sort: "top", limit: 1, now: NOW });
    expect(first).toMatchObject({ upvotes: 1000, downvotes: 0, score: 1000 });
  });

  it("ranks a newer post above an older one with the same score, and the hot column is indexed", () => {
    const a = user();
    const older = post({ userId: a.id, title: "older", ageMs: 3 * HOUR });
    const newer = post({ userId: a.id, title: "newer", ageMs: 2 * HOUR });
    vote(older.id, 5);
    vote(newer.id, 5);
    recountAll(getDb());
    expect(titles(listFeedPosts({ sort: "hot", limit: 10, now: NOW }))).toEqual(["newer", "older"]);
    const plan = getDb()
      .all<{ detail: string }>(sql`EXPLAIN QUERY PLAN SELECT id FROM posts ORDER BY hot DESC, id DESC LIMIT 10`)
      .map((r) => r.detail)
      .join(" ");
    expect(plan).toContain("posts_hot_idx");
    expect(plan).not.toContain("TEMP B-TREE");
  });

  it("keeps only the time range: today, this week, this month, this year", () => {
    const a = user();
    for (const [title, ageMs] of [
      ["12 hours", 12 * HOUR],
      ["3 days", 3 * DAY],
      ["20 days", 20 * DAY],
      ["200 days", 200 * DAY],
      ["2 years", 730 * DAY],
    ] as const) {
      post({ userId: a.id, title, ageMs });
    }
    const range = (timeframe: "today" | "week" | "month" | "year" | "all") =>
      titles(listFeedPosts({ sort: "new", timeframe, limit: 10, now: NOW }));
    expect(range("today")).toEqual(["12 hours"]);
    expect(range("week")).toEqual(["12 hours", "3 days"]);
    expect(range("month")).toEqual(["12 hours", "3 days", "20 days"]);
    expect(range("year")).toEqual(["12 hours", "3 days", "20 days", "200 days"]);
    expect(range("all")).toHaveLength(5);
  });

  it("filters by category and pages with limit and offset", () => {
    const a = user();
    for (let i = 1; i <= 7; i++) post({ userId: a.id, title: `music ${i}`, category: "Music", ageMs: i * HOUR });
    post({ userId: a.id, title: "gaming", category: "Gaming" });
    expect(titles(listFeedPosts({ sort: "new", category: "Music", limit: 3, now: NOW }))).toEqual([
      "music 1",
      "music 2",
      "music 3",
    ]);
    expect(titles(listFeedPosts({ sort: "new", category: "Music", limit: 3, offset: 3, now: NOW }))).toEqual([
      "music 4",
      "music 5",
      "music 6",
    ]);
    expect(titles(listFeedPosts({ sort: "new", category: "Gaming", limit: 10, now: NOW }))).toEqual(["gaming"]);
  });

  it("shows 'Unknown' for a post whose author is gone, and the author object otherwise", () => {
    const gone = user("leaver", "Leaving Soon");
    const stays = user("stayer", "Stays Here");
    const orphan = post({ userId: gone.id, title: "orphan" });
    const kept = post({ userId: stays.id, title: "kept" });
    getDb().run(sql`DELETE FROM users WHERE id = ${gone.id}`);
    expect(getPost({ id: orphan.id })).toMatchObject({
      userId: null,
      username: "Unknown",
      author: { id: null, username: "Unknown", displayName: "Unknown" },
    });
    expect(getPost({ id: kept.id })).toMatchObject({
      userId: stays.id,
      username: "stayer",
      author: { id: stays.id, username: "stayer", displayName: "Stays Here" },
    });
    expect(getPost({ id: 999_999 })).toBeNull();
  });

  it("returns every docs/product.md §3 field, the viewer's vote and saved flag, in a fixed number of queries", async () => {
    const viewer = user();
    const author = user();
    const ids = Array.from(
      { length: 12 },
      (_, i) => post({ userId: author.id, title: `p${i}`, ageMs: (i + 1) * HOUR }).id,
    );
    getDb().insert(votes).values({ userId: viewer.id, postId: ids[0], isUpvote: true }).run();
    getDb().insert(votes).values({ userId: viewer.id, postId: ids[1], isUpvote: false }).run();
    getDb().insert(saves).values({ userId: viewer.id, postId: ids[1] }).run();

    // Every statement run, whatever prepared it; the caches' version check
    // (models/data-version.server.ts) reads no rows.
    const rowReads = (statements: string[]) => statements.filter((source) => source !== "PRAGMA data_version").length;
    const first = await recordStatements(() => listFeedPosts({ sort: "new", limit: 12, viewerId: viewer.id, now: NOW }));
    // The viewer's mutes and list settings, the page, the members the viewer blocked, the viewer's
    // votes, the viewer's saves: never one per card.
    expect(rowReads(first.statements)).toBe(5);
    // Asked again with nothing written: the page's rows come from memory (read again with
    // MEMO=off), and so do the viewer's block list and mutes (kept per viewer until one is written);
    // the viewer's votes and saves fresh.
    const second = await recordStatements(() => listFeedPosts({ sort: "new", limit: 12, viewerId: viewer.id, now: NOW }));
    expect(rowReads(second.statements)).toBe(memoEnabled() ? 2 : 5);
    const [list, again] = [first.result, second.result];
    expect(again).toEqual(list);
    expect(list).toHaveLength(12);
    expect(list[0]).toMatchObject({ id: ids[0], myVote: "up", isSaved: false });
    expect(list[1]).toMatchObject({ id: ids[1], myVote: "down", isSaved: true });
    expect(list[2]).toMatchObject({ myVote: null, isSaved: false });
    expect(Object.keys(list[0]).sort()).toEqual(
      [
        "id",
        "userId",
        "username",
        "title",
        "content",
        "category",
        "comment",
        "commentAuthor",
        "videoId",
        "videoTitle",
        "videoChannel",
        "videoThumbnail",
        "videoViewCount",
        "videoPublishedAt",
        "videoStart",
        "upvotes",
        "downvotes",
        "score",
        "commentsCount",
        "createdAt",
        "editedAt",
        "author",
        "myVote",
        "youtubeComment",
        "enteredByHand",
        "commentGone",
        "videoGone",
        "isSaved",
      ].sort(),
    );
    expect(listFeedPosts({ sort: "new", limit: 1, now: NOW })[0]).toMatchObject({ myVote: null, isSaved: false });
  });
});

describe("listCategoryPosts", () => {
  it("sorts newest, oldest, most_upvoted and most_commented within a category", () => {
    const a = user();
    const one = post({ userId: a.id, title: "one", category: "Science", ageMs: 3 * HOUR });
    const two = post({ userId: a.id, title: "two", category: "Science", ageMs: 2 * HOUR });
    const three = post({ userId: a.id, title: "three", category: "Science", ageMs: 1 * HOUR });
    post({ userId: a.id, title: "elsewhere", category: "Music" });
    vote(one.id, 2);
    vote(two.id, 9);
    for (let i = 0; i < 4; i++)
      getDb()
        .insert(comments)
        .values({ postId: three.id, userId: a.id, content: `c${i}` })
        .run();
    getDb().insert(comments).values({ postId: one.id, userId: a.id, content: "c" }).run();
    recountAll(getDb());
    const list = (sort: "newest" | "oldest" | "most_upvoted" | "most_commented") =>
      titles(listCategoryPosts({ category: "Science", sort, limit: 10, now: NOW }));
    expect(list("newest")).toEqual(["three", "two", "one"]);
    expect(list("oldest")).toEqual(["one", "two", "three"]);
    expect(list("most_upvoted")).toEqual(["two", "one", "three"]);
    expect(list("most_commented")).toEqual(["three", "one", "two"]);
    expect(titles(listCategoryPosts({ category: null, sort: "oldest", limit: 10, now: NOW }))).toEqual([
      "one",
      "two",
      "three",
      "elsewhere",
    ]);
    expect(
      listCategoryPosts({ category: "Science", sort: "newest", timeframe: "today", limit: 10, now: NOW + 2 * DAY }),
    ).toEqual([]);
  });
});

describe("a post's view", () => {
  it("carries every column of its row, read by position, the same in a list, by id and alone", () => {
    const a = user("writer", "The Writer");
    const row = post({
      userId: a.id,
      title: "every field",
      content: "the content",
      comment: "the comment",
      commentAuthor: "@quoted",
      videoId: "vid00000042",
      videoTitle: "the video",
      videoChannel: "the channel",
      videoThumbnail: "https://i.ytimg.com/vi/vid00000042/hqdefault.jpg",
      videoViewCount: 1234,
      videoPublishedAt: new Date(NOW - 9 * DAY),
      upvotes: 7,
      downvotes: 2,
      commentsCount: 3,
      editedAt: new Date(NOW - HOUR / 2),
      category: "Music",
      youtubeCommentId: "UgxEvery.reply01",
      commentLikeCount: 12_345,
      commentReplyCount: 0,
      commentPublishedAt: new Date(NOW - 20 * DAY),
      youtubeCheckedAt: new Date(NOW - DAY),
    });
    const orphan = post({ userId: null, title: "no author" });
    const expected = {
      id: row.id,
      userId: a.id,
      username: "writer",
      title: "every field",
      content: "the content",
      category: "Music",
      comment: "the comment",
      commentAuthor: "@quoted",
      videoId: "vid00000042",
      videoTitle: "the video",
      videoChannel: "the channel",
      videoThumbnail: "https://i.ytimg.com/vi/vid00000042/hqdefault.jpg",
      videoViewCount: 1234,
      videoPublishedAt: new Date(NOW - 9 * DAY).toISOString(),
      videoStart: null,
      upvotes: 7,
      downvotes: 2,
      score: 5,
      commentsCount: 3,
      createdAt: row.createdAt.toISOString(),
      editedAt: new Date(NOW - HOUR / 2).toISOString(),
      author: { id: a.id, username: "writer", displayName: "The Writer" },
      myVote: null,
      isSaved: false,
      youtubeComment: {
        id: "UgxEvery.reply01",
        url: "https://www.youtube.com/watch?v=vid00000042&lc=UgxEvery.reply01",
        likeCount: 12_345,
        replyCount: 0,
        publishedAt: new Date(NOW - 20 * DAY).toISOString(),
        checkedAt: new Date(NOW - DAY).toISOString(),
      },
      enteredByHand: false,
      commentGone: false,
      videoGone: false,
    };
    expect(getPost({ id: row.id })).toEqual(expected);
    expect(listPostsByIds({ ids: [row.id] })).toEqual([expected]);
    expect(listFeedPosts({ sort: "new", limit: 10, now: NOW }).find((v) => v.id === row.id)).toEqual(expected);
    expect(getPost({ id: orphan.id })).toMatchObject({
      userId: null,
      username: "Unknown",
      videoViewCount: null,
      videoPublishedAt: null,
      editedAt: null,
      author: { id: null, username: "Unknown", displayName: "Unknown" },
      youtubeComment: null,
      enteredByHand: true,
      commentGone: false,
    });
    // Gone from YouTube: the quote stays, its link and numbers go.
    getDb().update(posts).set({ commentGoneAt: new Date(NOW) }).where(eq(posts.id, row.id)).run();
    expect(getPost({ id: row.id })).toMatchObject({ youtubeComment: null, enteredByHand: false, commentGone: true, videoGone: false });
  });
});
