-- AlterTable
ALTER TABLE "Business" ADD COLUMN     "listingsCheckedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "Competitor" ADD COLUMN     "website" TEXT;

-- AlterTable
ALTER TABLE "TrackingPromptStat" ADD COLUMN     "sourcesCounted" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "sourcesWithoutYou" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "TrackingSearchStat" ADD COLUMN     "counted" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "withSite" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "TrackingSourceStat" (
    "businessId" TEXT NOT NULL,
    "promptId" TEXT NOT NULL,
    "engine" TEXT NOT NULL,
    "period" TIMESTAMP(3) NOT NULL,
    "domain" TEXT NOT NULL,
    "answers" INTEGER NOT NULL DEFAULT 0,
    "withoutYou" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "TrackingSourceStat_pkey" PRIMARY KEY ("businessId","promptId","engine","period","domain")
);

-- CreateTable
CREATE TABLE "TrackingSourcePageStat" (
    "businessId" TEXT NOT NULL,
    "engine" TEXT NOT NULL,
    "period" TIMESTAMP(3) NOT NULL,
    "key" TEXT NOT NULL,
    "domain" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "answers" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "TrackingSourcePageStat_pkey" PRIMARY KEY ("businessId","engine","period","key")
);

-- CreateTable
CREATE TABLE "TrackingSourceNameStat" (
    "businessId" TEXT NOT NULL,
    "engine" TEXT NOT NULL,
    "period" TIMESTAMP(3) NOT NULL,
    "domain" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "answers" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "TrackingSourceNameStat_pkey" PRIMARY KEY ("businessId","engine","period","domain","key")
);

-- CreateTable
CREATE TABLE "SourceKindCorrection" (
    "businessId" TEXT NOT NULL,
    "domain" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SourceKindCorrection_pkey" PRIMARY KEY ("businessId","domain")
);

-- CreateTable
CREATE TABLE "SourceListing" (
    "businessId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "domain" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "reason" TEXT,
    "found" TEXT,
    "checkedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SourceListing_pkey" PRIMARY KEY ("businessId","key")
);

-- CreateIndex
CREATE INDEX "TrackingSourceStat_businessId_period_idx" ON "TrackingSourceStat"("businessId", "period");

-- CreateIndex
CREATE INDEX "TrackingSourcePageStat_businessId_period_idx" ON "TrackingSourcePageStat"("businessId", "period");

-- CreateIndex
CREATE INDEX "TrackingSourcePageStat_businessId_domain_period_idx" ON "TrackingSourcePageStat"("businessId", "domain", "period");

-- CreateIndex
CREATE INDEX "TrackingSourceNameStat_businessId_period_idx" ON "TrackingSourceNameStat"("businessId", "period");

-- CreateIndex
CREATE INDEX "SourceListing_businessId_checkedAt_idx" ON "SourceListing"("businessId", "checkedAt");

-- CreateIndex
CREATE INDEX "SourceListing_businessId_domain_idx" ON "SourceListing"("businessId", "domain");

-- CreateIndex
CREATE INDEX "Business_listingsCheckedAt_idx" ON "Business"("listingsCheckedAt");

-- AddForeignKey
ALTER TABLE "TrackingSourceStat" ADD CONSTRAINT "TrackingSourceStat_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TrackingSourcePageStat" ADD CONSTRAINT "TrackingSourcePageStat_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TrackingSourceNameStat" ADD CONSTRAINT "TrackingSourceNameStat_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SourceKindCorrection" ADD CONSTRAINT "SourceKindCorrection_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SourceListing" ADD CONSTRAINT "SourceListing_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;
