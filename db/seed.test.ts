// The demo seed's video facts are the videos' own: a newcomer's first look at the site is not wrong.
import { describe, expect, it } from "vitest";
import { getDb } from "./client.server.ts";
import { posts } from "./schema.ts";
import { demoAccountPosts, seedDemo } from "./seed.ts";

describe("the demo seed's videos", () => {
  const now = Date.UTC(2026, 0, 1);
  seedDemo(getDb(), { hashPassword: () => "not-a-hash", now });
  const rows = getDb().select().from(posts).all();

  it("says 'Me at the zoo' went up on 23 April 2005, by jawed", () => {
    const zoo = rows.filter((p) => p.videoId === "jNQXAC9IVRw");
    expect(zoo.length).toBeGreaterThan(0);
    for (const post of zoo) {
      expect(post).toMatchObject({ videoTitle: "Me at the zoo", videoChannel: "jawed" });
      // The day in California (YouTube's) and in UTC alike.
      expect(post.videoPublishedAt?.toISOString().slice(0, 10)).toBe("2005-04-23");
    }
  });

  it("gives each video one set of facts, none published after YouTube began or after its post", () => {
    const byVideo = new Map<string, string>();
    for (const post of rows) {
      const facts = JSON.stringify([post.videoTitle, post.videoChannel, post.videoPublishedAt?.toISOString() ?? null]);
      expect(byVideo.get(post.videoId) ?? facts, post.videoId).toBe(facts);
      byVideo.set(post.videoId, facts);
      if (post.videoPublishedAt) {
        expect(post.videoPublishedAt.getTime()).toBeGreaterThanOrEqual(Date.UTC(2005, 3, 23));
        expect(post.videoPublishedAt.getTime()).toBeLessThan(post.createdAt.getTime());
      }
    }
    expect(byVideo.size).toBeGreaterThan(10);
    // The demo account's posts, brought back by an admin's reset, say the same.
    for (const post of demoAccountPosts()) {
      expect(JSON.stringify([post.videoTitle, post.videoChannel, post.videoPublishedAt?.toISOString() ?? null]), post.videoId).toBe(byVideo.get(post.videoId));
    }
  });
});
