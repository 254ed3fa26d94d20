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
  /** Links under the message, for the types that have them (a removal: the appeal, the public log). */
  links?: { label: string; href: string }[];
};

export type NotificationIconName = "comment" | "reply" | "up" | "down" | "like" | "dislike" | "follower" | "fire" | "mention" | "bell";

/** The badge text: the count, '9+' above 9, nothing at 0. */
export function badgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > 9 ? "9+" : String(count);
}
