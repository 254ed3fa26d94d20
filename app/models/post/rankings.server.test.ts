// The home sidebar's week and the category list: the same for every viewer.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server.ts";
import { posts } from "#db/schema.ts";
import { clearPostsAndUsers, DAY, NOW, post, user, vote } from "../../../tests/support/post-rows.ts";
import { countPostsByCategory, listTopContributors } from "./index.server.ts";

beforeEach(clearPostsAndUsers);

describe("listTopContributors and countPostsByCategory", () => {
  it("ranks authors by the upvotes their posts got in the last 7 days", () => {
    const a = user("author_a");
    const b = user("author_b");
    const pa = post({ userId: a.id, ageMs: 30 * DAY });
    const pb = post({ userId: b.id, ageMs: 2 * DAY });
    vote(pa.id, 3, 0, NOW - DAY); // this week, on an old post: counts
    vote(pa.id, 10, 0, NOW - 10 * DAY); // last month: does not
    vote(pb.id, 2, 6, NOW - DAY); // downvotes do not count
    expect(listTopContributors({ limit: 5, now: NOW })).toEqual([
      { id: a.id, username: "author_a", upvotes: 3 },
      { id: b.id, username: "author_b", upvotes: 2 },
    ]);
    expect(listTopContributors({ limit: 1, now: NOW })).toHaveLength(1);
  });

  it("counts posts in each of the 20 categories", () => {
    const a = user();
    post({ userId: a.id, category: "DIY" });
    post({ userId: a.id, category: "DIY" });
    post({ userId: a.id, category: "Kids" });
    const counts = countPostsByCategory();
    expect(counts).toHaveLength(20);
    expect(counts.find((c) => c.name === "DIY")).toEqual({ name: "DIY", slug: "diy", postsCount: 2 });
    expect(counts.find((c) => c.name === "Kids")?.postsCount).toBe(1);
    expect(counts.find((c) => c.name === "Music")?.postsCount).toBe(0);
  });

  it("reads the kept counters, which follow a post moved or deleted by any statement", () => {
    const a = user();
    const moved = post({ userId: a.id, category: "DIY" });
    const gone = post({ userId: a.id, category: "Kids" });
    getDb().update(posts).set({ category: "Music" }).where(eq(posts.id, moved.id)).run();
    getDb().delete(posts).where(eq(posts.id, gone.id)).run();
    const count = (name: string) => countPostsByCategory().find((c) => c.name === name)?.postsCount;
    expect([count("DIY"), count("Kids"), count("Music")]).toEqual([0, 0, 1]);
    const kept = getDb().$client.prepare("SELECT posts_count FROM category_counts WHERE category = 'Music'").pluck().get();
    expect(kept).toBe(1);
  });
});
