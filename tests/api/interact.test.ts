// HTTP contract of the interactions (docs/product.md §7) and their no-JS form actions, against the built server.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readToast, startApiServer, type ApiClient, type ApiUser } from "../support/api-client.ts";
import { expectError } from "../support/expect-error.ts";

let api: ApiClient;
let alice: ApiUser;
let bob: ApiUser;

beforeAll(async () => {
  api = await startApiServer();
  alice = await api.user();
  bob = await api.user();
});
afterAll(() => api.stop());

const AUTH = /Authentication required/;

describe("POST /api/votes", () => {
  it("casts, switches and takes back a vote on a post", async () => {
    const post = api.post(alice.id);
    let res = await api.fetch("/api/votes", { method: "POST", user: bob, json: { postId: post.id, isUpvote: true } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toMatchObject({ vote: { userId: bob.id, postId: post.id, isUpvote: true }, upvotes: 1, downvotes: 0, score: 1 });
    res = await api.fetch("/api/votes", { method: "POST", user: bob, json: { postId: post.id, isUpvote: false } });
    expect(await res.json()).toMatchObject({ vote: { isUpvote: false }, upvotes: 0, downvotes: 1, score: -1 });
    res = await api.fetch("/api/votes", { method: "POST", user: bob, json: { postId: post.id, isUpvote: false, userId: bob.id } });
    expect(await res.json()).toMatchObject({ vote: null, upvotes: 0, downvotes: 0, score: 0 });
  });

  it("votes on comments", async () => {
    const post = api.post(alice.id);
    const created = await (await api.fetch("/api/comments", { method: "POST", user: alice, json: { postId: post.id, content: "vote on me" } })).json();
    const res = await api.fetch("/api/votes", { method: "POST", user: bob, json: { commentId: created.id, isUpvote: true } });
    expect(await res.json()).toMatchObject({ vote: { commentId: created.id, postId: null, isUpvote: true }, upvotes: 1, downvotes: 0 });
  });

  it("refuses visitors, bad input, other users' ids and missing targets", async () => {
    const post = api.post(alice.id);
    await expectError(await api.fetch("/api/votes", { method: "POST", json: { postId: post.id, isUpvote: true } }), 401, AUTH);
    await expectError(await api.fetch("/api/votes", { method: "POST", user: bob, body: "{not json", headers: { "Content-Type": "application/json" } }), 400);
    await expectError(await api.fetch("/api/votes", { method: "POST", user: bob, json: { isUpvote: true } }), 400, "Give either postId or commentId");
    await expectError(await api.fetch("/api/votes", { method: "POST", user: bob, json: { postId: post.id, commentId: 1, isUpvote: true } }), 400);
    await expectError(await api.fetch("/api/votes", { method: "POST", user: bob, json: { postId: post.id, isUpvote: "yes" } }), 400);
    await expectError(await api.fetch("/api/votes", { method: "POST", user: bob, json: { postId: -4, isUpvote: true } }), 400);
    await expectError(await api.fetch("/api/votes", { method: "POST", user: bob, json: [1, 2] }), 400);
    await expectError(await api.fetch("/api/votes", { method: "POST", user: bob, json: { userId: alice.id, postId: post.id, isUpvote: true } }), 403);
    await expectError(await api.fetch("/api/votes", { method: "POST", user: bob, json: { postId: 999999, isUpvote: true } }), 404, "Post not found");
    await expectError(await api.fetch("/api/votes", { method: "POST", user: bob, json: { commentId: 999999, isUpvote: true } }), 404, "Comment not found");
    await expectError(await api.fetch("/api/votes", { user: bob }), 405);
    // None of that touched the post.
    expect(api.db.get<{ n: number }>(sql`SELECT upvotes + downvotes AS n FROM posts WHERE id = ${post.id}`)!.n).toBe(0);
  });
});

describe("GET /api/votes/user/:userId/post/:postId and …/comment/:commentId", () => {
  it("answers your own vote with isUpvote, or null", async () => {
    const post = api.post(alice.id);
    let res = await api.fetch(`/api/votes/user/${bob.id}/post/${post.id}`, { user: bob });
    expect(res.status).toBe(200);
    expect(await res.json()).toBeNull();
    await api.fetch("/api/votes", { method: "POST", user: bob, json: { postId: post.id, isUpvote: false } });
    res = await api.fetch(`/api/votes/user/${bob.id}/post/${post.id}`, { user: bob });
    expect(await res.json()).toMatchObject({ userId: bob.id, postId: post.id, isUpvote: false });

    const comment = await (await api.fetch("/api/comments", { method: "POST", user: alice, json: { postId: post.id, content: "look up my vote" } })).json();
    res = await api.fetch(`/api/votes/user/${bob.id}/comment/${comment.id}`, { user: bob });
    expect(await res.json()).toBeNull();
    await api.fetch("/api/votes", { method: "POST", user: bob, json: { commentId: comment.id, isUpvote: true } });
    res = await api.fetch(`/api/votes/user/${bob.id}/comment/${comment.id}`, { user: bob });
    expect(await res.json()).toMatchObject({ commentId: comment.id, isUpvote: true });
  });

  it("is 401 for visitors, 403 for another user's votes and 404 for nonsense ids", async () => {
    const post = api.post(alice.id);
    await expectError(await api.fetch(`/api/votes/user/${bob.id}/post/${post.id}`), 401);
    await expectError(await api.fetch(`/api/votes/user/${alice.id}/post/${post.id}`, { user: bob }), 403);
    await expectError(await api.fetch(`/api/votes/user/${alice.id}/comment/1`, { user: bob }), 403);
    await expectError(await api.fetch(`/api/votes/user/abc/post/${post.id}`, { user: bob }), 404);
    await expectError(await api.fetch(`/api/votes/user/${bob.id}/post/0`, { user: bob }), 404);
    await expectError(await api.fetch(`/api/votes/user/${bob.id}/comment/1.5`, { user: bob }), 404);
  });
});

describe("POST /api/comments and DELETE /api/comments/:id", () => {
  it("creates comments and replies (201) and counts them", async () => {
    const post = api.post(alice.id);
    let res = await api.fetch("/api/comments", { method: "POST", user: bob, json: { postId: post.id, content: "A proper comment", userId: bob.id } });
    expect(res.status).toBe(201);
    const top = await res.json();
    expect(top).toMatchObject({ postId: post.id, userId: bob.id, username: bob.username, parentId: null, content: "A proper comment", upvotes: 0, downvotes: 0 });
    res = await api.fetch("/api/comments", { method: "POST", user: alice, json: { postId: post.id, content: "Yes", parentId: top.id } });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ parentId: top.id, content: "Yes" });
    expect(api.db.get<{ n: number }>(sql`SELECT comments_count AS n FROM posts WHERE id = ${post.id}`)!.n).toBe(2);
  });

  it("applies the length rules and refuses visitors, strangers' ids and missing targets", async () => {
    const post = api.post(alice.id);
    await expectError(await api.fetch("/api/comments", { method: "POST", json: { postId: post.id, content: "hello there" } }), 401, AUTH);
    await expectError(await api.fetch("/api/comments", { method: "POST", user: bob, json: { postId: post.id, content: "abcd" } }), 400, "Comment too short");
    await expectError(await api.fetch("/api/comments", { method: "POST", user: bob, json: { postId: post.id, content: "x".repeat(1001) } }), 400, /at most 1000/);
    await expectError(await api.fetch("/api/comments", { method: "POST", user: bob, json: { postId: post.id, content: "   " } }), 400, "Comment cannot be empty");
    await expectError(await api.fetch("/api/comments", { method: "POST", user: bob, json: { postId: post.id } }), 400);
    await expectError(await api.fetch("/api/comments", { method: "POST", user: bob, json: { content: "no post given" } }), 400);
    const top = await (await api.fetch("/api/comments", { method: "POST", user: bob, json: { postId: post.id, content: "parent comment" } })).json();
    await expectError(await api.fetch("/api/comments", { method: "POST", user: bob, json: { postId: post.id, content: "ab", parentId: top.id } }), 400, "Reply too short");
    await expectError(await api.fetch("/api/comments", { method: "POST", user: bob, json: { postId: post.id, content: "x".repeat(501), parentId: top.id } }), 400, /at most 500/);
    await expectError(await api.fetch("/api/comments", { method: "POST", user: bob, json: { postId: post.id, content: "someone else", userId: alice.id } }), 403);
    await expectError(await api.fetch("/api/comments", { method: "POST", user: bob, json: { postId: 999999, content: "nowhere to go" } }), 404, "Post not found");
    await expectError(await api.fetch("/api/comments", { method: "POST", user: bob, json: { postId: post.id, content: "orphan", parentId: 999999 } }), 404, "Comment not found");
    expect(api.db.get<{ n: number }>(sql`SELECT comments_count AS n FROM posts WHERE id = ${post.id}`)!.n).toBe(1);
  });

  it("lets only the author delete, keeping a placeholder while replies exist", async () => {
    const post = api.post(alice.id);
    const top = await (await api.fetch("/api/comments", { method: "POST", user: bob, json: { postId: post.id, content: "delete me later" } })).json();
    await api.fetch("/api/comments", { method: "POST", user: alice, json: { postId: post.id, content: "reply", parentId: top.id } });
    await expectError(await api.fetch(`/api/comments/${top.id}`, { method: "DELETE" }), 401);
    await expectError(await api.fetch(`/api/comments/${top.id}`, { method: "DELETE", user: alice }), 403);
    await expectError(await api.fetch(`/api/comments/999999`, { method: "DELETE", user: bob }), 404);
    await expectError(await api.fetch(`/api/comments/abc`, { method: "DELETE", user: bob }), 404);
    await expectError(await api.fetch(`/api/comments/${top.id}`, { method: "POST", user: bob }), 405);
    const res = await api.fetch(`/api/comments/${top.id}`, { method: "DELETE", user: bob });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: "Comment deleted", softDeleted: true });
    await expectError(await api.fetch(`/api/comments/${top.id}`, { method: "DELETE", user: bob }), 404);
    expect(api.db.get<{ n: number }>(sql`SELECT comments_count AS n FROM posts WHERE id = ${post.id}`)!.n).toBe(1);
  });
});

