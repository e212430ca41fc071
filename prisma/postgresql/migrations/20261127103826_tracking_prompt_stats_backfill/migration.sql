-- The per-question counts (TrackingPromptStat, decision 20) of the answers kept so far, as
-- storing each answer now adds them: per business, question, engine and UTC day. Hand-written (a
-- data migration); SQLite's twin does the same. Answers kept without a prompt id count under
-- "text:" and their question; the schedule is the plan's when asked ("week" over "day" on a
-- day with both). Rows already there are left as they are.
INSERT INTO "TrackingPromptStat" (
  "businessId", "promptId", "engine", "period", "periodKind", "samples", "mentioned", "cited",
  "positionSum", "positionSquares", "positionCount", "positionBest", "failed"
)
SELECT
  "businessId",
  COALESCE("promptId", 'text:' || "prompt"),
  "engine",
  date_trunc('day', "askedAt"),
  max("periodKind"),
  sum(CASE WHEN "status" = 'answered' THEN 1 ELSE 0 END),
  sum(CASE WHEN "status" = 'answered' AND "mentioned" THEN 1 ELSE 0 END),
  sum(CASE WHEN "status" = 'answered' AND "cited" THEN 1 ELSE 0 END),
  sum(CASE WHEN "status" = 'answered' AND "mentioned" AND "position" > 0 THEN "position" ELSE 0 END),
  sum(CASE WHEN "status" = 'answered' AND "mentioned" AND "position" > 0 THEN "position" * "position" ELSE 0 END),
  sum(CASE WHEN "status" = 'answered' AND "mentioned" AND "position" > 0 THEN 1 ELSE 0 END),
  min(CASE WHEN "status" = 'answered' AND "mentioned" AND "position" > 0 THEN "position" END),
  sum(CASE WHEN "status" = 'answered' THEN 0 ELSE 1 END)
FROM "TrackingAnswer"
GROUP BY "businessId", COALESCE("promptId", 'text:' || "prompt"), "engine",
  date_trunc('day', "askedAt")
ON CONFLICT DO NOTHING;
