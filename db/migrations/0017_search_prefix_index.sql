-- The word index (posts_search) keeps every word's first 2 to 8 letters as an index of their own (was 2
-- and 3): the last word of a search is a prefix (it may still be being typed), and a prefix without its
-- own index is a merge of every word it starts (a common one: tens of thousands of rows) on each search.
-- Measured on the large dataset: 0.95 -> 0.30 ms per one-word search, the index 31.8 -> 55.0 MB, a post's
-- insert 0.021 -> 0.031 ms (docs/decisions/0016). The same words, the same matches. FTS5 takes its
-- options only when a table is made: it is made again and filled from posts (the triggers of
-- 0001_search.sql name it and keep it from here).
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
SELECT p.id, p.title, p.comment, p.comment_author, p.video_title, coalesce(u.username, '')
FROM posts p LEFT JOIN users u ON u.id = p.user_id;
