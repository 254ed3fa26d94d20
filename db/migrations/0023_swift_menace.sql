CREATE INDEX `held_items_post_idx` ON `held_items` (`post_id`);--> statement-breakpoint
CREATE INDEX `held_items_parent_idx` ON `held_items` (`parent_id`);--> statement-breakpoint
CREATE INDEX `text_prints_user_idx` ON `text_prints` (`user_id`);