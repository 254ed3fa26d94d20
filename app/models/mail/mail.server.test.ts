import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "#db/client.server.ts";
import { mailQueue, sessions } from "#db/schema.ts";
import { makePost, makeUser } from "../../../tests/support/unit-factories.ts";
import { blockUser } from "../block.server.ts";
import { createComment } from "../comment.server.ts";
import { markAllNotificationsRead } from "../notification.server.ts";
import { castVote } from "../vote.server.ts";
import { addMute } from "../mute/mute.server.ts";
import { hidePost } from "../mute/hide.server.ts";
import { removeAsModerator } from "../moderation/moderator-removal.server.ts";
import { composeDigests, composeNoticeMails } from "./compose.server.ts";
import { getEmailPreferences, setEmailPreferences, unsubscribeByLink } from "./preferences.server.ts";
import { claimMail, markFailed, markSent, MAX_ATTEMPTS } from "./outbox.server.ts";
import { unsubscribePath } from "./unsubscribe-link.server.ts";

const ORIGIN = "https://chortle.test";
const queued = (userId: number) => getDb().select().from(mailQueue).where(eq(mailQueue.userId, userId)).all();
const say = (userId: number, postId: number, content = "Ha, that is a good one") => createComment({ userId, postId, content });
const linkOf = (path: string) => Object.fromEntries(new URL(path, ORIGIN).searchParams) as { u: string; scope: "notices"; sig: string };

describe("preferences", () => {
  it("are all off until opted in, and a PATCH changes only what it names", () => {
    const u = makeUser();
    expect(Object.values(getEmailPreferences(u.id)).every((v) => v === false)).toBe(true);
    setEmailPreferences({ userId: u.id, changes: { mention: true, weekly_digest: true } });
    expect(setEmailPreferences({ userId: u.id, changes: { weekly_digest: false } })).toMatchObject({ mention: true, weekly_digest: false, reply_to_comment: false });
  });

  it("a signed link unsubscribes without signing in; a forged one is refused", () => {
    const u = makeUser();
    setEmailPreferences({ userId: u.id, changes: { mention: true, reply_to_comment: true, weekly_digest: true } });
    const link = linkOf(unsubscribePath(u.id, "notices"));
    expect(() => unsubscribeByLink({ u: u.id + 1, scope: "notices", sig: link.sig })).toThrow(/not valid/);
    expect(() => unsubscribeByLink({ u: u.id, scope: "all", sig: link.sig })).toThrow(/not valid/);
    unsubscribeByLink({ u: u.id, scope: "notices", sig: link.sig });
    unsubscribeByLink({ u: u.id, scope: "notices", sig: link.sig });
    expect(getEmailPreferences(u.id)).toMatchObject({ mention: false, reply_to_comment: false, weekly_digest: true });
  });
});

