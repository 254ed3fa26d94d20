ALTER TABLE `posts` ADD `youtube_comment_id` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `comment_like_count` integer;--> statement-breakpoint
ALTER TABLE `posts` ADD `comment_reply_count` integer;--> statement-breakpoint
ALTER TABLE `posts` ADD `comment_published_at` integer;--> statement-breakpoint
ALTER TABLE `posts` ADD `youtube_checked_at` integer;--> statement-breakpoint
ALTER TABLE `posts` ADD `comment_gone_at` integer;--> statement-breakpoint
ALTER TABLE `posts` ADD `video_gone_at` integer;--> statement-breakpoint
ALTER TABLE `posts` ADD `video_start` integer;--> statement-breakpoint
ALTER TABLE `posts` ADD `quote_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `posts_quote_key_idx` ON `posts` (`quote_key`) WHERE "posts"."quote_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `posts_youtube_checked_idx` ON `posts` (`youtube_checked_at`);