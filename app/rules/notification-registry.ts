import type { EmailKind, NotificationType } from "#db/schema.ts";
import type { NotificationIconName } from "~/lib/notification-view.ts";
import { appealNotice, removedNotice, reporterNotice, suspensionMessage } from "./moderation-rules.ts";

// Every notification type, declared once (docs/product.md §3, §11): its message, made when it is read
// from the facts the row keeps (`params`, never an English sentence), its icon, where it leads, the
// e-mail kind that mails it (null: never mailed), how it batches, who receives it and whether a member
// causes it. A type missing here fails the typecheck (`satisfies Record<NotificationType, …>`), and
// the row's type column is that union. Browser-safe: the bell's list and the mails read it alike.

/** "A rather long post title that…" — titles are quoted in messages, kept short. */
export function quoteTitle(title: string, max = 60): string {
  const t = title.trim();
  return `"${t.length > max ? `${t.slice(0, max - 1).trimEnd()}…` : t}"`;
}

/** What a row keeps beside its params: where it points and how many events it stands for. */
export type NotificationFacts = { postId: number | null; commentId: number | null; actorId: number | null; batchSize: number };

type ByMember = { actor: string; title: string };
type Removed = { noun: "post" | "comment"; label: string; reason: string; caseId?: number | null };

/** The params each type keeps (JSON in notifications.params). */
export type NotificationParams = {
  comment_on_post: ByMember;
  reply_to_comment: ByMember;
  post_upvote: ByMember;
  post_downvote: ByMember;
  comment_upvote: ByMember;
  comment_downvote: ByMember;
  new_follower: { actor: string };
  trending_comment: { score: number; title: string };
  mention: ByMember;
  thread_activity: { title: string };
  content_removed: Removed;
  content_restored: { noun: "post" | "comment"; label: string };
  report_outcome: { outcome: "removed" | "suspended" | "none"; noun: string };
  account_suspended: { until: string | null; reason: string };
  appeal_outcome: { decision: "upheld" | "granted"; reason: string };
  role_changed: { role: string; granted: boolean };
};

/** The e-mail kind that mails a type (the preferences page lists them: email-rules.ts). */
type NoticeEmailKind = Exclude<EmailKind, "weekly_digest">;

/** Who receives a type: whose content, which relation, or which decision. */
type Recipient = "post author" | "comment author" | "followed member" | "mentioned member" | "thread follower" | "item author" | "reporter" | "member decided about";

/** A link shown under the message (the way to appeal a removal, the public log). */
type NoticeLink = { label: string; href: string };

type Entry<P> = {
  message: (p: P, facts: NotificationFacts) => string;
  icon: NotificationIconName;
  href: (facts: NotificationFacts, p: P) => string;
  /** More links under the message (the page; the mail lists them under the line). */
  links?: (p: P) => NoticeLink[];
  email: NoticeEmailKind | null;
  /** "post": one unread line per post and member, its count growing (thread_activity). */
  batch: "none" | "post";
  to: Recipient;
  /** "member": a member's act causes it (blocks, mutes and a new account's bounds apply); "site": a decision or the site. */
  cause: "member" | "site";
};

type Registry = { [T in NotificationType]: Entry<NotificationParams[T]> };

const toPost = ({ postId }: NotificationFacts) => (postId ? `/post/${postId}` : "/");
const STANDING = "/account/standing";
/** The public log of every moderation action. */
const MODERATION_LOG_PATH = "/moderation";

const byMember = (verb: (p: ByMember) => string, icon: NotificationIconName, email: NoticeEmailKind | null, to: Recipient): Entry<ByMember> => ({
  message: verb,
  icon,
  href: toPost,
  email,
  batch: "none",
  to,
  cause: "member",
});

