// Reports, the review queue and suspensions over HTTP: every JSON call with its errors, the report
// form without JavaScript, and the one guard refusing every write of a suspended member (JSON, the
// page forms without JavaScript and their fetchers alike), while reading and account upkeep go on.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JS_FIELD } from "~/rules/interactions/action-reply.ts";
import { EDIT_PROFILE_INTENT } from "~/rules/profile-rules.ts";
import { ApiClient, readToast, startApiServer, type ApiUser } from "../support/api-client.ts";
import { expectError } from "../support/expect-error.ts";
import { notificationText } from "~/rules/notification-registry.ts";

let api: ApiClient;
let admin: ApiUser;
let alice: ApiUser;
let bob: ApiUser;

beforeAll(async () => {
  api = await startApiServer();
  admin = await api.user({ isAdmin: true });
  alice = await api.user();
  bob = await api.user();
});
afterAll(async () => {
  await api?.stop();
});

const report = (user: ApiUser | null, json: unknown) => api.fetch("/api/reports", { method: "POST", user, json });

describe("POST /api/reports", () => {
  it("201 the report; 409 the same member again; 400 unknown reason or own item; 404 missing; 401 visitor", async () => {
    const post = api.post(alice.id);
    const res = await report(bob, { targetType: "post", targetId: post.id, reason: "spam", note: "link farm" });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ targetType: "post", targetId: post.id, reason: "spam", note: "link farm" });
    await expectError(await report(bob, { targetType: "post", targetId: post.id, reason: "other" }), 409, "You have already reported this.");
    await expectError(await report(bob, { targetType: "post", targetId: post.id, reason: "boring" }), 400, /Choose a reason/);
    await expectError(await report(alice, { targetType: "post", targetId: post.id, reason: "spam" }), 400, "You cannot report your own content.");
    await expectError(await report(bob, { targetType: "user", targetId: bob.id, reason: "spam" }), 400, "You cannot report your own content.");
    await expectError(await report(bob, { targetType: "comment", targetId: 999_999, reason: "spam" }), 404, "Comment not found");
    await expectError(await report(bob, { targetType: "post", targetId: post.id, reason: "other", note: "x".repeat(501) }), 400, /at most 500/);
    await expectError(await report(null, { targetType: "post", targetId: post.id, reason: "spam" }), 401);
  });

  it("the dialog's form without JavaScript: 303 back without ?report, with the thanks", async () => {
    const post = api.post(alice.id);
    const res = await api.fetch("/reports", {
      method: "POST",
      user: bob,
      form: { targetType: "post", targetId: String(post.id), reason: "off_topic", note: "" },
      headers: { Referer: `${api.url}/?report=post-${post.id}` },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/#post-${post.id}`);
    expect(await readToast(res)).toMatchObject({ type: "success", title: "Thanks — a moderator will look at it." });
    // A bad reason keeps the dialog open.
    const again = await api.fetch("/reports", { method: "POST", user: alice, form: { targetType: "post", targetId: String(post.id), reason: "meh" }, headers: { Referer: `${api.url}/?report=post-${post.id}` } });
    expect(again.headers.get("location")).toBe(`/?report=post-${post.id}#post-${post.id}`);
  });
});

