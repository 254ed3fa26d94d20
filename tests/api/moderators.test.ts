// Moderators and category moderators over HTTP (docs/product.md §6, §7; decision 0220): an admin
// gives the roles from the Users tab's form (JavaScript off) and PUT /api/admin/users/:id/role; a
// category moderator does their work within their categories and nothing more, by the form posted
// without JavaScript and by the JSON call alike.
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moderationLog, posts, users } from "#db/schema.ts";
import { fileReport } from "~/models/moderation/report.server.ts";
import { OUTRANKED, OUTSIDE_CATEGORIES, SITE_WIDE_ONLY } from "~/rules/role-rules.ts";
import { readToast, startApiServer, type ApiClient, type ApiUser } from "../support/api-client.ts";

let api: ApiClient;
let admin: ApiUser;
let music: ApiUser;
let moderator: ApiUser;
let member: ApiUser;
let author: ApiUser;

const ADMIN_REQUIRED = "Admin access required.";
const postExists = (id: number) => Boolean(api.db.select({ id: posts.id }).from(posts).where(eq(posts.id, id)).get());
const lastLog = () => api.db.select().from(moderationLog).orderBy(desc(moderationLog.id)).limit(1).get()!;
const emailOf = (id: number) => api.db.select({ email: users.email }).from(users).where(eq(users.id, id)).get()!.email;

async function expectJson(res: Response, status: number, message?: string) {
  expect(res.status).toBe(status);
  const body = (await res.json()) as { message?: string };
  if (message) expect(body.message).toBe(message);
  return body;
}

/** A form posted without JavaScript: 303 back with a toast. */
async function post(path: string, user: ApiUser, form: Record<string, string> = {}) {
  const res = await api.fetch(path, { method: "POST", user, form, headers: { Referer: `${api.url}/admin` } });
  expect(res.status, path).toBe(303);
  return readToast(res);
}

beforeAll(async () => {
  api = await startApiServer();
  admin = await api.user({ isAdmin: true });
  music = await api.user();
  moderator = await api.user();
  member = await api.user();
  author = await api.user();
});
afterAll(() => api.stop());

describe("an admin gives roles", () => {
  it("from the Users tab without JavaScript and by PUT /api/admin/users/:id/role, each logged with who gave it", async () => {
    const toast = await post(`/admin/users/${music.id}/role`, admin, { role: "category_moderator", "category.Music": "on" });
    expect(toast).toMatchObject({ title: "Role updated", description: `${music.username}: Category moderator of Music.` });
    expect(lastLog()).toMatchObject({ action: "grant_role", adminId: admin.id, targetId: music.id, reason: "Member → Category moderator of Music" });

    const body = await expectJson(await api.fetch(`/api/admin/users/${moderator.id}/role`, { method: "PUT", user: admin, json: { role: "moderator" } }), 200);
    expect(body).toMatchObject({ id: moderator.id, role: "moderator", categories: [] });
    expect(lastLog()).toMatchObject({ action: "grant_role", adminName: admin.username, targetId: moderator.id });

    // A category moderator needs a category; an unknown one is refused.
    await expectJson(await api.fetch(`/api/admin/users/${member.id}/role`, { method: "PUT", user: admin, json: { role: "category_moderator" } }), 400);
    await expectJson(await api.fetch(`/api/admin/users/${member.id}/role`, { method: "PUT", user: admin, json: { role: "category_moderator", categories: ["Knitting"] } }), 400);

    // Taken back: DELETE, logged as remove_role.
    const temp = await api.user();
    await expectJson(await api.fetch(`/api/admin/users/${temp.id}/role`, { method: "PUT", user: admin, json: { role: "category_moderator", categories: ["Gaming"] } }), 200);
    await expectJson(await api.fetch(`/api/admin/users/${temp.id}/role`, { method: "DELETE", user: admin }), 200);
    expect(lastLog()).toMatchObject({ action: "remove_role", targetId: temp.id, reason: "Category moderator of Gaming → Member" });

    // The Users tab shows the role.
    const page = await (await api.fetch(`/admin/users?q=${music.username}`, { user: admin })).text();
    expect(page).toContain("Category moderator of Music");
    expect(page).toContain(emailOf(music.id));
  });
});

