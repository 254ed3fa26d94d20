import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { withSqlFunctions } from "#db/client.server.ts";
import { EMAIL_KINDS, NOTIFICATION_TYPES, type NotificationType } from "#db/schema.ts";
import { NOTIFICATION_REGISTRY, notificationHref, notificationIcon, notificationLinks, notificationText, quoteTitle, typesMailedAs, type NotificationParams } from "./notification-registry.ts";

// What members saw of each type before the registry (the sentence stored in the row, its icon and
// its link), pinned as the old code made them: the registry makes the same from the params.
const LONG = "A rather long post title that goes on and on and on past sixty characters";
const SHORT_LONG = '"A rather long post title that goes on and on and on past si…"';
type Case<T extends NotificationType = NotificationType> = { type: T; params: NotificationParams[T]; facts?: Partial<Facts>; message: string; icon: string; href: string };
type Facts = { postId: number | null; commentId: number | null; actorId: number | null; batchSize: number };
const onPost = { postId: 7, commentId: 9, actorId: 3 };
const none = { postId: null, commentId: null, actorId: null };
const ann = (title: string) => ({ actor: "ann", title });

const BEFORE: Case[] = [
  { type: "comment_on_post", params: ann(LONG), facts: onPost, message: `ann commented on your post ${SHORT_LONG}`, icon: "comment", href: "/post/7" },
  { type: "reply_to_comment", params: ann("Cats"), facts: onPost, message: 'ann replied to your comment on "Cats"', icon: "reply", href: "/post/7" },
  { type: "post_upvote", params: ann("Cats"), facts: { ...onPost, commentId: null }, message: 'ann upvoted your post "Cats"', icon: "up", href: "/post/7" },
  { type: "post_downvote", params: ann("Cats"), facts: { ...onPost, commentId: null }, message: 'ann downvoted your post "Cats"', icon: "down", href: "/post/7" },
  { type: "comment_upvote", params: ann("Cats"), facts: onPost, message: 'ann upvoted your comment on "Cats"', icon: "like", href: "/post/7" },
  { type: "comment_downvote", params: ann("Cats"), facts: onPost, message: 'ann downvoted your comment on "Cats"', icon: "dislike", href: "/post/7" },
  { type: "new_follower", params: { actor: "ann" }, facts: { ...none, actorId: 3 }, message: "ann started following you", icon: "follower", href: "/profile/3" },
  { type: "trending_comment", params: { score: 12, title: "Cats" }, facts: { ...none, postId: 7 }, message: 'Your post "Cats" is trending with a score of 12!', icon: "fire", href: "/post/7" },
  { type: "mention", params: ann("Cats"), facts: onPost, message: 'ann mentioned you on "Cats"', icon: "mention", href: "/post/7#comment-9" },
  { type: "thread_activity", params: { title: "Cats" }, facts: { ...onPost, commentId: null }, message: '1 new comment in "Cats"', icon: "comment", href: "/post/7#comments" },
  { type: "thread_activity", params: { title: "Cats" }, facts: { ...onPost, commentId: null, batchSize: 3 }, message: '3 new comments in "Cats"', icon: "comment", href: "/post/7#comments" },
  {
    type: "content_removed",
    params: { noun: "post", label: LONG, reason: "Spam links, rule 2" },
    message: `Your post ${SHORT_LONG} was removed: Spam links, rule 2`,
    icon: "bell",
    href: "/account/standing",
  },
  { type: "report_outcome", params: { outcome: "removed", noun: "post" }, message: "Thanks for your report: the post was removed", icon: "bell", href: "/" },
  { type: "report_outcome", params: { outcome: "suspended", noun: "account" }, message: "Thanks for your report: the account was suspended", icon: "bell", href: "/" },
  { type: "report_outcome", params: { outcome: "none", noun: "comment" }, message: "Thanks for your report: no action was needed", icon: "bell", href: "/" },
  {
    type: "account_suspended",
    params: { until: "2026-12-01T14:00:00.000Z", reason: "Spam" },
    message: "Your account is suspended until 2026-12-01 14:00 UTC: Spam",
    icon: "bell",
    href: "/account/standing",
  },
  { type: "account_suspended", params: { until: null, reason: "Spam" }, message: "Your account is suspended indefinitely: Spam", icon: "bell", href: "/account/standing" },
  { type: "appeal_outcome", params: { decision: "granted", reason: "Fair enough" }, message: "Your appeal was granted: Fair enough", icon: "bell", href: "/account/standing" },
  { type: "appeal_outcome", params: { decision: "upheld", reason: "No" }, message: "Your appeal was reviewed and the decision stands: No", icon: "bell", href: "/account/standing" },
];

