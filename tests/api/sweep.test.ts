// A moderator acts in bulk (docs/product.md §11 "Spam"; issue 37): from a member's row or a case, one
// plain form removes everything the member posted in the last day (posts, comments, waiting items)
// and suspends them; each removed item is one entry of the moderation log, and the open cases about
// them are closed.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comments, heldItems, moderationLog, notifications, posts, reportCases, reports } from "#db/schema.ts";
import { readToast, startApiServer, type ApiClient, type ApiUser } from "../support/api-client.ts";
import { notificationText } from "~/rules/notification-registry.ts";

let api: ApiClient;
beforeAll(async () => {
  api = await startApiServer();
});
afterAll(async () => {
  await api?.stop();
});

const DAY = 86_400_000;
const sweep = (admin: ApiUser, id: number, from: string) =>
  api.fetch(`/admin/users/${id}/sweep`, { method: "POST", user: admin, form: { reason: "Spam wave" }, headers: { Referer: `${api.url}${from}` } });

describe("remove last day and suspend", () => {
  it("removes the last day's posts, comments and waiting items, suspends, logs each once, closes the cases", async () => {
    const admin = await api.user({ isAdmin: true });
    const spammer = await api.user();
    const other = await api.user();
    const otherPost = api.post(other.id);
    const recent = api.post(spammer.id, { title: "Recent spam post" });
    const old = api.post(spammer.id, { title: "An old honest post", createdAt: new Date(Date.now() - 3 * DAY) });
    const c1 = api.db.insert(comments).values({ postId: otherPost.id, userId: spammer.id, content: "spam one" }).returning().get();
    api.db.insert(comments).values({ postId: otherPost.id, userId: spammer.id, content: "spam two", parentId: c1.id }).run();
    const oldComment = api.db.insert(comments).values({ postId: otherPost.id, userId: spammer.id, content: "an old comment", createdAt: new Date(Date.now() - 2 * DAY) }).returning().get();
    api.db.insert(heldItems).values({ kind: "comment", userId: spammer.id, postId: otherPost.id, content: "waiting spam", reason: "link" }).run();
    const kase = api.db.insert(reportCases).values({ targetType: "post", targetId: recent.id, authorId: spammer.id, targetLabel: recent.title, reportCount: 1 }).returning().get();
    const memberCase = api.db.insert(reportCases).values({ targetType: "user", targetId: spammer.id, authorId: spammer.id, targetLabel: spammer.username, reportCount: 1 }).returning().get();
    const reporter = await api.user();
    api.db.insert(reports).values([
      { caseId: kase.id, reporterId: reporter.id, reason: "spam" },
      { caseId: memberCase.id, reporterId: other.id, reason: "spam" },
    ]).run();

    // The queue's case and the member's row both carry the form.
    expect(await (await api.fetch("/admin/reports", { user: admin })).text()).toContain(`action="/admin/users/${spammer.id}/sweep"`);
    expect(await (await api.fetch(`/admin/users?q=${spammer.username}`, { user: admin })).text()).toContain(`action="/admin/users/${spammer.id}/sweep"`);

    const res = await sweep(admin, spammer.id, "/admin/reports");
    expect(res.status).toBe(303);
    expect(await readToast(res)).toMatchObject({ title: `${spammer.username} suspended`, description: "Removed 1 post, 2 comments and 1 waiting item from the last day." });

    expect(api.db.select().from(posts).where(eq(posts.userId, spammer.id)).all().map((p) => p.id)).toEqual([old.id]);
    expect(api.db.select().from(comments).where(eq(comments.userId, spammer.id)).all().map((c) => c.id)).toEqual([oldComment.id]);
    expect(api.db.select().from(heldItems).where(eq(heldItems.userId, spammer.id)).all()).toEqual([]);
    const log = api.db.select().from(moderationLog).where(eq(moderationLog.adminId, admin.id)).all().map((e) => e.action).sort();
    expect(log).toEqual(["delete_comment", "delete_comment", "delete_post", "reject_held", "suspend_user"]);
    expect(api.db.select().from(reportCases).where(eq(reportCases.id, kase.id)).get()).toMatchObject({ status: "resolved", action: "suspend", resolutionReason: "Spam wave" });
    expect(api.db.select().from(reportCases).where(eq(reportCases.id, memberCase.id)).get()).toMatchObject({ status: "resolved", action: "suspend" });
    // Each reporter hears the outcome, as from the queue's own decision, and never who decided.
    const told = (userId: number) => api.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.type, "report_outcome"))).all().map(notificationText);
    expect(told(reporter.id)).toEqual(["Thanks for your report: the post was removed"]);
    expect(told(other.id)).toEqual(["Thanks for your report: the account was suspended"]);
    // Suspended: the next write is refused.
    expect((await api.fetch("/api/comments", { method: "POST", user: spammer, json: { postId: otherPost.id, content: "more spam" } })).status).toBe(403);
  });

  it("an admin cannot be swept, and nothing is removed; a member cannot sweep", async () => {
    const admin = await api.user({ isAdmin: true });
    const otherAdmin = await api.user({ isAdmin: true });
    const post = api.post(otherAdmin.id);
    const res = await sweep(admin, otherAdmin.id, "/admin/users");
    expect((await readToast(res))?.type).toBe("error");
    expect(api.db.select().from(posts).where(eq(posts.id, post.id)).get()).toBeDefined();
    const member = await api.user();
    const victim = await api.user();
    const kept = api.post(victim.id);
    expect((await api.fetch(`/admin/users/${victim.id}/sweep`, { method: "POST", user: member, form: { _js: "1", reason: "x" } })).status).toBe(403);
    expect(api.db.select().from(posts).where(and(eq(posts.id, kept.id))).get()).toBeDefined();
  });
});
