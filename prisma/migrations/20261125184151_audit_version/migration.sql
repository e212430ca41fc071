-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Audit" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "businessId" TEXT NOT NULL,
    "userId" TEXT,
    "trigger" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "score" INTEGER NOT NULL,
    "signals" TEXT NOT NULL,
    "fixes" TEXT NOT NULL,
    "durationMs" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "outcome" TEXT NOT NULL DEFAULT 'complete',
    "failureCode" TEXT,
    "failureReason" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    CONSTRAINT "Audit_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Audit" ("businessId", "createdAt", "durationMs", "failureCode", "failureReason", "fixes", "id", "outcome", "score", "signals", "trigger", "url", "userId") SELECT "businessId", "createdAt", "durationMs", "failureCode", "failureReason", "fixes", "id", "outcome", "score", "signals", "trigger", "url", "userId" FROM "Audit";
DROP TABLE "Audit";
ALTER TABLE "new_Audit" RENAME TO "Audit";
CREATE INDEX "Audit_businessId_createdAt_id_idx" ON "Audit"("businessId", "createdAt", "id");
CREATE INDEX "Audit_userId_createdAt_idx" ON "Audit"("userId", "createdAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
