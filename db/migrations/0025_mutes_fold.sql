-- One fold of words for every index and every mute (decision 0160; db/words.ts):
--  * post_words: a post's title, comment, comment author and video title folded (the fields apart),
--    kept by the triggers; a muting viewer's list tests each row it reads against their mutes
--    (holds_muted_word), so a mute costs per row read, not per post holding the word.
--  * posts_search (the word index) is given folded text: unicode61 alone keeps "ｐｉｎｅａｐｐｌｅ" and
--    "𝐩𝐢𝐧𝐞𝐚𝐩𝐩𝐥𝐞" apart from "pineapple", reads "ⓟⓘⓝⓔⓐⓟⓟⓛⓔ" as no word and "pine\u200Bapple" as two.
--    Made again and filled from posts, with the options of 0017. The trigram index (posts_fts, the
--    feed's "contains" filter) keeps the texts as written.
-- fold_text and post_words() are SQL functions every connection is given (db/client.server.ts).
CREATE TABLE `post_words` (
	`post_id` integer PRIMARY KEY NOT NULL,
	`words` text NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Muted words kept by the older fold ("straße", a zero-width space inside) are folded again: one
-- that would repeat another of its member's keeps its old value.
UPDATE OR IGNORE `mutes` SET `value` = fold_text(`value`) WHERE `kind` = 'word' AND fold_text(`value`) <> '';
--> statement-breakpoint
INSERT INTO `post_words` (post_id, words) SELECT id, post_words(title, comment, comment_author, video_title) FROM posts;
--> statement-breakpoint
DROP TABLE `posts_search`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `posts_search` USING fts5(
	title,
	comment,
	comment_author,
	video_title,
	username,
	content = '',
	contentless_delete = 1,
	tokenize = 'unicode61 remove_diacritics 2',
	prefix = '2 3 4 5 6 7 8'
);
--> statement-breakpoint
INSERT INTO posts_search (rowid, title, comment, comment_author, video_title, username)
SELECT p.id, fold_text(p.title), fold_text(p.comment), fold_text(p.comment_author), fold_text(p.video_title), fold_text(coalesce(u.username, ''))
FROM posts p LEFT JOIN users u ON u.id = p.user_id;
--> statement-breakpoint
DROP TRIGGER `posts_fts_after_insert`;
--> statement-breakpoint
DROP TRIGGER `posts_fts_after_update`;
--> statement-breakpoint
DROP TRIGGER `users_fts_after_rename`;
--> statement-breakpoint
CREATE TRIGGER `posts_fts_after_insert` AFTER INSERT ON `posts` BEGIN
	INSERT INTO post_words (post_id, words) VALUES (new.id, post_words(new.title, new.comment, new.comment_author, new.video_title));
	INSERT INTO posts_search (rowid, title, comment, comment_author, video_title, username)
	VALUES (new.id, fold_text(new.title), fold_text(new.comment), fold_text(new.comment_author), fold_text(new.video_title),
		fold_text(coalesce((SELECT username FROM users WHERE id = new.user_id), '')));
	INSERT INTO posts_fts (rowid, title, comment, comment_author, video_title, username)
	VALUES (new.id, new.title, new.comment, new.comment_author, new.video_title,
		coalesce((SELECT username FROM users WHERE id = new.user_id), ''));
END;
--> statement-breakpoint
CREATE TRIGGER `posts_fts_after_update` AFTER UPDATE OF title, comment, comment_author, video_title, user_id ON `posts` BEGIN
	UPDATE post_words SET words = post_words(new.title, new.comment, new.comment_author, new.video_title) WHERE post_id = new.id;
	DELETE FROM posts_search WHERE rowid = old.id;
	DELETE FROM posts_fts WHERE rowid = old.id;
	INSERT INTO posts_search (rowid, title, comment, comment_author, video_title, username)
	VALUES (new.id, fold_text(new.title), fold_text(new.comment), fold_text(new.comment_author), fold_text(new.video_title),
		fold_text(coalesce((SELECT username FROM users WHERE id = new.user_id), '')));
	INSERT INTO posts_fts (rowid, title, comment, comment_author, video_title, username)
	VALUES (new.id, new.title, new.comment, new.comment_author, new.video_title,
		coalesce((SELECT username FROM users WHERE id = new.user_id), ''));
END;
--> statement-breakpoint
CREATE TRIGGER `users_fts_after_rename` AFTER UPDATE OF username ON `users` BEGIN
	DELETE FROM posts_search WHERE rowid IN (SELECT id FROM posts WHERE user_id = new.id);
	DELETE FROM posts_fts WHERE rowid IN (SELECT id FROM posts WHERE user_id = new.id);
	INSERT INTO posts_search (rowid, title, comment, comment_author, video_title, username)
	SELECT id, fold_text(title), fold_text(comment), fold_text(comment_author), fold_text(video_title), fold_text(new.username) FROM posts WHERE user_id = new.id;
	INSERT INTO posts_fts (rowid, title, comment, comment_author, video_title, username)
	SELECT id, title, comment, comment_author, video_title, new.username FROM posts WHERE user_id = new.id;
END;
