CREATE TABLE `held_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`user_id` integer NOT NULL,
	`post_id` integer,
	`parent_id` integer,
	`content` text NOT NULL,
	`payload` text,
	`reason` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`parent_id`) REFERENCES `comments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `held_items_user_idx` ON `held_items` (`user_id`,`post_id`);--> statement-breakpoint
CREATE INDEX `held_items_created_idx` ON `held_items` (`created_at`);--> statement-breakpoint
CREATE INDEX `held_items_post_idx` ON `held_items` (`post_id`);--> statement-breakpoint
CREATE INDEX `held_items_parent_idx` ON `held_items` (`parent_id`);--> statement-breakpoint
CREATE TABLE `text_prints` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`print` text NOT NULL,
	`item_kind` text,
	`item_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `text_prints_print_idx` ON `text_prints` (`print`,`created_at`);--> statement-breakpoint
CREATE INDEX `text_prints_user_idx` ON `text_prints` (`user_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `newcomer` integer DEFAULT false NOT NULL;