DROP INDEX `votes_user_post_idx`;--> statement-breakpoint
DROP INDEX `votes_user_comment_idx`;--> statement-breakpoint
DROP INDEX `votes_post_idx`;--> statement-breakpoint
DROP INDEX `votes_comment_idx`;--> statement-breakpoint
CREATE UNIQUE INDEX `votes_post_user_idx` ON `votes` (`post_id`,`user_id`) WHERE "votes"."post_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `votes_comment_user_idx` ON `votes` (`comment_id`,`user_id`) WHERE "votes"."comment_id" IS NOT NULL;