// Every table, one import away: the barrel the app, drizzle-kit and the seed read. It only re-exports;
// the tables live in one file per area, and those import each other, never this file (no cycle).
import type { comments, moderationLog, notifications, posts } from "./post-schema.ts";
import type { users } from "./account-schema.ts";

export * from "./account-schema.ts";
export * from "./post-schema.ts";
export * from "./two-factor-schema.ts";
export * from "./block-schema.ts";
export * from "./moderation-schema.ts";
export * from "./revision-schema.ts";
export * from "./signup-schema.ts";
export * from "./aggregate-schema.ts";
export * from "./mute-schema.ts";
export * from "./watch-schema.ts";
export * from "./mail-schema.ts";
export * from "./spam-schema.ts";
export * from "./youtube-schema.ts";
export * from "./rule-schema.ts";

export type UserRow = typeof users.$inferSelect;
export type PostRow = typeof posts.$inferSelect;
export type CommentRow = typeof comments.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
export type ModerationLogRow = typeof moderationLog.$inferSelect;
