import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "#db/client.server.ts";
import { moderationLog, users } from "#db/schema.ts";
import { makePost, makeUser } from "../../../tests/support/unit-factories.ts";
import { uniqueName } from "../../../tests/support/names.ts";
import { createComment } from "../comment.server.ts";
import { listModerationLog } from "../moderation-log.server.ts";
import { castVote } from "../vote.server.ts";
import { liftSuspension, suspendUser } from "../moderation/suspension.server.ts";
import { SUSPENDED_NOT_PROMOTABLE } from "~/rules/moderation-rules.ts";
import { listAdminPosts } from "./posts.server.ts";
import { getDailyActivity, getDashboardStats, lastDays } from "./stats.server.ts";
import { CANNOT_CHANGE_OWN_ROLE, createUserAsAdmin, LAST_ADMIN, listAdminUsers, toggleUserAdmin } from "./users.server.ts";
import { removeAsModerator } from "../moderation/moderator-removal.server.ts";

const isAdmin = (id: number) => getDb().select({ a: users.isAdmin }).from(users).where(eq(users.id, id)).get()?.a;

describe("toggleUserAdmin", () => {
  it("grants and removes the role of others, logging each change", () => {
    const admin = makeUser({ isAdmin: true });
    const member = makeUser();
    expect(toggleUserAdmin({ actorId: admin.id, userId: member.id })).toMatchObject({ id: member.id, username: member.username, isAdmin: true });
    expect(isAdmin(member.id)).toBe(true);
    expect(toggleUserAdmin({ actorId: admin.id, userId: member.id })).toMatchObject({ isAdmin: false });
    const [removed, granted] = listModerationLog().items;
    expect(granted).toMatchObject({ action: "grant_admin", adminId: admin.id, adminName: admin.username, targetId: member.id, targetLabel: member.username });
    expect(removed).toMatchObject({ action: "remove_admin", targetId: member.id });
  });

  it("refuses yourself, the last admin, members and unknown ids", () => {
    const admin = makeUser({ isAdmin: true });
    const member = makeUser();
    expect(() => toggleUserAdmin({ actorId: admin.id, userId: admin.id })).toThrow(expect.objectContaining({ kind: "invalid", message: CANNOT_CHANGE_OWN_ROLE }));
    expect(() => toggleUserAdmin({ actorId: member.id, userId: admin.id })).toThrow(expect.objectContaining({ kind: "forbidden" }));
    expect(() => toggleUserAdmin({ actorId: admin.id, userId: 99_999_999 })).toThrow(expect.objectContaining({ kind: "not_found" }));
    getDb().update(users).set({ isAdmin: false }).where(sql`${users.id} <> ${admin.id}`).run();
    expect(() => toggleUserAdmin({ actorId: admin.id, userId: admin.id })).toThrow(expect.objectContaining({ kind: "invalid", message: LAST_ADMIN }));
    expect(isAdmin(admin.id)).toBe(true);
    expect(isAdmin(member.id)).toBe(false);
  });

  it("refuses to make a suspended member an admin until the suspension ends", () => {
    const admin = makeUser({ isAdmin: true });
    const member = makeUser();
    suspendUser({ actorId: admin.id, userId: member.id, reason: "Cooling off", until: null });
    expect(() => toggleUserAdmin({ actorId: admin.id, userId: member.id })).toThrow(expect.objectContaining({ kind: "forbidden", message: SUSPENDED_NOT_PROMOTABLE }));
    expect(isAdmin(member.id)).toBe(false);
    liftSuspension({ actorId: admin.id, userId: member.id });
    expect(toggleUserAdmin({ actorId: admin.id, userId: member.id })).toMatchObject({ isAdmin: true });
  });
});

describe("createUserAsAdmin", () => {
  it("creates members and admins through the registration rules, logging them", () => {
    const admin = makeUser({ isAdmin: true });
    const name = uniqueName();
    const made = createUserAsAdmin({ actorId: admin.id, username: name, email: `${name}@example.com`, passwordHash: "h", isAdmin: true });
    expect(made).toMatchObject({ username: name, email: `${name}@example.com`, isAdmin: true });
    expect(made).not.toHaveProperty("passwordHash");
    expect(listModerationLog().items.slice(0, 2).map((e) => e.action)).toEqual(["grant_admin", "create_user"]);
    expect(() => createUserAsAdmin({ actorId: admin.id, username: name.toUpperCase(), email: "x@example.com", passwordHash: "h", isAdmin: false })).toThrow(
      expect.objectContaining({ kind: "conflict", field: "username" }),
    );
    const entries = getDb().select().from(moderationLog).all().length;
    const other = uniqueName();
    expect(() => createUserAsAdmin({ actorId: makeUser().id, username: other, email: `${other}@example.com`, passwordHash: "h", isAdmin: false })).toThrow(
      expect.objectContaining({ kind: "forbidden" }),
    );
    expect(getDb().select().from(moderationLog).all().length).toBe(entries);
  });
});