describe("notice mails", () => {
  it("mail a removal to a member who opted into it, with the way to appeal and the public log; not to one who did not", () => {
    const admin = makeUser({ isAdmin: true });
    const [wants, not] = [makeUser(), makeUser()];
    setEmailPreferences({ userId: wants.id, changes: { content_removed: true } });
    setEmailPreferences({ userId: not.id, changes: { comment_on_post: true } });
    for (const u of [wants, not]) removeAsModerator({ actorId: admin.id, target: { kind: "post", id: makePost({ userId: u.id, title: "Gone <i>" }).id }, reason: "Spam" });
    composeNoticeMails({ now: Date.now() + 61_000, origin: ORIGIN, batchMs: 60_000 });
    expect(queued(not.id)).toEqual([]);
    const [mail] = queued(wants.id);
    expect(mail.subject).toBe('Your post "Gone <i>" was removed: Spam · Chortle');
    expect(mail.text).toContain(`- Your post "Gone <i>" was removed: Spam\n  ${ORIGIN}/account/standing\n  Appeal this decision: ${ORIGIN}/account/standing\n  Moderation log: ${ORIGIN}/moderation`);
    expect(mail.html).toContain(`Gone &#60;i&#62;`);
    expect(mail.html).toContain(` · <a href="${ORIGIN}/moderation">Moderation log</a>`);
  });

  it("wait for the batch window, put a burst in one mail, skip what was before the opt-in, read or blocked, and queue once", () => {
    const author = makeUser();
    const post = makePost({ userId: author.id, title: "Ladders <b>" });
    say(makeUser().id, post.id); // before the opt-in: never mailed
    setEmailPreferences({ userId: author.id, changes: { comment_on_post: true } });
    const [a, b, blocked] = [makeUser(), makeUser(), makeUser()];
    say(a.id, post.id);
    say(b.id, post.id);
    say(blocked.id, post.id);
    blockUser({ blockerId: author.id, blockedId: blocked.id });
    castVote({ userId: a.id, postId: post.id, isUpvote: true }); // not an opted-in kind
    const now = Date.now();
    expect(composeNoticeMails({ now, origin: ORIGIN, batchMs: 60_000 })).toBe(0);
    expect(composeNoticeMails({ now: now + 61_000, origin: ORIGIN, batchMs: 60_000 })).toBeGreaterThanOrEqual(1);
    expect(composeNoticeMails({ now: now + 62_000, origin: ORIGIN, batchMs: 60_000 })).toBe(0);
    const [mail, ...more] = queued(author.id);
    expect(more).toEqual([]);
    expect(mail.subject).toBe("2 new notifications on Chortle");
    expect(mail.text).toContain(`${a.username} commented on your post "Ladders <b>"`);
    expect(mail.text).toContain(`${b.username} commented`);
    expect(mail.text).not.toContain(blocked.username);
    expect(mail.text).toContain(`${ORIGIN}/post/${post.id}`);
    expect(mail.html).toContain("Ladders &#60;b&#62;");
    expect(mail.html).toContain('dir="auto"');
    expect(mail.unsubscribeUrl).toMatch(new RegExp(`^${ORIGIN}/email/unsubscribe\\?u=${author.id}&scope=notices&sig=`));
    // Read on the site before the window closed: not mailed.
    say(a.id, post.id);
    markAllNotificationsRead({ userId: author.id });
    composeNoticeMails({ now: now + 200_000, origin: ORIGIN, batchMs: 60_000 });
    expect(queued(author.id)).toHaveLength(1);
  });
});

describe("what a member muted or hid", () => {
  it("is mailed neither as a notice nor in the digest", () => {
    const WEEK = 7 * 24 * 3_600_000;
    const reader = makeUser();
    // Their own post is older than the opt-in: posting in a week is a visit (no digest that week).
    const mine = makePost({ userId: reader.id, title: "My own post" });
    setEmailPreferences({ userId: reader.id, changes: { comment_on_post: true, weekly_digest: true } });
    const [muted, other] = [makeUser(), makeUser()];
    addMute({ userId: reader.id, kind: "member", value: muted.id });
    say(muted.id, mine.id);
    say(other.id, mine.id);
    const now = Date.now();
    composeNoticeMails({ now: now + 61_000, origin: ORIGIN, batchMs: 60_000 });
    const [notice] = queued(reader.id);
    expect(notice.text).toContain(`${other.username} commented`);
    expect(notice.text).not.toContain(muted.username);

    const byMuted = makePost({ userId: muted.id, title: "From a muted member", score: 90 });
    const inMutedCategory = makePost({ userId: other.id, title: "In a muted category", score: 80, category: "Gaming" });
    const withWord = makePost({ userId: other.id, title: "All about pineapples", score: 70 });
    const hidden = makePost({ userId: other.id, title: "Hidden by the reader", score: 60 });
    const kept = makePost({ userId: other.id, title: "Still funny", score: 10 });
    addMute({ userId: reader.id, kind: "category", value: "Gaming" });
    addMute({ userId: reader.id, kind: "word", value: "pineapples" });
    hidePost({ userId: reader.id, postId: hidden.id });
    getDb().delete(sessions).where(eq(sessions.userId, reader.id)).run();
    const later = now + WEEK + 2000;
    getDb().run(sql`UPDATE posts SET created_at = ${later - 1000} WHERE id IN (${sql.join([byMuted.id, inMutedCategory.id, withWord.id, hidden.id, kept.id].map((id) => sql`${id}`), sql`, `)})`);
    composeDigests({ now, origin: ORIGIN, periodMs: WEEK });
    composeDigests({ now: later, origin: ORIGIN, periodMs: WEEK });
    const digest = queued(reader.id).find((m) => m.subject.includes("funniest"));
    expect(digest?.text).toContain("Still funny");
    for (const title of ["From a muted member", "In a muted category", "All about pineapples", "Hidden by the reader"]) expect(digest?.text).not.toContain(title);
  });
});

