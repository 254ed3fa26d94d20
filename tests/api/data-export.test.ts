// 'Download my data' against the built server: the JSON endpoint and the about tab's plain link give
// one attachment with the member's own data (never a secret, nothing of another member's), at most
// once an hour; a visitor gets 401 (JSON) or the way to sign in (the page link).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { heldItems, users } from "#db/schema.ts";
import { readToast, startApiServer, type ApiClient, type ApiUser } from "../support/api-client.ts";

let api: ApiClient;
let alice: ApiUser;
let bob: ApiUser;
beforeAll(async () => {
  api = await startApiServer();
  alice = await api.user();
  bob = await api.user();
});
afterAll(() => api?.stop());

/** Lets the member export again, as if the hour had passed. */
const hourPassed = (user: ApiUser) => api.db.update(users).set({ dataExportedAt: new Date(Date.now() - 61 * 60 * 1000) }).where(eq(users.id, user.id)).run();

describe("GET /api/me/export", () => {
  it("a visitor gets 401", async () => {
    const res = await api.fetch("/api/me/export");
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: "Authentication required. Please log in." });
  });

  it("one attachment with the member's account, posts, comments, votes, saves, follows, waiting items, notifications, followed threads, e-mail choices and sessions; no secrets", async () => {
    const mine = api.post(alice.id, { title: "Alice's export post" });
    const theirs = api.post(bob.id, { title: "Bob's post" });
    const calls: [string, ApiUser, unknown][] = [
      ["/api/comments", alice, { postId: theirs.id, content: "A comment of Alice's" }],
      ["/api/comments", bob, { postId: mine.id, content: "Bob's comment, not Alice's" }],
      ["/api/votes", alice, { postId: theirs.id, isUpvote: true }],
      ["/api/votes", bob, { postId: mine.id, isUpvote: true }],
      [`/api/posts/${theirs.id}/save`, alice, {}],
      [`/api/users/${bob.id}/follow`, alice, {}],
      ["/api/me/mutes", alice, { kind: "word", value: "Spoilers" }],
    ];
    for (const [path, user, json] of calls) expect((await api.fetch(path, { method: "POST", user, json })).status, path).toBeLessThan(300);
    // A comment of hers that waits for a moderator is hers too (decision 0121).
    api.db.insert(heldItems).values({ kind: "comment", userId: alice.id, postId: theirs.id, content: "Waiting for a moderator: https://example.com/", reason: "link" }).run();
    expect((await api.fetch(`/api/posts/${theirs.id}/hide`, { method: "PUT", user: alice })).status).toBe(200);
    expect((await api.fetch(`/api/posts/${theirs.id}/watch`, { method: "PUT", user: alice })).status).toBe(200);
    expect((await api.fetch("/api/me/email-preferences", { method: "PATCH", user: alice, json: { mention: true } })).status).toBe(200);

    const res = await api.fetch("/api/me/export", { user: alice });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(res.headers.get("content-disposition")).toMatch(new RegExp(`^attachment; filename="chortle-${alice.username}-\\d{4}-\\d{2}-\\d{2}\\.json"$`));
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const text = await res.text();
    const data = JSON.parse(text);
    expect(data.account).toMatchObject({ id: alice.id, username: alice.username });
    expect(data.account.email).toMatch(/@/);
    expect(data.posts.map((p: { title: string }) => p.title)).toEqual(["Alice's export post"]);
    expect(data.comments.map((c: { content: string }) => c.content)).toEqual(["A comment of Alice's"]);
    expect(data.votes).toEqual([expect.objectContaining({ postId: theirs.id, direction: "up" })]);
    expect(data.saves).toEqual([expect.objectContaining({ postId: theirs.id })]);
    expect(data.following).toEqual([expect.objectContaining({ userId: bob.id, username: bob.username })]);
    expect(data.followers).toEqual([]);
    expect(data.mutes).toEqual([expect.objectContaining({ kind: "word", value: "spoilers" })]);
    expect(data.hiddenPosts).toEqual([expect.objectContaining({ postId: theirs.id })]);
    expect(data.waiting).toEqual([expect.objectContaining({ kind: "comment", postId: theirs.id, content: "Waiting for a moderator: https://example.com/" })]);
    // Bob's vote and comment on Alice's post notified her.
    expect(data.notifications.length).toBeGreaterThanOrEqual(2);
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(data.followedThreads).toEqual([expect.objectContaining({ postId: theirs.id, commentId: null, following: true })]);
    expect(data.emailPreferences).toMatchObject({ mention: true, weekly_digest: false });
    expect(data.mails).toEqual([]);
    // Secrets are not data: no hash, no token, no other member's e-mail.
    expect(text).not.toMatch(/passwordHash|password_hash|\$argon2|token/i);
    const bobRow = api.db.select().from(users).where(eq(users.id, bob.id)).get()!;
    expect(text).not.toContain(bobRow.email);
    expect(text).not.toContain("Bob's comment, not Alice's");
  });

  it("at most once an hour: 429 with Retry-After and the wait in words", async () => {
    hourPassed(bob);
    expect((await api.fetch("/api/me/export", { user: bob })).status).toBe(200);
    const again = await api.fetch("/api/me/export", { user: bob });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(3500);
    expect(await again.json()).toEqual({ message: "You can download your data once an hour. Please try again in 60 minutes." });
    hourPassed(bob);
    expect((await api.fetch("/api/me/export", { user: bob })).status).toBe(200);
  });
});

describe("GET /account/export (the about tab's link, no JavaScript needed)", () => {
  it("the owner's about tab links to it", async () => {
    const html = await (await api.fetch(`/profile/${alice.id}/about`, { user: alice })).text();
    expect(html).toContain('href="/account/export"');
    expect(html).toContain("Download my data");
    const other = await (await api.fetch(`/profile/${alice.id}/about`, { user: bob })).text();
    expect(other).not.toContain("/account/export");
  });

  it("downloads the file; within the hour it comes back to the about tab with the reason", async () => {
    const carol = await api.user();
    const res = await api.fetch("/account/export", { user: carol });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; /);
    expect(JSON.parse(await res.text()).account.id).toBe(carol.id);
    const again = await api.fetch("/account/export", { user: carol });
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe(`/profile/${carol.id}/about#account-export`);
    expect(await readToast(again)).toMatchObject({ type: "error", title: "Could not download your data", description: expect.stringMatching(/^You can download your data once an hour/) });
  });

  it("a visitor is sent to sign in and comes back", async () => {
    const res = await api.fetch("/account/export");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/auth?${new URLSearchParams({ redirectTo: "/account/export" })}`);
  });
});
