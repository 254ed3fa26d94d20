// HTTP contract of the admin calls (docs/product.md §7) and the admin forms, against the built server.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moderationLog, users } from "#db/schema.ts";
import { readToast, startApiServer, type ApiClient, type ApiUser } from "../support/api-client.ts";
import { uniqueName } from "../support/names.ts";
import { startServer } from "../support/server.ts";

let api: ApiClient;
let admin: ApiUser;
let member: ApiUser;

beforeAll(async () => {
  api = await startApiServer();
  admin = await api.user({ isAdmin: true });
  member = await api.user();
});
afterAll(() => api.stop());

async function expectError(res: Response, status: number, message?: string | RegExp) {
  expect(res.status).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/application\/json/);
  expect(res.headers.get("cache-control")).toBe("no-store");
  const body = (await res.json()) as { message: string };
  if (message !== undefined) expect(body.message).toMatch(message);
}

const logSize = () => api.db.select({ n: sql<number>`count(*)` }).from(moderationLog).get()!.n;
const userRow = (id: number) => api.db.select().from(users).where(eq(users.id, id)).get();

describe("every admin call refuses visitors (401) and members (403), changing nothing", () => {
  it.each([
    ["GET", "/api/admin/dashboard"],
    ["GET", "/api/admin/users"],
    ["POST", "/api/admin/users"],
    ["GET", "/api/admin/posts"],
    ["GET", "/api/admin/log"],
    ["DELETE", "/api/admin/users/:user"],
    ["POST", "/api/admin/users/:user/toggle-admin"],
    ["DELETE", "/api/admin/posts/:post"],
  ])("%s %s", async (method, template) => {
    const victim = await api.user();
    const post = api.post(victim.id);
    const path = template.replace(":user", String(victim.id)).replace(":post", String(post.id));
    const name = uniqueName();
    const json = method === "POST" && template === "/api/admin/users" ? { username: name, email: `${name}@example.com`, password: "secret1", isAdmin: true } : undefined;
    const entries = logSize();
    await expectError(await api.fetch(path, { method, json }), 401, "Authentication required. Please log in.");
    await expectError(await api.fetch(path, { method, json, user: member }), 403, "Admin access required.");
    expect(logSize()).toBe(entries);
    expect(userRow(victim.id)).toMatchObject({ isAdmin: false });
    expect(api.db.select().from(users).where(eq(users.username, name)).get()).toBeUndefined();
    expect((await api.fetch(`/api/posts/${post.id}`)).status).toBe(200);
  });
});

