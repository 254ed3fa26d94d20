CREATE TABLE `blocks` (
	`blocker_id` integer NOT NULL,
	`blocked_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`blocker_id`, `blocked_id`),
	FOREIGN KEY (`blocker_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`blocked_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `blocks_blocked_idx` ON `blocks` (`blocked_id`);--> statement-breakpoint
CREATE TABLE `appeals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`subject_type` text NOT NULL,
	`subject_id` integer NOT NULL,
	`text` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`decided_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `appeals_subject_idx` ON `appeals` (`subject_type`,`subject_id`);--> statement-breakpoint
CREATE INDEX `appeals_status_idx` ON `appeals` (`status`);--> statement-breakpoint
CREATE INDEX `appeals_user_idx` ON `appeals` (`user_id`);--> statement-breakpoint
CREATE TABLE `report_cases` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`target_type` text NOT NULL,
	`target_id` integer NOT NULL,
	`author_id` integer,
	`target_label` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`report_count` integer DEFAULT 0 NOT NULL,
	`action` text,
	`resolution_reason` text,
	`resolved_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `report_cases_target_idx` ON `report_cases` (`target_type`,`target_id`);--> statement-breakpoint
CREATE INDEX `report_cases_queue_idx` ON `report_cases` (`status`,`report_count`);--> statement-breakpoint
CREATE INDEX `report_cases_author_idx` ON `report_cases` (`author_id`);--> statement-breakpoint
CREATE TABLE `reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`case_id` integer NOT NULL,
	`reporter_id` integer,
	`reason` text NOT NULL,
	`note` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`case_id`) REFERENCES `report_cases`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reports_case_reporter_idx` ON `reports` (`case_id`,`reporter_id`);--> statement-breakpoint
CREATE INDEX `reports_reporter_idx` ON `reports` (`reporter_id`);--> statement-breakpoint
CREATE TABLE `suspensions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`reason` text NOT NULL,
	`until` integer,
	`lifted_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `suspensions_user_idx` ON `suspensions` (`user_id`,`lifted_at`);--> statement-breakpoint
CREATE TABLE `revisions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`post_id` integer,
	`comment_id` integer,
	`editor_id` integer,
	`title` text,
	`category` text,
	`comment_author` text,
	`content` text,
	`written_at` integer NOT NULL,
	`redacted_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`comment_id`) REFERENCES `comments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`editor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "revisions_one_target" CHECK(("revisions"."post_id" IS NULL) <> ("revisions"."comment_id" IS NULL))
);
--> statement-breakpoint
CREATE INDEX `revisions_post_idx` ON `revisions` (`post_id`,`id`) WHERE "revisions"."post_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `revisions_comment_idx` ON `revisions` (`comment_id`,`id`) WHERE "revisions"."comment_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE `comments` ADD `edited_at` integer;--> statement-breakpoint
ALTER TABLE `posts` ADD `edited_at` integer;