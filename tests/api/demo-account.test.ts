// The shared demo account cannot be taken over (docs/product.md §11): its forms and pages refuse what
// would lock the next visitor out or show them the others' sessions; its other writes work.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count } from "drizzle-orm";
import { getDb } from "#db/client.server.ts";
import { passwordResetTokens, reports } from "#db/schema.ts";
import { DEMO_USERNAME } from "~/rules/account-rules.ts";
import { findUserByLogin } from "~/models/user.server.ts";
import { makeUser } from "../support/unit-factories.ts";
import { readToast, startApiServer, type ApiClient, type ApiUser } from "../support/api-client.ts";

const REFUSED = "The shared demo account cannot do that.";
const rows = (table: typeof reports | typeof passwordResetTokens) => getDb().select({ n: count() }).from(table).get()!.n;
let api: ApiClient;
let demo: ApiUser;

beforeAll(async () => {
  // RESET_LINK_IN_RESPONSE: a reset link would come back in the answer, so nothing hides a token made.
  api = await startApiServer({ RESET_LINK_IN_RESPONSE: "true" });
  demo = await api.signIn(findUserByLogin({ login: DEMO_USERNAME }) ?? makeUser({ username: DEMO_USERNAME }));
});
afterAll(() => api.stop());

describe("a demo session", () => {
  it("cannot open the password or deletion pages, nor post their forms", async () => {
    for (const path of ["/account/password", "/account/delete"]) {
      const page = await api.fetch(path, { user: demo });
      expect(page.status).toBe(403);
      expect(await page.text()).toContain(REFUSED);
    }
    const res = await api.fetch("/account/password", {
      method: "POST",
      user: demo,
      form: { currentPassword: "chortle-demo", newPassword: "taken-over", confirmPassword: "taken-over" },
    });
    expect(await res.text()).toContain(REFUSED);
    const del = await api.fetch("/account/delete", { method: "POST", user: demo, form: { password: "chortle-demo" } });
    expect(await del.text()).toContain(REFUSED);
    expect(findUserByLogin({ login: DEMO_USERNAME })).not.toBeNull();
  });

  it("cannot sign the other sessions out or replace the feed link (303 back with the reason)", async () => {
    const other = await api.signIn({ id: demo.id, username: DEMO_USERNAME });
    const headers = { Referer: `${api.url}/profile/${demo.id}/about` };
    let res = await api.fetch("/sessions/sign-out-others", { method: "POST", user: demo, form: {}, headers });
    expect(res.status).toBe(303);
    expect(await readToast(res)).toMatchObject({ type: "error", description: REFUSED });
    res = await api.fetch("/feeds/following/token", { method: "POST", user: demo, form: {}, headers });
    expect(await readToast(res)).toMatchObject({ type: "error", description: REFUSED });
    expect((await (await api.fetch("/api/user", { user: other })).json()).username).toBe(DEMO_USERNAME);
  });

  it("sees neither the sessions nor the private feed link on the about tab; a member sees theirs", async () => {
    const about = await (await api.fetch(`/profile/${demo.id}/about`, { user: demo })).text();
    expect(about).toContain("This is the shared demo account");
    expect(about).not.toContain("Sign out everywhere else");
    expect(about).not.toContain("/feeds/following/");
    expect(about).not.toContain('href="/account/password"');
    const member = await api.user();
    const own = await (await api.fetch(`/profile/${member.id}/about`, { user: member })).text();
    expect(own).toContain("Sign out everywhere else");
    expect(own).toContain("/feeds/following/");
  });

  it("still votes, follows and blocks", async () => {
    const author = await api.user();
    const post = api.post(author.id);
    expect((await api.fetch("/api/votes", { method: "POST", user: demo, json: { postId: post.id, isUpvote: true } })).status).toBe(200);
    expect((await api.fetch(`/api/users/${author.id}/follow`, { method: "POST", user: demo })).status).toBe(200);
    expect((await api.fetch(`/api/users/${author.id}/block`, { method: "POST", user: demo })).status).toBe(200);
  });
});

describe("what would outlive the visit", () => {
  it("cannot report: JSON 403, the form 303 back with the reason; nothing is stored", async () => {
    const post = api.post((await api.user()).id);
    const before = rows(reports);
    const json = await api.fetch("/api/reports", { method: "POST", user: demo, json: { targetType: "post", targetId: post.id, reason: "spam" } });
    expect(json.status).toBe(403);
    expect(await json.json()).toEqual({ message: REFUSED });
    const form = await api.fetch("/reports", {
      method: "POST",
      user: demo,
      form: { targetType: "post", targetId: String(post.id), reason: "spam", note: "" },
      headers: { Referer: `${api.url}/?report=post-${post.id}` },
    });
    expect(form.status).toBe(303);
    expect(await readToast(form)).toMatchObject({ type: "error", description: REFUSED });
    expect(rows(reports)).toBe(before);
  });

  it("cannot ask for a reset link, signed in or not, by JSON or the page: refused, no token made", async () => {
    const email = findUserByLogin({ login: DEMO_USERNAME })!.email;
    const before = rows(passwordResetTokens);
    for (const user of [null, demo]) {
      const res = await api.fetch("/api/forgot-password", { method: "POST", user, json: { email: email.toUpperCase() } });
      expect(res.status).toBe(403);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body).toEqual({ message: REFUSED });
    }
    const page = await api.fetch("/auth", { method: "POST", form: { intent: "forgot-password", email } });
    expect(page.status).toBeLessThan(500);
    expect(page.status).not.toBe(303);
    expect(await page.text()).toContain(REFUSED);
    expect(rows(passwordResetTokens)).toBe(before);
  });
});

describe("'Reset the demo account' (POST /admin/demo/reset)", () => {
  it("an admin resets it (303 with a toast, logged); a member is refused", async () => {
    const admin = await api.user({ isAdmin: true });
    const member = await api.user();
    api.post(demo.id, { title: "Something a visitor left behind" });
    const headers = { Referer: `${api.url}/admin` };
    let res = await api.fetch("/admin/demo/reset", { method: "POST", user: member, form: {}, headers });
    expect(await readToast(res)).toMatchObject({ type: "error", title: "Failed to reset the demo account" });
    res = await api.fetch("/admin/demo/reset", { method: "POST", user: admin, form: {}, headers });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/admin");
    expect(await readToast(res)).toMatchObject({ type: "success", title: "Demo account reset" });
    const titles = ((await (await api.fetch(`/api/users/${demo.id}/posts?limit=50`)).json()) as { title: string }[]).map((p) => p.title);
    expect(titles).not.toContain("Something a visitor left behind");
    const log = (await (await api.fetch("/api/admin/log", { user: admin })).json()) as { action: string }[];
    expect(log[0].action).toBe("reset_demo");
  });
});
