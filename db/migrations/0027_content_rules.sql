-- Rules that act first (docs/product.md §11 "Rules"): content_rules; the moderation log's actor may be a
-- rule (admin_id and admin_name null, rule_id set: the old rows copied with rule_id NULL); a held item and
-- a report case name the rule that held or flagged them. The generated copy of the log read a rule_id the
-- old table lacks, and the added references had no ON DELETE: both corrected by hand.
CREATE TABLE `content_rules` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`terms` text DEFAULT '' NOT NULL,
	`days` integer,
	`action` text NOT NULL,
	`message` text,
	`enabled` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `content_rules_enabled_idx` ON `content_rules` (`enabled`,`id`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_moderation_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`admin_id` integer,
	`admin_name` text,
	`rule_id` integer,
	`action` text NOT NULL,
	`target_kind` text NOT NULL,
	`target_id` integer NOT NULL,
	`target_label` text NOT NULL,
	`reason` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_moderation_log`("id", "admin_id", "admin_name", "rule_id", "action", "target_kind", "target_id", "target_label", "reason", "created_at") SELECT "id", "admin_id", "admin_name", NULL, "action", "target_kind", "target_id", "target_label", "reason", "created_at" FROM `moderation_log`;--> statement-breakpoint
DROP TABLE `moderation_log`;--> statement-breakpoint
ALTER TABLE `__new_moderation_log` RENAME TO `moderation_log`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
ALTER TABLE `report_cases` ADD `rule_id` integer REFERENCES content_rules(id) ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX `report_cases_rule_idx` ON `report_cases` (`rule_id`);--> statement-breakpoint
ALTER TABLE `held_items` ADD `rule_id` integer REFERENCES content_rules(id) ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX `held_items_rule_idx` ON `held_items` (`rule_id`);
--> statement-breakpoint
-- hand-written: the log's append-only triggers went with the old table; made again.
CREATE TRIGGER `moderation_log_no_update` BEFORE UPDATE ON `moderation_log`
BEGIN SELECT RAISE(ABORT, 'moderation_log is append-only'); END;
--> statement-breakpoint
CREATE TRIGGER `moderation_log_no_delete` BEFORE DELETE ON `moderation_log`
BEGIN SELECT RAISE(ABORT, 'moderation_log is append-only'); END;
