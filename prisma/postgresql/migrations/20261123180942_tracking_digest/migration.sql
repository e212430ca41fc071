-- AlterTable
ALTER TABLE "OutboxMessage" ADD COLUMN     "headers" TEXT;

-- CreateIndex
CREATE INDEX "TrackingStat_period_businessId_idx" ON "TrackingStat"("period", "businessId");
