// The same text again and again is held (docs/product.md §11 "Spam"; issue 37): a comment or post whose
// normalised text matches one another new account wrote in the last REPEAT_WINDOW_HOURS waits in the
// queue, and the copy that was published first goes back to the queue with it. A member of long
// standing saying the same thing is not held, nor a new account repeating itself.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comments, heldItems, posts } from "#db/schema.ts";
import { readToast, startApiServer, type ApiClient, type ApiUser } from "../support/api-client.ts";

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

  it("an edit to a text another new account wrote waits like a new repeat: PATCH, the page's form and a post's title alike (issue 45, finding 5)", async () => {
    const author = await api.user();
    const post = api.post(author.id);
    const [a, b] = [await newcomer(), await newcomer()];
    const id = async (res: Response) => ((await res.json()) as { id: number }).id;
    const first = await id(await comment(a, post.id, `A first and unique remark ${crypto.randomBytes(3).toString("hex")}`));
    const second = await id(await comment(b, post.id, `Another unique remark entirely ${crypto.randomBytes(3).toString("hex")}`));
    expect(visible(post.id)).toHaveLength(2);
    const wave = `Cheap followers at my page ${crypto.randomBytes(3).toString("hex")} now`;
    const edited = await api.fetch(`/api/comments/${first}`, { method: "PATCH", user: a, json: { content: wave } });
    expect(edited.status).toBe(200);
    expect(visible(post.id)).toContain(wave);
    // The second account's edit, by the page's form (no JavaScript): it waits, and so does the first copy.
    const form = await api.fetch(`/comments/${second}/edit`, { method: "POST", user: b, form: { content: `${wave.toUpperCase()}!` }, headers: { Referer: `${api.url}/post/${post.id}` } });
    expect(form.status).toBe(303);
    expect(await readToast(form)).toMatchObject({ title: "Waiting for review" });
    expect(visible(post.id)).toEqual([]);
    expect(heldOf(b.id).map((h) => h.reason)).toEqual(["repeated"]);
    expect(heldOf(a.id).map((h) => [h.reason, h.content])).toEqual([["repeated", wave]]);
    expect(api.db.select({ n: posts.commentsCount }).from(posts).where(eq(posts.id, post.id)).get()!.n).toBe(0);

    // A post's title is text too: two new accounts' posts edited to the same title.
    const [c, d] = [await newcomer(), await newcomer()];
    const [pc, pd] = [api.post(c.id, { title: `Unique title one ${crypto.randomBytes(3).toString("hex")}` }), api.post(d.id, { title: `Unique title two ${crypto.randomBytes(3).toString("hex")}` })];
    const title = `Visit my channel for prizes ${crypto.randomBytes(3).toString("hex")}`;
    expect((await api.fetch(`/api/posts/${pc.id}`, { method: "PATCH", user: c, json: { title } })).status).toBe(200);
    const repeat = await api.fetch(`/api/posts/${pd.id}`, { method: "PATCH", user: d, json: { title } });
    expect(repeat.status).toBe(202);
    expect(api.db.select().from(posts).where(eq(posts.id, pd.id)).get()).toBeUndefined();
    expect(api.db.select().from(posts).where(eq(posts.id, pc.id)).get()).toBeUndefined();
    expect(heldOf(d.id).map((h) => h.reason)).toEqual(["repeated"]);
    expect(heldOf(c.id).map((h) => h.reason)).toEqual(["repeated"]);
  });
});