describe("saves", () => {
  it("POST saves, DELETE unsaves, GET …/saved tells", async () => {
    const post = api.post(alice.id);
    const saved = () => api.fetch(`/api/posts/${post.id}/saved`, { user: bob }).then((r) => r.json());
    expect(await saved()).toEqual({ isSaved: false });
    let res = await api.fetch(`/api/posts/${post.id}/save`, { method: "POST", user: bob });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ isSaved: true });
    expect(await saved()).toEqual({ isSaved: true });
    expect(await (await api.fetch(`/api/posts/${post.id}/saved`, { user: alice })).json()).toEqual({ isSaved: false });
    res = await api.fetch(`/api/posts/${post.id}/save`, { method: "DELETE", user: bob });
    expect(await res.json()).toEqual({ isSaved: false });
    expect(await saved()).toEqual({ isSaved: false });
  });

  it("is 401 for visitors and 404 for missing posts", async () => {
    await expectError(await api.fetch(`/api/posts/1/saved`), 401);
    await expectError(await api.fetch(`/api/posts/1/save`, { method: "POST" }), 401);
    await expectError(await api.fetch(`/api/posts/999999/saved`, { user: bob }), 404);
    await expectError(await api.fetch(`/api/posts/999999/save`, { method: "POST", user: bob }), 404);
    await expectError(await api.fetch(`/api/posts/nope/save`, { method: "DELETE", user: bob }), 404);
    await expectError(await api.fetch(`/api/posts/1/save`, { method: "PUT", user: bob }), 405);
  });
});

