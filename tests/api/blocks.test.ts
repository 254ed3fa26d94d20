// HTTP contract of blocks (docs/product.md §7, §11): POST/DELETE /api/users/:id/block, GET
// /api/me/blocks, the no-JS form, and what a block changes in the other calls (403 on replies and
// follows, the blocker's feed and thread).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createComment } from "~/models/comment.server.ts";
import { readToast, startApiServer, type ApiClient, type ApiUser } from "../support/api-client.ts";
import { expectError } from "../support/expect-error.ts";

let api: ApiClient;
let alice: ApiUser;

beforeAll(async () => {
  api = await startApiServer();
  alice = await api.user();
});
afterAll(() => api.stop());

const BAD_IDS = ["abc", "0", "-1", "007", "1.5", "99999999"];
const AUTH = "Authentication required. Please log in.";
const NO_INTERACTION = "You can't interact with this member.";
const STUB = "[comment from a member you blocked]";

describe("POST and DELETE /api/users/:id/block, GET /api/me/blocks", () => {
  it("blocks and unblocks, twice changing nothing; the list has the blocked member", async () => {
    const me = await api.user();
    const pest = await api.user();
    const block = () => api.fetch(`/api/users/${pest.id}/block`, { method: "POST", user: me });
    const unblock = () => api.fetch(`/api/users/${pest.id}/block`, { method: "DELETE", user: me });
    let res = await block();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ blocked: true });
    expect(await (await block()).json()).toEqual({ blocked: true });
    res = await api.fetch("/api/me/blocks", { user: me });
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({
      blocks: [{ id: pest.id, username: pest.username, displayName: pest.username, blockedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }],
    });
    expect(await (await api.fetch("/api/me/blocks", { user: pest })).json()).toEqual({ blocks: [] });
    expect(await (await unblock()).json()).toEqual({ blocked: false });
    expect(await (await unblock()).json()).toEqual({ blocked: false });
    expect(await (await api.fetch("/api/me/blocks", { user: me })).json()).toEqual({ blocks: [] });
  });

  it("answers 401 to visitors, 400 for yourself, 404 for unknown members, 405 for GET", async () => {
    await expectError(await api.fetch(`/api/users/${alice.id}/block`, { method: "POST" }), 401, AUTH);
    await expectError(await api.fetch(`/api/users/${alice.id}/block`, { method: "DELETE" }), 401, AUTH);
    await expectError(await api.fetch("/api/me/blocks"), 401, AUTH);
    await expectError(await api.fetch(`/api/users/${alice.id}/block`, { method: "POST", user: alice }), 400, "You cannot block yourself");
    for (const id of BAD_IDS) await expectError(await api.fetch(`/api/users/${id}/block`, { method: "POST", user: alice }), 404, "User not found");
    await expectError(await api.fetch(`/api/users/${alice.id}/block`, { user: alice }), 405);
  });
});