describe("the queue over JSON", () => {
  it("lists open cases with their counts and reasons, resolves them with a reason, refuses members", async () => {
    const post = api.post(alice.id, { title: "Cheap watches here" });
    const carol = await api.user();
    await report(bob, { targetType: "post", targetId: post.id, reason: "spam" });
    await report(carol, { targetType: "post", targetId: post.id, reason: "illegal" });
    await expectError(await api.fetch("/api/admin/reports", { user: bob }), 403);
    await expectError(await api.fetch("/api/admin/reports"), 401);
    const list = (await (await api.fetch("/api/admin/reports?status=open", { user: admin })).json()) as { cases: { id: number; targetId: number; targetType: string; reportCount: number; reasons: object }[] };
    const kase = list.cases.find((c) => c.targetType === "post" && c.targetId === post.id)!;
    expect(kase).toMatchObject({ reportCount: 2, reasons: { spam: 1, illegal: 1 } });
    const resolve = (json: unknown, user = admin, id = kase.id) => api.fetch(`/api/admin/reports/${id}/resolve`, { method: "POST", user, json });
    await expectError(await resolve({ action: "remove", reason: "x" }, bob), 403);
    await expectError(await resolve({ action: "explode", reason: "x" }), 400);
    await expectError(await resolve({ action: "remove", reason: " " }), 400, "Write the reason the author will read.");
    await expectError(await resolve({ action: "remove", reason: "x" }, admin, 999_999), 404);
    const res = await resolve({ action: "remove", reason: "Spam links, rule 2" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "resolved", action: "remove" });
    await expectError(await resolve({ action: "dismiss", reason: "x" }), 409);
    const resolved = (await (await api.fetch("/api/admin/reports?status=resolved", { user: admin })).json()) as { cases: { id: number }[] };
    expect(resolved.cases.map((c) => c.id)).toContain(kase.id);
    const notices = api.db
      .all<{ user_id: number; type: "content_removed" | "report_outcome"; params: string }>(sql`SELECT user_id, type, params FROM notifications WHERE type IN ('content_removed', 'report_outcome') AND user_id IN (${alice.id}, ${bob.id}, ${carol.id})`)
      .map((n) => ({ user_id: n.user_id, message: notificationText({ type: n.type, params: JSON.parse(n.params), postId: null, commentId: null, actorId: null, batchSize: 1 }) }));
    expect(notices).toContainEqual({ user_id: alice.id, message: 'Your post "Cheap watches here" was removed: Spam links, rule 2' });
    expect(notices).toContainEqual({ user_id: bob.id, message: "Thanks for your report: the post was removed" });
    expect(notices).toContainEqual({ user_id: carol.id, message: "Thanks for your report: the post was removed" });
  });
});

describe("a report on a decided member", () => {
  it("opens a new case; the one resolved by suspension keeps its action and reason", async () => {
    const member = await api.user();
    const carol = await api.user();
    const first = (await (await report(bob, { targetType: "user", targetId: member.id, reason: "harassment" })).json()) as { caseId: number };
    const until = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const decided = await api.fetch(`/api/admin/reports/${first.caseId}/resolve`, { method: "POST", user: admin, json: { action: "suspend", reason: "Insults, rule 1", until } });
    expect(decided.status).toBe(200);
    const again = await report(carol, { targetType: "user", targetId: member.id, reason: "spam" });
    expect(again.status).toBe(201);
    const second = (await again.json()) as { caseId: number };
    expect(second.caseId).not.toBe(first.caseId);
    type Case = { id: number; status: string; action: string | null; resolutionReason: string | null; reportCount: number };
    const list = async (status: string) => ((await (await api.fetch(`/api/admin/reports?status=${status}`, { user: admin })).json()) as { cases: Case[] }).cases;
    expect((await list("resolved")).find((c) => c.id === first.caseId)).toMatchObject({ status: "resolved", action: "suspend", resolutionReason: "Insults, rule 1", reportCount: 1 });
    expect((await list("open")).find((c) => c.id === second.caseId)).toMatchObject({ status: "open", action: null, reportCount: 1 });
  });
});