describe("DELETE /api/posts/:id", () => {
  it("is the author's alone; the post goes with everything hanging on it", async () => {
    const post = api.post(alice.id);
    await api.fetch("/api/comments", { method: "POST", user: bob, json: { postId: post.id, content: "soon gone" } });
    await api.fetch("/api/votes", { method: "POST", user: bob, json: { postId: post.id, isUpvote: true } });
    await api.fetch(`/api/posts/${post.id}/save`, { method: "POST", user: bob });
    await expectError(await api.fetch(`/api/posts/${post.id}`, { method: "DELETE" }), 401);
    await expectError(await api.fetch(`/api/posts/${post.id}`, { method: "DELETE", user: bob }), 403, "You can only delete your own posts.");
    await expectError(await api.fetch(`/api/posts/abc`, { method: "DELETE", user: alice }), 404);
    const res = await api.fetch(`/api/posts/${post.id}`, { method: "DELETE", user: alice });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: "Post deleted" });
    await expectError(await api.fetch(`/api/posts/${post.id}`, { method: "DELETE", user: alice }), 404, "Post not found");
    await expectError(await api.fetch(`/api/posts/${post.id}/saved`, { user: bob }), 404);
    const left = api.db.get<{ n: number }>(
      sql`SELECT (SELECT count(*) FROM comments WHERE post_id = ${post.id}) + (SELECT count(*) FROM votes WHERE post_id = ${post.id})
        + (SELECT count(*) FROM saves WHERE post_id = ${post.id}) + (SELECT count(*) FROM notifications WHERE post_id = ${post.id}) AS n`,
    )!.n;
    expect(left).toBe(0);
  });
});

