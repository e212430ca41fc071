-- CreateTable
CREATE TABLE "CrawlerDaySeen" (
    "businessId" TEXT NOT NULL,
    "day" DATETIME NOT NULL,
    "hashes" TEXT NOT NULL,
    "count" INTEGER NOT NULL,

    PRIMARY KEY ("businessId", "day"),
    CONSTRAINT "CrawlerDaySeen_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "CrawlerDaySeen_day_idx" ON "CrawlerDaySeen"("day");

-- Carry the lines already seen over: one row per business and day, its fingerprints concatenated.
-- Only the 22-character fingerprints (session 3's): an older, longer one would put every later
-- fingerprint of its day out of step, and can never equal a fingerprint computed now anyway.
INSERT INTO "CrawlerDaySeen" ("businessId", "day", "hashes", "count")
SELECT "businessId", "day", group_concat("hash", ''), count(*)
FROM "CrawlerLineSeen"
WHERE length("hash") = 22
GROUP BY "businessId", "day";

-- DropTable
PRAGMA foreign_keys=off;
DROP TABLE "CrawlerLineSeen";
PRAGMA foreign_keys=on;
