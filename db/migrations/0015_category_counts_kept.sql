-- category_counts.posts_count is a counter of posts: these triggers change it in the statement (and so
-- the transaction) that inserts a post, deletes one (by its author, an admin, an account's removal,
-- a cascade) or moves one to another category (an edit), whichever code runs it.
CREATE TRIGGER `category_counts_after_insert` AFTER INSERT ON `posts` BEGIN
	INSERT INTO category_counts (category, posts_count) VALUES (new.category, 1)
	ON CONFLICT (category) DO UPDATE SET posts_count = posts_count + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `category_counts_after_delete` AFTER DELETE ON `posts` BEGIN
	UPDATE category_counts SET posts_count = posts_count - 1 WHERE category = old.category;
END;
--> statement-breakpoint
CREATE TRIGGER `category_counts_after_move` AFTER UPDATE OF category ON `posts` WHEN new.category IS NOT old.category BEGIN
	UPDATE category_counts SET posts_count = posts_count - 1 WHERE category = old.category;
	INSERT INTO category_counts (category, posts_count) VALUES (new.category, 1)
	ON CONFLICT (category) DO UPDATE SET posts_count = posts_count + 1;
END;
--> statement-breakpoint
INSERT INTO category_counts (category, posts_count)
SELECT category, count(*) FROM posts GROUP BY category;
