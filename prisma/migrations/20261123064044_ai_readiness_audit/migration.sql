-- CreateTable
CREATE TABLE "Audit" (
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
    CONSTRAINT "Audit_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- AlterTable: columns added in place (no table rebuild), so the Business row-count triggers of
-- the admin_counts migration stay as they are.
ALTER TABLE "Business" ADD COLUMN "lastAuditScore" INTEGER;
ALTER TABLE "Business" ADD COLUMN "lastAuditAt" DATETIME;
ALTER TABLE "Business" ADD COLUMN "auditTrend" TEXT;
ALTER TABLE "Business" ADD COLUMN "auditWindowStart" DATETIME;
ALTER TABLE "Business" ADD COLUMN "auditWindowCount" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Business" ADD COLUMN "auditClaimedAt" DATETIME;

-- CreateIndex
CREATE INDEX "Business_lastAuditAt_idx" ON "Business"("lastAuditAt");

-- CreateIndex
CREATE INDEX "Audit_businessId_createdAt_id_idx" ON "Audit"("businessId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Audit_userId_createdAt_idx" ON "Audit"("userId", "createdAt");
