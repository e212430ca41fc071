-- AlterTable
ALTER TABLE "OutboxMessage" ADD COLUMN "headers" TEXT;

-- CreateIndex
CREATE INDEX "TrackingNameStat_businessId_key_period_idx" ON "TrackingNameStat"("businessId", "key", "period");

-- CreateIndex
CREATE INDEX "TrackingStat_period_businessId_idx" ON "TrackingStat"("period", "businessId");