export const NOTIFICATION_REGISTRY = {
  comment_on_post: byMember((p) => `${p.actor} commented on your post ${quoteTitle(p.title)}`, "comment", "comment_on_post", "post author"),
  reply_to_comment: byMember((p) => `${p.actor} replied to your comment on ${quoteTitle(p.title)}`, "reply", "reply_to_comment", "comment author"),
  post_upvote: byMember((p) => `${p.actor} upvoted your post ${quoteTitle(p.title)}`, "up", null, "post author"),
  post_downvote: byMember((p) => `${p.actor} downvoted your post ${quoteTitle(p.title)}`, "down", null, "post author"),
  comment_upvote: byMember((p) => `${p.actor} upvoted your comment on ${quoteTitle(p.title)}`, "like", null, "comment author"),
  comment_downvote: byMember((p) => `${p.actor} downvoted your comment on ${quoteTitle(p.title)}`, "dislike", null, "comment author"),
  new_follower: {
    message: (p) => `${p.actor} started following you`,
    icon: "follower",
    // Better than the home page: the follower's profile.
    href: (f) => (f.postId ? `/post/${f.postId}` : f.actorId ? `/profile/${f.actorId}` : "/"),
    email: "new_follower",
    batch: "none",
    to: "followed member",
    cause: "member",
  },
  trending_comment: {
    message: (p) => `Your post ${quoteTitle(p.title)} is trending with a score of ${p.score}!`,
    icon: "fire",
    href: toPost,
    email: null,
    batch: "none",
    to: "post author",
    cause: "site",
  },
  mention: {
    ...byMember((p) => `${p.actor} mentioned you on ${quoteTitle(p.title)}`, "mention", "mention", "mentioned member"),
    // The comment itself.
    href: (f) => (f.postId && f.commentId ? `/post/${f.postId}#comment-${f.commentId}` : toPost(f)),
  },
  thread_activity: {
    message: (p, f) => `${f.batchSize} new ${f.batchSize === 1 ? "comment" : "comments"} in ${quoteTitle(p.title)}`,
    icon: "comment",
    href: (f) => (f.postId ? `/post/${f.postId}#comments` : "/"),
    email: "thread_activity",
    batch: "post",
    to: "thread follower",
    cause: "member",
  },
  content_removed: {
    message: (p) => removedNotice(p.noun, p.label, p.reason),
    icon: "bell",
    href: () => STANDING,
    links: () => [
      { label: "Appeal this decision", href: STANDING },
      { label: "Moderation log", href: MODERATION_LOG_PATH },
    ],
    email: "content_removed",
    batch: "none",
    to: "item author",
    cause: "site",
  },
  content_restored: {
    message: (p) => `Your ${p.noun} ${quoteTitle(p.label)} was restored`,
    icon: "bell",
    href: (f) => (f.postId ? toPost(f) : STANDING),
    links: () => [{ label: "Moderation log", href: MODERATION_LOG_PATH }],
    email: "content_restored",
    batch: "none",
    to: "item author",
    cause: "site",
  },
  report_outcome: {
    message: (p) => reporterNotice(p.outcome, p.noun),
    icon: "bell",
    href: () => "/",
    email: "report_outcome",
    batch: "none",
    to: "reporter",
    cause: "site",
  },
  account_suspended: {
    message: (p) => suspensionMessage({ until: p.until, reason: p.reason }),
    icon: "bell",
    href: () => STANDING,
    email: null,
    batch: "none",
    to: "member decided about",
    cause: "site",
  },
  appeal_outcome: {
    message: (p) => appealNotice(p.decision, p.reason),
    icon: "bell",
    href: () => STANDING,
    email: "appeal_outcome",
    batch: "none",
    to: "member decided about",
    cause: "site",
  },
  role_changed: {
    message: (p) => `${p.granted ? "You are now" : "You are no longer"} ${/^[aeiou]/i.test(p.role) ? "an" : "a"} ${p.role}`,
    icon: "bell",
    href: () => STANDING,
    email: "role_changed",
    batch: "none",
    to: "member decided about",
    cause: "site",
  },
} as const satisfies Registry;

type Row = NotificationFacts & { type: NotificationType; params: unknown };

function entryOf<T extends NotificationType>(type: T): Entry<NotificationParams[T]> {
  return (NOTIFICATION_REGISTRY as Registry)[type];
}

/** The message a member reads, made now from the row's params. */
export function notificationText(row: Row): string {
  return entryOf(row.type).message(row.params as never, row);
}

/** Where opening it goes. */
export function notificationHref(row: Row): string {
  return entryOf(row.type).href(row, row.params as never);
}

/** The links under its message (none for most types). */
export function notificationLinks(row: Pick<Row, "type" | "params">): NoticeLink[] {
  return entryOf(row.type).links?.(row.params as never) ?? [];
}

/** The type's icon (drawn by components/notification-icon.tsx); unknown types get the default bell. */
export function notificationIcon(type: string): NotificationIconName {
  return (NOTIFICATION_REGISTRY as Partial<Registry>)[type as NotificationType]?.icon ?? "bell";
}

/** The types a member's e-mail kinds mail. */
export function typesMailedAs(kinds: readonly string[]): NotificationType[] {
  return (Object.keys(NOTIFICATION_REGISTRY) as NotificationType[]).filter((t) => {
    const kind = entryOf(t).email;
    return kind !== null && kinds.includes(kind);
  });
}

/** Whether the type is caused by a member's act (blocks, mutes, a new account's bounds apply). */
export function causedByMember(type: NotificationType): boolean {
  return entryOf(type).cause === "member";
}

/** Whether the type keeps one unread line per post and member, its count growing. */
export function batchesPerPost(type: NotificationType): boolean {
  return entryOf(type).batch === "post";
}