describe("the weekly digest", () => {
  const WEEK = 7 * 24 * 3_600_000;
  it("lists the funniest posts the member has not seen, only in a week they did not visit", () => {
    const reader = makeUser();
    setEmailPreferences({ userId: reader.id, changes: { weekly_digest: true } });
    const someone = makeUser();
    const seen = makePost({ userId: someone.id, title: "Seen already", score: 50 });
    const funniest = makePost({ userId: someone.id, title: "The funniest", score: 40 });
    const less = makePost({ userId: someone.id, title: "Less funny", score: 3 });
    castVote({ userId: reader.id, postId: seen.id, isUpvote: true });
    const now = Date.now();
    const at = (ids: number[], time: number) => getDb().run(sql`UPDATE posts SET created_at = ${time} WHERE id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`);
    // Within the first week nothing is due.
    composeDigests({ now, origin: ORIGIN, periodMs: WEEK });
    // A week on, with posts of that week: they visited in it (the vote), so no digest.
    getDb().delete(sessions).where(eq(sessions.userId, reader.id)).run();
    getDb().run(sql`UPDATE votes SET created_at = ${now + WEEK - 5000} WHERE user_id = ${reader.id}`);
    at([seen.id, funniest.id, less.id], now + WEEK - 1000);
    composeDigests({ now: now + WEEK + 1000, origin: ORIGIN, periodMs: WEEK });
    expect(queued(reader.id)).toEqual([]);
    // The next week, no visit: the digest, once.
    const later = now + 2 * WEEK + 2000;
    at([seen.id, funniest.id, less.id], later - 1000);
    expect(composeDigests({ now: later, origin: ORIGIN, periodMs: WEEK })).toBeGreaterThanOrEqual(1);
    expect(composeDigests({ now: later + 1, origin: ORIGIN, periodMs: WEEK })).toBe(0);
    expect(queued(reader.id)).toHaveLength(1);
    const [digest] = queued(reader.id);
    expect(digest.subject).toBe("This week's funniest on Chortle");
    expect(digest.text).toContain("The funniest");
    expect(digest.text).not.toContain("Seen already");
    expect(digest.text.indexOf("The funniest")).toBeLessThan(digest.text.indexOf("Less funny"));
    expect(digest.unsubscribeUrl).toContain("scope=weekly_digest");
  });
});

describe("the queue", () => {
  it("claims a mail once, claims it again only after the lease, and gives up after MAX_ATTEMPTS", () => {
    const u = makeUser();
    getDb().delete(mailQueue).run();
    getDb().insert(mailQueue).values({ userId: u.id, dedupeKey: `t:${u.id}`, toAddress: "x@example.com", subject: "s", text: "t", html: "h", unsubscribeUrl: "u" }).run();
    const now = Date.now();
    const [first] = claimMail({ now, leaseMs: 1000 });
    expect(first).toMatchObject({ status: "sending", attempts: 1 });
    expect(claimMail({ now: now + 500, leaseMs: 1000 })).toEqual([]);
    const [again] = claimMail({ now: now + 1500, leaseMs: 1000 });
    expect(again.id).toBe(first.id);
    markSent(again.id);
    markSent(again.id);
    expect(claimMail({ now: now + 10_000, leaseMs: 1000 })).toEqual([]);
    getDb().update(mailQueue).set({ status: "pending", attempts: MAX_ATTEMPTS - 1 }).where(eq(mailQueue.id, first.id)).run();
    const [last] = claimMail({ now, leaseMs: 1000 });
    markFailed(last.id, "550 no such mailbox");
    expect(getDb().select().from(mailQueue).where(eq(mailQueue.id, first.id)).get()).toMatchObject({ status: "failed", lastError: "550 no such mailbox" });
  });
});
