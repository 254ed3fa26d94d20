// Text from any client is normalised once by the shared schemas: invisible-only text is empty, NUL
// and other control characters never reach the database, unpaired surrogates are refused, bidi
// overrides are taken out, and limits count the characters a person sees. The moderation texts
// (report notes, the reasons a member reads, appeals) go through the same normaliser.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comments, users } from "#db/schema.ts";
import { readToast, startApiServer, type ApiClient, type ApiUser } from "../support/api-client.ts";
import { expectError } from "../support/expect-error.ts";
import { notificationText } from "~/rules/notification-registry.ts";

let api: ApiClient;
let member: ApiUser;
let admin: ApiUser;
let postId: number;
beforeAll(async () => {
  api = await startApiServer();
  member = await api.user();
  admin = await api.user({ isAdmin: true });
  postId = api.post(member.id).id;
});
afterAll(() => api?.stop());

const comment = (content: string) => api.fetch("/api/comments", { method: "POST", user: member, json: { postId, content } });

/** The message a member reads of their notice of `type`, made from its params as the bell makes it. */
const noticeText = (userId: number, type: "content_removed" | "appeal_outcome") => {
  const row = one<{ params: string }>(sql`SELECT params FROM notifications WHERE user_id = ${userId} AND type = ${type}`);
  return row && notificationText({ type, params: JSON.parse(row.params), postId: null, commentId: null, actorId: null, batchSize: 1 });
};

