import { removeAsModerator } from "./moderator-removal.server.ts";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "#db/client.server.ts";
import { heldItems, moderationLog, users } from "#db/schema.ts";
import { OUTRANKED, OUTSIDE_CATEGORIES, SITE_WIDE_ONLY } from "~/rules/role-rules.ts";
import { makePost, makeUser } from "../../../tests/support/unit-factories.ts";
import { createComment } from "../comment.server.ts";
import { deleteUserAsAdmin } from "../admin/user-delete.server.ts";
import { listAdminPosts } from "../admin/posts.server.ts";
import { listAdminUsers, setRole, toggleUserAdmin } from "../admin/users.server.ts";
import { resetDemoAccount } from "../admin/demo-reset.server.ts";
import { decideHeld, listHeldQueue } from "../spam/held.server.ts";
import { sweepMember } from "../spam/sweep.server.ts";
import { fileReport } from "./report.server.ts";
import { listCases, resolveCase } from "./queue.server.ts";
import { decideAppeal, fileAppeal, listOpenAppeals } from "./standing.server.ts";
import { liftSuspension, suspendUser } from "./suspension.server.ts";
import { reachOf } from "./roles.server.ts";
import { listNotifications } from "../notification.server.ts";

const lastLog = () => getDb().select().from(moderationLog).orderBy(desc(moderationLog.id)).limit(1).get()!;
const forbidden = (message: string) => expect.objectContaining({ kind: "forbidden", message });

/** An admin, a category moderator of Music and a site-wide moderator, made by the admin. */
function team() {
  const admin = makeUser({ isAdmin: true });
  const music = makeUser();
  const moderator = makeUser();
  setRole({ actorId: admin.id, userId: music.id, role: "category_moderator", categories: ["Music"] });
  setRole({ actorId: admin.id, userId: moderator.id, role: "moderator", categories: [] });
  return { admin, music, moderator };
}

describe("roles", () => {
  it("an admin gives and takes back roles, each logged with who gave it; one rank is kept", () => {
    const { admin, music } = team();
    expect(lastLog()).toMatchObject({ action: "grant_role", adminId: admin.id, adminName: admin.username, reason: "Member → Moderator" });
    expect(reachOf(music.id)).toMatchObject({ role: "category_moderator", categories: ["Music"] });

    const user = setRole({ actorId: admin.id, userId: music.id, role: "category_moderator", categories: ["Gaming", "Music"] });
    expect(user).toMatchObject({ role: "category_moderator", categories: ["Gaming", "Music"] });
    expect(lastLog()).toMatchObject({ action: "grant_role", targetId: music.id, reason: "Category moderator of Music → Category moderator of Gaming, Music" });

    toggleUserAdmin({ actorId: admin.id, userId: music.id });
    expect(reachOf(music.id)).toMatchObject({ role: "admin", categories: null });
    expect(lastLog()).toMatchObject({ action: "grant_admin", reason: "Category moderator of Gaming, Music → Admin" });
    const back = setRole({ actorId: admin.id, userId: music.id, role: "member", categories: ["Music"] });
    expect(back).toMatchObject({ role: "member", categories: [], isAdmin: false });
    expect(lastLog()).toMatchObject({ action: "remove_admin" });
    expect(() => reachOf(music.id)).toThrow(forbidden("Moderator access required."));
  });

  it("only an admin changes roles, never their own, never a suspended member's", () => {
    const { admin, moderator, music } = team();
    const member = makeUser();
    for (const actor of [moderator, music]) {
      expect(() => setRole({ actorId: actor.id, userId: member.id, role: "moderator", categories: [] })).toThrow(forbidden("Admin access required."));
    }
    expect(() => setRole({ actorId: admin.id, userId: admin.id, role: "moderator", categories: [] })).toThrow("You cannot change your own admin status.");
    suspendUser({ actorId: admin.id, userId: member.id, reason: "Spam", until: null });
    expect(() => setRole({ actorId: admin.id, userId: member.id, role: "category_moderator", categories: ["Music"] })).toThrow(forbidden("A suspended member cannot be given a role: lift the suspension first."));
  });
});

describe("a role change is told to its member", () => {
  it("given, changed and taken back: each a notice of its own", () => {
    const { admin, music } = team();
    setRole({ actorId: admin.id, userId: music.id, role: "moderator", categories: [] });
    setRole({ actorId: admin.id, userId: music.id, role: "member", categories: [] });
    // Setting the same role again changes nothing and tells nothing.
    setRole({ actorId: admin.id, userId: music.id, role: "member", categories: [] });
    expect(listNotifications({ userId: music.id }).map((n) => n.message)).toEqual([
      "You are no longer a moderator",
      "You are now a moderator",
      "You are now a category moderator of Music",
    ]);
  });
});

