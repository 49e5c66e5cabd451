-- Schedules are listed by due date (no date last) unless the office moves a milestone: existing ones take that order.
UPDATE "milestones" AS "m"
SET "position" = "ordered"."place"
FROM (
  SELECT "id", row_number() OVER (PARTITION BY "project_id" ORDER BY "due_date" ASC NULLS LAST, "position", "id") - 1 AS "place"
  FROM "milestones"
) AS "ordered"
WHERE "m"."id" = "ordered"."id" AND "m"."position" <> "ordered"."place";
