-- AlterTable
ALTER TABLE "TrackingAnswer" ADD COLUMN     "citedOrRetrieved" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "location" TEXT,
ADD COLUMN     "retrieved" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "searches" TEXT NOT NULL DEFAULT '[]';

-- AlterTable
ALTER TABLE "TrackingDomainStat" ADD COLUMN     "cited" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "retrieved" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "TrackingStat" ADD COLUMN     "citedNotNamed" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "citedOrRetrieved" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "retrieved" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "TrackingSearchStat" (
    "businessId" TEXT NOT NULL,
    "promptId" TEXT NOT NULL,
    "engine" TEXT NOT NULL,
    "period" TIMESTAMP(3) NOT NULL,
    "key" TEXT NOT NULL,
    "query" TEXT NOT NULL,
    "answers" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "TrackingSearchStat_pkey" PRIMARY KEY ("businessId","promptId","engine","period","key")
);

-- CreateIndex
CREATE INDEX "TrackingSearchStat_businessId_period_idx" ON "TrackingSearchStat"("businessId", "period");

-- AddForeignKey
ALTER TABLE "TrackingSearchStat" ADD CONSTRAINT "TrackingSearchStat_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;