describe("the moderation log", () => {
  it("is append-only: the database refuses updates and deletes", () => {
    const admin = makeUser({ isAdmin: true });
    toggleUserAdmin({ actorId: admin.id, userId: makeUser().id });
    expect(() => getDb().update(moderationLog).set({ reason: "edited" }).run()).toThrow(/append-only/);
    expect(() => getDb().delete(moderationLog).run()).toThrow(/append-only/);
  });
});

describe("admin post deletion", () => {
  it("deletes anyone's post, lowers the author's postsCount and logs the title and reason", () => {
    const admin = makeUser({ isAdmin: true });
    const author = makeUser();
    const post = makePost({ userId: author.id, title: "Moderated title" });
    expect(() => removeAsModerator({ actorId: makeUser().id, target: { kind: "post", id: post.id } })).toThrow(expect.objectContaining({ kind: "forbidden" }));
    expect(removeAsModerator({ actorId: admin.id, target: { kind: "post", id: post.id }, reason: "off topic" })).toMatchObject({ authorId: author.id, label: "Moderated title" });
    expect(getDb().select({ n: users.postsCount }).from(users).where(eq(users.id, author.id)).get()?.n).toBe(0);
    expect(listModerationLog().items[0]).toMatchObject({ action: "delete_post", targetKind: "post", targetId: post.id, targetLabel: "Moderated title", reason: "off topic" });
  });
});

describe("lists and statistics", () => {
  it("search users by name or e-mail and posts by title, newest first, 50 a page", () => {
    const tag = uniqueName().slice(0, 8);
    const made = Array.from({ length: 52 }, (_, i) => makeUser({ username: `${tag}_${i}` }));
    const viewerId = makeUser({ isAdmin: true }).id;
    const first = listAdminUsers({ q: tag.toUpperCase(), viewerId });
    expect(first).toMatchObject({ total: 52, page: 1, pageCount: 2 });
    expect(first.items).toHaveLength(50);
    expect(first.items[0].id).toBe(made[51].id);
    expect(first.items[0]).not.toHaveProperty("passwordHash");
    expect(listAdminUsers({ q: tag, page: 2, viewerId }).items.map((u) => u.id)).toEqual([made[1].id, made[0].id]);
    expect(listAdminUsers({ q: `${made[3].email}`, viewerId }).items.map((u) => u.id)).toEqual([made[3].id]);
    expect(listAdminUsers({ q: "%", viewerId }).items.every((u) => u.username.includes("%") || u.email!.includes("%"))).toBe(true);

    const p1 = makePost({ userId: made[0].id, title: `${tag} first` });
    const p2 = makePost({ userId: made[1].id, title: `${tag} second` });
    expect(listAdminPosts({ q: tag }).items.map((p) => [p.id, p.username])).toEqual([
      [p2.id, made[1].username],
      [p1.id, made[0].username],
    ]);
  });

  it("count totals and draw 30 days of activity", () => {
    const before = getDashboardStats();
    const u = makeUser();
    const post = makePost({ userId: u.id });
    createComment({ userId: u.id, postId: post.id, content: "counted comment" });
    castVote({ userId: makeUser().id, postId: post.id, isUpvote: true });
    const after = getDashboardStats();
    expect(after.totalUsers - before.totalUsers).toBe(2);
    expect(after.totalPosts - before.totalPosts).toBe(1);
    expect(after.totalComments - before.totalComments).toBe(1);
    expect(after.totalUpvotes - before.totalUpvotes).toBe(1);
    expect(after.recentUsers.length).toBeLessThanOrEqual(5);
    expect(after.recentUsers[0]).toMatchObject({ isAdmin: false });

    const days = lastDays(new Date("2026-03-01T10:00:00Z"));
    expect(days).toHaveLength(30);
    expect(days[0]).toBe("2026-01-31");
    expect(days[29]).toBe("2026-03-01");
    const activity = getDailyActivity();
    const today = new Date().toISOString().slice(0, 10);
    expect(activity.posts.at(-1)).toMatchObject({ day: today });
    expect(activity.posts.at(-1)!.count).toBeGreaterThanOrEqual(1);
    expect(activity.comments.at(-1)!.count).toBeGreaterThanOrEqual(1);
    expect(activity.signUps.reduce((s, d) => s + d.count, 0)).toBeGreaterThanOrEqual(2);
  });
});
