-- CreateTable
CREATE TABLE "TrackingSearchStat" (
    "businessId" TEXT NOT NULL,
    "promptId" TEXT NOT NULL,
    "engine" TEXT NOT NULL,
    "period" DATETIME NOT NULL,
    "key" TEXT NOT NULL,
    "query" TEXT NOT NULL,
    "answers" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("businessId", "promptId", "engine", "period", "key"),
    CONSTRAINT "TrackingSearchStat_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_TrackingAnswer" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "runKey" TEXT NOT NULL,
    "businessId" TEXT NOT NULL,
    "promptId" TEXT,
    "prompt" TEXT NOT NULL,
    "engine" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "period" DATETIME NOT NULL,
    "periodKind" TEXT NOT NULL,
    "sample" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "error" TEXT,
    "text" TEXT NOT NULL,
    "sources" TEXT NOT NULL,
    "searches" TEXT NOT NULL DEFAULT '[]',
    "location" TEXT,
    "mentioned" BOOLEAN NOT NULL DEFAULT false,
    "position" INTEGER,
    "cited" BOOLEAN NOT NULL DEFAULT false,
    "retrieved" BOOLEAN NOT NULL DEFAULT false,
    "citedOrRetrieved" BOOLEAN NOT NULL DEFAULT false,
    "citedNotNamed" BOOLEAN NOT NULL DEFAULT false,
    "competitors" TEXT NOT NULL DEFAULT '[]',
    "highlights" TEXT NOT NULL DEFAULT '[]',
    "inputTokens" INTEGER NOT NULL DEFAULT 0,
    "outputTokens" INTEGER NOT NULL DEFAULT 0,
    "costUsd" REAL NOT NULL DEFAULT 0,
    "latencyMs" INTEGER NOT NULL DEFAULT 0,
    "attempts" INTEGER NOT NULL DEFAULT 1,
    "askedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "TrackingAnswer_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_TrackingAnswer" ("askedAt", "attempts", "businessId", "cited", "citedNotNamed", "competitors", "costUsd", "engine", "error", "highlights", "id", "inputTokens", "latencyMs", "mentioned", "model", "outputTokens", "period", "periodKind", "position", "prompt", "promptId", "runKey", "sample", "sources", "status", "text") SELECT "askedAt", "attempts", "businessId", "cited", "citedNotNamed", "competitors", "costUsd", "engine", "error", "highlights", "id", "inputTokens", "latencyMs", "mentioned", "model", "outputTokens", "period", "periodKind", "position", "prompt", "promptId", "runKey", "sample", "sources", "status", "text" FROM "TrackingAnswer";
DROP TABLE "TrackingAnswer";
ALTER TABLE "new_TrackingAnswer" RENAME TO "TrackingAnswer";
CREATE UNIQUE INDEX "TrackingAnswer_runKey_key" ON "TrackingAnswer"("runKey");
CREATE INDEX "TrackingAnswer_businessId_askedAt_id_idx" ON "TrackingAnswer"("businessId", "askedAt", "id");
CREATE INDEX "TrackingAnswer_businessId_promptId_askedAt_idx" ON "TrackingAnswer"("businessId", "promptId", "askedAt");
CREATE INDEX "TrackingAnswer_businessId_status_engine_askedAt_id_idx" ON "TrackingAnswer"("businessId", "status", "engine", "askedAt", "id");
CREATE TABLE "new_TrackingDomainStat" (
    "businessId" TEXT NOT NULL,
    "engine" TEXT NOT NULL,
    "period" DATETIME NOT NULL,
    "domain" TEXT NOT NULL,
    "answers" INTEGER NOT NULL DEFAULT 0,
    "cited" INTEGER NOT NULL DEFAULT 0,
    "retrieved" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("businessId", "engine", "period", "domain"),
    CONSTRAINT "TrackingDomainStat_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_TrackingDomainStat" ("answers", "businessId", "domain", "engine", "period") SELECT "answers", "businessId", "domain", "engine", "period" FROM "TrackingDomainStat";
DROP TABLE "TrackingDomainStat";
ALTER TABLE "new_TrackingDomainStat" RENAME TO "TrackingDomainStat";
CREATE INDEX "TrackingDomainStat_businessId_period_idx" ON "TrackingDomainStat"("businessId", "period");
CREATE TABLE "new_TrackingStat" (
    "businessId" TEXT NOT NULL,
    "engine" TEXT NOT NULL,
    "period" DATETIME NOT NULL,
    "periodKind" TEXT NOT NULL,
    "samples" INTEGER NOT NULL DEFAULT 0,
    "mentioned" INTEGER NOT NULL DEFAULT 0,
    "cited" INTEGER NOT NULL DEFAULT 0,
    "positionSum" INTEGER NOT NULL DEFAULT 0,
    "positionCount" INTEGER NOT NULL DEFAULT 0,
    "otherNames" INTEGER NOT NULL DEFAULT 0,
    "retrieved" INTEGER NOT NULL DEFAULT 0,
    "citedOrRetrieved" INTEGER NOT NULL DEFAULT 0,
    "citedNotNamed" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("businessId", "engine", "period"),
    CONSTRAINT "TrackingStat_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_TrackingStat" ("businessId", "cited", "engine", "failed", "mentioned", "otherNames", "period", "periodKind", "positionCount", "positionSum", "samples") SELECT "businessId", "cited", "engine", "failed", "mentioned", "otherNames", "period", "periodKind", "positionCount", "positionSum", "samples" FROM "TrackingStat";
DROP TABLE "TrackingStat";
ALTER TABLE "new_TrackingStat" RENAME TO "TrackingStat";
CREATE INDEX "TrackingStat_businessId_period_idx" ON "TrackingStat"("businessId", "period");
CREATE INDEX "TrackingStat_period_businessId_idx" ON "TrackingStat"("period", "businessId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "TrackingSearchStat_businessId_period_idx" ON "TrackingSearchStat"("businessId", "period");
