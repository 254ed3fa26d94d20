// The owner-only account pieces of the profile's about tab against the built server: the sessions
// list and the private feed URL (sent to the owner only), 'Sign out everywhere else', and 'Delete my
// account' (/account/delete: password confirmation, the admin deletion's cascade, a self-deletion
// row in the moderation log, the cookie cleared). Every form posted as a browser without JS does.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moderationLog, sessions, users } from "#db/schema.ts";
import { counterMismatches, orphanRows } from "#db/integrity.ts";
import { LAST_ADMIN } from "~/models/admin/users.server.ts";
import { createComment } from "~/models/comment.server.ts";
import { followUser } from "~/models/follow.server.ts";
import { savePost } from "~/models/save.server.ts";
import { castVote } from "~/models/vote.server.ts";
import { readToast, startApiServer, type ApiClient, type ApiUser } from "../support/api-client.ts";

let api: ApiClient;
beforeAll(async () => {
  api = await startApiServer();
});
afterAll(() => api?.stop());

// The factories' password (tests/fixtures/factories.ts).
const PASSWORD = "test-password";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";

/** A second session of `user`, signed in through /api/login from another browser. */
async function signInElsewhere(user: ApiUser, userAgent: string): Promise<string> {
  const res = await api.fetch("/api/login", { method: "POST", json: { username: user.username, password: PASSWORD }, headers: { "User-Agent": userAgent } });
  expect(res.status).toBe(200);
  return res.headers.getSetCookie().find((c) => c.startsWith("chortle_session="))!.split(";")[0];
}

async function whoIs(cookie: string): Promise<number | null> {
  const res = await api.fetch("/api/user", { headers: { Cookie: cookie } });
  return res.status === 200 ? ((await res.json()) as { id: number }).id : null;
}

const aboutHtml = async (userId: number, viewer?: ApiUser | string) => {
  const headers: Record<string, string> = typeof viewer === "string" ? { Cookie: viewer } : viewer ? { Cookie: viewer.cookie } : {};
  const res = await api.fetch(`/profile/${userId}/about`, { headers });
  expect(res.status).toBe(200);
  return res.text();
};

describe("the about tab's account section", () => {
  it("lists the owner's sessions (this device first, a readable browser name) and the private feed URL", async () => {
    const me = await api.user();
    await signInElsewhere(me, FIREFOX);
    await signInElsewhere(me, IPHONE);
    const html = await aboutHtml(me.id, me);
    expect(html).toContain("Your account");
    expect(html.match(/data-testid="session"/g)).toHaveLength(3);
    expect(html).toContain("Firefox on Linux");
    expect(html).toContain("Safari on iPhone");
    expect(html).toContain("This device");
    const text = html.replace(/<!-- -->|<[^>]+>/g, "");
    expect(text).toMatch(/Signed in on [A-Z][a-z]{2} \d{1,2}, \d{4}, last seen just now/);
    expect(html).toContain('action="/sessions/sign-out-others"');
    const token = api.db.get<{ token: string }>(sql`SELECT token FROM feed_tokens WHERE user_id = ${me.id}`)!.token;
    expect(html).toContain(`/feeds/following/${token}.xml`);
    expect(html).toContain('action="/feeds/following/token"');
    expect(html).toContain('href="/account/password"');
    expect(html).toContain('href="/account/delete"');
  });

  it("is sent to nobody else: another member and a visitor get neither the sessions nor the feed token (page and data)", async () => {
    const me = await api.user();
    const other = await api.user();
    await signInElsewhere(me, FIREFOX);
    await aboutHtml(me.id, me); // makes the feed token
    const token = api.db.get<{ token: string }>(sql`SELECT token FROM feed_tokens WHERE user_id = ${me.id}`)!.token;
    for (const viewer of [other, undefined]) {
      const html = await aboutHtml(me.id, viewer);
      expect(html).toContain(`About `);
      for (const secret of ["Your account", "Firefox on Linux", "This device", "sign-out-others", "/feeds/following/", token]) {
        expect(html).not.toContain(secret);
      }
      const data = await api.fetch(`/profile/${me.id}/about.data`, { user: viewer ?? null });
      expect(data.status).toBe(200);
      const body = await data.text();
      expect(body).not.toContain(token);
      expect(body).not.toContain("Firefox on Linux");
    }
  });

  it("'Sign out everywhere else' ends the other sessions; the list then holds this device only", async () => {
    const me = await api.user();
    const laptop = await signInElsewhere(me, FIREFOX);
    const phone = await signInElsewhere(me, IPHONE);
    const res = await api.fetch("/sessions/sign-out-others", { method: "POST", form: {}, headers: { Cookie: laptop } });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe(`/profile/${me.id}/about`);
    expect(await readToast(res)).toMatchObject({ title: "Signed out everywhere else", description: "2 other sessions were ended." });
    expect(await whoIs(phone)).toBeNull();
    expect(await whoIs(me.cookie)).toBeNull();
    const html = await aboutHtml(me.id, laptop);
    expect(html.match(/data-testid="session"/g)).toHaveLength(1);
    expect(html).toContain("Firefox on Linux");
    expect(html).toContain("No other sessions.");
  });
});

