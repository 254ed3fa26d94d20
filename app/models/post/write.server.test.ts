import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "#db/client.server.ts";
import { hotScore } from "#db/hot.ts";
import { posts } from "#db/schema.ts";
import { Problem } from "~/lib/problem.ts";
import type { NewPostInput } from "~/rules/schemas/post-input.ts";
import { createPost } from "./write.server.ts";
import { createUser, getUserById } from "../user.server.ts";

let n = 0;
function newUser() {
  n++;
  return createUser({ username: `writer${n}`, email: `writer${n}@example.com`, passwordHash: "unused" });
}

const input: NewPostInput = {
  title: "A post from the test",
  comment: "The comment",
  commentAuthor: "@author",
  category: "Comedy",
  videoId: "dQw4w9WgXcQ",
  videoTitle: "Video",
  videoChannel: "Channel",
  videoThumbnail: "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg",
  videoViewCount: "42",
  videoPublishedAt: "2020-01-01T00:00:00Z",
};

describe("createPost", () => {
  it("stores the post with its hot rank and counts it on the author", () => {
    const user = newUser();
    const before = Date.now();
    const post = createPost({ userId: user.id, ...input });
    expect(post).toMatchObject({ userId: user.id, title: "A post from the test", videoViewCount: 42, upvotes: 0, downvotes: 0, score: 0 });
    expect(post.createdAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(post.videoPublishedAt).toEqual(new Date("2020-01-01T00:00:00Z"));
    expect(post.hot).toBe(hotScore(0, 0, post.createdAt.getTime()));
    expect(getDb().select().from(posts).where(eq(posts.id, post.id)).get()).toEqual(post);
    expect(getUserById({ id: user.id })?.postsCount).toBe(1);

    createPost({ userId: user.id, ...input });
    expect(getUserById({ id: user.id })?.postsCount).toBe(2);
  });

  it("leaves others' counters alone", () => {
    const author = newUser();
    const bystander = newUser();
    createPost({ userId: author.id, ...input });
    expect(getUserById({ id: bystander.id })?.postsCount).toBe(0);
  });

  it("writes nothing when the author does not exist", async () => {
    const before = await getDb().$count(posts);
    expect(() => createPost({ userId: 999_999, ...input })).toThrow();
    expect(await getDb().$count(posts)).toBe(before);
  });

  it("checks its input with the one schema: nothing invalid is stored", async () => {
    const user = newUser();
    const before = await getDb().$count(posts);
    for (const change of [{ title: "ab" }, { comment: "" }, { videoThumbnail: "https://tracker.example/x.gif" }, { category: "Cats" }]) {
      expect(() => createPost({ userId: user.id, ...input, ...change })).toThrow(Problem);
    }
    expect(await getDb().$count(posts)).toBe(before);
    expect(getUserById({ id: user.id })?.postsCount).toBe(0);
  });
});