describe("notifications", () => {
  it("lists your own, counts the unread and marks one or all read", async () => {
    const me = await api.user();
    const fan = await api.user();
    const post = api.post(me.id, { title: "Notify me" });
    await expectError(await api.fetch("/api/notifications"), 401);
    await expectError(await api.fetch("/api/notifications/unread/count"), 401);
    expect(await (await api.fetch("/api/notifications", { user: me })).json()).toEqual([]);

    await api.fetch("/api/votes", { method: "POST", user: fan, json: { postId: post.id, isUpvote: true } });
    await api.fetch("/api/comments", { method: "POST", user: fan, json: { postId: post.id, content: "Hello author" } });
    const list = await (await api.fetch("/api/notifications", { user: me })).json();
    expect(list.map((n: { type: string }) => n.type)).toEqual(["comment_on_post", "post_upvote"]);
    expect(list[1]).toMatchObject({ message: `${fan.username} upvoted your post "Notify me"`, isRead: false, postId: post.id });
    expect(await (await api.fetch("/api/notifications/unread/count", { user: me })).json()).toEqual({ count: 2 });
    // The fan hears nothing about their own actions.
    expect(await (await api.fetch("/api/notifications/unread/count", { user: fan })).json()).toEqual({ count: 0 });

    await expectError(await api.fetch(`/api/notifications/${list[0].id}/read`, { method: "PATCH" }), 401);
    await expectError(await api.fetch(`/api/notifications/${list[0].id}/read`, { method: "PATCH", user: fan }), 404);
    await expectError(await api.fetch(`/api/notifications/xyz/read`, { method: "PATCH", user: me }), 404);
    await expectError(await api.fetch(`/api/notifications/${list[0].id}/read`, { method: "POST", user: me }), 405);
    const read = await api.fetch(`/api/notifications/${list[0].id}/read`, { method: "PATCH", user: me });
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ id: list[0].id, isRead: true });
    expect(await (await api.fetch("/api/notifications/unread/count", { user: me })).json()).toEqual({ count: 1 });

    await expectError(await api.fetch("/api/notifications/read-all", { method: "PATCH" }), 401);
    const all = await api.fetch("/api/notifications/read-all", { method: "PATCH", user: me });
    expect(await all.json()).toEqual({ success: true, updated: 1 });
    expect(await (await api.fetch("/api/notifications/unread/count", { user: me })).json()).toEqual({ count: 0 });
  });
});