describe("a category moderator", () => {
  it("removes a post of their category, by the form without JavaScript and by JSON", async () => {
    const first = api.post(author.id, { category: "Music", title: "A Music post to remove" });
    expect(await post(`/admin/posts/${first.id}/delete`, music, { reason: "Off topic" })).toMatchObject({ title: "Post Deleted" });
    expect(postExists(first.id)).toBe(false);
    expect(lastLog()).toMatchObject({ action: "delete_post", adminId: music.id, targetId: first.id });
    const second = api.post(author.id, { category: "Music" });
    await expectJson(await api.fetch(`/api/admin/posts/${second.id}`, { method: "DELETE", user: music, json: { reason: "Spam" } }), 200);
    expect(postExists(second.id)).toBe(false);
  });

  it("may not remove another category's post", async () => {
    const other = api.post(author.id, { category: "Gaming" });
    expect(await post(`/admin/posts/${other.id}/delete`, music)).toMatchObject({ title: "Failed to delete post", description: OUTSIDE_CATEGORIES });
    await expectJson(await api.fetch(`/api/admin/posts/${other.id}`, { method: "DELETE", user: music }), 403, OUTSIDE_CATEGORIES);
    expect(postExists(other.id)).toBe(true);
  });

  it("may not delete accounts, change roles or make accounts", async () => {
    expect(await post(`/admin/users/${member.id}/delete`, music)).toMatchObject({ description: ADMIN_REQUIRED });
    await expectJson(await api.fetch(`/api/admin/users/${member.id}`, { method: "DELETE", user: music }), 403, ADMIN_REQUIRED);
    expect(await post(`/admin/users/${member.id}/role`, music, { role: "moderator" })).toMatchObject({ description: ADMIN_REQUIRED });
    expect(await post(`/admin/users/${member.id}/toggle-admin`, music)).toMatchObject({ description: ADMIN_REQUIRED });
    await expectJson(await api.fetch(`/api/admin/users/${member.id}/role`, { method: "PUT", user: music, json: { role: "moderator" } }), 403, ADMIN_REQUIRED);
    await expectJson(await api.fetch(`/api/admin/users/${music.id}/role`, { method: "PUT", user: music, json: { role: "admin" } }), 403, ADMIN_REQUIRED);
    await expectJson(await api.fetch(`/api/admin/users/${member.id}/toggle-admin`, { method: "POST", user: music }), 403, ADMIN_REQUIRED);
    await expectJson(await api.fetch("/api/admin/users", { method: "POST", user: music, json: { username: "made_by_mod", email: "m@example.com", password: "secret1" } }), 403, ADMIN_REQUIRED);
    expect(api.db.select().from(users).where(eq(users.id, member.id)).get()).toMatchObject({ isAdmin: false, isModerator: false });
    const create = await api.fetch("/admin/users", { method: "POST", user: music, form: { username: "made_by_mod", email: "m@example.com", password: "secret1" } });
    expect(create.status).toBe(403);
  });

  it("may not see e-mail addresses: the Users tab and its JSON are a site-wide moderator's", async () => {
    expect((await api.fetch("/admin/users", { user: music })).status).toBe(403);
    await expectJson(await api.fetch("/api/admin/users", { user: music }), 403, SITE_WIDE_ONLY);
    const html = await (await api.fetch("/admin", { user: music })).text();
    expect(html).not.toContain('href="/admin/users"');
    expect(html).not.toContain("Reset the demo account");
    expect(html).toContain("You are a category moderator of Music.");
  });

  it("may not suspend from the Users tab, nor a moderator or an admin through a case", async () => {
    expect(await post(`/admin/users/${member.id}/suspend`, music, { intent: "suspend", reason: "Spam" })).toMatchObject({ description: SITE_WIDE_ONLY });
    await expectJson(await api.fetch(`/api/admin/users/${member.id}/suspend`, { method: "POST", user: music, json: { reason: "Spam", until: null } }), 403, SITE_WIDE_ONLY);
    expect(await post(`/admin/users/${member.id}/sweep`, music, { reason: "Spam" })).toMatchObject({ description: SITE_WIDE_ONLY });
    for (const higher of [moderator, admin]) {
      const theirs = api.post(higher.id, { category: "Music" });
      const { caseId } = fileReport({ reporterId: member.id, input: { targetType: "post", targetId: theirs.id, reason: "spam", note: null } });
      expect(await post(`/admin/reports/${caseId}/resolve`, music, { action: "suspend", reason: "No" })).toMatchObject({ description: OUTRANKED });
      await expectJson(await api.fetch(`/api/admin/reports/${caseId}/resolve`, { method: "POST", user: music, json: { action: "remove", reason: "No" } }), 403, OUTRANKED);
      expect(postExists(theirs.id)).toBe(true);
    }
  });

  it("sees only their categories' cases and posts; decides theirs (remove and suspend a member)", async () => {
    const mine = api.post(author.id, { category: "Music", title: "A reported Music post" });
    const theirs = api.post(author.id, { category: "Gaming", title: "A reported Gaming post" });
    const mineCase = fileReport({ reporterId: member.id, input: { targetType: "post", targetId: mine.id, reason: "spam", note: null } }).caseId;
    const theirsCase = fileReport({ reporterId: member.id, input: { targetType: "post", targetId: theirs.id, reason: "spam", note: null } }).caseId;
    const queue = await (await api.fetch("/admin/reports", { user: music })).text();
    expect(queue).toContain(`case-${mineCase}`);
    expect(queue).not.toContain(`case-${theirsCase}`);
    const { cases } = (await (await api.fetch("/api/admin/reports", { user: music })).json()) as { cases: { id: number }[] };
    expect(cases.map((c) => c.id)).toContain(mineCase);
    expect(cases.map((c) => c.id)).not.toContain(theirsCase);
    const listed = (await (await api.fetch("/api/admin/posts", { user: music })).json()) as { id: number; category: string }[];
    expect(listed.map((p) => p.id)).toContain(mine.id);
    expect(listed.every((p) => p.category === "Music")).toBe(true);

    await expectJson(await api.fetch(`/api/admin/reports/${theirsCase}/resolve`, { method: "POST", user: music, json: { action: "remove", reason: "Spam" } }), 403, OUTSIDE_CATEGORIES);
    expect(await post(`/admin/reports/${mineCase}/resolve`, music, { action: "suspend", reason: "Spam" })).toMatchObject({ title: expect.stringMatching(/suspended/i) });
    expect(postExists(mine.id)).toBe(false);
    expect(postExists(theirs.id)).toBe(true);
  });
});

