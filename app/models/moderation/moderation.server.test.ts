import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "#db/client.server.ts";
import { moderationLog, notifications, posts, reportCases } from "#db/schema.ts";
import { makePost, makeUser } from "../../../tests/support/unit-factories.ts";
import { createComment } from "../comment.server.ts";
import { deleteUserAsAdmin } from "../admin/user-delete.server.ts";
import { fileReport } from "./report.server.ts";
import { listCases, resolveCase } from "./queue.server.ts";
import { activeSuspension, assertNotSuspended, liftSuspension, suspendUser } from "./suspension.server.ts";
import { decideAppeal, fileAppeal, listOpenAppeals, memberStanding } from "./standing.server.ts";
import { notificationText } from "~/rules/notification-registry.ts";

const report = (reporterId: number, targetType: "post" | "comment" | "user", targetId: number, reason = "spam" as const, note: string | null = null) =>
  fileReport({ reporterId, input: { targetType, targetId, reason, note } });

function caseCounter(caseId: number) {
  return getDb()
    .select({ count: reportCases.reportCount, rows: sql<number>`(SELECT count(*) FROM reports WHERE case_id = ${caseId})` })
    .from(reportCases)
    .where(eq(reportCases.id, caseId))
    .get()!;
}
const messagesOf = (userId: number) => getDb().select().from(notifications).where(eq(notifications.userId, userId)).all().map((n) => ({ type: n.type, message: notificationText(n) }));

describe("reports", () => {
  it("one case per item, one report per member and item; the counter equals the rows", () => {
    const author = makeUser();
    const post = makePost({ userId: author.id });
    const [a, b] = [makeUser(), makeUser()];
    const first = report(a.id, "post", post.id, "spam", "links everywhere");
    const second = report(b.id, "post", post.id, "harassment" as never);
    expect(second.caseId).toBe(first.caseId);
    expect(() => report(a.id, "post", post.id)).toThrow("You have already reported this.");
    expect(caseCounter(first.caseId)).toEqual({ count: 2, rows: 2 });
    const open = listCases({ status: "open" }).find((c) => c.id === first.caseId)!;
    expect(open.reasons).toEqual({ spam: 1, harassment: 1 });
  });

  it("refuses your own content, a missing item, and a deleted comment", () => {
    const author = makeUser();
    const post = makePost({ userId: author.id });
    expect(() => report(author.id, "post", post.id)).toThrow("You cannot report your own content.");
    expect(() => report(author.id, "user", author.id)).toThrow("You cannot report your own content.");
    expect(() => report(makeUser().id, "post", 99_999_999)).toThrow("Post not found");
    expect(() => report(makeUser().id, "comment", 99_999_999)).toThrow("Comment not found");
  });

  it("open cases come most reported first", () => {
    const author = makeUser();
    const once = makePost({ userId: author.id });
    const thrice = makePost({ userId: author.id });
    report(makeUser().id, "post", once.id);
    for (let i = 0; i < 3; i++) report(makeUser().id, "post", thrice.id);
    const ids = listCases({ status: "open" }).map((c) => c.targetId);
    expect(ids.indexOf(thrice.id)).toBeLessThan(ids.indexOf(once.id));
  });
});

