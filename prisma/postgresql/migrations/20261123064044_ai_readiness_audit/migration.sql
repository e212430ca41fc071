-- AlterTable
ALTER TABLE "Business" ADD COLUMN     "auditClaimedAt" TIMESTAMP(3),
ADD COLUMN     "auditTrend" TEXT,
ADD COLUMN     "auditWindowCount" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "auditWindowStart" TIMESTAMP(3),
ADD COLUMN     "lastAuditAt" TIMESTAMP(3),
ADD COLUMN     "lastAuditScore" INTEGER;

-- CreateTable
CREATE TABLE "Audit" (
    "id" TEXT NOT NULL,
    "businessId" TEXT NOT NULL,
    "userId" TEXT,
    "trigger" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "score" INTEGER NOT NULL,
    "signals" TEXT NOT NULL,
    "fixes" TEXT NOT NULL,
    "durationMs" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Audit_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Audit_businessId_createdAt_id_idx" ON "Audit"("businessId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Audit_userId_createdAt_idx" ON "Audit"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "Business_lastAuditAt_idx" ON "Business"("lastAuditAt");

-- AddForeignKey
ALTER TABLE "Audit" ADD CONSTRAINT "Audit_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;
