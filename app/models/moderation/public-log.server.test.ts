import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "#db/client.server.ts";
import { moderationLog, suspensions } from "#db/schema.ts";
import { getEnv } from "~/integrations/env.server.ts";
import { KIND_OF_ACTION, REMOVED_TITLE } from "~/rules/moderation-log-rules.ts";
import { makePost, makeUser } from "../../../tests/support/unit-factories.ts";
import { createComment } from "../comment.server.ts";
import { toggleUserAdmin } from "../admin/users.server.ts";
import { removeAsModerator } from "./moderator-removal.server.ts";
import { sweepMember } from "../spam/sweep.server.ts";
import { fileReport } from "./report.server.ts";
import { listCases, resolveCase } from "./queue.server.ts";
import { liftSuspension, logEndedSuspensions, suspendUser } from "./suspension.server.ts";
import { decideAppeal, fileAppeal } from "./standing.server.ts";
import { listPublicLog } from "./public-log.server.ts";

const all = (q: Parameters<typeof listPublicLog>[0] = { limit: 100 }) => listPublicLog(q).entries;
const caseOf = (targetType: "post" | "comment" | "user", targetId: number) => listCases({ status: "open" }).find((c) => c.targetType === targetType && c.targetId === targetId)!;

describe("the public moderation log", () => {
  it("files every path's action under its kind, with the live title or [removed], and never a reporter or removed text", () => {
    const admin = makeUser({ isAdmin: true });
    const author = makeUser();
    const reporter = makeUser({ username: "snitch_zq9" });
    const kept = makePost({ userId: author.id, title: "A post that stays", category: "Music" });
    const doomed = makePost({ userId: author.id, title: "Secret doomed title", category: "Gaming" });
    const tabbed = makePost({ userId: author.id, title: "Removed from the Posts tab", category: "Music" });
    const comment = createComment({ userId: author.id, postId: kept.id, content: "words of a doomed comment" });

    // The queue: a post removed after two reports, a comment removed, a dismissed member report.
    fileReport({ reporterId: reporter.id, input: { targetType: "post", targetId: doomed.id, reason: "spam", note: "by snitch_zq9" } });
    fileReport({ reporterId: makeUser().id, input: { targetType: "post", targetId: doomed.id, reason: "spam", note: null } });
    resolveCase({ actorId: admin.id, caseId: caseOf("post", doomed.id).id, action: "remove", reason: "Spam links" });
    fileReport({ reporterId: reporter.id, input: { targetType: "comment", targetId: comment.id, reason: "spam", note: null } });
    resolveCase({ actorId: admin.id, caseId: caseOf("comment", comment.id).id, action: "remove", reason: "Rude" });
    fileReport({ reporterId: reporter.id, input: { targetType: "user", targetId: author.id, reason: "spam", note: null } });
    resolveCase({ actorId: admin.id, caseId: caseOf("user", author.id).id, action: "dismiss", reason: "Not spam" });
    // The Posts tab, a role change, a suspension and its lift.
    removeAsModerator({ actorId: admin.id, target: { kind: "post", id: tabbed.id }, reason: "Off topic" });
    const other = makeUser();
    toggleUserAdmin({ actorId: admin.id, userId: other.id });
    suspendUser({ actorId: admin.id, userId: author.id, reason: "Cooling off", until: null });
    liftSuspension({ actorId: admin.id, userId: author.id, reason: "Served" });

    const entries = all();
    const mine = entries.filter((e) => e.id > 0);
    const byText = (t: string) => mine.find((e) => e.text === t)!;
    expect(byText("Deleted post")).toMatchObject({ kind: "removal", title: REMOVED_TITLE, href: null, reason: "Off topic", category: "Music" });
    const queued = mine.find((e) => e.text === "Deleted post" && e.reports === 2)!;
    expect(queued).toMatchObject({ title: REMOVED_TITLE, category: "Gaming", reason: "Spam links", actor: { role: "admin", text: "an admin", name: admin.username } });
    expect(byText("Deleted comment")).toMatchObject({ kind: "removal", title: REMOVED_TITLE, category: "Music", reports: 1 });
    expect(byText("Dismissed a report")).toMatchObject({ kind: "report", title: author.username, href: `/profile/${author.id}`, reports: 1 });
    expect(byText("Granted admin")).toMatchObject({ kind: "role", title: other.username });
    expect(byText("Suspended user")).toMatchObject({ kind: "suspension", title: author.username });
    expect(byText("Lifted suspension")).toMatchObject({ kind: "suspension_end", reason: "Served" });

    const text = JSON.stringify(entries);
    expect(text).not.toContain("snitch_zq9");
    expect(text).not.toContain("Secret doomed title");
    expect(text).not.toContain("doomed comment");
    // The admin tab keeps the snapshot: the public log leaves it out by construction.
    expect(getDb().select().from(moderationLog).all().some((r) => r.targetLabel === "Secret doomed title")).toBe(true);
  });

  it("logs a suspension's end once, by the site, when its end date has come; an appeal's lift too", () => {
    const admin = makeUser({ isAdmin: true });
    const member = makeUser();
    const now = new Date();
    suspendUser({ actorId: admin.id, userId: member.id, reason: "A week off", until: new Date(now.getTime() + 60_000), now });
    expect(logEndedSuspensions(now)).toBe(0);
    const later = new Date(now.getTime() + 120_000);
    expect(logEndedSuspensions(later)).toBeGreaterThanOrEqual(1);
    expect(logEndedSuspensions(later)).toBe(0);
    const ended = all({ kind: "suspension_end", limit: 100 }).filter((e) => e.title === member.username);
    expect(ended).toEqual([expect.objectContaining({ action: "end_suspension", actor: { role: "site", text: "its end date", name: null } })]);

    const appealing = makeUser();
    suspendUser({ actorId: admin.id, userId: appealing.id, reason: "Mistake", until: null });
    const suspensionId = getDb().select({ id: suspensions.id }).from(suspensions).where(eq(suspensions.userId, appealing.id)).get()!.id;
    const appeal = fileAppeal({ userId: appealing.id, subjectType: "suspension", subjectId: suspensionId, text: "It was not me" });
    decideAppeal({ actorId: admin.id, appealId: appeal.id, decision: "granted", reason: "Right you are" });
    const lifts = all({ kind: "suspension_end", limit: 100 }).filter((e) => e.title === appealing.username);
    expect(lifts.map((e) => e.action)).toEqual(["lift_suspension"]);
    expect(all({ kind: "appeal", limit: 100 }).some((e) => e.title === appealing.username)).toBe(true);
  });

  it("the sweep logs each removed item and the suspension, filed under the items' categories", () => {
    const admin = makeUser({ isAdmin: true });
    const spammer = makeUser();
    const host = makePost({ userId: makeUser().id, title: "Host", category: "Animals" });
    makePost({ userId: spammer.id, title: "Buy now spam", category: "Animals" });
    createComment({ userId: spammer.id, postId: host.id, content: "spam words here" });
    sweepMember({ actorId: admin.id, userId: spammer.id, reason: "Spam run" });
    const pets = all({ category: "Animals", kind: "removal", limit: 100 }).filter((e) => e.reason === "Spam run");
    expect(pets.map((e) => e.text).sort()).toEqual(["Deleted comment", "Deleted post"]);
    expect(JSON.stringify(pets)).not.toMatch(/Buy now spam|spam words here/);
    expect(all({ kind: "suspension", limit: 100 }).some((e) => e.title === spammer.username && e.reason?.startsWith("Spam run"))).toBe(true);
  });

  it("filters by category and kind, pages by `before`, and names moderators only by the setting", () => {
    const admin = makeUser({ isAdmin: true });
    const ids = Array.from({ length: 5 }, (_, i) => makePost({ userId: admin.id, title: `Film ${i}`, category: "Movies" }).id);
    for (const id of ids) removeAsModerator({ actorId: admin.id, target: { kind: "post", id }, reason: "filter test" });
    const first = listPublicLog({ category: "Movies", kind: "removal", limit: 2 });
    expect(first.entries).toHaveLength(2);
    expect(first.entries.every((e) => e.category === "Movies" && e.kind === "removal")).toBe(true);
    const second = listPublicLog({ category: "Movies", kind: "removal", limit: 2, before: first.next! });
    expect(second.entries[0]!.id).toBeLessThan(first.entries[1]!.id);
    expect(listPublicLog({ category: "Movies", kind: "role", limit: 10 }).entries).toEqual([]);

    const env = getEnv() as { MODERATION_LOG_NAMES: boolean };
    env.MODERATION_LOG_NAMES = false;
    try {
      expect(listPublicLog({ category: "Movies", limit: 1 }).entries[0]!.actor).toEqual({ role: "admin", text: "an admin", name: null });
    } finally {
      env.MODERATION_LOG_NAMES = true;
    }
  });

  it("each filter reads one index range, newest first, stopping after the page (no sort, no scan of the table)", () => {
    const sqlite = getDb().$client;
    const cases = [
      "kind IS NOT NULL",
      "kind IS NOT NULL AND kind = 'removal'",
      "kind IS NOT NULL AND category = 'Music'",
      "kind IS NOT NULL AND category = 'Music' AND kind = 'removal'",
    ];
    for (const where of cases) {
      for (const before of ["", " AND id < 1000"]) {
        const plan = (sqlite.prepare(`EXPLAIN QUERY PLAN SELECT * FROM moderation_log WHERE ${where}${before} ORDER BY id DESC LIMIT 31`).all() as { detail: string }[])
          .map((r) => r.detail)
          .join(" | ");
        // The unfiltered first page walks the public entries' own index from the newest, for LIMIT rows.
        expect(plan).toMatch(/^(SEARCH|SCAN) moderation_log USING INDEX moderation_log_\w+_idx/);
        expect(plan).not.toMatch(/TEMP B-TREE|SCAN moderation_log$|\|/);
        if (where !== "kind IS NOT NULL" || before) expect(plan).toMatch(/^SEARCH/);
      }
    }
  });

  it("the suspension-end pass reads only due ends, by their partial index", () => {
    const plan = (getDb().$client.prepare("EXPLAIN QUERY PLAN SELECT id FROM suspensions WHERE until IS NOT NULL AND lifted_at IS NULL AND end_logged_at IS NULL AND until <= ? ORDER BY until LIMIT 100").all(Date.now()) as { detail: string }[]).map((r) => r.detail).join(" | ");
    expect(plan).toMatch(/^SEARCH suspensions USING (COVERING )?INDEX suspensions_end_due_idx \((until>\? AND )?until<\?\)$/);
  });

  it("the migration filled old entries' kinds by the same map as the code", () => {
    const dir = path.resolve("db/migrations");
    const sql = fs.readFileSync(path.join(dir, fs.readdirSync(dir).find((f) => f.includes("moderation_log_public"))!), "utf8");
    const mapped = Object.fromEntries([...sql.matchAll(/WHEN '(\w+)' THEN '(\w+)'/g)].map((m) => [m[1], m[2]]));
    const expected = Object.fromEntries(Object.entries(KIND_OF_ACTION).filter(([action, kind]) => kind !== null && !["end_suspension", "restore_post", "restore_comment"].includes(action)));
    expect(mapped).toEqual(expected);
  });
});