describe("a category moderator", () => {
  it("removes posts and decides comments' cases of their categories only (a comment follows its post)", () => {
    const { music } = team();
    const author = makeUser();
    const reporter = makeUser();
    const mine = makePost({ userId: author.id, category: "Music" });
    const theirs = makePost({ userId: author.id, category: "Gaming" });
    expect(() => removeAsModerator({ actorId: music.id, target: { kind: "post", id: theirs.id }, reason: "no" })).toThrow(forbidden(OUTSIDE_CATEGORIES));
    const otherComment = createComment({ postId: theirs.id, userId: author.id, content: "A comment under a Gaming post" });
    const otherCase = fileReport({ reporterId: reporter.id, input: { targetType: "comment", targetId: otherComment.id, reason: "spam", note: null } });
    expect(() => resolveCase({ actorId: music.id, caseId: otherCase.caseId, action: "remove", reason: "Spam" })).toThrow(forbidden(OUTSIDE_CATEGORIES));
    const myComment = createComment({ postId: mine.id, userId: author.id, content: "A comment under a Music post" });
    const myCase = fileReport({ reporterId: reporter.id, input: { targetType: "comment", targetId: myComment.id, reason: "spam", note: null } });
    const memberCase = fileReport({ reporterId: reporter.id, input: { targetType: "user", targetId: author.id, reason: "spam", note: null } });

    // The queue and the posts list show their categories' items only.
    const open = listCases({ status: "open", reach: reachOf(music.id) }).map((c) => c.id);
    expect(open).toContain(myCase.caseId);
    expect(open).not.toContain(otherCase.caseId);
    expect(open).not.toContain(memberCase.caseId);
    const listed = listAdminPosts({ reach: reachOf(music.id) }).items;
    expect(listed.every((p) => p.category === "Music")).toBe(true);
    expect(listed.map((p) => p.id)).toContain(mine.id);

    expect(() => resolveCase({ actorId: music.id, caseId: memberCase.caseId, action: "suspend", reason: "Spam" })).toThrow(forbidden(SITE_WIDE_ONLY));
    resolveCase({ actorId: music.id, caseId: myCase.caseId, action: "suspend", reason: "Spam in Music" });
    expect(lastLog()).toMatchObject({ action: "delete_comment", adminId: music.id });
    removeAsModerator({ actorId: music.id, target: { kind: "post", id: mine.id }, reason: "Off topic" });
    expect(lastLog()).toMatchObject({ action: "delete_post", adminId: music.id, targetId: mine.id });
  });

  it("cannot delete accounts, change roles, reset the demo, see e-mails or suspend from the Users tab", () => {
    const { music, admin } = team();
    const member = makeUser();
    expect(() => deleteUserAsAdmin({ actorId: music.id, userId: member.id })).toThrow(forbidden("Admin access required."));
    expect(() => toggleUserAdmin({ actorId: music.id, userId: member.id })).toThrow(forbidden("Admin access required."));
    expect(() => resetDemoAccount({ actorId: music.id })).toThrow(forbidden("Admin access required."));
    expect(() => listAdminUsers({ viewerId: music.id })).toThrow(forbidden(SITE_WIDE_ONLY));
    expect(() => suspendUser({ actorId: music.id, userId: member.id, reason: "Spam", until: null })).toThrow(forbidden(SITE_WIDE_ONLY));
    expect(() => sweepMember({ actorId: music.id, userId: member.id, reason: "Spam" })).toThrow(forbidden(SITE_WIDE_ONLY));
    suspendUser({ actorId: admin.id, userId: member.id, reason: "Spam", until: null });
    expect(() => liftSuspension({ actorId: music.id, userId: member.id })).toThrow(forbidden(SITE_WIDE_ONLY));
  });

  it("holds and approves waiting items of their categories only; answers their categories' appeals only", () => {
    const { music, admin } = team();
    const author = makeUser();
    const mine = makePost({ userId: author.id, category: "Music" });
    const theirs = makePost({ userId: author.id, category: "Gaming" });
    const hold = (values: Partial<typeof heldItems.$inferInsert>) =>
      getDb().insert(heldItems).values({ kind: "comment", userId: author.id, content: "Waiting words", reason: "link", ...values }).returning().get().id;
    const inMusic = hold({ postId: mine.id });
    const inGaming = hold({ postId: theirs.id });
    const gamingPost = hold({ kind: "post", payload: JSON.stringify({ title: "A held Gaming post", category: "Gaming" }) });
    const queued = listHeldQueue(100, reachOf(music.id)).map((h) => h.id);
    expect(queued).toContain(inMusic);
    expect(queued).not.toContain(inGaming);
    expect(queued).not.toContain(gamingPost);
    expect(() => decideHeld({ actorId: music.id, id: inGaming, approve: false })).toThrow(forbidden(OUTSIDE_CATEGORIES));
    expect(() => decideHeld({ actorId: music.id, id: gamingPost, approve: false })).toThrow(forbidden(OUTSIDE_CATEGORIES));
    expect(decideHeld({ actorId: music.id, id: inMusic, approve: true })).toMatchObject({ approved: true });

    const reporter = makeUser();
    const removedIn = (postId: number) => {
      const { caseId } = fileReport({ reporterId: reporter.id, input: { targetType: "post", targetId: postId, reason: "spam", note: null } });
      resolveCase({ actorId: admin.id, caseId, action: "remove", reason: "Spam" });
      return fileAppeal({ userId: author.id, subjectType: "case", subjectId: caseId, text: "It was not spam" }).id;
    };
    const musicAppeal = removedIn(makePost({ userId: author.id, category: "Music" }).id);
    const gamingAppeal = removedIn(makePost({ userId: author.id, category: "Gaming" }).id);
    const appeals = listOpenAppeals(reachOf(music.id)).map((a) => a.id);
    expect(appeals).toContain(musicAppeal);
    expect(appeals).not.toContain(gamingAppeal);
    expect(() => decideAppeal({ actorId: music.id, appealId: gamingAppeal, decision: "granted", reason: "ok" })).toThrow(forbidden(OUTSIDE_CATEGORIES));
    expect(decideAppeal({ actorId: music.id, appealId: musicAppeal, decision: "upheld", reason: "It was spam" })).toMatchObject({ status: "upheld" });
  });
});

