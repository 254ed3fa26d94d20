// Posts, comments, votes, saves, notifications and the moderation log, with their relations.
import { relations, sql } from "drizzle-orm";
import { check, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns.ts";
import { users } from "./account-schema.ts";

export const posts = sqliteTable(
  "posts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    // Null when the author's account is gone: the post stays, shown by 'Unknown'.
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    content: text("content").notNull().default(""),
    category: text("category").notNull().default("Uncategorized"),
    comment: text("comment").notNull(),
    commentAuthor: text("comment_author").notNull(),
    videoId: text("video_id").notNull(),
    videoTitle: text("video_title").notNull(),
    videoChannel: text("video_channel").notNull(),
    videoThumbnail: text("video_thumbnail").notNull(),
    videoViewCount: integer("video_view_count"),
    videoPublishedAt: integer("video_published_at", { mode: "timestamp_ms" }),
    // The YouTube comment the quote is (decision 0153): its id when the member picked a fetched
    // comment (a reply's id holds a dot), null for a quote typed or pasted by hand. Its facts below
    // are API data, looked up by the server from the id and refreshed within 30 days.
    youtubeCommentId: text("youtube_comment_id"),
    commentLikeCount: integer("comment_like_count"),
    commentReplyCount: integer("comment_reply_count"),
    commentPublishedAt: integer("comment_published_at", { mode: "timestamp_ms" }),
    // When the comment's and the video's facts were last checked against YouTube.
    youtubeCheckedAt: integer("youtube_checked_at", { mode: "timestamp_ms" }),
    // Set when YouTube no longer has the comment or the video: the quote stays, the link and numbers go.
    commentGoneAt: integer("comment_gone_at", { mode: "timestamp_ms" }),
    videoGoneAt: integer("video_gone_at", { mode: "timestamp_ms" }),
    // The moment of the video the shared link pointed at (its t=), in whole seconds.
    videoStart: integer("video_start"),
    // What makes two posts the same comment: "c:{commentId}", or for a quote typed by hand
    // "t:{videoId}:{normalised text}" (one per live post: the unique index below).
    quoteKey: text("quote_key"),
    upvotes: integer("upvotes").notNull().default(0),
    downvotes: integer("downvotes").notNull().default(0),
    // upvotes - downvotes, kept beside them so 'top' can use an index.
    score: integer("score").notNull().default(0),
    // Reddit's hot rank (db/hot.ts), recomputed in the transaction of every vote.
    hot: real("hot").notNull().default(0),
    commentsCount: integer("comments_count").notNull().default(0),
    trendingNotifiedAt: integer("trending_notified_at", { mode: "timestamp_ms" }),
    // The last edit of the title, category or quoted author (db/revision-schema.ts keeps the history).
    editedAt: integer("edited_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("posts_hot_idx").on(t.hot),
    index("posts_created_idx").on(t.createdAt),
    index("posts_score_idx").on(t.score, t.createdAt),
    index("posts_category_hot_idx").on(t.category, t.hot),
    index("posts_category_created_idx").on(t.category, t.createdAt),
    index("posts_user_created_idx").on(t.userId, t.createdAt),
    // The category and search sorts: most_upvoted and most_commented, overall and per category.
    index("posts_comments_idx").on(t.commentsCount, t.createdAt),
    index("posts_category_score_idx").on(t.category, t.score, t.createdAt),
    index("posts_category_comments_idx").on(t.category, t.commentsCount, t.createdAt),
    // Whether a video was shared: the thumbnail route fetches pictures only for those.
    index("posts_video_idx").on(t.videoId),
    // Nobody shares the same comment twice: a second insert of the same quote fails in the insert itself.
    uniqueIndex("posts_quote_key_idx").on(t.quoteKey).where(sql`${t.quoteKey} IS NOT NULL`),
    // The refresh job's order: the oldest check first among posts with API facts.
    index("posts_youtube_checked_idx").on(t.youtubeCheckedAt),
    // The 30-day sweep (decision 0196): only posts still holding API facts, by their last check, so
    // a sweep reads the posts it clears and not the backlog it already cleared.
    index("posts_api_facts_checked_idx")
      .on(t.youtubeCheckedAt)
      .where(
        sql`${t.videoViewCount} IS NOT NULL OR ${t.videoPublishedAt} IS NOT NULL OR ${t.commentLikeCount} IS NOT NULL OR ${t.commentReplyCount} IS NOT NULL OR ${t.commentPublishedAt} IS NOT NULL`,
      ),
  ],
);

export const comments = sqliteTable(
  "comments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    parentId: integer("parent_id").references((): AnySQLiteColumn => comments.id, {
      onDelete: "cascade",
    }),
    content: text("content").notNull(),
    upvotes: integer("upvotes").notNull().default(0),
    downvotes: integer("downvotes").notNull().default(0),
    // A deleted comment that still has replies stays as a '[deleted]' placeholder.
    deletedAt: integer("deleted_at", { mode: "timestamp_ms" }),
    // The last edit of its text (db/revision-schema.ts keeps the history).
    editedAt: integer("edited_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("comments_post_created_idx").on(t.postId, t.createdAt),
    index("comments_user_created_idx").on(t.userId, t.createdAt),
    // A member's live comments, counted on every profile page (stats, badges) from the index alone.
    index("comments_user_live_idx").on(t.userId, t.deletedAt).where(sql`${t.deletedAt} IS NULL`),
    index("comments_parent_idx").on(t.parentId),
    index("comments_created_idx").on(t.createdAt),
  ],
);

