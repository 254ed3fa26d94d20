import { describe, expect, it } from "vitest";
import { DEMO_USERNAME } from "~/rules/account-rules.ts";
import { DEMO_REFUSED, SEEDED_REFUSED } from "~/rules/demo-rules.ts";
import { isSeededMember } from "./demo.server.ts";
import { hashPasswordSync } from "~/integrations/password.server.ts";
import { changePassword, deleteAccount } from "./credentials.server.ts";
import { exportMemberData } from "./data-export.server.ts";
import { createSession, getSessionUser, signOutOtherSessions } from "../session.server.ts";
import { findFeedTokenOwner, getFeedToken, regenerateFeedToken } from "../syndication-token.server.ts";
import { createUser, findUserByLogin } from "../user.server.ts";

function demoUser() {
  return (
    findUserByLogin({ login: DEMO_USERNAME }) ??
    createUser({ username: DEMO_USERNAME, email: "demo-rule@example.com", passwordHash: hashPasswordSync("chortle-demo") })
  );
}

// Anyone may sign in as the demo account: nothing one visitor does may lock the next one out.
describe("the shared demo account cannot be taken over", () => {
  it("cannot change its password, delete itself or sign the other sessions out", async () => {
    const demo = demoUser();
    const other = createSession({ userId: demo.id }).token;
    const mine = createSession({ userId: demo.id }).token;
    await expect(changePassword({ user: demo, currentPassword: "chortle-demo", newPassword: "taken-over", keepSessionToken: mine })).rejects.toMatchObject({ kind: "forbidden", message: DEMO_REFUSED });
    await expect(deleteAccount({ user: demo, password: "chortle-demo" })).rejects.toMatchObject({ kind: "forbidden", message: DEMO_REFUSED });
    expect(() => signOutOtherSessions({ userId: demo.id, keepToken: mine })).toThrow(DEMO_REFUSED);
    expect(getSessionUser({ token: other })?.id).toBe(demo.id);
    expect(findUserByLogin({ login: DEMO_USERNAME })?.passwordHash).toBe(demo.passwordHash);
  });

  it("cannot replace the feed link, and its data export leaves out the other visitors' sessions", () => {
    const demo = demoUser();
    createSession({ userId: demo.id, userAgent: "Another visitor" });
    const feed = getFeedToken({ userId: demo.id });
    expect(() => regenerateFeedToken({ userId: demo.id })).toThrow(DEMO_REFUSED);
    expect(findFeedTokenOwner({ token: feed })).toBe(demo.id);
    expect(exportMemberData({ userId: demo.id }).sessions).toEqual([]);
  });

  it("a member's own account keeps all of these", async () => {
    const member = createUser({ username: "not_the_demo", email: "not-demo@example.com", passwordHash: hashPasswordSync("old-password") });
    const mine = createSession({ userId: member.id }).token;
    createSession({ userId: member.id, userAgent: "Phone" });
    expect(exportMemberData({ userId: member.id }).sessions).toHaveLength(2);
    expect(signOutOtherSessions({ userId: member.id, keepToken: mine })).toEqual({ ended: 1 });
    await expect(changePassword({ user: member, currentPassword: "old-password", newPassword: "new-password", keepSessionToken: mine })).resolves.toEqual({ endedSessions: 0 });
  });
});

describe("an admin resets the demo account", () => {
  it("takes away what visitors made, brings back the seeded posts and profile, and logs it", async () => {
    const { resetDemoAccount } = await import("../admin/demo-reset.server.ts");
    const { demoAccountPosts } = await import("#db/seed.ts");
    const { makePost, makeUser } = await import("../../../tests/support/unit-factories.ts");
    const { createComment } = await import("../comment.server.ts");
    const { castVote } = await import("../vote.server.ts");
    const { getDb } = await import("#db/client.server.ts");
    const { moderationLog, posts, users } = await import("#db/schema.ts");
    const { eq } = await import("drizzle-orm");
    const demo = demoUser();
    const admin = makeUser({ isAdmin: true });
    const other = makeUser();
    const theirs = makePost({ userId: other.id });
    makePost({ userId: demo.id, title: "Graffiti by a visitor" });
    createComment({ userId: demo.id, postId: theirs.id, content: "A visitor's comment" });
    castVote({ userId: demo.id, postId: theirs.id, isUpvote: true });

    expect(() => resetDemoAccount({ actorId: other.id })).toThrow();
    expect(resetDemoAccount({ actorId: admin.id })).toEqual({ posts: demoAccountPosts().length });

    const db = getDb();
    const titles = db.select({ title: posts.title }).from(posts).where(eq(posts.userId, demo.id)).all().map((p) => p.title);
    expect(titles.sort()).toEqual(demoAccountPosts().map((p) => p.title).sort());
    const after = db.select().from(posts).where(eq(posts.id, theirs.id)).get()!;
    expect([after.upvotes, after.commentsCount]).toEqual([0, 0]);
    expect(db.select({ n: users.postsCount, bio: users.bio }).from(users).where(eq(users.id, demo.id)).get()).toEqual({ n: demoAccountPosts().length, bio: "Just here for the comments." });
    expect(db.select().from(moderationLog).where(eq(moderationLog.action, "reset_demo")).all().at(-1)).toMatchObject({ adminId: admin.id, targetId: demo.id });
  });
});

