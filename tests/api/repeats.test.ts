// The same text again and again is held (docs/product.md §11 "Spam"; issue 37): a comment or post whose
// normalised text matches one another new account wrote in the last REPEAT_WINDOW_HOURS waits in the
// queue, and the copy that was published first goes back to the queue with it. A member of long
// standing saying the same thing is not held, nor a new account repeating itself.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comments, heldItems, posts } from "#db/schema.ts";
import { startApiServer, type ApiClient, type ApiUser } from "../support/api-client.ts";

let api: ApiClient;
beforeAll(async () => {
  api = await startApiServer();
});
afterAll(async () => {
  await api?.stop();
});

async function newcomer(): Promise<ApiUser> {
  const username = `rp${crypto.randomBytes(5).toString("hex")}`;
  const res = await api.fetch("/api/register", { method: "POST", json: { username, email: `${username}@example.com`, password: "a-good-password" } });
  const { id } = (await res.json()) as { id: number };
  return { id, username, cookie: res.headers.getSetCookie().find((c) => c.startsWith("chortle_session="))!.split(";")[0] };
}
const comment = (user: ApiUser, postId: number, content: string) => api.fetch("/api/comments", { method: "POST", user, json: { postId, content } });
const visible = (postId: number) => api.db.select({ content: comments.content }).from(comments).where(eq(comments.postId, postId)).all().map((c) => c.content);
const heldOf = (userId: number) => api.db.select().from(heldItems).where(eq(heldItems.userId, userId)).all();

describe("repeated text from new accounts", () => {
  it("the second new account's copy waits, and the first copy goes back to the queue with it", async () => {
    const author = await api.user();
    const post = api.post(author.id);
    const [a, b] = [await newcomer(), await newcomer()];
    const wave = `Best replica watches ${crypto.randomBytes(3).toString("hex")} cheap`;
    expect((await comment(a, post.id, wave)).status).toBe(201);
    expect(visible(post.id)).toEqual([wave]);
    expect(api.db.select({ n: posts.commentsCount }).from(posts).where(eq(posts.id, post.id)).get()!.n).toBe(1);

    const copy = await comment(b, post.id, `  ${wave.toUpperCase()}!!! `);
    expect(copy.status).toBe(202);
    expect(heldOf(b.id).map((h) => h.reason)).toEqual(["repeated"]);
    // The first copy is off the site and waits too; the post's count follows.
    expect(visible(post.id)).toEqual([]);
    expect(heldOf(a.id).map((h) => [h.reason, h.content])).toEqual([["repeated", wave]]);
    expect(api.db.select({ n: posts.commentsCount }).from(posts).where(eq(posts.id, post.id)).get()!.n).toBe(0);
  });

  it("a member of long standing's same words and a new account's own repeat go through", async () => {
    const author = await api.user();
    const post = api.post(author.id);
    const a = await newcomer();
    const text = `What a great video ${crypto.randomBytes(3).toString("hex")}`;
    expect((await comment(a, post.id, text)).status).toBe(201);
    expect((await comment(a, post.id, text)).status).toBe(201);
    expect((await comment(author, post.id, text)).status).toBe(201);
    expect(visible(post.id)).toHaveLength(3);
    expect(heldOf(a.id)).toEqual([]);
  });

  it("RATE_LIMIT=off (this server) turns a new account's budgets off too", async () => {
    const author = await api.user();
    const post = api.post(author.id);
    const a = await newcomer();
    for (let i = 0; i < 12; i++) expect((await comment(a, post.id, `Plain comment number ${i} ${crypto.randomBytes(3).toString("hex")}`)).status).toBe(201);
  });
});