describe("a report on a decided item", () => {
  it("opens a new case: the resolved one keeps its decision, reason and reports", () => {
    const admin = makeUser({ isAdmin: true });
    const member = makeUser();
    const [a, b] = [makeUser(), makeUser()];
    const first = report(a.id, "user", member.id, "harassment" as never);
    resolveCase({ actorId: admin.id, caseId: first.caseId, action: "suspend", reason: "Insults, rule 1", until: new Date(Date.now() + 86_400_000) });
    const second = report(b.id, "user", member.id);
    expect(second.caseId).not.toBe(first.caseId);
    const old = getDb().select().from(reportCases).where(eq(reportCases.id, first.caseId)).get()!;
    expect(old).toMatchObject({ status: "resolved", action: "suspend", resolutionReason: "Insults, rule 1", reportCount: 1 });
    expect(old.resolvedAt).not.toBeNull();
    expect(caseCounter(second.caseId)).toEqual({ count: 1, rows: 1 });
    expect(listCases({ status: "open" }).find((c) => c.id === second.caseId)).toMatchObject({ status: "open", action: null, resolutionReason: null });
    expect(listCases({ status: "resolved" }).find((c) => c.id === first.caseId)).toMatchObject({ action: "suspend", resolutionReason: "Insults, rule 1" });
    // The earlier reporter may report what happened since; twice on the open case is still refused.
    report(a.id, "user", member.id);
    expect(() => report(a.id, "user", member.id)).toThrow("You have already reported this.");
    expect(caseCounter(second.caseId)).toEqual({ count: 2, rows: 2 });
  });

  it("a dismissed case stays dismissed too; the new report joins a new case", () => {
    const admin = makeUser({ isAdmin: true });
    const post = makePost({ userId: makeUser().id });
    const first = report(makeUser().id, "post", post.id);
    resolveCase({ actorId: admin.id, caseId: first.caseId, action: "dismiss", reason: "Within the rules" });
    const second = report(makeUser().id, "post", post.id);
    expect(second.caseId).not.toBe(first.caseId);
    expect(getDb().select().from(reportCases).where(eq(reportCases.id, first.caseId)).get()).toMatchObject({ status: "resolved", action: "dismiss", resolutionReason: "Within the rules" });
    // A third report joins the open case, not a third one.
    expect(report(makeUser().id, "post", post.id).caseId).toBe(second.caseId);
  });
});

describe("the queue's decisions", () => {
  it("remove: the post goes, the author is told why, the reporters the outcome, the log keeps it all", () => {
    const admin = makeUser({ isAdmin: true });
    const author = makeUser();
    const reporter = makeUser();
    const post = makePost({ userId: author.id, title: "Buy cheap watches" });
    const { caseId } = report(reporter.id, "post", post.id);
    const resolved = resolveCase({ actorId: admin.id, caseId, action: "remove", reason: "Spam links, rule 2" });
    expect(resolved.status).toBe("resolved");
    expect(getDb().select().from(posts).where(eq(posts.id, post.id)).get()).toBeUndefined();
    expect(messagesOf(author.id)).toContainEqual({ type: "content_removed", message: 'Your post "Buy cheap watches" was removed: Spam links, rule 2' });
    expect(messagesOf(reporter.id)).toContainEqual({ type: "report_outcome", message: "Thanks for your report: the post was removed" });
    expect(() => resolveCase({ actorId: admin.id, caseId, action: "dismiss", reason: "again" })).toThrow("This report has already been resolved.");
    // The log survives the deletion of the reporter and the author (and the item is already gone).
    deleteUserAsAdmin({ actorId: admin.id, userId: reporter.id });
    deleteUserAsAdmin({ actorId: admin.id, userId: author.id });
    const entry = getDb().select().from(moderationLog).where(and(eq(moderationLog.targetKind, "post"), eq(moderationLog.targetId, post.id))).get();
    expect(entry).toMatchObject({ action: "delete_post", reason: "Spam links, rule 2", targetLabel: "Buy cheap watches" });
  });

  it("dismiss: the comment stays, the reporter reads 'no action was needed'; a member may not be removed", () => {
    const admin = makeUser({ isAdmin: true });
    const author = makeUser();
    const reporter = makeUser();
    const post = makePost({ userId: author.id });
    const comment = createComment({ userId: author.id, postId: post.id, content: "a fine comment" });
    const { caseId } = report(reporter.id, "comment", comment.id);
    resolveCase({ actorId: admin.id, caseId, action: "dismiss", reason: "Within the rules" });
    expect(messagesOf(reporter.id)).toContainEqual({ type: "report_outcome", message: "Thanks for your report: no action was needed" });
    expect(messagesOf(author.id).filter((m) => m.type === "content_removed")).toEqual([]);
    const member = report(reporter.id, "user", author.id);
    expect(() => resolveCase({ actorId: admin.id, caseId: member.caseId, action: "remove", reason: "x" })).toThrow(/cannot be removed/);
    expect(() => resolveCase({ actorId: reporter.id, caseId: member.caseId, action: "dismiss", reason: "x" })).toThrow("Moderator access required.");
  });

  it("suspend: removes the comment and suspends its author, who can appeal once; granting lifts it", () => {
    const admin = makeUser({ isAdmin: true });
    const author = makeUser();
    const post = makePost({ userId: makeUser().id });
    const comment = createComment({ userId: author.id, postId: post.id, content: "you are all idiots" });
    const { caseId } = report(makeUser().id, "comment", comment.id, "harassment" as never);
    const until = new Date(Date.now() + 7 * 86_400_000);
    resolveCase({ actorId: admin.id, caseId, action: "suspend", reason: "Insults, rule 1", until });
    expect(activeSuspension(author.id)?.reason).toBe("Insults, rule 1");
    const standing = memberStanding(author.id);
    expect(standing.removals.map((r) => r.reason)).toEqual(["Insults, rule 1"]);
    expect(standing.suspensions).toHaveLength(1);
    const suspensionId = standing.suspensions[0].id;
    fileAppeal({ userId: author.id, subjectType: "suspension", subjectId: suspensionId, text: "I am sorry" });
    expect(() => fileAppeal({ userId: author.id, subjectType: "suspension", subjectId: suspensionId, text: "again" })).toThrow("You have already appealed this decision.");
    expect(() => fileAppeal({ userId: makeUser().id, subjectType: "case", subjectId: caseId, text: "not mine" })).toThrow("Nothing to appeal here.");
    const appeal = listOpenAppeals().find((a) => a.userId === author.id)!;
    decideAppeal({ actorId: admin.id, appealId: appeal.id, decision: "granted", reason: "Fair enough" });
    expect(activeSuspension(author.id)).toBeNull();
    expect(messagesOf(author.id)).toContainEqual({ type: "appeal_outcome", message: "Your appeal was granted: Fair enough" });
  });
});

