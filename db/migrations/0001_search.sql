-- Full-text search over posts (SQLite FTS5), two indexes of the same five fields:
--  * posts_search (words): /search and /api/search, ranked by bm25; the last word typed matches as a
--    prefix (a prefix index keeps that fast).
--  * posts_fts (trigrams): the feed's ?q= filter, which is "contains, ignoring case" (docs/product.md §5), so
--    'pick' finds 'Pickle'; used to find the few posts holding a rare text without reading them all.
-- Both are contentless (the text lives in posts and users; an index keeps only what it needs), with
-- contentless_delete so the triggers can drop and rewrite a post's row. rowid = posts.id.
-- Triggers keep them right when a post changes, when a user is renamed, and when a deleted account
-- leaves its posts without an author (user_id set to NULL by the foreign key).
CREATE VIRTUAL TABLE `posts_search` USING fts5(
	title,
	comment,
	comment_author,
	video_title,
	username,
	content = '',
	contentless_delete = 1,
	tokenize = 'unicode61 remove_diacritics 2',
	prefix = '2 3'
);
--> statement-breakpoint
CREATE VIRTUAL TABLE `posts_fts` USING fts5(
	title,
	comment,
	comment_author,
	video_title,
	username,
	content = '',
	contentless_delete = 1,
	tokenize = 'trigram remove_diacritics 1'
);
--> statement-breakpoint
CREATE TRIGGER `posts_fts_after_insert` AFTER INSERT ON `posts` BEGIN
	INSERT INTO posts_search (rowid, title, comment, comment_author, video_title, username)
	VALUES (new.id, new.title, new.comment, new.comment_author, new.video_title,
		coalesce((SELECT username FROM users WHERE id = new.user_id), ''));
	INSERT INTO posts_fts (rowid, title, comment, comment_author, video_title, username)
	VALUES (new.id, new.title, new.comment, new.comment_author, new.video_title,
		coalesce((SELECT username FROM users WHERE id = new.user_id), ''));
END;
--> statement-breakpoint
CREATE TRIGGER `posts_fts_after_delete` AFTER DELETE ON `posts` BEGIN
	DELETE FROM posts_search WHERE rowid = old.id;
	DELETE FROM posts_fts WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `posts_fts_after_update` AFTER UPDATE OF title, comment, comment_author, video_title, user_id ON `posts` BEGIN
	DELETE FROM posts_search WHERE rowid = old.id;
	DELETE FROM posts_fts WHERE rowid = old.id;
	INSERT INTO posts_search (rowid, title, comment, comment_author, video_title, username)
	VALUES (new.id, new.title, new.comment, new.comment_author, new.video_title,
		coalesce((SELECT username FROM users WHERE id = new.user_id), ''));
	INSERT INTO posts_fts (rowid, title, comment, comment_author, video_title, username)
	VALUES (new.id, new.title, new.comment, new.comment_author, new.video_title,
		coalesce((SELECT username FROM users WHERE id = new.user_id), ''));
END;
--> statement-breakpoint
CREATE TRIGGER `users_fts_after_rename` AFTER UPDATE OF username ON `users` BEGIN
	DELETE FROM posts_search WHERE rowid IN (SELECT id FROM posts WHERE user_id = new.id);
	DELETE FROM posts_fts WHERE rowid IN (SELECT id FROM posts WHERE user_id = new.id);
	INSERT INTO posts_search (rowid, title, comment, comment_author, video_title, username)
	SELECT id, title, comment, comment_author, video_title, new.username FROM posts WHERE user_id = new.id;
	INSERT INTO posts_fts (rowid, title, comment, comment_author, video_title, username)
	SELECT id, title, comment, comment_author, video_title, new.username FROM posts WHERE user_id = new.id;
END;
--> statement-breakpoint
INSERT INTO posts_search (rowid, title, comment, comment_author, video_title, username)
SELECT p.id, p.title, p.comment, p.comment_author, p.video_title, coalesce(u.username, '')
FROM posts p LEFT JOIN users u ON u.id = p.user_id;
--> statement-breakpoint
INSERT INTO posts_fts (rowid, title, comment, comment_author, video_title, username)
SELECT p.id, p.title, p.comment, p.comment_author, p.video_title, coalesce(u.username, '')
FROM posts p LEFT JOIN users u ON u.id = p.user_id;