describe("as an admin", () => {
  it("GET /api/admin/dashboard answers the totals, recent users and top posts", async () => {
    const res = await api.fetch("/api/admin/dashboard", { user: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.json();
    for (const key of ["totalUsers", "totalPosts", "totalComments", "totalUpvotes"]) expect(typeof body[key]).toBe("number");
    expect(body.recentUsers[0]).toEqual({ id: expect.any(Number), username: expect.any(String), isAdmin: expect.any(Boolean), joinDate: expect.any(String) });
    expect(Array.isArray(body.topPosts)).toBe(true);
  });

  it("lists users and posts newest first, searchable, without password hashes", async () => {
    const tag = uniqueName("s").slice(0, 9);
    const res = await api.fetch("/api/admin/users", { user: admin });
    const list = await res.json();
    expect(Array.isArray(list)).toBe(true);
    expect(list.length).toBeLessThanOrEqual(50);
    expect(JSON.stringify(list)).not.toMatch(/passwordHash|password_hash|argon2/);
    const found = await (await api.fetch(`/api/admin/users?q=${encodeURIComponent(member.username.toUpperCase())}`, { user: admin })).json();
    expect(found.map((u: { id: number }) => u.id)).toEqual([member.id]);
    expect(found[0].email).toMatch(/@example\.com$/);
    const a = api.post(member.id, { title: `${tag} older` });
    const b = api.post(member.id, { title: `${tag} newer` });
    const posts = await (await api.fetch(`/api/admin/posts?q=${tag}&page=abc`, { user: admin })).json();
    expect(posts.map((p: { id: number }) => p.id)).toEqual([b.id, a.id]);
    expect(await (await api.fetch(`/api/admin/posts?q=${tag}&page=2`, { user: admin })).json()).toEqual([]);
  });

  it("POST /api/admin/users creates members and admins (201, no hash); bad or taken input is refused", async () => {
    const name = uniqueName();
    let res = await api.fetch("/api/admin/users", { method: "POST", user: admin, json: { username: name, email: `${name}@example.com`, password: "secret1", isAdmin: true } });
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created).toMatchObject({ username: name, email: `${name}@example.com`, isAdmin: true });
    expect(JSON.stringify(created)).not.toMatch(/password/i);
    const other = uniqueName();
    res = await api.fetch("/api/admin/users", { method: "POST", user: admin, json: { username: other, email: `${other}@example.com`, password: "secret1" } });
    expect(await res.json()).toMatchObject({ username: other, isAdmin: false });
    // The new account signs in with its password.
    expect((await api.fetch("/api/login", { method: "POST", json: { username: other, password: "secret1" } })).status).toBe(200);

    await expectError(await api.fetch("/api/admin/users", { method: "POST", user: admin, json: { username: name.toUpperCase(), email: "fresh@example.com", password: "secret1" } }), 409, "Username already exists");
    await expectError(await api.fetch("/api/admin/users", { method: "POST", user: admin, json: { username: uniqueName(), email: `${name}@EXAMPLE.com`, password: "secret1" } }), 409, "Email already exists");
    await expectError(await api.fetch("/api/admin/users", { method: "POST", user: admin, json: { username: "x", email: "bad", password: "1" } }), 400);
    await expectError(await api.fetch("/api/admin/users", { method: "POST", user: admin, json: { username: uniqueName(), email: "ok@example.com", password: "secret1", isAdmin: "yes" } }), 400);
  });

  it("toggles the admin role of others, never your own, and refuses bad and unknown ids", async () => {
    const target = await api.user();
    let res = await api.fetch(`/api/admin/users/${target.id}/toggle-admin`, { method: "POST", user: admin });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: target.id, username: target.username, isAdmin: true });
    res = await api.fetch(`/api/admin/users/${target.id}/toggle-admin`, { method: "POST", user: admin });
    expect(await res.json()).toMatchObject({ isAdmin: false });
    await expectError(await api.fetch(`/api/admin/users/${admin.id}/toggle-admin`, { method: "POST", user: admin }), 400, "You cannot change your own admin status.");
    await expectError(await api.fetch("/api/admin/users/abc/toggle-admin", { method: "POST", user: admin }), 404, "User not found");
    await expectError(await api.fetch("/api/admin/users/99999999/toggle-admin", { method: "POST", user: admin }), 404, "User not found");
    await expectError(await api.fetch(`/api/admin/users/${target.id}/toggle-admin`, { user: admin }), 405);
  });

  it("refuses to make a suspended member an admin (403) until the suspension is lifted", async () => {
    const target = await api.user();
    expect((await api.fetch(`/api/admin/users/${target.id}/suspend`, { method: "POST", user: admin, json: { reason: "Cooling off", until: null } })).status).toBe(200);
    await expectError(
      await api.fetch(`/api/admin/users/${target.id}/toggle-admin`, { method: "POST", user: admin }),
      403,
      "A suspended member cannot be made an admin: lift the suspension first.",
    );
    expect((await api.fetch(`/api/admin/users/${target.id}/suspension`, { method: "DELETE", user: admin })).status).toBe(200);
    expect(await (await api.fetch(`/api/admin/users/${target.id}/toggle-admin`, { method: "POST", user: admin })).json()).toMatchObject({ isAdmin: true });
  });

  it("deletes users (with a reason in the log) and posts; refuses yourself, bad and unknown ids", async () => {
    const victim = await api.user();
    const post = api.post(victim.id);
    const login = () => api.fetch("/api/login", { method: "POST", json: { username: victim.username, password: "test-password" } });
    expect((await login()).status).toBe(200);
    let res = await api.fetch(`/api/admin/users/${victim.id}`, { method: "DELETE", user: admin, json: { reason: "spam account" } });
    expect(res.status).toBe(200);
    expect(userRow(victim.id)).toBeUndefined();
    expect((await api.fetch(`/api/posts/${post.id}`)).status).toBe(404);
    // Their session no longer works, and they cannot sign in again.
    expect((await api.fetch("/api/user", { user: victim })).status).toBe(401);
    expect((await login()).status).toBe(401);
    // Their profile answers 'User not found'.
    const profile = await api.fetch(`/profile/${victim.id}`, { user: admin });
    expect(profile.status).toBe(404);
    expect(await profile.text()).toContain("User not found");
    const entry = api.db.select().from(moderationLog).orderBy(sql`id desc`).get();
    expect(entry).toMatchObject({ action: "delete_user", adminId: admin.id, targetId: victim.id, targetLabel: victim.username, reason: "spam account" });
    await expectError(await api.fetch(`/api/admin/users/${victim.id}`, { method: "DELETE", user: admin }), 404, "User not found");
    await expectError(await api.fetch(`/api/admin/users/${admin.id}`, { method: "DELETE", user: admin }), 400, /own account/);
    await expectError(await api.fetch("/api/admin/users/0", { method: "DELETE", user: admin }), 404);
    await expectError(await api.fetch(`/api/admin/users/${member.id}`, { method: "DELETE", user: admin, json: { reason: 5 } }), 400);
    expect(userRow(member.id)).toBeDefined();

    const other = api.post(member.id, { title: "Moderate me" });
    res = await api.fetch(`/api/admin/posts/${other.id}`, { method: "DELETE", user: admin });
    expect(res.status).toBe(200);
    expect((await api.fetch(`/api/posts/${other.id}`)).status).toBe(404);
    await expectError(await api.fetch(`/api/admin/posts/${other.id}`, { method: "DELETE", user: admin }), 404, "Post not found");
    await expectError(await api.fetch("/api/admin/posts/1e3", { method: "DELETE", user: admin }), 404, "Post not found");

    const log = await (await api.fetch("/api/admin/log", { user: admin })).json();
    expect(log[0]).toMatchObject({ action: "delete_post", targetKind: "post", targetId: other.id, targetLabel: "Moderate me", adminName: admin.username, reason: null });
  });

  it("refuses taking away the last admin", async () => {
    const solo = await api.user({ isAdmin: true });
    api.db.update(users).set({ isAdmin: false }).where(sql`${users.id} <> ${solo.id}`).run();
    try {
      await expectError(await api.fetch(`/api/admin/users/${solo.id}/toggle-admin`, { method: "POST", user: solo }), 400, "The site must keep at least one admin.");
      await expectError(await api.fetch(`/api/admin/users/${solo.id}`, { method: "DELETE", user: solo }), 400, "The site must keep at least one admin.");
      expect(userRow(solo.id)).toMatchObject({ isAdmin: true });
    } finally {
      api.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id)).run();
    }
  });
});

