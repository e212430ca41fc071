-- CreateTable
CREATE TABLE "CrawlerDaySeen" (
    "businessId" TEXT NOT NULL,
    "day" TIMESTAMP(3) NOT NULL,
    "hashes" TEXT NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "CrawlerDaySeen_pkey" PRIMARY KEY ("businessId","day")
);

-- CreateIndex
CREATE INDEX "CrawlerDaySeen_day_idx" ON "CrawlerDaySeen"("day");

-- AddForeignKey
ALTER TABLE "CrawlerDaySeen" ADD CONSTRAINT "CrawlerDaySeen_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Carry the lines already seen over: one row per business and day, its fingerprints concatenated.
-- Only the 22-character fingerprints (session 3's): an older, longer one would put every later
-- fingerprint of its day out of step, and can never equal a fingerprint computed now anyway.
INSERT INTO "CrawlerDaySeen" ("businessId", "day", "hashes", "count")
SELECT "businessId", "day", string_agg("hash", '' ORDER BY "hash"), count(*)::integer
FROM "CrawlerLineSeen"
WHERE length("hash") = 22
GROUP BY "businessId", "day";

-- DropForeignKey
ALTER TABLE "CrawlerLineSeen" DROP CONSTRAINT "CrawlerLineSeen_businessId_fkey";

-- DropTable
DROP TABLE "CrawlerLineSeen";
