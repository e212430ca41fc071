-- Answers recorded before cited and retrieved were told apart (issue 32), split where the stored
-- data allows; every page and answer is kept. Hand-written (a data migration); SQLite's twin
-- does the same.
--
-- 1. Each stored page gets `cited` where the data shows it:
--    - Perplexity's pages were its `citations` (nothing else was stored): cited;
--    - a page the answer's text links (a markdown link or the bare address) was cited;
--    - ChatGPT appends ?utm_source=openai to the pages it cites: in an answer with such an
--      address, those pages were cited and the bare ones came from its search only.
--    Any other page keeps no `cited`: "cited or retrieved (recorded before this distinction)".
UPDATE "TrackingAnswer" AS a
SET "sources" = (
  SELECT COALESCE(jsonb_agg(
    CASE
      WHEN a."engine" = 'perplexity'
        OR strpos(a."text", '(' || (page.value->>'url') || ')') > 0
        OR strpos(' ' || replace(a."text", chr(10), ' ') || ' ', ' ' || (page.value->>'url') || ' ') > 0
        OR (a."engine" = 'chatgpt' AND strpos(page.value->>'url', 'utm_source=openai') > 0)
        THEN page.value || '{"cited": true}'::jsonb
      WHEN a."engine" = 'chatgpt' AND strpos(a."sources", 'utm_source=openai') > 0
        THEN page.value || '{"cited": false}'::jsonb
      ELSE page.value
    END
    ORDER BY page.position
  ), '[]'::jsonb)::text
  FROM jsonb_array_elements(a."sources"::jsonb) WITH ORDINALITY AS page(value, position)
)
WHERE a."status" = 'answered' AND a."sources" <> '[]';

-- 2. The business's site per answer. The old `cited` meant "among the pages or in the text".
--    It stays cited when the site's host is in the answer's text or among its cited pages
--    (Perplexity's pages were all cited); it becomes retrieved when every page on the site came
--    from the search only; otherwise it is "cited or retrieved".
CREATE TEMP TABLE "_BusinessHost" AS
SELECT "id", regexp_replace(
  regexp_replace(
    regexp_replace(lower(btrim("website")), '^[a-z][a-z0-9+.-]*://', ''),
    '[/?#:].*$', ''),
  '^www\.', '') AS "host"
FROM "Business"
WHERE "website" IS NOT NULL AND btrim("website") <> '';
DELETE FROM "_BusinessHost" WHERE strpos("host", '.') = 0;

UPDATE "TrackingAnswer" SET "citedOrRetrieved" = TRUE
WHERE "status" = 'answered' AND "cited" AND "engine" <> 'perplexity';

UPDATE "TrackingAnswer" AS a SET "citedOrRetrieved" = FALSE
WHERE a."citedOrRetrieved" AND EXISTS (
  SELECT 1 FROM "_BusinessHost" AS h
  WHERE h."id" = a."businessId" AND (
    strpos(lower(a."text"), h."host") > 0
    OR EXISTS (
      SELECT 1 FROM jsonb_array_elements(a."sources"::jsonb) AS page(value)
      WHERE page.value->'cited' = 'true'::jsonb
        AND strpos(lower(page.value->>'url'), h."host") > 0
    )
  )
);

UPDATE "TrackingAnswer" AS a SET "retrieved" = TRUE, "citedOrRetrieved" = FALSE
WHERE a."citedOrRetrieved" AND EXISTS (
  SELECT 1 FROM "_BusinessHost" AS h
  WHERE h."id" = a."businessId"
    AND EXISTS (
      SELECT 1 FROM jsonb_array_elements(a."sources"::jsonb) AS page(value)
      WHERE page.value->'cited' = 'false'::jsonb
        AND strpos(lower(page.value->>'url'), h."host") > 0
    )
    AND NOT EXISTS (
      SELECT 1 FROM jsonb_array_elements(a."sources"::jsonb) AS page(value)
      WHERE page.value->'cited' IS NULL
        AND strpos(lower(page.value->>'url'), h."host") > 0
    )
);

UPDATE "TrackingAnswer" SET "cited" = FALSE WHERE "retrieved" OR "citedOrRetrieved";
UPDATE "TrackingAnswer" SET "citedNotNamed" = ("cited" AND NOT "mentioned") WHERE "status" = 'answered';

-- 3. The per-day counts follow the answers: what left `cited` is counted as retrieved or as
--    cited or retrieved (by difference, so days whose answers are no longer kept stay as they were).
CREATE TEMP TABLE "_MovedCounts" AS
SELECT "businessId", "engine", date_trunc('day', "askedAt") AS "day",
  count(*) FILTER (WHERE "cited") AS "cited",
  count(*) FILTER (WHERE "retrieved") AS "retrieved",
  count(*) FILTER (WHERE "citedOrRetrieved") AS "citedOrRetrieved",
  count(*) FILTER (WHERE "citedNotNamed") AS "citedNotNamed"
FROM "TrackingAnswer"
WHERE "status" = 'answered' AND ("cited" OR "retrieved" OR "citedOrRetrieved")
GROUP BY "businessId", "engine", date_trunc('day', "askedAt");

UPDATE "TrackingStat" AS s SET
  "cited" = s."cited" - m."retrieved" - m."citedOrRetrieved",
  "retrieved" = m."retrieved",
  "citedOrRetrieved" = m."citedOrRetrieved",
  "citedNotNamed" = m."citedNotNamed"
FROM "_MovedCounts" AS m
WHERE m."businessId" = s."businessId" AND m."engine" = s."engine" AND m."day" = s."period";

-- 4. The sites: Perplexity's pages were all cited; the business's own site follows its answers.
--    Other sites' answers stay "cited or retrieved" (answers minus cited minus retrieved).
UPDATE "TrackingDomainStat" SET "cited" = "answers" WHERE "engine" = 'perplexity';

UPDATE "TrackingDomainStat" AS d SET "cited" = m."cited", "retrieved" = m."retrieved"
FROM "_MovedCounts" AS m, "_BusinessHost" AS h
WHERE d."engine" <> 'perplexity'
  AND m."businessId" = d."businessId"
  AND m."engine" = d."engine"
  AND m."day" = d."period"
  AND h."id" = d."businessId"
  AND (h."host" = d."domain" OR h."host" LIKE '%.' || d."domain");

DROP TABLE "_MovedCounts";
DROP TABLE "_BusinessHost";