describe("text inputs", () => {
  it("a comment of zero-width spaces is empty (400), not a comment", async () => {
    const res = await comment("\u200B".repeat(30));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: "Comment cannot be empty" });
  });

  it("600 emoji are 600 characters: accepted; NUL bytes are not stored", async () => {
    const emoji = await comment("😂".repeat(600));
    expect(emoji.status).toBe(201);
    const nul = await comment("a NUL\u0000 in the middle");
    expect(nul.status).toBe(201);
    const { id } = (await nul.json()) as { id: number };
    expect(api.db.select().from(comments).where(eq(comments.id, id)).get()?.content).toBe("a NUL in the middle");
  });

  it("refuses an unpaired surrogate", async () => {
    const res = await api.fetch("/api/comments", {
      method: "POST",
      user: member,
      body: `{"postId":${postId},"content":"broken \\ud83d surrogate"}`,
      headers: { "Content-Type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: "Text contains characters that are not allowed." });
  });

  it("takes right-to-left overrides out of a display name", async () => {
    const res = await api.fetch(`/api/users/${member.id}`, { method: "PATCH", user: member, json: { displayName: "\u202Eevil\u202C name" } });
    expect(res.status).toBe(200);
    expect(api.db.select().from(users).where(eq(users.id, member.id)).get()?.displayName).toBe("evil name");
  });
});

// NUL, BEL and a right-to-left override in the middle of a reason; what is kept reads as typed.
const SENT = "Spam\u0000\u0007 links\u202E, rule 2\u202C";
const KEPT = "Spam links, rule 2";
const ZERO_WIDTH = "\u200B\u200D\uFEFF";
/** An unpaired surrogate (JSON.stringify sends it as the escape \\ud83d). */
const LONE = "broken \uD83D text";
const one = <T>(query: ReturnType<typeof sql>) => api.db.get<T>(query);

describe("moderation texts", () => {
  it("a report note is cleaned; zero-width alone is no note; an unpaired surrogate is refused", async () => {
    const post = api.post(member.id);
    const report = (user: ApiUser, note: string) => api.fetch("/api/reports", { method: "POST", user, json: { targetType: "post", targetId: post.id, reason: "other", note } });
    const [first, second, third] = [await api.user(), await api.user(), await api.user()];
    const res = await report(first, SENT);
    expect(res.status).toBe(201);
    expect(one<{ note: string }>(sql`SELECT note FROM reports WHERE reporter_id = ${first.id}`)?.note).toBe(KEPT);
    expect((await report(second, ZERO_WIDTH)).status).toBe(201);
    expect(one<{ note: string | null }>(sql`SELECT note FROM reports WHERE reporter_id = ${second.id}`)?.note).toBeNull();
    await expectError(await report(third, LONE), 400, "Text contains characters that are not allowed.");
    expect(one<{ n: number }>(sql`SELECT count(*) AS n FROM reports WHERE reporter_id = ${third.id}`)?.n).toBe(0);
  });

  it("a resolution reason is cleaned before the author reads it; zero-width alone is no reason", async () => {
    const author = await api.user();
    const post = api.post(author.id, { title: "Cheap watches" });
    await api.fetch("/api/reports", { method: "POST", user: member, json: { targetType: "post", targetId: post.id, reason: "spam" } });
    const kase = one<{ id: number }>(sql`SELECT id FROM report_cases WHERE target_type = 'post' AND target_id = ${post.id}`)!;
    const resolve = (reason: string) => api.fetch(`/api/admin/reports/${kase.id}/resolve`, { method: "POST", user: admin, json: { action: "remove", reason } });
    await expectError(await resolve(ZERO_WIDTH), 400, "Write the reason the author will read.");
    await expectError(await resolve(LONE), 400, "Text contains characters that are not allowed.");
    expect((await resolve(SENT)).status).toBe(200);
    expect(one<{ reason: string }>(sql`SELECT resolution_reason AS reason FROM report_cases WHERE id = ${kase.id}`)?.reason).toBe(KEPT);
    expect(noticeText(author.id, "content_removed")).toBe(`Your post "Cheap watches" was removed: ${KEPT}`);
  });

  it("a suspension reason is cleaned: the banner and the standing page show it as typed, without the override", async () => {
    const eve = await api.user();
    const suspend = (json: unknown) => api.fetch(`/api/admin/users/${eve.id}/suspend`, { method: "POST", user: admin, json });
    await expectError(await suspend({ reason: ZERO_WIDTH, until: null }), 400, "Write the reason the author will read.");
    await expectError(await suspend({ reason: LONE, until: null }), 400, "Text contains characters that are not allowed.");
    const res = await suspend({ reason: SENT, until: null });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ message: `Your account is suspended indefinitely: ${KEPT}` });
    expect(one<{ reason: string }>(sql`SELECT reason FROM suspensions WHERE user_id = ${eve.id}`)?.reason).toBe(KEPT);
    for (const page of ["/", "/account/standing"]) {
      const html = await (await api.fetch(page, { user: eve })).text();
      expect(html, page).toContain(KEPT);
      expect(html, page).not.toMatch(/[\u0000\u0007\u202E\u202C]/);
    }
  });

  it("an appeal and the answer to it are cleaned; an appeal of zero-width characters is not sent", async () => {
    const frank = await api.user();
    await api.fetch(`/api/admin/users/${frank.id}/suspend`, { method: "POST", user: admin, json: { reason: "Insults", until: null } });
    const suspension = one<{ id: number }>(sql`SELECT id FROM suspensions WHERE user_id = ${frank.id}`)!;
    const appeal = (text: string) => api.fetch("/account/standing", { method: "POST", user: frank, form: { subjectType: "suspension", subjectId: String(suspension.id), text } });
    const empty = await appeal(ZERO_WIDTH);
    expect(empty.status).toBe(303);
    expect((await readToast(empty))?.description).toBe("Write why the decision should change.");
    expect(one<{ n: number }>(sql`SELECT count(*) AS n FROM appeals WHERE user_id = ${frank.id}`)?.n).toBe(0);
    expect((await appeal(SENT)).status).toBe(303);
    const row = one<{ id: number; text: string }>(sql`SELECT id, text FROM appeals WHERE user_id = ${frank.id}`)!;
    expect(row.text).toBe(KEPT);
    const queue = await (await api.fetch("/admin/reports", { user: admin })).text();
    expect(queue).toContain(KEPT);
    expect(queue).not.toMatch(/[\u0000\u0007\u202E\u202C]/);

    const decide = (reason: string) => api.fetch(`/admin/appeals/${row.id}/decide`, { method: "POST", user: admin, form: { decision: "upheld", reason } });
    expect((await readToast(await decide(ZERO_WIDTH)))?.description).toBe("Write the reason the author will read.");
    expect((await decide(SENT)).status).toBe(303);
    expect(noticeText(frank.id, "appeal_outcome")).toContain(KEPT);
  });

  // The redaction route reads its reason without RedactSchema (app/rules/schemas/admin.ts) for now:
  // this fails until it parses with it, and then `.fails` comes off.
  it("a redaction reason is cleaned before it is logged", async () => {
    const created = await comment("the first version of a comment");
    const { id } = (await created.json()) as { id: number };
    await api.fetch(`/api/comments/${id}`, { method: "PATCH", user: member, json: { content: "the second version of it" } });
    const revision = one<{ id: number }>(sql`SELECT id FROM revisions WHERE comment_id = ${id}`)!;
    const res = await api.fetch(`/revisions/${revision.id}/redact`, { method: "POST", user: admin, form: { reason: SENT } });
    expect(res.status).toBe(303);
    expect(one<{ reason: string }>(sql`SELECT reason FROM moderation_log WHERE action = 'redact_revision' ORDER BY id DESC LIMIT 1`)?.reason).toBe(KEPT);
  });
});