const row = (c: Case) => ({ type: c.type, params: c.params, ...none, batchSize: 1, ...c.facts });

describe("the notifications registry", () => {
  it("makes each existing type's message, icon and link as members saw them before", () => {
    for (const c of BEFORE) {
      expect({ message: notificationText(row(c)), icon: notificationIcon(c.type), href: notificationHref(row(c)) }).toEqual({ message: c.message, icon: c.icon, href: c.href });
    }
    // Every type that existed then is pinned.
    const pinned = new Set(BEFORE.map((c) => c.type));
    expect(NOTIFICATION_TYPES.filter((t) => !pinned.has(t))).toEqual(["content_restored", "role_changed"]);
  });

  it("holds every type, and a type is mailed as the e-mail kind of its own name", () => {
    expect(Object.keys(NOTIFICATION_REGISTRY).sort()).toEqual([...NOTIFICATION_TYPES].sort());
    for (const [type, entry] of Object.entries(NOTIFICATION_REGISTRY)) expect([null, type]).toContain(entry.email);
    const mailed = EMAIL_KINDS.filter((k) => k !== "weekly_digest");
    expect(typesMailedAs(mailed).sort()).toEqual([...mailed].sort());
    // Votes, trending and suspensions were never mailed and still are not.
    expect(typesMailedAs(mailed)).not.toEqual(expect.arrayContaining(["post_upvote"]));
  });

  it("says the new types: a removal with its reason and the way to appeal, a restore, a role", () => {
    const removed = { type: "content_removed" as const, params: { noun: "comment" as const, label: "buy now", reason: "Spam", caseId: 4 }, ...none, batchSize: 1 };
    expect(notificationText(removed)).toBe('Your comment "buy now" was removed: Spam');
    expect(notificationLinks(removed)).toEqual([
      { label: "Appeal this decision", href: "/account/standing" },
      { label: "Moderation log", href: "/moderation" },
    ]);
    expect(notificationText({ ...removed, params: { ...removed.params, reason: "" } })).toBe('Your comment "buy now" was removed');
    const restored = { type: "content_restored" as const, params: { noun: "post" as const, label: "Cats" }, ...none, postId: 5, batchSize: 1 };
    expect([notificationText(restored), notificationHref(restored)]).toEqual(['Your post "Cats" was restored', "/post/5"]);
    const role = (granted: boolean, r: string) => notificationText({ type: "role_changed", params: { role: r, granted }, ...none, batchSize: 1 });
    expect([role(true, "moderator"), role(false, "moderator"), role(true, "admin")]).toEqual(["You are now a moderator", "You are no longer a moderator", "You are now an admin"]);
  });

  it("quotes titles, shortening long ones", () => {
    expect(quoteTitle("Short")).toBe('"Short"');
    const quoted = quoteTitle("x".repeat(100));
    expect(quoted).toHaveLength(62);
    expect(quoted.endsWith('…"')).toBe(true);
  });
});

describe("migration 0029: stored sentences become params", () => {
  it("gives every existing type's row params from which the registry makes the sentence it stored", () => {
    const dir = path.join(import.meta.dirname, "../../db/migrations");
    const journal = JSON.parse(fs.readFileSync(path.join(dir, "meta/_journal.json"), "utf8")) as { entries: { tag: string }[] };
    const run = (db: Database.Database, tag: string) => {
      for (const statement of fs.readFileSync(path.join(dir, `${tag}.sql`), "utf8").split("--> statement-breakpoint")) db.exec(statement);
    };
    const db = withSqlFunctions(new Database(":memory:"));
    const tags = journal.entries.map((e) => e.tag);
    const at = tags.indexOf("0029_notification_params");
    for (const tag of tags.slice(0, at)) run(db, tag);
    // The rows alone: what they point to is not what is converted.
    db.pragma("foreign_keys = OFF");
    const insert = db.prepare("INSERT INTO notifications (user_id, actor_id, type, message, post_id, comment_id, batch_size) VALUES (1, @actorId, @type, @message, @postId, @commentId, @batchSize)");
    for (const c of BEFORE) insert.run({ ...row(c), message: c.message });
    run(db, tags[at]);
    const rows = db.prepare("SELECT type, params, post_id AS postId, comment_id AS commentId, actor_id AS actorId, batch_size AS batchSize FROM notifications ORDER BY id").all() as (Facts & { type: NotificationType; params: string })[];
    expect(rows.map((r) => notificationText({ ...r, params: JSON.parse(r.params) }))).toEqual(BEFORE.map((c) => c.message));
    expect(db.prepare("SELECT count(*) AS n FROM pragma_table_info('notifications') WHERE name = 'message'").get()).toEqual({ n: 0 });
  });
});