describe("the demo seed's accounts are never anyone's", () => {
  it("only the demo account has the published password; the others have none anyone knows", async () => {
    const fs = await import("node:fs");
    const os = await import("node:os");
    const path = await import("node:path");
    const { openDatabase, migrate } = await import("#db/client.server.ts");
    const { seedDemo, DEMO_PASSWORD } = await import("#db/seed.ts");
    const { users } = await import("#db/schema.ts");
    const { verifyPassword } = await import("~/integrations/password.server.ts");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "chortle-seed-"));
    const db = openDatabase(path.join(dir, "seed.db"));
    try {
      migrate(db);
      seedDemo(db, { hashPassword: hashPasswordSync });
      const rows = db.select({ username: users.username, passwordHash: users.passwordHash }).from(users).all();
      expect(rows.length).toBeGreaterThan(1);
      for (const row of rows) {
        expect(await verifyPassword(row.passwordHash, DEMO_PASSWORD), row.username).toBe(row.username === DEMO_USERNAME);
        if (row.username !== DEMO_USERNAME) expect(isSeededMember(row), row.username).toBe(true);
      }
      // Each its own: no two share a value, so one leaked row opens nothing else.
      expect(new Set(rows.map((r) => r.passwordHash)).size).toBe(rows.length);
      expect(isSeededMember(rows.find((r) => r.username === DEMO_USERNAME)!)).toBe(false);
    } finally {
      db.$client.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("the demo account cannot report, nor ask for a reset link; a seeded member cannot either, nor invite", async () => {
    const { fileReport } = await import("../moderation/report.server.ts");
    const { createPasswordResetToken } = await import("./password-reset.server.ts");
    const { createInvite } = await import("./invites.server.ts");
    const { makePost, makeUser } = await import("../../../tests/support/unit-factories.ts");
    const { getDb } = await import("#db/client.server.ts");
    const { passwordResetTokens, reports, users } = await import("#db/schema.ts");
    const { seededMemberHash } = await import("#db/seed.ts");
    const { count: n, eq } = await import("drizzle-orm");
    const demo = demoUser();
    const post = makePost({ userId: makeUser().id });
    const count = (table: typeof reports | typeof passwordResetTokens) => getDb().select({ n: n() }).from(table).get()!.n;
    const before = { reports: count(reports), tokens: count(passwordResetTokens) };
    expect(() => fileReport({ reporterId: demo.id, input: { targetType: "post", targetId: post.id, reason: "spam", note: null } })).toThrow(DEMO_REFUSED);
    expect(() => createPasswordResetToken({ userId: demo.id })).toThrow(DEMO_REFUSED);
    const seeded = makeUser();
    getDb().update(users).set({ passwordHash: seededMemberHash() }).where(eq(users.id, seeded.id)).run();
    expect(() => createPasswordResetToken({ userId: seeded.id })).toThrow(SEEDED_REFUSED);
    expect(() => createInvite({ userId: seeded.id })).toThrow(SEEDED_REFUSED);
    expect(() => createInvite({ userId: demo.id })).toThrow(DEMO_REFUSED);
    expect({ reports: count(reports), tokens: count(passwordResetTokens) }).toEqual(before);
    // A member's own account keeps them.
    const member = makeUser();
    expect(fileReport({ reporterId: member.id, input: { targetType: "post", targetId: post.id, reason: "spam", note: null } }).caseId).toBeGreaterThan(0);
    expect(createPasswordResetToken({ userId: member.id }).token).toBeTruthy();
  });
});

describe("a site seeded before: migration 0020", () => {
  it("takes the published password from the seed's members (and their sessions, links, unused codes), not from anyone else", async () => {
    const fs = await import("node:fs");
    const { getDb } = await import("#db/client.server.ts");
    const { invites, sessions, users } = await import("#db/schema.ts");
    const { eq } = await import("drizzle-orm");
    const { createPasswordResetToken } = await import("./password-reset.server.ts");
    const { verifyPassword } = await import("~/integrations/password.server.ts");
    const published = hashPasswordSync("chortle-demo");
    const larry = createUser({ username: "lol_larry", email: "lol_larry@example.com", passwordHash: published });
    // Someone else's account with a seed name but their own address: not the seed's.
    const maven = createUser({ username: "meme_maven", email: "maven@real.example", passwordHash: published });
    const demo = demoUser();
    createSession({ userId: larry.id });
    createPasswordResetToken({ userId: larry.id });
    getDb().insert(invites).values({ code: "stolen-code", creatorId: larry.id, createdAt: new Date() }).run();
    const sql = fs.readFileSync("db/migrations/0020_seeded_members_locked.sql", "utf8");
    for (const statement of sql.split("--> statement-breakpoint")) getDb().$client.exec(statement);
    const hashOf = (id: number) => getDb().select({ h: users.passwordHash }).from(users).where(eq(users.id, id)).get()!.h;
    expect(isSeededMember({ passwordHash: hashOf(larry.id) })).toBe(true);
    expect(await verifyPassword(hashOf(larry.id), "chortle-demo")).toBe(false);
    expect(getDb().select().from(sessions).where(eq(sessions.userId, larry.id)).all()).toEqual([]);
    expect(getDb().select().from(invites).where(eq(invites.code, "stolen-code")).all()).toEqual([]);
    expect(hashOf(maven.id)).toBe(published);
    expect(hashOf(demo.id)).toBe(demo.passwordHash);
  });
});
