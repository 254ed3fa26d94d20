import type { NotificationType } from "#db/schema.ts";

/** A notification as the bell, the /notifications page and GET /api/notifications show it (docs/product.md §3). */
export type NotificationView = {
  id: number;
  type: NotificationType;
  message: string;
  isRead: boolean;
  createdAt: string;
  postId: number | null;
  commentId: number | null;
  actorId: number | null;
};

export type NotificationIconName = "comment" | "reply" | "up" | "down" | "like" | "dislike" | "follower" | "fire" | "mention" | "bell";

const ICONS: Record<string, NotificationIconName> = {
  comment_on_post: "comment",
  reply_to_comment: "reply",
  post_upvote: "up",
  post_downvote: "down",
  comment_upvote: "like",
  comment_downvote: "dislike",
  new_follower: "follower",
  trending_comment: "fire",
  mention: "mention",
  thread_activity: "comment",
  content_removed: "bell",
  report_outcome: "bell",
  account_suspended: "bell",
  appeal_outcome: "bell",
};

/** The type's icon (drawn by components/notification-icon.tsx); unknown types get the default bell (docs/product.md §3). */
export function notificationIcon(type: string): NotificationIconName {
  return ICONS[type] ?? "bell";
}

/**
 * Where clicking a notification goes: its post; a new follower's profile (docs/product.md §2: better
 * than the home page, the old fallback); else the home page.
 */
export function notificationHref(n: Pick<NotificationView, "postId"> & Partial<Pick<NotificationView, "type" | "actorId" | "commentId">>): string {
  // A mention leads to the comment itself.
  if (n.type === "mention" && n.postId && n.commentId) return `/post/${n.postId}#comment-${n.commentId}`;
  // A followed thread's line leads to its comments.
  if (n.type === "thread_activity" && n.postId) return `/post/${n.postId}#comments`;
  if (n.postId) return `/post/${n.postId}`;
  if (n.type === "new_follower" && n.actorId) return `/profile/${n.actorId}`;
  if (n.type === "content_removed" || n.type === "account_suspended" || n.type === "appeal_outcome") return "/account/standing";
  return "/";
}

/** The badge text: the count, '9+' above 9, nothing at 0. */
export function badgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > 9 ? "9+" : String(count);
}
