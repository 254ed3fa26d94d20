CREATE INDEX `posts_comments_idx` ON `posts` (`comments_count`,`created_at`);--> statement-breakpoint
CREATE INDEX `posts_category_score_idx` ON `posts` (`category`,`score`,`created_at`);--> statement-breakpoint
CREATE INDEX `posts_category_comments_idx` ON `posts` (`category`,`comments_count`,`created_at`);