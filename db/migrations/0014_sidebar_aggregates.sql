CREATE TABLE `category_counts` (
	`category` text PRIMARY KEY NOT NULL,
	`posts_count` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `rollups` (
	`name` text PRIMARY KEY NOT NULL,
	`data` text NOT NULL,
	`made_at` integer NOT NULL
);
