CREATE TABLE `category_moderators` (
	`user_id` integer NOT NULL,
	`category` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`user_id`, `category`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `users` ADD `is_moderator` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `report_cases` ADD `category` text;--> statement-breakpoint
CREATE INDEX `report_cases_category_idx` ON `report_cases` (`category`,`status`);--> statement-breakpoint
-- hand-written: the category of every case whose post or comment is still there (admins keep is_admin).
UPDATE `report_cases` SET `category` = (SELECT `category` FROM `posts` WHERE `posts`.`id` = `report_cases`.`target_id`) WHERE `target_type` = 'post';--> statement-breakpoint
UPDATE `report_cases` SET `category` = (SELECT `p`.`category` FROM `comments` `c` JOIN `posts` `p` ON `p`.`id` = `c`.`post_id` WHERE `c`.`id` = `report_cases`.`target_id`) WHERE `target_type` = 'comment';
