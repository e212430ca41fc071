-- AlterTable
ALTER TABLE "Audit" ADD COLUMN     "failureCode" TEXT,
ADD COLUMN     "failureReason" TEXT,
ADD COLUMN     "outcome" TEXT NOT NULL DEFAULT 'complete';

-- AlterTable
ALTER TABLE "Business" ADD COLUMN     "lastUnreachableAt" TIMESTAMP(3);