describe("a site-wide moderator", () => {
  it("sees the Users tab without e-mail addresses and suspends members, not a moderator or an admin", async () => {
    const target = await api.user();
    const html = await (await api.fetch(`/admin/users?q=${target.username}`, { user: moderator })).text();
    expect(html).toContain(target.username);
    expect(html).not.toContain(emailOf(target.id));
    expect(html).not.toContain(`/admin/users/${target.id}/delete`);
    expect(html).not.toContain(`/admin/users/${target.id}/role`);
    const listed = (await (await api.fetch(`/api/admin/users?q=${target.username}`, { user: moderator })).json()) as Record<string, unknown>[];
    expect(listed).toHaveLength(1);
    expect(listed[0]).not.toHaveProperty("email");

    const other = await api.user();
    await expectJson(await api.fetch(`/api/admin/users/${other.id}/role`, { method: "PUT", user: admin, json: { role: "moderator" } }), 200);
    await expectJson(await api.fetch(`/api/admin/users/${other.id}/suspend`, { method: "POST", user: moderator, json: { reason: "No", until: null } }), 403, OUTRANKED);
    expect(await post(`/admin/users/${admin.id}/suspend`, moderator, { intent: "suspend", reason: "No" })).toMatchObject({ title: "Failed to suspend user" });
    await expectJson(await api.fetch(`/api/admin/users/${target.id}/suspend`, { method: "POST", user: moderator, json: { reason: "Spam", until: null } }), 200);
  });
});

describe("REQUIRE_ADMIN_2FA covers moderators", () => {
  let strict: ApiClient;
  beforeAll(async () => {
    strict = await startApiServer({ REQUIRE_ADMIN_2FA: "true" });
  });
  afterAll(() => strict?.stop());

  it("a category moderator without a second factor is sent to set it up, and refused the JSON calls", async () => {
    const person = await strict.user();
    await expectJson(await api.fetch(`/api/admin/users/${person.id}/role`, { method: "PUT", user: admin, json: { role: "category_moderator", categories: ["Music"] } }), 200);
    const page = await strict.fetch("/admin/reports", { user: person });
    expect([302, 303]).toContain(page.status);
    expect(page.headers.get("location")).toBe("/account/two-factor");
    const json = await strict.fetch("/api/admin/reports", { user: person });
    expect(json.status).toBe(403);
    expect(((await json.json()) as { message: string }).message).toMatch(/two-factor/);
    // An admin's own call too: the second factor is asked first.
    expect((await strict.fetch(`/api/admin/users/${member.id}`, { method: "DELETE", user: person })).status).toBe(403);
    expect(api.db.select({ id: users.id }).from(users).where(eq(users.id, member.id)).get()).toBeDefined();
  });
});
