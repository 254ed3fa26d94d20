-- A site seeded before its seeded members lost their passwords (docs/decisions/0072) gave every seeded member the password the README
-- publishes, so anyone could sign in as them. Their passwords go (a value no password verifies, as
-- db/seed.ts now writes), and with them whatever a stranger may have opened in their name: sessions,
-- reset links and unused invite codes. A seeded member is one of the seed's names with the seed's
-- address (example.com, which receives no mail); the shared demo account (demo_user) keeps its password.
UPDATE `users` SET `password_hash` = '!seeded:' || lower(hex(randomblob(32)))
WHERE `username` IN ('gigglequeen', 'snortlaugh', 'quipmaster', 'lol_larry', 'meme_maven', 'chucklehead', 'punny_penny', 'haha_hank')
  AND lower(`email`) = lower(`username`) || '@example.com';--> statement-breakpoint
DELETE FROM `sessions` WHERE `user_id` IN (SELECT `id` FROM `users` WHERE `password_hash` LIKE '!seeded:%');--> statement-breakpoint
DELETE FROM `password_reset_tokens` WHERE `user_id` IN (SELECT `id` FROM `users` WHERE `password_hash` LIKE '!seeded:%');--> statement-breakpoint
DELETE FROM `invites` WHERE `used_at` IS NULL AND `creator_id` IN (SELECT `id` FROM `users` WHERE `password_hash` LIKE '!seeded:%');
