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
    "mentioned" BOOLEAN NOT NULL DEFAULT false,
    "position" INTEGER,
    "cited" BOOLEAN NOT NULL DEFAULT false,
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
INSERT INTO "new_TrackingAnswer" ("askedAt", "attempts", "businessId", "cited", "citedNotNamed", "competitors", "costUsd", "engine", "error", "id", "inputTokens", "latencyMs", "mentioned", "model", "outputTokens", "period", "periodKind", "position", "prompt", "promptId", "runKey", "sample", "sources", "status", "text") SELECT "askedAt", "attempts", "businessId", "cited", "citedNotNamed", "competitors", "costUsd", "engine", "error", "id", "inputTokens", "latencyMs", "mentioned", "model", "outputTokens", "period", "periodKind", "position", "prompt", "promptId", "runKey", "sample", "sources", "status", "text" FROM "TrackingAnswer";
DROP TABLE "TrackingAnswer";
ALTER TABLE "new_TrackingAnswer" RENAME TO "TrackingAnswer";
CREATE UNIQUE INDEX "TrackingAnswer_runKey_key" ON "TrackingAnswer"("runKey");
CREATE INDEX "TrackingAnswer_businessId_askedAt_id_idx" ON "TrackingAnswer"("businessId", "askedAt", "id");
CREATE INDEX "TrackingAnswer_businessId_promptId_askedAt_idx" ON "TrackingAnswer"("businessId", "promptId", "askedAt");
CREATE INDEX "TrackingAnswer_businessId_status_engine_askedAt_idx" ON "TrackingAnswer"("businessId", "status", "engine", "askedAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
