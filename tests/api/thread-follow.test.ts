// The post page's thread for a screen reader (nested lists that say each comment's level and whom it
// answers, dir="auto" on member text, absolute dates in <time> titles) and following a thread over
// JSON (PUT/DELETE /api/posts/:id/watch and /api/comments/:id/watch) and by the page's forms.
import * as cheerio from "cheerio";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createComment } from "~/models/comment.server.ts";
import { listNotifications } from "~/models/notification.server.ts";
import { startApiServer, type ApiClient } from "../support/api-client.ts";

let api: ApiClient;
beforeAll(async () => {
  api = await startApiServer();
});
afterAll(async () => {
  await api?.stop();
});

describe("the post page's thread", () => {
  it("nests replies as lists, says each comment's level and whom it replies to, marks member text dir=auto and dates with their absolute time", async () => {
    const author = await api.user();
    const [a, b] = [await api.user(), await api.user()];
    const post = api.post(author.id, { title: "שלום ladders", comment: "مرحبا funny" });
    const top = createComment({ userId: a.id, postId: post.id, content: "نص عربي first" });
    const reply = createComment({ userId: b.id, postId: post.id, parentId: top.id, content: "A reply" });
    createComment({ userId: a.id, postId: post.id, parentId: reply.id, content: "A reply to the reply" });
    const res = await api.fetch(`/post/${post.id}`);
    const $ = cheerio.load(await res.text());
    const first = $(`#comment-${top.id}`);
    expect(first.parent().is("ol")).toBe(true);
    expect(first.find("> details > summary .sr-only").text()).toContain(", level 1");
    const second = $(`#comment-${reply.id}`);
    expect(second.parent().is("ol.replies")).toBe(true);
    expect(second.parents("li").first().attr("id")).toBe(`comment-${top.id}`);
    expect(second.find("> details > summary .sr-only").text()).toContain(`, level 2, reply to ${a.username}`);
    expect($(`#comment-${reply.id} li summary .sr-only`).text()).toContain(`level 3, reply to ${b.username}`);
    expect(first.find(".cmt-text").attr("dir")).toBe("auto");
    expect($("h1").attr("dir")).toBe("auto");
    expect($(".said").attr("dir")).toBe("auto");
    const times = $("time");
    expect(times.length).toBeGreaterThan(3);
    times.each((_, t) => expect($(t).attr("title"), $.html(t)).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M$/));
  });
});

describe("following a thread", () => {
  it("PUT and DELETE /api/posts/:id/watch and /api/comments/:id/watch answer the state; the batched line reaches the follower", async () => {
    const author = await api.user();
    const follower = await api.user();
    const post = api.post(author.id, { title: "Busy thread" });
    const top = createComment({ userId: author.id, postId: post.id, content: "The first comment" });
    expect((await api.fetch(`/api/posts/${post.id}/watch`, { method: "PUT" })).status).toBe(401);
    expect((await api.fetch(`/api/posts/999999/watch`, { method: "PUT", user: follower })).status).toBe(404);
    expect((await api.fetch(`/api/posts/${post.id}/watch`, { method: "POST", user: follower })).status).toBe(405);
    const put = await api.fetch(`/api/posts/${post.id}/watch`, { method: "PUT", user: follower });
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({ following: true });
    const talker = await api.user();
    for (let i = 0; i < 4; i++) createComment({ userId: talker.id, postId: post.id, content: `Comment number ${i}` });
    expect(listNotifications({ userId: follower.id })).toEqual([expect.objectContaining({ type: "thread_activity", message: '4 new comments in "Busy thread"' })]);
    const json = await (await api.fetch("/api/notifications", { user: follower })).json();
    expect(json).toEqual([expect.objectContaining({ type: "thread_activity", postId: post.id })]);
    expect(await (await api.fetch(`/api/posts/${post.id}/watch`, { method: "DELETE", user: follower })).json()).toEqual({ following: false });
    // The author mutes replies to their own post, and follows again.
    expect(await (await api.fetch(`/api/posts/${post.id}/watch`, { method: "DELETE", user: author })).json()).toEqual({ following: false });
    expect(await (await api.fetch(`/api/comments/${top.id}/watch`, { method: "PUT", user: follower })).json()).toEqual({ following: true, postId: post.id });
    expect(await (await api.fetch(`/api/comments/${top.id}/watch`, { method: "DELETE", user: follower })).json()).toEqual({ following: false, postId: post.id });
    expect((await api.fetch(`/api/comments/999999/watch`, { method: "PUT", user: follower })).status).toBe(404);
  });

  it("the page's forms follow without JavaScript (303 back with a toast) and the page shows the state", async () => {
    const author = await api.user();
    const me = await api.user();
    const post = api.post(author.id, { title: "Form follow" });
    const top = createComment({ userId: author.id, postId: post.id, content: "A comment to follow" });
    const before = cheerio.load(await (await api.fetch(`/post/${post.id}`, { user: me })).text());
    expect(before(`form[action="/post/${post.id}/watch"] button`).text()).toContain("Follow this post");
    expect(before(`form[action="/comments/${top.id}/watch"] button`).text()).toBe("Follow replies");
    const res = await api.fetch(`/post/${post.id}/watch`, { method: "POST", user: me, form: { intent: "follow" }, headers: { Referer: `${api.url}/post/${post.id}` } });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/post/${post.id}#comments`);
    await api.fetch(`/comments/${top.id}/watch`, { method: "POST", user: me, form: { intent: "follow" } });
    const after = cheerio.load(await (await api.fetch(`/post/${post.id}`, { user: me })).text());
    expect(after(`form[action="/post/${post.id}/watch"] button`).attr("aria-pressed")).toBe("true");
    expect(after(`form[action="/post/${post.id}/watch"] button`).text()).toContain("Following this post");
    expect(after(`form[action="/comments/${top.id}/watch"] button`).text()).toBe("Following replies");
    // The author's own post: followed by default, the button mutes.
    const own = cheerio.load(await (await api.fetch(`/post/${post.id}`, { user: author })).text());
    expect(own(`form[action="/post/${post.id}/watch"] button`).text()).toContain("Mute replies");
    expect(own(`form[action="/post/${post.id}/watch"] button`).attr("aria-pressed")).toBe("false");
  });
});