describe("suspensions", () => {
  it("end by themselves at `until`, by the clock at read time", () => {
    const admin = makeUser({ isAdmin: true });
    const member = makeUser();
    const now = new Date("2030-01-01T12:00:00Z");
    const until = new Date("2030-01-08T00:00:00Z");
    suspendUser({ actorId: admin.id, userId: member.id, reason: "Cooling off", until, now });
    expect(activeSuspension(member.id, { now })?.message).toBe("Your account is suspended until 2030-01-08 00:00 UTC: Cooling off");
    expect(() => assertNotSuspended(member.id, new Date("2030-01-07T23:59:59Z"))).toThrow("Your account is suspended until 2030-01-08 00:00 UTC: Cooling off");
    expect(activeSuspension(member.id, { now: until })).toBeNull();
    expect(() => assertNotSuspended(member.id, new Date("2030-01-08T00:00:01Z"))).not.toThrow();
  });

  it("without an end last until lifted; admins and yourself cannot be suspended", () => {
    const admin = makeUser({ isAdmin: true });
    const other = makeUser({ isAdmin: true });
    const member = makeUser();
    suspendUser({ actorId: admin.id, userId: member.id, reason: "Spam", until: null });
    expect(activeSuspension(member.id, { now: new Date("2100-01-01") })?.message).toBe("Your account is suspended indefinitely: Spam");
    liftSuspension({ actorId: admin.id, userId: member.id });
    expect(activeSuspension(member.id)).toBeNull();
    expect(() => liftSuspension({ actorId: admin.id, userId: member.id })).toThrow("This member is not suspended.");
    expect(() => suspendUser({ actorId: admin.id, userId: other.id, reason: "x", until: null })).toThrow("Admins cannot be suspended: remove their admin role first.");
    expect(() => suspendUser({ actorId: admin.id, userId: admin.id, reason: "x", until: null })).toThrow("You cannot suspend yourself.");
    expect(() => suspendUser({ actorId: admin.id, userId: member.id, reason: "x", until: new Date(Date.now() - 1000) })).toThrow("The end of a suspension must be in the future.");
  });
});