describe("what a block changes", () => {
  it("neither member can reply to or follow the other (403), both ways", async () => {
    const blocker = await api.user();
    const blocked = await api.user();
    const post = api.post(blocker.id);
    const parent = createComment({ userId: blocker.id, postId: post.id, content: "The blocker's comment" });
    const theirPost = api.post(blocked.id);
    await api.fetch(`/api/users/${blocked.id}/block`, { method: "POST", user: blocker });
    await expectError(
      await api.fetch("/api/comments", { method: "POST", user: blocked, json: { postId: post.id, parentId: parent.id, content: "A reply to you" } }),
      403,
      NO_INTERACTION,
    );
    await expectError(await api.fetch(`/api/users/${blocker.id}/follow`, { method: "POST", user: blocked }), 403, NO_INTERACTION);
    await expectError(await api.fetch(`/api/users/${blocked.id}/follow`, { method: "POST", user: blocker }), 403, NO_INTERACTION);
    await expectError(
      await api.fetch("/api/comments", { method: "POST", user: blocker, json: { postId: theirPost.id, content: "Under your post" } }),
      403,
      NO_INTERACTION,
    );
    await api.fetch(`/api/users/${blocked.id}/block`, { method: "DELETE", user: blocker });
    expect((await api.fetch(`/api/users/${blocker.id}/follow`, { method: "POST", user: blocked })).status).toBe(200);
  });

  it("a comment or an edit that @mentions the other is refused (403) by the JSON API and by the form alike", async () => {
    const blocker = await api.user();
    const blocked = await api.user();
    const post = api.post(alice.id);
    const mine = createComment({ userId: blocked.id, postId: post.id, content: "Nobody named here" });
    await api.fetch(`/api/users/${blocked.id}/block`, { method: "POST", user: blocker });
    const naming = `Look here @${blocker.username}`;
    await expectError(await api.fetch("/api/comments", { method: "POST", user: blocked, json: { postId: post.id, content: naming } }), 403, NO_INTERACTION);
    await expectError(await api.fetch(`/api/comments/${mine.id}`, { method: "PATCH", user: blocked, json: { content: naming } }), 403, NO_INTERACTION);
    const res = await api.fetch(`/post/${post.id}/comments`, { method: "POST", user: blocked, form: { content: naming }, headers: { Referer: `${api.url}/post/${post.id}` } });
    expect(res.status).toBe(303);
    expect(await readToast(res)).toMatchObject({ type: "error", description: NO_INTERACTION });
    const edit = await api.fetch(`/comments/${mine.id}/edit`, { method: "POST", user: blocked, form: { content: naming, commentId: String(mine.id) }, headers: { Referer: `${api.url}/post/${post.id}` } });
    expect(await readToast(edit)).toMatchObject({ type: "error", description: NO_INTERACTION });
    const thread = (await (await api.fetch(`/api/posts/${post.id}/comments`, { user: alice })).json()) as { content: string }[];
    expect(thread.map((c) => c.content)).toEqual(["Nobody named here"]);
  });

  it("the blocker's feed leaves out the blocked member's posts and the thread collapses their comments; others see them", async () => {
    const blocker = await api.user();
    const blocked = await api.user();
    const hidden = api.post(blocked.id, { title: "A post by the blocked member" });
    const shown = api.post(alice.id, { title: "A post by someone else" });
    const rude = createComment({ userId: blocked.id, postId: shown.id, content: "Something rude" });
    createComment({ userId: alice.id, postId: shown.id, content: "A reply below it", parentId: rude.id });
    await api.fetch(`/api/users/${blocked.id}/block`, { method: "POST", user: blocker });

    const feed = async (user: ApiUser) => ((await (await api.fetch("/api/posts?sortBy=new&limit=50", { user })).json()) as { id: number }[]).map((p) => p.id);
    expect(await feed(blocker)).not.toContain(hidden.id);
    expect(await feed(blocker)).toContain(shown.id);
    expect(await feed(alice)).toContain(hidden.id);

    type Comment = { id: number; parentId: number | null; content: string; userId: number | null };
    const thread = async (user: ApiUser) => (await (await api.fetch(`/api/posts/${shown.id}/comments`, { user })).json()) as Comment[];
    const seen = await thread(blocker);
    expect(seen.map((c) => [c.content, c.parentId])).toEqual([
      [STUB, null],
      ["A reply below it", rude.id],
    ]);
    expect(seen[0].userId).toBeNull();
    expect((await thread(alice))[0].content).toBe("Something rude");
  });
});

describe("the no-JS block form", () => {
  it("POST /profile/:id/block → 303 back with 'Member blocked' / 'Member unblocked'; a visitor signs in first", async () => {
    const me = await api.user();
    const other = await api.user();
    const headers = { Referer: `${api.url}/profile/${other.id}` };
    let res = await api.fetch(`/profile/${other.id}/block`, { method: "POST", user: me, form: { intent: "block" }, headers });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/profile/${other.id}`);
    expect(await readToast(res)).toMatchObject({ type: "success", title: "Member blocked" });
    const page = await (await api.fetch(`/profile/${other.id}`, { user: me })).text();
    expect(page).toContain(`Unblock ${other.username}`);
    res = await api.fetch(`/profile/${other.id}/block`, { method: "POST", user: me, form: { intent: "unblock" }, headers });
    expect(await readToast(res)).toMatchObject({ title: "Member unblocked" });
    res = await api.fetch(`/profile/${me.id}/block`, { method: "POST", user: me, form: { intent: "block" }, headers });
    expect(await readToast(res)).toMatchObject({ type: "error", title: "Failed to block member", description: "You cannot block yourself" });
    res = await api.fetch(`/profile/${other.id}/block`, { method: "POST", form: { intent: "block" }, headers });
    expect(res.headers.get("location")).toBe(`/auth?redirectTo=${encodeURIComponent(`/profile/${other.id}`)}`);
  });
});
