-- Each revision keeps what the edit that replaced it changed, made once when the edit is written
-- (docs/decisions/0068), so a history page reads it instead of diffing every pair of versions on
-- every request. Rows written before this migration have NULL and get theirs on their first read.
ALTER TABLE `revisions` ADD `diff` text;
