-- Full-text search over posts (SQLite FTS5): /search ranks its matches with bm25, the feed's ?q=
-- filter uses it to find the few posts containing a rare term without reading every post.
-- The trigram tokenizer matches any substring of 3+ characters, case- and accent-insensitively, so
-- 'pick' finds 'Pickle' as the feed filter's "contains" rule wants (SPEC §5).
-- Contentless (the text lives in posts and users; the index keeps only what it needs to match and
-- rank), with contentless_delete so triggers can remove and rewrite a post's row. rowid = posts.id.
-- The author's username is indexed too; triggers keep it right when a post changes, when a user is
-- renamed, and when a deleted account leaves its posts without an author (user_id set to NULL).
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
	INSERT INTO posts_fts (rowid, title, comment, comment_author, video_title, username)
	VALUES (new.id, new.title, new.comment, new.comment_author, new.video_title,
		coalesce((SELECT username FROM users WHERE id = new.user_id), ''));
END;
--> statement-breakpoint
CREATE TRIGGER `posts_fts_after_delete` AFTER DELETE ON `posts` BEGIN
	DELETE FROM posts_fts WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `posts_fts_after_update` AFTER UPDATE OF title, comment, comment_author, video_title, user_id ON `posts` BEGIN
	DELETE FROM posts_fts WHERE rowid = old.id;
	INSERT INTO posts_fts (rowid, title, comment, comment_author, video_title, username)
	VALUES (new.id, new.title, new.comment, new.comment_author, new.video_title,
		coalesce((SELECT username FROM users WHERE id = new.user_id), ''));
END;
--> statement-breakpoint
CREATE TRIGGER `users_fts_after_rename` AFTER UPDATE OF username ON `users` BEGIN
	DELETE FROM posts_fts WHERE rowid IN (SELECT id FROM posts WHERE user_id = new.id);
	INSERT INTO posts_fts (rowid, title, comment, comment_author, video_title, username)
	SELECT id, title, comment, comment_author, video_title, new.username FROM posts WHERE user_id = new.id;
END;
--> statement-breakpoint
INSERT INTO posts_fts (rowid, title, comment, comment_author, video_title, username)
SELECT p.id, p.title, p.comment, p.comment_author, p.video_title, coalesce(u.username, '')
FROM posts p LEFT JOIN users u ON u.id = p.user_id;
