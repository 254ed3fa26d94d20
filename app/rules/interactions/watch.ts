import type { ActionReply } from "./action-reply.ts";

// Following a thread: a whole post (POST /post/:id/watch, PUT/DELETE /api/posts/:id/watch) or the
// replies to one comment (POST /comments/:id/watch, PUT/DELETE /api/comments/:id/watch). One contract
// for the forms, the JSON endpoints and the buttons. Browser-safe: no zod, no server code.

export type WatchIntent = "follow" | "unfollow";
export const WATCH_INTENTS = ["follow", "unfollow"] as const;

/** What a watch answers, on every path. */
export type WatchState = { following: boolean };
export type WatchPayload = WatchState & { target: "post" | "comment"; id: number };
export type WatchReply = ActionReply<WatchPayload>;

/** What the viewer follows on a post page: the post, and the comments whose replies they follow. */
export type ThreadWatch = { post: boolean; comments: number[]; isAuthor: boolean };

export const nextWatchIntent = (following: boolean): WatchIntent => (following ? "unfollow" : "follow");
export const followingAfter = (intent: WatchIntent) => intent === "follow";

/** The button's words: the author's own post is followed by default and its replies can be muted. */
export function watchLabel(target: "post" | "comment", following: boolean, isAuthor: boolean): string {
  if (target === "comment") return following ? "Following replies" : "Follow replies";
  // A toggle whose pressed state is the mute: the author follows their own post until they mute it.
  if (isAuthor) return following ? "Mute replies" : "Replies muted";
  return following ? "Following this post" : "Follow this post";
}

export function watchToastTitle(target: "post" | "comment", following: boolean, isAuthor = false): string {
  if (target === "post" && isAuthor) return following ? "Replies to your post unmuted" : "Replies to your post muted";
  if (target === "comment") return following ? "Following replies to this comment" : "No longer following replies to this comment";
  return following ? "Following this post" : "No longer following this post";
}

/** Where the no-JS answer lands. */
export const watchAnchor = (target: "post" | "comment", id: number | string) => (target === "post" ? "comments" : `comment-${id}`);
