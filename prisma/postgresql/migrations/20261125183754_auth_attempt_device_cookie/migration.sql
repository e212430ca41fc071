-- AlterTable
ALTER TABLE "AuthAttempt" ADD COLUMN     "deviceId" TEXT,
ADD COLUMN     "reason" TEXT;

-- CreateIndex
CREATE INDEX "AuthAttempt_kind_deviceId_succeeded_createdAt_idx" ON "AuthAttempt"("kind", "deviceId", "succeeded", "createdAt");

-- CreateIndex
CREATE INDEX "AuthAttempt_kind_createdAt_idx" ON "AuthAttempt"("kind", "createdAt");
