// HTTP contract of the profile and follow calls (docs/product.md §7) and the no-JS follow and
// edit forms, against the built server: shapes, orders, bad ids, other users' ids, visitors.
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

const BAD_IDS = ["abc", "0", "-1", "007", "1.5", "99999999"];
const AUTH = "Authentication required. Please log in.";

describe("GET /api/users/:id", () => {
  it("answers the profile with defaults, badges and isFollowingUser; email only for yourself", async () => {
    let res = await api.fetch(`/api/users/${alice.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const visitor = await res.json();
    expect(visitor).toEqual({
      id: alice.id,
      username: alice.username,
      displayName: alice.username,
      bio: "This user hasn't added a bio yet.",
      isAdmin: false,
      postsCount: 0,
      followersCount: 0,
      followingCount: 0,
      joinDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      location: "Unknown",
      occupation: "Not specified",
      website: null,
      badges: [
        { name: "New User", icon: "rocket", earned: true, rule: expect.any(String) },
        { name: "Commenter", icon: "medal", earned: false, rule: expect.any(String) },
        { name: "Upvoter", icon: "fire", earned: false, rule: expect.any(String) },
        { name: "Contributor", icon: "crown", earned: false, rule: expect.any(String) },
      ],
      isFollowingUser: false,
    });
    res = await api.fetch(`/api/users/${alice.id}`, { user: bob });
    expect(await res.json()).not.toHaveProperty("email");
    res = await api.fetch(`/api/users/${alice.id}`, { user: alice });
    const own = await res.json();
    expect(own.email).toBe(`${alice.username}@example.com`);
    expect(JSON.stringify(own)).not.toMatch(/password|hash/i);
  });

  it("is 404 'User not found' for unknown and malformed ids", async () => {
    for (const id of BAD_IDS) await expectError(await api.fetch(`/api/users/${id}`), 404, "User not found");
  });

  it("still answers /api/users/top/contributors there", async () => {
    const res = await api.fetch("/api/users/top/contributors?limit=4");
    expect(res.status).toBe(200);
    expect(Array.isArray(await res.json())).toBe(true);
  });
});

describe("PATCH /api/users/:id", () => {
  it("updates your own profile and answers it", async () => {
    const me = await api.user();
    const res = await api.fetch(`/api/users/${me.id}`, {
      method: "PATCH",
      user: me,
      json: { bio: "I collect comments", displayName: "Collector", location: "Lisbon", occupation: "Curator", website: "https://example.org" },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: me.id, bio: "I collect comments", displayName: "Collector", location: "Lisbon", website: "https://example.org", email: expect.any(String) });
    const again = await (await api.fetch(`/api/users/${me.id}`)).json();
    expect(again).toMatchObject({ bio: "I collect comments", occupation: "Curator" });
  });

  it("checks 401, then 403, then 400, in that order", async () => {
    const tooLong = { bio: "x".repeat(301) };
    await expectError(await api.fetch(`/api/users/${alice.id}`, { method: "PATCH", json: tooLong }), 401, AUTH);
    await expectError(await api.fetch(`/api/users/${alice.id}`, { method: "PATCH", user: bob, json: tooLong }), 403);
    await expectError(await api.fetch(`/api/users/${alice.id}`, { method: "PATCH", user: alice, json: tooLong }), 400, "Bio must be at most 300 characters");
    await expectError(await api.fetch(`/api/users/${alice.id}`, { method: "PATCH", user: alice, json: { website: "ftp://x.org" } }), 400);
    await expectError(await api.fetch(`/api/users/${alice.id}`, { method: "PATCH", user: alice, json: { displayName: "d".repeat(51) } }), 400);
    await expectError(await api.fetch(`/api/users/${alice.id}`, { method: "PATCH", user: alice, json: [1] }), 400);
    await expectError(await api.fetch(`/api/users/abc`, { method: "PATCH", user: alice, json: {} }), 404, "User not found");
    await expectError(await api.fetch(`/api/users/${alice.id}`, { method: "PUT", user: alice, json: {} }), 405);
    const stored = api.db.get<{ bio: string | null }>(sql`SELECT bio FROM users WHERE id = ${alice.id}`)!;
    expect(stored.bio).toBeNull();
  });
});

describe("GET /api/users/:id/{posts,comments,upvoted,saved}", () => {
  it("each is an array in its tab's order with limit and offset", async () => {
    const me = await api.user();
    const other = await api.user();
    const t = Date.now() - 100_000;
    const p1 = api.post(me.id, { title: "first", createdAt: new Date(t) });
    const p2 = api.post(me.id, { title: "second", createdAt: new Date(t + 1000) });
    const theirs = [api.post(other.id), api.post(other.id), api.post(other.id)];
    let res = await api.fetch(`/api/users/${me.id}/posts`);
    expect((await res.json()).map((p: { id: number }) => p.id)).toEqual([p2.id, p1.id]);
    res = await api.fetch(`/api/users/${me.id}/posts?limit=1&offset=1`);
    expect((await res.json()).map((p: { id: number }) => p.id)).toEqual([p1.id]);

    for (const [i, content] of ["an older comment", "a newer comment"].entries()) {
      const r = await api.fetch("/api/comments", { method: "POST", user: me, json: { postId: theirs[i].id, content } });
      expect(r.status).toBe(201);
    }
    res = await api.fetch(`/api/users/${me.id}/comments`);
    const comments = await res.json();
    expect(comments.map((c: { content: string; postTitle: string; postId: number }) => [c.content, c.postId])).toEqual([
      ["a newer comment", theirs[1].id],
      ["an older comment", theirs[0].id],
    ]);
    expect(comments[0].postTitle).toBe(theirs[1].title);

    for (const p of [theirs[2], theirs[0]]) {
      expect((await api.fetch("/api/votes", { method: "POST", user: me, json: { postId: p.id, isUpvote: true } })).status).toBe(200);
    }
    res = await api.fetch(`/api/users/${me.id}/upvoted`);
    expect((await res.json()).map((p: { id: number }) => p.id)).toEqual([theirs[0].id, theirs[2].id]);

    for (const p of [theirs[1], p1]) expect((await api.fetch(`/api/posts/${p.id}/save`, { method: "POST", user: me })).status).toBe(200);
    res = await api.fetch(`/api/users/${me.id}/saved`, { user: me });
    expect((await res.json()).map((p: { id: number }) => p.id)).toEqual([p1.id, theirs[1].id]);
    res = await api.fetch(`/api/users/${me.id}/saved?limit=1&offset=1`, { user: me });
    expect((await res.json()).map((p: { id: number }) => p.id)).toEqual([theirs[1].id]);
  });

  it("saved is 401 signed out and 403 for another member", async () => {
    await expectError(await api.fetch(`/api/users/${alice.id}/saved`), 401, "Authentication required to view saved posts");
    await expectError(await api.fetch(`/api/users/${alice.id}/saved`, { user: bob }), 403);
  });

  it("refuses bad ids (404) and bad limits (400)", async () => {
    for (const list of ["posts", "comments", "upvoted", "saved"]) {
      for (const id of BAD_IDS) await expectError(await api.fetch(`/api/users/${id}/${list}`, { user: alice }), 404, "User not found");
      await expectError(await api.fetch(`/api/users/${alice.id}/${list}?limit=101`, { user: alice }), 400, "limit must be at most 100");
      await expectError(await api.fetch(`/api/users/${alice.id}/${list}?offset=-1`, { user: alice }), 400);
    }
  });
});

describe("POST and DELETE /api/users/:id/follow", () => {
  it("follows and unfollows, twice changing nothing", async () => {
    const star = await api.user();
    const fan = await api.user();
    const follow = () => api.fetch(`/api/users/${star.id}/follow`, { method: "POST", user: fan });
    const unfollow = () => api.fetch(`/api/users/${star.id}/follow`, { method: "DELETE", user: fan });
    let res = await follow();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ following: true, followersCount: 1 });
    expect(await (await follow()).json()).toEqual({ following: true, followersCount: 1 });
    expect(await (await api.fetch(`/api/users/${star.id}`, { user: fan })).json()).toMatchObject({ isFollowingUser: true, followersCount: 1 });
    expect(await (await api.fetch(`/api/users/${fan.id}`)).json()).toMatchObject({ followingCount: 1 });
    expect(await (await unfollow()).json()).toEqual({ following: false, followersCount: 0 });
    expect(await (await unfollow()).json()).toEqual({ following: false, followersCount: 0 });
    const n = api.db.get<{ n: number }>(sql`SELECT count(*) AS n FROM notifications WHERE user_id = ${star.id} AND type = 'new_follower'`)!.n;
    expect(n).toBe(1);
  });

  it("401 signed out, 400 yourself, 404 unknown member, 405 GET", async () => {
    await expectError(await api.fetch(`/api/users/${alice.id}/follow`, { method: "POST" }), 401, AUTH);
    await expectError(await api.fetch(`/api/users/${alice.id}/follow`, { method: "DELETE" }), 401, AUTH);
    await expectError(await api.fetch(`/api/users/${alice.id}/follow`, { method: "POST", user: alice }), 400, "You cannot follow yourself");
    for (const id of BAD_IDS) await expectError(await api.fetch(`/api/users/${id}/follow`, { method: "POST", user: alice }), 404, "User not found");
    await expectError(await api.fetch(`/api/users/${alice.id}/follow`, { user: alice }), 405);
  });
});

describe("the no-JS follow and edit forms", () => {
  it("POST /profile/:id/follow → 303 back with 'Following' / 'Unfollowed'", async () => {
    const star = await api.user();
    const fan = await api.user();
    const headers = { Referer: `${api.url}/profile/${star.id}` };
    let res = await api.fetch(`/profile/${star.id}/follow`, { method: "POST", user: fan, form: { intent: "follow" }, headers });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/profile/${star.id}`);
    expect(await readToast(res)).toMatchObject({ type: "success", title: "Following" });
    res = await api.fetch(`/profile/${star.id}/follow`, { method: "POST", user: fan, form: { intent: "unfollow" }, headers });
    expect(await readToast(res)).toMatchObject({ title: "Unfollowed" });
    res = await api.fetch(`/profile/${fan.id}/follow`, { method: "POST", user: fan, form: { intent: "follow" }, headers });
    expect(await readToast(res)).toMatchObject({ type: "error", title: "Invalid action", description: "You cannot follow yourself" });
    res = await api.fetch(`/profile/99999999/follow`, { method: "POST", user: fan, form: { intent: "follow" }, headers });
    expect(await readToast(res)).toMatchObject({ type: "error", title: "Failed to follow user", description: "User not found" });
  });

  it("a visitor is sent to /auth?redirectTo=/profile/{id} with 'Please log in to follow users'", async () => {
    const res = await api.fetch(`/profile/${alice.id}/follow`, { method: "POST", form: { intent: "follow" }, headers: { Referer: `${api.url}/profile/${alice.id}` } });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/auth?redirectTo=${encodeURIComponent(`/profile/${alice.id}`)}`);
    expect(await readToast(res)).toMatchObject({ title: "Authentication required", description: "Please log in to follow users" });
  });

  it("the edit form saves ('Profile updated'), re-renders over 300 with the message, refuses others", async () => {
    const me = await api.user();
    const headers = { Referer: `${api.url}/profile/${me.id}/about?edit=profile` };
    const form = { intent: "update-profile", bio: "Hello from the form", displayName: "", location: "Oslo", occupation: "", website: "" };
    let res = await api.fetch(`/profile/${me.id}?edit=profile`, { method: "POST", user: me, form, headers });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/profile/${me.id}/about`);
    expect(await readToast(res)).toMatchObject({ title: "Profile updated" });
    expect(await (await api.fetch(`/api/users/${me.id}`)).json()).toMatchObject({ bio: "Hello from the form", location: "Oslo" });

    res = await api.fetch(`/profile/${me.id}?edit=profile`, { method: "POST", user: me, form: { ...form, bio: "y".repeat(301) }, headers });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Bio must be at most 300 characters");

    res = await api.fetch(`/profile/${me.id}?edit=profile`, { method: "POST", user: bob, form, headers });
    expect(res.status).toBe(303);
    expect(await readToast(res)).toMatchObject({ type: "error", title: "Failed to update bio" });
    expect(await (await api.fetch(`/api/users/${me.id}`)).json()).toMatchObject({ bio: "Hello from the form" });
  });
});

describe("the profile pages", () => {
  it("answer every tab, and 404 'User not found' for unknown or malformed ids", async () => {
    for (const tab of ["", "/comments", "/upvoted", "/saved", "/about"]) {
      const res = await api.fetch(`/profile/${alice.id}${tab}`);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      for (const id of ["abc", "99999999"]) {
        const missing = await api.fetch(`/profile/${id}${tab}`);
        expect(missing.status).toBe(404);
        expect(await missing.text()).toContain("User not found");
      }
    }
  });

  it("/?sort=following sends a visitor to sign in and back", async () => {
    const res = await api.fetch("/?sort=following");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/auth?redirectTo=${encodeURIComponent("/?sort=following")}`);
    expect((await api.fetch("/?sort=following", { user: alice })).status).toBe(200);
  });
});