describe("delete my account (/account/delete)", () => {
  const remove = (cookie: string, form: Record<string, string>) => api.fetch("/account/delete", { method: "POST", form, headers: { Cookie: cookie } });
  const exists = (id: number) => api.db.select({ id: users.id }).from(users).where(eq(users.id, id)).get() !== undefined;

  it("shows the confirmation to a member and sends a visitor to sign in", async () => {
    const me = await api.user();
    const page = await api.fetch("/account/delete", { user: me });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Delete my account");
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
    const visitor = await api.fetch("/account/delete", { method: "POST", form: { password: PASSWORD } });
    expect(visitor.status).toBe(303);
    expect(visitor.headers.get("Location")).toMatch(/^\/auth\?redirectTo=/);
  });

  it("refuses a wrong or missing password with the message on the page, deleting nothing", async () => {
    const me = await api.user();
    const wrong = await remove(me.cookie, { password: "not-my-password" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Incorrect password");
    const empty = await remove(me.cookie, { password: "" });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Password is required");
    expect(exists(me.id)).toBe(true);
    expect(await whoIs(me.cookie)).toBe(me.id);
  });

  it("deletes the account with the admin's cascade, logs a self-deletion, ends every session and clears the cookie", async () => {
    const me = await api.user();
    const alice = await api.user();
    const phone = await signInElsewhere(me, IPHONE);
    const mine = api.post(me.id, { title: "A post that goes with me" });
    const hers = api.post(alice.id);
    createComment({ userId: alice.id, postId: mine.id, content: "alice on my post" });
    const answered = createComment({ userId: me.id, postId: hers.id, content: "I say this" });
    createComment({ userId: alice.id, postId: hers.id, content: "alice answers", parentId: answered.id });
    castVote({ userId: me.id, postId: hers.id, isUpvote: true });
    castVote({ userId: alice.id, postId: mine.id, isUpvote: true });
    savePost({ userId: me.id, postId: hers.id });
    followUser({ followerId: me.id, followingId: alice.id });
    followUser({ followerId: alice.id, followingId: me.id });

    const res = await remove(me.cookie, { password: PASSWORD });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/");
    expect(await readToast(res)).toMatchObject({ type: "success", title: "Account deleted" });
    const cleared = res.headers.getSetCookie().find((c) => c.startsWith("chortle_session="))!;
    expect(cleared).toMatch(/^chortle_session=;/);
    expect(cleared).toMatch(/Max-Age=0/i);

    expect(exists(me.id)).toBe(false);
    expect(api.db.select().from(sessions).where(eq(sessions.userId, me.id)).all()).toEqual([]);
    expect(await whoIs(me.cookie)).toBeNull();
    expect(await whoIs(phone)).toBeNull();
    const alicesRow = api.db.select().from(users).where(eq(users.id, alice.id)).get()!;
    expect(alicesRow).toMatchObject({ followersCount: 0, followingCount: 0 });
    expect(api.db.get<{ content: string; userId: number | null }>(sql`SELECT content, user_id AS userId FROM comments WHERE id = ${answered.id}`)).toEqual({
      content: "[deleted]",
      userId: null,
    });
    expect(api.db.get<{ n: number }>(sql`SELECT upvotes AS n FROM posts WHERE id = ${hers.id}`)!.n).toBe(0);
    expect(counterMismatches(api.db.$client)).toEqual([]);
    expect(orphanRows(api.db.$client)).toEqual([]);

    const logged = api.db.select().from(moderationLog).where(eq(moderationLog.targetId, me.id)).all();
    expect(logged).toEqual([expect.objectContaining({ action: "delete_self", adminId: me.id, adminName: me.username, targetKind: "user", targetLabel: me.username })]);
    // The admin's moderation log shows it.
    const admin = await api.user({ isAdmin: true });
    const log = (await (await api.fetch("/api/admin/log", { user: admin })).json()) as unknown[];
    expect(log).toContainEqual(expect.objectContaining({ action: "delete_self", targetId: me.id }));
  });

  it("refuses the last admin with the reason, and lets an admin go while another remains", async () => {
    const me = await api.user({ isAdmin: true });
    api.db.update(users).set({ isAdmin: false }).where(sql`${users.id} <> ${me.id}`).run();
    const refused = await remove(me.cookie, { password: PASSWORD });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(LAST_ADMIN);
    expect(exists(me.id)).toBe(true);

    await api.user({ isAdmin: true });
    const res = await remove(me.cookie, { password: PASSWORD });
    expect(res.status).toBe(303);
    expect(exists(me.id)).toBe(false);
  });
});

describe("page descriptions", () => {
  it("/account/password, /account/delete and every admin page have a <meta name=description>", async () => {
    const admin = await api.user({ isAdmin: true });
    for (const path of ["/account/password", "/account/delete", "/admin", "/admin/users", "/admin/posts", "/admin/log"]) {
      const res = await api.fetch(path, { user: admin });
      expect(res.status, path).toBe(200);
      const descriptions = (await res.text()).match(/<meta name="description" content="[^"]+"\/?>/g);
      expect(descriptions, path).toHaveLength(1);
    }
  });

  it("the profile's head links its Atom feed", async () => {
    const me = await api.user();
    const html = await aboutHtml(me.id);
    expect(html).toContain(`<link rel="alternate" type="application/atom+xml" title="Posts by ${me.username} (@${me.username})" href="/profile/${me.id}/feed.xml"/>`);
  });
});
