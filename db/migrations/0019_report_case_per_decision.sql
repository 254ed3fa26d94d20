-- A decided case stays as it was decided; a later report on the same item opens a new case
-- (docs/decisions/0070). So an item has at most one OPEN case, and any number of resolved ones.
DROP INDEX `report_cases_target_idx`;--> statement-breakpoint
CREATE UNIQUE INDEX `report_cases_open_target_idx` ON `report_cases` (`target_type`,`target_id`) WHERE "report_cases"."status" = 'open';