describe("nobody moderates their own rank or above", () => {
  it("a moderator suspends members, not a moderator or an admin, nor removes their posts; an admin suspends a moderator", () => {
    const { admin, moderator, music } = team();
    const other = makeUser();
    setRole({ actorId: admin.id, userId: other.id, role: "moderator", categories: [] });
    const member = makeUser();
    expect(() => suspendUser({ actorId: moderator.id, userId: other.id, reason: "x", until: null })).toThrow(forbidden(OUTRANKED));
    expect(() => suspendUser({ actorId: moderator.id, userId: admin.id, reason: "x", until: null })).toThrow(forbidden("Admins cannot be suspended: remove their admin role first."));
    const adminsPost = makePost({ userId: admin.id, category: "Music" });
    expect(() => removeAsModerator({ actorId: moderator.id, target: { kind: "post", id: adminsPost.id } })).toThrow(forbidden(OUTRANKED));
    expect(() => removeAsModerator({ actorId: music.id, target: { kind: "post", id: adminsPost.id } })).toThrow(forbidden(OUTRANKED));
    // A site-wide moderator outranks a category moderator.
    expect(suspendUser({ actorId: moderator.id, userId: music.id, reason: "Abuse of the role", until: null })).toMatchObject({ suspended: true });
    expect(suspendUser({ actorId: moderator.id, userId: member.id, reason: "Spam", until: null })).toMatchObject({ suspended: true });
    expect(suspendUser({ actorId: admin.id, userId: other.id, reason: "Abuse of the role", until: null })).toMatchObject({ suspended: true });
  });

  it("a moderator's list of users has no e-mail addresses and searches names only", () => {
    const { admin, moderator } = team();
    const member = makeUser();
    const seen = listAdminUsers({ viewerId: moderator.id, q: member.username }).items;
    expect(seen.map((u) => u.id)).toEqual([member.id]);
    expect(seen[0]).not.toHaveProperty("email");
    const email = getDb().select({ email: users.email }).from(users).where(eq(users.id, member.id)).get()!.email;
    expect(listAdminUsers({ viewerId: moderator.id, q: email }).items).toEqual([]);
    expect(listAdminUsers({ viewerId: admin.id, q: email }).items[0]).toMatchObject({ id: member.id, email });
  });
});
