-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_CrawlerLineSeen" (
    "businessId" TEXT NOT NULL,
    "day" DATETIME NOT NULL,
    "hash" TEXT NOT NULL,

    PRIMARY KEY ("businessId", "day", "hash"),
    CONSTRAINT "CrawlerLineSeen_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_CrawlerLineSeen" ("businessId", "day", "hash") SELECT "businessId", "day", "hash" FROM "CrawlerLineSeen";
DROP TABLE "CrawlerLineSeen";
ALTER TABLE "new_CrawlerLineSeen" RENAME TO "CrawlerLineSeen";
CREATE INDEX "CrawlerLineSeen_day_idx" ON "CrawlerLineSeen"("day");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
