ALTER TABLE `text_prints` ADD `item_kind` text;--> statement-breakpoint
ALTER TABLE `text_prints` ADD `item_id` integer;