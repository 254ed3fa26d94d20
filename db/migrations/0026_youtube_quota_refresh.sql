CREATE TABLE `youtube_quota` (
	`day` text NOT NULL,
	`purpose` text NOT NULL,
	`units` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `purpose`)
);
--> statement-breakpoint
CREATE TABLE `youtube_refresh_claims` (
	`post_id` integer PRIMARY KEY NOT NULL,
	`claimed_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `youtube_refresh_claims_claimed_idx` ON `youtube_refresh_claims` (`claimed_at`);--> statement-breakpoint
CREATE INDEX `posts_api_facts_checked_idx` ON `posts` (`youtube_checked_at`) WHERE "posts"."video_view_count" IS NOT NULL OR "posts"."video_published_at" IS NOT NULL OR "posts"."comment_like_count" IS NOT NULL OR "posts"."comment_reply_count" IS NOT NULL OR "posts"."comment_published_at" IS NOT NULL;