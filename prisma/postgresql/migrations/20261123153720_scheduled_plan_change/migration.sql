-- AlterTable
ALTER TABLE "User" ADD COLUMN     "planChangeVersion" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "scheduledTier" TEXT,
ADD COLUMN     "scheduledTierAt" TIMESTAMP(3),
ADD COLUMN     "stripeScheduleId" TEXT;
