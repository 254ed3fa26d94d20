-- The moderation log: append-only, no foreign keys (an entry outlives the admin, user or
-- post it names); the triggers below refuse UPDATE and DELETE. Plus the index of the admin user list.
CREATE TABLE `moderation_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`admin_id` integer NOT NULL,
	`admin_name` text NOT NULL,
	`action` text NOT NULL,
	`target_kind` text NOT NULL,
	`target_id` integer NOT NULL,
	`target_label` text NOT NULL,
	`reason` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `users_created_idx` ON `users` (`created_at`);--> statement-breakpoint
CREATE TRIGGER `moderation_log_no_update` BEFORE UPDATE ON `moderation_log`
BEGIN SELECT RAISE(ABORT, 'moderation_log is append-only'); END;
--> statement-breakpoint
CREATE TRIGGER `moderation_log_no_delete` BEFORE DELETE ON `moderation_log`
BEGIN SELECT RAISE(ABORT, 'moderation_log is append-only'); END;
