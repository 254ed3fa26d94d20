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