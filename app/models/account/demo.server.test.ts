import { describe, expect, it } from "vitest";
import { DEMO_USERNAME } from "~/lib/account-rules.ts";
import { DEMO_REFUSED } from "~/lib/demo-rules.ts";
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