export const votes = sqliteTable(
  "votes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    postId: integer("post_id").references(() => posts.id, { onDelete: "cascade" }),
    commentId: integer("comment_id").references(() => comments.id, { onDelete: "cascade" }),
    isUpvote: integer("is_upvote", { mode: "boolean" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // One vote per user per post and per comment, target first: the same index finds a member's
    // vote, a target's votes and serves the cascades (one b-tree per vote instead of two). Each
    // target's index holds only its own votes (partial): a post vote does not write to the comment
    // index, nor the other way round (one b-tree less per vote). `post_id = ?` implies `post_id IS NOT NULL`, so
    // lookups and cascades use them.
    uniqueIndex("votes_post_user_idx").on(t.postId, t.userId).where(sql`${t.postId} IS NOT NULL`),
    uniqueIndex("votes_comment_user_idx").on(t.commentId, t.userId).where(sql`${t.commentId} IS NOT NULL`),
    index("votes_user_created_idx").on(t.userId, t.createdAt),
    // The upvotes a member gave (a badge on every profile page), counted from the index alone.
    index("votes_user_up_idx").on(t.userId).where(sql`${t.isUpvote} = 1`),
    index("votes_created_idx").on(t.createdAt),
    check(
      "votes_one_target",
      sql`(${t.postId} IS NULL) <> (${t.commentId} IS NULL)`,
    ),
  ],
);

export const saves = sqliteTable(
  "saves",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.postId] }),
    index("saves_user_created_idx").on(t.userId, t.createdAt),
    index("saves_post_idx").on(t.postId),
  ],
);

export const NOTIFICATION_TYPES = [
  "comment_on_post",
  "reply_to_comment",
  "post_upvote",
  "post_downvote",
  "comment_upvote",
  "comment_downvote",
  "new_follower",
  "trending_comment",
  "mention",
  "content_removed",
  "content_restored",
  "report_outcome",
  "account_suspended",
  "appeal_outcome",
  "role_changed",
  // New comments in a thread the member follows: one line per thread, its count growing while unread.
  "thread_activity",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const notifications = sqliteTable(
  "notifications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    // The recipient.
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    type: text("type", { enum: NOTIFICATION_TYPES }).notNull(),
    // The facts its message is made from when read (app/rules/notification-registry.ts), as JSON.
    params: text("params", { mode: "json" }).notNull().default(sql`'{}'`),
    postId: integer("post_id").references(() => posts.id, { onDelete: "cascade" }),
    commentId: integer("comment_id").references(() => comments.id, { onDelete: "cascade" }),
    isRead: integer("is_read", { mode: "boolean" }).notNull().default(false),
    // How many events one line stands for (thread_activity adds to its unread line instead of a new one).
    batchSize: integer("batch_size").notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_unread_idx").on(t.userId, t.isRead, t.createdAt),
    index("notifications_user_created_idx").on(t.userId, t.createdAt),
    // A vote withdraws the voter's earlier notice on its post or comment, and deleting a post or a
    // comment cascades to its notices: without these each was a scan of the whole table (a vote took
    // 16 ms with 500k notifications instead of 0.1 ms).
    index("notifications_post_actor_idx").on(t.postId, t.actorId).where(sql`${t.postId} IS NOT NULL`),
    index("notifications_comment_actor_idx").on(t.commentId, t.actorId).where(sql`${t.commentId} IS NOT NULL`),
    // How many members a new account notified in a day (its cap) is read from its own latest notices.
    index("notifications_actor_created_idx").on(t.actorId, t.createdAt, t.userId).where(sql`${t.actorId} IS NOT NULL`),
  ],
);

