import type { ActionReply } from "./action-reply.ts";

// Saving a post, one contract for the form route (POST /post/:id/save with intent=save|unsave), the
// JSON endpoint and the button. Browser-safe: no zod, no server code.

export type SaveIntent = "save" | "unsave";

/** What the save form's fetcher receives on success. */
export type SavePayload = { postId: number; isSaved: boolean };
export type SaveReply = ActionReply<SavePayload>;

/** The anchor of a post's card, where the no-JS answer lands. */
export const saveAnchor = (postId: number | string) => `post-${postId}`;

/** The success toast's title. */
export const saveToastTitle = (isSaved: boolean) => (isSaved ? "Post saved" : "Post unsaved");

/** The button's next intent, and what the optimistic preview shows while it is sent. */
export const nextSaveIntent = (isSaved: boolean): SaveIntent => (isSaved ? "unsave" : "save");
export const savedAfter = (intent: SaveIntent) => intent === "save";
