import Database from "better-sqlite3";
import { withSqlFunctions } from "#db/client.server.ts";
import { afterAll, describe, expect, it } from "vitest";
import { setMemoForTests } from "~/integrations/env.server.ts";
import { cacheClock } from "~/models/data-version.server.ts";
import { laggingSince, lagMark } from "~/models/cache-registry.server.ts";
import { deletePost } from "~/models/post/delete.server.ts";
import { castVote } from "~/models/vote.server.ts";
import { makePost, makeUser } from "../../../tests/support/unit-factories.ts";
import { listFeedPosts, POSTS_LAG_MS } from "./read.server.ts";
import { listTopContributors } from "./rankings.server.ts";
import { categoryCounts, topContributorsThisWeek, topPostsThisWeek } from "./week-sidebar.server.ts";
import { removeAsModerator } from "../moderation/moderator-removal.server.ts";

// Another worker's connection, with the SQL functions every connection has (the triggers call them).
const other = withSqlFunctions(new Database(process.env.DATABASE_PATH!));
other.pragma("busy_timeout = 5000");
const realNow = cacheClock.now;
let now = 9_000_000;
cacheClock.now = () => now;
// The cache's own rules, whatever MEMO says (the last test is MEMO=off).
setMemoForTests(true);
afterAll(() => {
  other.close();
  cacheClock.now = realNow;
  setMemoForTests(undefined);
});
const nextRequest = () => new Promise<void>((resolve) => setImmediate(resolve));
const LAG_MS = 5_000;

describe("the home sidebar (at most 5 s behind a write)", () => {
  it("shows this worker's votes and another worker's within 5 s", async () => {
    const author = makeUser();
    const voters = [makeUser(), makeUser(), makeUser()];
    const post = makePost({ userId: author.id, title: "The sidebar's favourite" });
    topPostsThisWeek();
    topContributorsThisWeek(5);

    for (const voter of voters) castVote({ userId: voter.id, postId: post.id, isUpvote: true });
    now += LAG_MS;
    expect(topPostsThisWeek().find((p) => p.id === post.id)?.score).toBe(3);
    expect(topContributorsThisWeek(5).find((c) => c.id === author.id)?.upvotes).toBe(3);

    other.prepare("UPDATE posts SET upvotes = 50, score = 50 WHERE id = ?").run(post.id);
    await nextRequest();
    now += LAG_MS;
    expect(topPostsThisWeek()[0]).toMatchObject({ id: post.id, score: 50 });
  });

  it("lists what the feed's Top of this week lists first, as the sidebar shows it", () => {
    const author = makeUser();
    const best = makePost({ userId: author.id, title: "Best of the week" });
    const orphan = makePost({ userId: author.id, title: "Its author is gone" });
    other.prepare("UPDATE posts SET upvotes = 900, score = 900 WHERE id = ?").run(best.id);
    other.prepare("UPDATE posts SET upvotes = 800, score = 800, user_id = NULL WHERE id = ?").run(orphan.id);
    setMemoForTests(false);
    try {
      const feed = listFeedPosts({ sort: "top", timeframe: "week", limit: 5 });
      expect(topPostsThisWeek()).toEqual(feed.map((p) => ({ id: p.id, title: p.title, userId: p.userId, username: p.username, score: p.score })));
      // An author whose account is gone: no link, "Unknown", as on the cards.
      expect(topPostsThisWeek().slice(0, 2)).toEqual([
        { id: best.id, title: "Best of the week", userId: author.id, username: author.username, score: 900 },
        { id: orphan.id, title: "Its author is gone", userId: null, username: "Unknown", score: 800 },
      ]);
    } finally {
      setMemoForTests(true);
    }
  });

  it("drops a deleted or removed post at this worker's next read, another worker's within POSTS_LAG_MS", async () => {
    const author = makeUser();
    const admin = makeUser({ isAdmin: true });
    const top = (title: string) => {
      const post = makePost({ userId: author.id, title });
      other.prepare("UPDATE posts SET upvotes = 90000, score = 90000 WHERE id = ?").run(post.id);
      return post;
    };
    const [deleted, removed, elsewhere] = [top("Deleted by its author"), top("Removed by an admin"), top("Deleted by another worker")];
    await nextRequest();
    now += POSTS_LAG_MS;
    const ids = () => topPostsThisWeek().map((p) => p.id);
    expect(ids()).toEqual(expect.arrayContaining([deleted.id, removed.id, elsewhere.id]));

    deletePost({ id: deleted.id, actorId: author.id });
    expect(ids()).not.toContain(deleted.id);
    removeAsModerator({ actorId: admin.id, target: { kind: "post", id: removed.id }, reason: "spam" });
    expect(ids()).not.toContain(removed.id);

    other.prepare("DELETE FROM posts WHERE id = ?").run(elsewhere.id);
    await nextRequest();
    const mark = lagMark();
    now += POSTS_LAG_MS - 1;
    expect(ids()).toContain(elsewhere.id); // within the stated lag …
    expect(laggingSince(mark)).toBeLessThanOrEqual(now + 1); // … and it says so: no page made from it is kept past it
    now += 1;
    expect(ids()).not.toContain(elsewhere.id);
  });

  it("is not made again while nothing is written", () => {
    now += LAG_MS;
    const first = topPostsThisWeek();
    now += 60_000;
    expect(topPostsThisWeek()).toBe(first);
  });

  it("keeps one ranking of the top 20 for every shorter list, shared with the other workers", async () => {
    now += LAG_MS;
    const five = topContributorsThisWeek(5);
    expect(topContributorsThisWeek(4)).toEqual(five.slice(0, 4));
    const kept = other.prepare("SELECT name, data FROM rollups WHERE name LIKE 'top-contributors-week:%'").all() as { name: string; data: string }[];
    expect(kept.map((r) => r.name)).toEqual(["top-contributors-week:20"]);
    expect(JSON.parse(kept[0].data).slice(0, 5)).toEqual(five);
    // Another worker made it again with a new vote: read from its row, at once.
    const made = [{ id: 999, username: "made_elsewhere", upvotes: 99 }, ...five];
    other.prepare("UPDATE rollups SET data = ?, made_at = ? WHERE name = 'top-contributors-week:20'").run(JSON.stringify(made), now);
    await nextRequest();
    expect(topContributorsThisWeek(5)[0]).toEqual(made[0]);
  });

  it("counts the posts of a category at once, this worker's and another's", () => {
    const author = makeUser();
    const before = categoryCounts().find((c) => c.name === "Science")!.postsCount;
    makePost({ userId: author.id, category: "Science" });
    expect(categoryCounts().find((c) => c.name === "Science")!.postsCount).toBe(before + 1);
    other.prepare("UPDATE posts SET category = 'Science' WHERE id = (SELECT max(id) FROM posts WHERE category <> 'Science')").run();
    expect(categoryCounts().find((c) => c.name === "Science")!.postsCount).toBe(before + 2);
  });

  it("is made again at every read with MEMO=off", () => {
    setMemoForTests(false);
    try {
      const first = topPostsThisWeek();
      const again = topPostsThisWeek();
      expect(again).toEqual(first);
      expect(again).not.toBe(first);
      // The top contributors are data (a rollup), not a memo: read from their row all the same.
      other.prepare("UPDATE rollups SET data = '[]' WHERE name = 'top-contributors-week:20'").run();
      expect(topContributorsThisWeek(5)).toEqual([]);
      now += LAG_MS;
      expect(topContributorsThisWeek(5)).toEqual(listTopContributors({ limit: 5 }));
    } finally {
      setMemoForTests(true);
    }
  });
});