export const MODERATION_ACTIONS = ["create_user", "grant_admin", "remove_admin", "delete_user", "delete_post", "delete_self", "dismiss_report", "delete_comment", "suspend_user", "lift_suspension", "end_suspension", "decide_appeal", "reset_demo", "edit_post", "redact_revision", "approve_held", "reject_held", "restore_post", "restore_comment", "rule_hold", "rule_refuse", "rule_flag", "grant_role", "remove_role"] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
export const MODERATION_TARGETS = ["user", "post", "comment"] as const;
/** Who acted: a person by their role, a rule, or the site itself (a suspension's end date came). */
export const ACTOR_ROLES = ["admin", "moderator", "rule", "member", "site"] as const;
/** What the public log (/moderation) files an entry under; null keeps it in the admin log only. */
export const MODERATION_KINDS = ["removal", "restore", "suspension", "suspension_end", "role", "rule", "report", "appeal", "edit", "held"] as const;

// Append-only record of every moderation action. No foreign keys: an entry outlives the admin, the
// rule, the user or the post it names, so names and titles are snapshots taken when it was written. Triggers
// in the migration refuse UPDATE and DELETE. `kind` and `category` are what the public log filters
// by (its indexes are partial: only public entries); `admin_id` is null when no person acted
// (`rule_id` the rule's when a rule did).
export const moderationLog = sqliteTable(
  "moderation_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    adminId: integer("admin_id"),
    adminName: text("admin_name").notNull(),
    ruleId: integer("rule_id"),
    actorRole: text("actor_role", { enum: ACTOR_ROLES }).notNull().default("admin"),
    action: text("action", { enum: MODERATION_ACTIONS }).notNull(),
    kind: text("kind", { enum: MODERATION_KINDS }),
    targetKind: text("target_kind", { enum: MODERATION_TARGETS }).notNull(),
    targetId: integer("target_id").notNull(),
    targetLabel: text("target_label").notNull(),
    category: text("category"),
    reason: text("reason"),
    /** How many reports the decided case had merged (the queue's decisions). */
    reports: integer("reports"),
    createdAt: createdAt(),
  },
  (t) => [
    index("moderation_log_public_idx").on(t.id).where(sql`${t.kind} IS NOT NULL`),
    index("moderation_log_kind_idx").on(t.kind, t.id).where(sql`${t.kind} IS NOT NULL`),
    index("moderation_log_category_idx").on(t.category, t.id).where(sql`${t.kind} IS NOT NULL`),
    index("moderation_log_category_kind_idx").on(t.category, t.kind, t.id).where(sql`${t.kind} IS NOT NULL`),
  ],
);

export const usersRelations = relations(users, ({ many }) => ({
  posts: many(posts),
  comments: many(comments),
}));

export const postsRelations = relations(posts, ({ one, many }) => ({
  author: one(users, { fields: [posts.userId], references: [users.id] }),
  comments: many(comments),
}));

export const commentsRelations = relations(comments, ({ one }) => ({
  post: one(posts, { fields: [comments.postId], references: [posts.id] }),
  author: one(users, { fields: [comments.userId], references: [users.id] }),
  parent: one(comments, { fields: [comments.parentId], references: [comments.id] }),
}));
