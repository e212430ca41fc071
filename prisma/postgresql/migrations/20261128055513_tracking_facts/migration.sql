-- AlterTable
ALTER TABLE "Business" ADD COLUMN     "address" TEXT,
ADD COLUMN     "openingHours" TEXT,
ADD COLUMN     "phone" TEXT;

-- AlterTable
ALTER TABLE "TrackingAnswer" ADD COLUMN     "facts" TEXT;

-- CreateTable
CREATE TABLE "TrackingFactStat" (
    "businessId" TEXT NOT NULL,
    "engine" TEXT NOT NULL,
    "period" TIMESTAMP(3) NOT NULL,
    "kind" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "answers" INTEGER NOT NULL DEFAULT 0,
    "firstSeen" TIMESTAMP(3) NOT NULL,
    "lastSeen" TIMESTAMP(3) NOT NULL,
    "answerId" TEXT NOT NULL,
    "quote" TEXT NOT NULL,

    CONSTRAINT "TrackingFactStat_pkey" PRIMARY KEY ("businessId","engine","period","kind","key")
);

-- CreateTable
CREATE TABLE "TrackingFactAlert" (
    "businessId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TrackingFactAlert_pkey" PRIMARY KEY ("businessId","kind","key")
);

-- CreateIndex
CREATE INDEX "TrackingFactStat_businessId_period_idx" ON "TrackingFactStat"("businessId", "period");

-- AddForeignKey
ALTER TABLE "TrackingFactStat" ADD CONSTRAINT "TrackingFactStat_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TrackingFactAlert" ADD CONSTRAINT "TrackingFactAlert_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;
