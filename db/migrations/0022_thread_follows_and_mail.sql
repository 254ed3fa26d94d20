CREATE TABLE `thread_watches` (
	`user_id` integer NOT NULL,
	`post_id` integer NOT NULL,
	`comment_id` integer,
	`following` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`comment_id`) REFERENCES `comments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `thread_watches_user_post_idx` ON `thread_watches` (`user_id`,`post_id`);--> statement-breakpoint
CREATE INDEX `thread_watches_post_idx` ON `thread_watches` (`post_id`) WHERE "thread_watches"."comment_id" IS NULL;--> statement-breakpoint
CREATE INDEX `thread_watches_comment_idx` ON `thread_watches` (`comment_id`) WHERE "thread_watches"."comment_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE `email_cursors` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`notices_through` integer DEFAULT 0 NOT NULL,
	`digest_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `email_preferences` (
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`user_id`, `kind`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `mail_queue` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`dedupe_key` text NOT NULL,
	`to_address` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text NOT NULL,
	`unsubscribe_url` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`claimed_at` integer,
	`sent_at` integer,
	`last_error` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mail_queue_dedupe_key_unique` ON `mail_queue` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `mail_queue_status_idx` ON `mail_queue` (`status`,`id`);--> statement-breakpoint
CREATE INDEX `mail_queue_user_idx` ON `mail_queue` (`user_id`);--> statement-breakpoint
ALTER TABLE `notifications` ADD `batch_size` integer DEFAULT 1 NOT NULL;