describe("form actions without JavaScript", () => {
  const from = (path: string) => ({ Referer: `${api.url}${path}` });

  it("send a visitor to sign in, coming back to the same place", async () => {
    const post = api.post(alice.id);
    const res = await api.fetch(`/post/${post.id}/vote`, { method: "POST", form: { direction: "up" }, headers: from(`/post/${post.id}?x=1`) });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get("location")!, api.url);
    expect(location.pathname).toBe("/auth");
    expect(location.searchParams.get("redirectTo")).toBe(`/post/${post.id}?x=1#post-${post.id}`);
    expect(await readToast(res)).toEqual({ type: "error", title: "Authentication required", description: "Please sign in to interact with comments." });
    const comment = await api.fetch(`/post/${post.id}/comments`, { method: "POST", form: { content: "hi there" }, headers: from(`/post/${post.id}`) });
    expect(new URL(comment.headers.get("location")!, api.url).searchParams.get("redirectTo")).toBe(`/post/${post.id}#comments`);
  });

  it("vote and answer 303 back to the page and anchor with a toast; a foreign Referer is ignored", async () => {
    const post = api.post(alice.id);
    let res = await api.fetch(`/post/${post.id}/vote`, { method: "POST", user: bob, form: { direction: "up" }, headers: from("/?sort=new") });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/?sort=new#post-${post.id}`);
    expect(await readToast(res)).toMatchObject({ title: "Upvoted" });
    res = await api.fetch(`/post/${post.id}/vote`, { method: "POST", user: bob, form: { direction: "up", anchor: "card-7" }, headers: { Referer: "https://evil.example/x" } });
    expect(res.headers.get("location")).toBe("/#card-7");
    expect(await readToast(res)).toMatchObject({ title: "Vote removed" });
    // The form names the vote its voter saw: the same press sent twice counts once.
    for (let i = 0; i < 2; i++) {
      res = await api.fetch(`/post/${post.id}/vote`, { method: "POST", user: bob, form: { direction: "down", seen: "none" }, headers: from("/") });
      expect(await readToast(res)).toMatchObject({ title: "Downvoted" });
    }
    expect(api.db.get<{ n: number }>(sql`SELECT downvotes AS n FROM posts WHERE id = ${post.id}`)!.n).toBe(1);
    res = await api.fetch(`/post/${post.id}/vote`, { method: "POST", user: bob, form: { direction: "down", seen: "down" }, headers: from("/") });
    expect(await readToast(res)).toMatchObject({ title: "Vote removed" });
    res = await api.fetch(`/post/${post.id}/vote`, { method: "POST", user: bob, form: { direction: "up", seen: "sideways" }, headers: from("/") });
    expect(await readToast(res)).toMatchObject({ type: "error", description: "Choose up or down" });
    res = await api.fetch(`/post/${post.id}/vote`, { method: "POST", user: bob, form: { direction: "sideways" }, headers: from("/") });
    expect(res.status).toBe(303);
    expect(await readToast(res)).toMatchObject({ type: "error", description: "Choose up or down" });
    res = await api.fetch(`/post/999999/vote`, { method: "POST", user: bob, form: { direction: "up" }, headers: from("/") });
    expect(await readToast(res)).toMatchObject({ type: "error", description: "Post not found" });
    res = await api.fetch(`/post/${post.id}/vote`, { method: "POST", user: bob, form: { direction: "up", userId: String(alice.id) }, headers: from("/") });
    expect(res.status).toBe(403);
    expect(api.db.get<{ n: number }>(sql`SELECT upvotes AS n FROM posts WHERE id = ${post.id}`)!.n).toBe(0);
    // GET on an action URL just shows the post.
    res = await api.fetch(`/post/${post.id}/vote`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/post/${post.id}`);
  });

  it("comment: too short comes back with the message and draft, blank is ignored, a good one lands on itself", async () => {
    const post = api.post(alice.id);
    let res = await api.fetch(`/post/${post.id}/comments`, { method: "POST", user: bob, form: { content: "abc" }, headers: from(`/post/${post.id}`) });
    expect(res.status).toBe(303);
    const back = new URL(res.headers.get("location")!, api.url);
    expect(back.pathname).toBe(`/post/${post.id}`);
    expect(back.searchParams.get("commentError")).toBe("Comment too short");
    // The text comes back by a flash cookie, never in the URL (history, logs).
    expect(back.searchParams.get("draft")).toBeNull();
    expect(res.headers.getSetCookie().some((c) => c.startsWith("chortle_draft=") && !c.includes("abc"))).toBe(true);
    expect(back.hash).toBe("#comments");
    expect(await readToast(res)).toEqual({ type: "error", title: "Failed to post comment", description: "Comment too short" });

    res = await api.fetch(`/post/${post.id}/comments`, { method: "POST", user: bob, form: { content: "   " }, headers: from(`/post/${post.id}`) });
    expect(res.headers.get("location")).toBe(`/post/${post.id}#comments`);
    expect(await readToast(res)).toBeNull();

    res = await api.fetch(`/post/${post.id}/comments`, {
      method: "POST",
      user: bob,
      form: { content: "A good comment" },
      headers: from(`/post/${post.id}?commentError=Comment+too+short&draft=abc`),
    });
    const id = api.db.get<{ id: number }>(sql`SELECT max(id) AS id FROM comments WHERE post_id = ${post.id}`)!.id;
    expect(res.headers.get("location")).toBe(`/post/${post.id}#comment-${id}`);
    expect(await readToast(res)).toMatchObject({ type: "success", title: "Comment posted!" });

    res = await api.fetch(`/post/${post.id}/comments`, { method: "POST", user: alice, form: { content: "no", parentId: String(id) }, headers: from(`/post/${post.id}?replyTo=${id}`) });
    const replyBack = new URL(res.headers.get("location")!, api.url);
    expect(replyBack.searchParams.get("replyTo")).toBe(String(id));
    expect(replyBack.searchParams.get("commentError")).toBe("Reply too short");
    expect(await readToast(res)).toMatchObject({ title: "Failed to post reply" });
    res = await api.fetch(`/post/${post.id}/comments`, { method: "POST", user: alice, form: { content: "yes!", parentId: String(id) }, headers: from(`/post/${post.id}?replyTo=${id}`) });
    expect(await readToast(res)).toMatchObject({ title: "Reply posted!" });
    expect(res.headers.get("location")).toMatch(new RegExp(`^/post/${post.id}#comment-\\d+$`));
  });

  it("save, delete comment and delete post answer with their toasts", async () => {
    const post = api.post(alice.id);
    let res = await api.fetch(`/post/${post.id}/save`, { method: "POST", user: bob, form: { intent: "save" }, headers: from("/") });
    expect(await readToast(res)).toMatchObject({ title: "Post saved" });
    res = await api.fetch(`/post/${post.id}/save`, { method: "POST", user: bob, form: { intent: "unsave" }, headers: from("/") });
    expect(await readToast(res)).toMatchObject({ title: "Post unsaved" });

    const c = await (await api.fetch("/api/comments", { method: "POST", user: bob, json: { postId: post.id, content: "to delete" } })).json();
    res = await api.fetch(`/comments/${c.id}/delete`, { method: "POST", user: alice, form: {}, headers: from(`/post/${post.id}`) });
    expect(await readToast(res)).toMatchObject({ type: "error", title: "Failed to delete comment", description: "You can only delete your own comments." });
    res = await api.fetch(`/comments/${c.id}/delete`, { method: "POST", user: bob, form: {}, headers: from(`/post/${post.id}`) });
    expect(res.headers.get("location")).toBe(`/post/${post.id}#comments`);
    expect(await readToast(res)).toMatchObject({ type: "success", title: "Comment deleted" });

    res = await api.fetch(`/post/${post.id}/delete`, { method: "POST", user: bob, form: {}, headers: from(`/profile/${alice.id}`) });
    expect(await readToast(res)).toMatchObject({ type: "error", title: "Failed to delete post" });
    res = await api.fetch(`/post/${post.id}/delete`, { method: "POST", user: alice, form: {}, headers: from(`/post/${post.id}`) });
    expect(res.headers.get("location")).toBe("/");
    expect(await readToast(res)).toMatchObject({ type: "success", title: "Post deleted" });
  });

  it("the notifications page marks all read and opens one at its post", async () => {
    const me = await api.user();
    const fan = await api.user();
    const post = api.post(me.id);
    await api.fetch("/api/votes", { method: "POST", user: fan, json: { postId: post.id, isUpvote: true } });
    await api.fetch("/api/comments", { method: "POST", user: fan, json: { postId: post.id, content: "knock knock" } });
    const [first] = await (await api.fetch("/api/notifications", { user: me })).json();

    let res = await api.fetch("/notifications");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/auth?redirectTo=%2Fnotifications");
    res = await api.fetch("/notifications", { user: me });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`${fan.username} commented on your post`);

    res = await api.fetch("/notifications", { method: "POST", user: me, form: { intent: "open", id: String(first.id) }, headers: from("/") });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/post/${post.id}`);
    res = await api.fetch("/notifications", { method: "POST", user: fan, form: { intent: "open", id: String(first.id) }, headers: from("/") });
    expect(await readToast(res)).toMatchObject({ type: "error", description: "Failed to mark notification as read: Notification not found" });
    expect(await (await api.fetch("/api/notifications/unread/count", { user: me })).json()).toEqual({ count: 1 });

    res = await api.fetch("/notifications", { method: "POST", user: me, form: { intent: "read-all" }, headers: from("/notifications") });
    expect(res.headers.get("location")).toBe("/notifications");
    expect(await readToast(res)).toEqual({ type: "success", title: "Success", description: "All notifications marked as read" });
    expect(await (await api.fetch("/api/notifications/unread/count", { user: me })).json()).toEqual({ count: 0 });
  });
});

describe("the server log", () => {
  it("shows no unexpected error from any of the requests above", () => {
    expect(api.server.logs()).not.toMatch(/Error|Unexpected/);
  });
});