describe("suspensions", () => {
  it("POST suspend and DELETE suspension, with their errors", async () => {
    const dave = await api.user();
    const suspend = (id: number, json: unknown, user = admin) => api.fetch(`/api/admin/users/${id}/suspend`, { method: "POST", user, json });
    await expectError(await suspend(dave.id, { reason: "x", until: null }, bob), 403);
    await expectError(await suspend(dave.id, { reason: "", until: null }), 400);
    await expectError(await suspend(dave.id, { reason: "x", until: "next week" }), 400);
    // Strict ISO 8601: an impossible date is refused, not moved to March 2; trailing junk too.
    await expectError(await suspend(dave.id, { reason: "x", until: "2099-02-30" }), 400, "No such date: 2099-02-30.");
    await expectError(await suspend(dave.id, { reason: "x", until: "2027-01-01junk" }), 400, /must be a future date/);
    await expectError(await suspend(999_999, { reason: "x", until: null }), 404);
    const other = await api.user({ isAdmin: true });
    await expectError(await suspend(other.id, { reason: "x", until: null }), 403, "Admins cannot be suspended: remove their admin role first.");
    const res = await suspend(dave.id, { reason: "Cooling off", until: "2099-01-01" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ suspended: true, until: "2099-01-01T00:00:00.000Z", message: "Your account is suspended until 2099-01-01 00:00 UTC: Cooling off" });
    expect((await api.fetch(`/api/admin/users/${dave.id}/suspension`, { method: "DELETE", user: admin })).status).toBe(200);
    await expectError(await api.fetch(`/api/admin/users/${dave.id}/suspension`, { method: "DELETE", user: admin }), 404, "This member is not suspended.");
  });

  it("every write of a suspended member is refused with the reason; reading and account upkeep go on", async () => {
    const eve = await api.user();
    const post = api.post(alice.id);
    const created = await api.fetch("/api/comments", { method: "POST", user: alice, json: { postId: post.id, content: "a comment by alice" } });
    const comment = ((await created.json()) as { id: number }).id;
    const own = api.post(eve.id);
    await api.fetch(`/api/admin/users/${eve.id}/suspend`, { method: "POST", user: admin, json: { reason: "Spam, rule 2", until: null } });
    const message = "Your account is suspended indefinitely: Spam, rule 2";

    const json: [string, string, unknown?][] = [
      ["POST", "/api/votes", { postId: post.id, isUpvote: true }],
      ["POST", "/api/comments", { postId: post.id, content: "hello there" }],
      ["POST", `/api/posts/${post.id}/save`],
      ["POST", `/api/users/${alice.id}/follow`],
      ["POST", "/api/reports", { targetType: "post", targetId: post.id, reason: "spam" }],
      ["PATCH", `/api/users/${eve.id}`, { bio: "new bio" }],
      ["DELETE", `/api/posts/${own.id}`],
      ["POST", "/api/posts", { title: "t", comment: "c", commentAuthor: "a", videoId: "dQw4w9WgXcQ" }],
    ];
    for (const [method, path, body] of json) {
      await expectError(await api.fetch(path, { method, user: eve, json: body ?? {} }), 403, message);
    }
    const forms: [string, Record<string, string>][] = [
      [`/post/${post.id}/vote`, { direction: "up" }],
      [`/comments/${comment}/vote`, { direction: "up" }],
      [`/post/${post.id}/comments`, { content: "hello there" }],
      [`/post/${post.id}/save`, { intent: "save" }],
      [`/profile/${alice.id}/follow`, { intent: "follow" }],
      ["/reports", { targetType: "comment", targetId: String(comment), reason: "spam" }],
      [`/profile/${eve.id}`, { intent: EDIT_PROFILE_INTENT, bio: "new bio" }],
      [`/post/${own.id}/delete`, {}],
    ];
    for (const [path, fields] of forms) {
      const fetcher = await api.fetch(path, { method: "POST", user: eve, form: { ...fields, [JS_FIELD]: "1" } });
      expect(fetcher.status, path).toBe(403);
      // A resource route answers the fetcher data; a page's action (the profile edit) its document.
      if (fetcher.headers.get("content-type")?.includes("json")) expect(((await fetcher.json()) as { message: string }).message, path).toBe(message);
      else expect(await fetcher.text(), path).toContain(message);
      const plain = await api.fetch(path, { method: "POST", user: eve, form: fields });
      expect(plain.status, path).toBe(303);
      expect((await readToast(plain))?.description, path).toBe(message);
    }
    // Nothing was written.
    expect(api.db.get<{ n: number }>(sql`SELECT count(*) AS n FROM votes WHERE user_id = ${eve.id}`)!.n).toBe(0);
    expect(api.db.get<{ n: number }>(sql`SELECT count(*) AS n FROM posts WHERE id = ${own.id}`)!.n).toBe(1);
    // Reading, and keeping one's account in hand, go on.
    expect((await api.fetch(`/post/${post.id}`, { user: eve })).status).toBe(200);
    expect((await api.fetch("/api/notifications/read-all", { method: "PATCH", user: eve })).status).toBe(200);
    // Lifted: the same write goes through.
    await api.fetch(`/api/admin/users/${eve.id}/suspension`, { method: "DELETE", user: admin });
    expect((await api.fetch("/api/votes", { method: "POST", user: eve, json: { postId: post.id, isUpvote: true } })).status).toBe(200);
  });
});
