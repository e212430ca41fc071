-- AlterTable
ALTER TABLE "Business" ADD COLUMN "listingsCheckedAt" DATETIME;

-- AlterTable
ALTER TABLE "Competitor" ADD COLUMN "website" TEXT;

-- CreateTable
CREATE TABLE "TrackingSourceStat" (
    "businessId" TEXT NOT NULL,
    "promptId" TEXT NOT NULL,
    "engine" TEXT NOT NULL,
    "period" DATETIME NOT NULL,
    "domain" TEXT NOT NULL,
    "answers" INTEGER NOT NULL DEFAULT 0,
    "withoutYou" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("businessId", "promptId", "engine", "period", "domain"),
    CONSTRAINT "TrackingSourceStat_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "TrackingSourcePageStat" (
    "businessId" TEXT NOT NULL,
    "engine" TEXT NOT NULL,
    "period" DATETIME NOT NULL,
    "key" TEXT NOT NULL,
    "domain" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "answers" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("businessId", "engine", "period", "key"),
    CONSTRAINT "TrackingSourcePageStat_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "TrackingSourceNameStat" (
    "businessId" TEXT NOT NULL,
    "engine" TEXT NOT NULL,
    "period" DATETIME NOT NULL,
    "domain" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "answers" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("businessId", "engine", "period", "domain", "key"),
    CONSTRAINT "TrackingSourceNameStat_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SourceKindCorrection" (
    "businessId" TEXT NOT NULL,
    "domain" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("businessId", "domain"),
    CONSTRAINT "SourceKindCorrection_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "SourceListing" (
    "businessId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "domain" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "reason" TEXT,
    "found" TEXT,
    "checkedAt" DATETIME NOT NULL,

    PRIMARY KEY ("businessId", "key"),
    CONSTRAINT "SourceListing_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_TrackingPromptStat" (
    "businessId" TEXT NOT NULL,
    "promptId" TEXT NOT NULL,
    "engine" TEXT NOT NULL,
    "period" DATETIME NOT NULL,
    "periodKind" TEXT NOT NULL DEFAULT 'week',
    "samples" INTEGER NOT NULL DEFAULT 0,
    "mentioned" INTEGER NOT NULL DEFAULT 0,
    "cited" INTEGER NOT NULL DEFAULT 0,
    "positionSum" INTEGER NOT NULL DEFAULT 0,
    "positionSquares" INTEGER NOT NULL DEFAULT 0,
    "positionCount" INTEGER NOT NULL DEFAULT 0,
    "positionBest" INTEGER,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "sourcesCounted" INTEGER NOT NULL DEFAULT 0,
    "sourcesWithoutYou" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("businessId", "promptId", "engine", "period"),
    CONSTRAINT "TrackingPromptStat_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_TrackingPromptStat" ("businessId", "cited", "engine", "failed", "mentioned", "period", "periodKind", "positionBest", "positionCount", "positionSquares", "positionSum", "promptId", "samples") SELECT "businessId", "cited", "engine", "failed", "mentioned", "period", "periodKind", "positionBest", "positionCount", "positionSquares", "positionSum", "promptId", "samples" FROM "TrackingPromptStat";
DROP TABLE "TrackingPromptStat";
ALTER TABLE "new_TrackingPromptStat" RENAME TO "TrackingPromptStat";
CREATE INDEX "TrackingPromptStat_businessId_period_idx" ON "TrackingPromptStat"("businessId", "period");
CREATE INDEX "TrackingPromptStat_businessId_periodKind_period_idx" ON "TrackingPromptStat"("businessId", "periodKind", "period");
CREATE TABLE "new_TrackingSearchStat" (
    "businessId" TEXT NOT NULL,
    "promptId" TEXT NOT NULL,
    "engine" TEXT NOT NULL,
    "period" DATETIME NOT NULL,
    "key" TEXT NOT NULL,
    "query" TEXT NOT NULL,
    "answers" INTEGER NOT NULL DEFAULT 0,
    "withSite" INTEGER NOT NULL DEFAULT 0,
    "counted" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("businessId", "promptId", "engine", "period", "key"),
    CONSTRAINT "TrackingSearchStat_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_TrackingSearchStat" ("answers", "businessId", "engine", "key", "period", "promptId", "query") SELECT "answers", "businessId", "engine", "key", "period", "promptId", "query" FROM "TrackingSearchStat";
DROP TABLE "TrackingSearchStat";
ALTER TABLE "new_TrackingSearchStat" RENAME TO "TrackingSearchStat";
CREATE INDEX "TrackingSearchStat_businessId_period_idx" ON "TrackingSearchStat"("businessId", "period");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "TrackingSourceStat_businessId_period_idx" ON "TrackingSourceStat"("businessId", "period");

-- CreateIndex
CREATE INDEX "TrackingSourcePageStat_businessId_period_idx" ON "TrackingSourcePageStat"("businessId", "period");

-- CreateIndex
CREATE INDEX "TrackingSourcePageStat_businessId_domain_period_idx" ON "TrackingSourcePageStat"("businessId", "domain", "period");

-- CreateIndex
CREATE INDEX "TrackingSourceNameStat_businessId_period_idx" ON "TrackingSourceNameStat"("businessId", "period");

-- CreateIndex
CREATE INDEX "SourceListing_businessId_checkedAt_idx" ON "SourceListing"("businessId", "checkedAt");

-- CreateIndex
CREATE INDEX "SourceListing_businessId_domain_idx" ON "SourceListing"("businessId", "domain");

-- CreateIndex
CREATE INDEX "Business_listingsCheckedAt_idx" ON "Business"("listingsCheckedAt");
