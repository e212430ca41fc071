-- Answers recorded before cited and retrieved were told apart (issue 32), split where the stored
-- data allows; every page and answer is kept. Hand-written (a data migration); PostgreSQL's twin
-- does the same.
--
-- 1. Each stored page gets `cited` where the data shows it:
--    - Perplexity's pages were its `citations` (nothing else was stored): cited;
--    - a page the answer's text links (a markdown link or the bare address) was cited;
--    - ChatGPT appends ?utm_source=openai to the pages it cites: in an answer with such an
--      address, those pages were cited and the bare ones came from its search only.
--    Any other page keeps no `cited`: "cited or retrieved (recorded before this distinction)".
UPDATE "TrackingAnswer"
SET "sources" = (
  SELECT json_group_array(
    CASE
      WHEN "TrackingAnswer"."engine" = 'perplexity'
        OR instr("TrackingAnswer"."text", '(' || json_extract(page.value, '$.url') || ')') > 0
        OR instr(' ' || replace("TrackingAnswer"."text", char(10), ' ') || ' ',
          ' ' || json_extract(page.value, '$.url') || ' ') > 0
        OR ("TrackingAnswer"."engine" = 'chatgpt'
          AND instr(json_extract(page.value, '$.url'), 'utm_source=openai') > 0)
        THEN json_set(page.value, '$.cited', json('true'))
      WHEN "TrackingAnswer"."engine" = 'chatgpt'
        AND instr("TrackingAnswer"."sources", 'utm_source=openai') > 0
        THEN json_set(page.value, '$.cited', json('false'))
      ELSE json(page.value)
    END
  )
  FROM json_each("TrackingAnswer"."sources") AS page
)
WHERE "status" = 'answered' AND json_valid("sources") AND json_array_length("sources") > 0;

-- 2. The business's site per answer. The old `cited` meant "among the pages or in the text".
--    It stays cited when the site's host is in the answer's text or among its cited pages
--    (Perplexity's pages were all cited); it becomes retrieved when every page on the site came
--    from the search only; otherwise it is "cited or retrieved".
CREATE TEMP TABLE "_BusinessHost" AS
SELECT "id", lower(trim("website")) AS "host"
FROM "Business"
WHERE "website" IS NOT NULL AND trim("website") <> '';
UPDATE "_BusinessHost" SET "host" = substr("host", instr("host", '://') + 3) WHERE instr("host", '://') > 0;
UPDATE "_BusinessHost" SET "host" = substr("host", 1, instr("host", '/') - 1) WHERE instr("host", '/') > 0;
UPDATE "_BusinessHost" SET "host" = substr("host", 1, instr("host", '?') - 1) WHERE instr("host", '?') > 0;
UPDATE "_BusinessHost" SET "host" = substr("host", 1, instr("host", '#') - 1) WHERE instr("host", '#') > 0;
UPDATE "_BusinessHost" SET "host" = substr("host", 1, instr("host", ':') - 1) WHERE instr("host", ':') > 0;
UPDATE "_BusinessHost" SET "host" = substr("host", 5) WHERE "host" LIKE 'www.%';
DELETE FROM "_BusinessHost" WHERE instr("host", '.') = 0;

UPDATE "TrackingAnswer" SET "citedOrRetrieved" = TRUE
WHERE "status" = 'answered' AND "cited" AND "engine" <> 'perplexity';

UPDATE "TrackingAnswer" SET "citedOrRetrieved" = FALSE
WHERE "citedOrRetrieved" AND EXISTS (
  SELECT 1 FROM "_BusinessHost" AS h
  WHERE h."id" = "TrackingAnswer"."businessId" AND (
    instr(lower("TrackingAnswer"."text"), h."host") > 0
    OR EXISTS (
      SELECT 1 FROM json_each("TrackingAnswer"."sources") AS page
      WHERE json_extract(page.value, '$.cited') = 1
        AND instr(lower(json_extract(page.value, '$.url')), h."host") > 0
    )
  )
);

UPDATE "TrackingAnswer" SET "retrieved" = TRUE, "citedOrRetrieved" = FALSE
WHERE "citedOrRetrieved" AND EXISTS (
  SELECT 1 FROM "_BusinessHost" AS h
  WHERE h."id" = "TrackingAnswer"."businessId"
    AND EXISTS (
      SELECT 1 FROM json_each("TrackingAnswer"."sources") AS page
      WHERE json_extract(page.value, '$.cited') = 0
        AND instr(lower(json_extract(page.value, '$.url')), h."host") > 0
    )
    AND NOT EXISTS (
      SELECT 1 FROM json_each("TrackingAnswer"."sources") AS page
      WHERE json_extract(page.value, '$.cited') IS NULL
        AND instr(lower(json_extract(page.value, '$.url')), h."host") > 0
    )
);

UPDATE "TrackingAnswer" SET "cited" = FALSE WHERE "retrieved" OR "citedOrRetrieved";
UPDATE "TrackingAnswer" SET "citedNotNamed" = ("cited" AND NOT "mentioned") WHERE "status" = 'answered';

-- 3. The per-day counts follow the answers: what left `cited` is counted as retrieved or as
--    cited or retrieved (by difference, so days whose answers are no longer kept stay as they were).
CREATE TEMP TABLE "_MovedCounts" AS
SELECT "businessId", "engine", date("askedAt") AS "day",
  sum("cited") AS "cited", sum("retrieved") AS "retrieved",
  sum("citedOrRetrieved") AS "citedOrRetrieved", sum("citedNotNamed") AS "citedNotNamed"
FROM "TrackingAnswer"
WHERE "status" = 'answered' AND ("cited" OR "retrieved" OR "citedOrRetrieved")
GROUP BY "businessId", "engine", date("askedAt");

UPDATE "TrackingStat" SET
  "cited" = "TrackingStat"."cited" - m."retrieved" - m."citedOrRetrieved",
  "retrieved" = m."retrieved",
  "citedOrRetrieved" = m."citedOrRetrieved",
  "citedNotNamed" = m."citedNotNamed"
FROM "_MovedCounts" AS m
WHERE m."businessId" = "TrackingStat"."businessId"
  AND m."engine" = "TrackingStat"."engine"
  AND m."day" = date("TrackingStat"."period");

-- 4. The sites: Perplexity's pages were all cited; the business's own site follows its answers.
--    Other sites' answers stay "cited or retrieved" (answers minus cited minus retrieved).
UPDATE "TrackingDomainStat" SET "cited" = "answers" WHERE "engine" = 'perplexity';

UPDATE "TrackingDomainStat" SET "cited" = m."cited", "retrieved" = m."retrieved"
FROM "_MovedCounts" AS m, "_BusinessHost" AS h
WHERE "TrackingDomainStat"."engine" <> 'perplexity'
  AND m."businessId" = "TrackingDomainStat"."businessId"
  AND m."engine" = "TrackingDomainStat"."engine"
  AND m."day" = date("TrackingDomainStat"."period")
  AND h."id" = "TrackingDomainStat"."businessId"
  AND (h."host" = "TrackingDomainStat"."domain" OR h."host" LIKE '%.' || "TrackingDomainStat"."domain");

DROP TABLE "_MovedCounts";
DROP TABLE "_BusinessHost";