describe("the admin pages and forms", () => {
  it("guard /admin: visitors to /auth, members 403, admins the page; all no-store", async () => {
    let res = await api.fetch("/admin/users?q=x");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/auth?redirectTo=${encodeURIComponent("/admin/users?q=x")}`);
    res = await api.fetch("/admin", { user: member });
    expect(res.status).toBe(403);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.text()).toContain("Access Denied: You need admin permissions to access this page.");
    for (const path of ["/admin", "/admin/users", "/admin/posts", "/admin/log"]) {
      res = await api.fetch(path, { user: admin });
      expect(res.status, path).toBe(200);
      expect(res.headers.get("cache-control"), path).toBe("no-store");
    }
  });

  it("Make Admin without JavaScript: 303 back with the toast; a member's post changes nothing", async () => {
    const target = await api.user();
    const headers = { Referer: `${api.url}/admin/users?page=1` };
    let res = await api.fetch(`/admin/users/${target.id}/toggle-admin`, { method: "POST", user: admin, form: {}, headers });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/admin/users?page=1#user-${target.id}`);
    expect(await readToast(res)).toMatchObject({ title: "Admin Status Updated", description: `${target.username} is now an admin` });
    res = await api.fetch(`/admin/users/${target.id}/toggle-admin`, { method: "POST", user: member, form: {}, headers });
    expect(await readToast(res)).toMatchObject({ title: "Failed to update admin status. Please try again.", description: "Admin access required." });
    expect(userRow(target.id)).toMatchObject({ isAdmin: true });
  });

  it("the confirmed delete without JavaScript drops ?confirm and says why it failed", async () => {
    const victim = await api.user();
    const headers = { Referer: `${api.url}/admin/users?confirm=delete-user-${victim.id}` };
    let res = await api.fetch(`/admin/users/${victim.id}/delete`, { method: "POST", user: admin, form: { reason: "" }, headers });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/admin/users");
    expect(await readToast(res)).toMatchObject({ title: "User Deleted" });
    res = await api.fetch(`/admin/users/${admin.id}/delete`, { method: "POST", user: admin, form: {}, headers });
    expect(await readToast(res)).toMatchObject({ title: "Failed to delete user", description: /own account/ });
  });

  it("the create-user form answers taken names with the field error of docs/product.md §8", async () => {
    const res = await api.fetch("/admin/users", { method: "POST", user: admin, form: { username: member.username, email: "new@example.com", password: "secret1" } });
    expect(res.status).toBe(409);
    expect(await res.text()).toContain("This username is already taken. Please choose another one.");
  });
});

describe("the bootstrap admin (ADMIN_USERNAME)", () => {
  it("is created once; a restart never re-grants it nor brings it back after deletion", async () => {
    const name = uniqueName("chief");
    const env = { DATABASE_PATH: process.env.DATABASE_PATH!, ADMIN_USERNAME: name, ADMIN_PASSWORD: "chief-password", SESSION_SECRET: "x".repeat(32) };
    const restart = async () => (await startServer(env)).stop();
    const chief = () => api.db.select().from(users).where(eq(users.username, name)).get();

    await restart();
    expect(chief()).toMatchObject({ isAdmin: true });
    let res = await api.fetch(`/api/admin/users/${chief()!.id}/toggle-admin`, { method: "POST", user: admin });
    expect(await res.json()).toMatchObject({ username: name, isAdmin: false });
    await restart();
    expect(chief()).toMatchObject({ isAdmin: false });

    res = await api.fetch(`/api/admin/users/${chief()!.id}`, { method: "DELETE", user: admin });
    expect(res.status).toBe(200);
    await restart();
    expect(chief()).toBeUndefined();
  });
});
