-- CreateTable
CREATE TABLE "CrawlerLogImport" (
    "id" TEXT NOT NULL,
    "businessId" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "lines" INTEGER NOT NULL DEFAULT 0,
    "counted" INTEGER NOT NULL DEFAULT 0,
    "skipped" INTEGER NOT NULL DEFAULT 0,
    "duplicates" INTEGER NOT NULL DEFAULT 0,
    "bytes" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "CrawlerLogImport_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CrawlerVisitStat" (
    "businessId" TEXT NOT NULL,
    "day" TIMESTAMP(3) NOT NULL,
    "agent" TEXT NOT NULL,
    "verification" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "visits" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "CrawlerVisitStat_pkey" PRIMARY KEY ("businessId","day","agent","verification","status")
);

-- CreateTable
CREATE TABLE "CrawlerPageStat" (
    "businessId" TEXT NOT NULL,
    "day" TIMESTAMP(3) NOT NULL,
    "agent" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "visits" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "CrawlerPageStat_pkey" PRIMARY KEY ("businessId","day","agent","path")
);

-- CreateTable
CREATE TABLE "ReferralStat" (
    "businessId" TEXT NOT NULL,
    "day" TIMESTAMP(3) NOT NULL,
    "assistant" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "visits" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ReferralStat_pkey" PRIMARY KEY ("businessId","day","assistant","path")
);

-- CreateTable
CREATE TABLE "CrawlerLineSeen" (
    "businessId" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "day" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CrawlerLineSeen_pkey" PRIMARY KEY ("businessId","hash")
);

-- CreateTable
CREATE TABLE "LogDrainToken" (
    "id" TEXT NOT NULL,
    "businessId" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "signingSecret" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "LogDrainToken_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "CrawlerLogImport_businessId_createdAt_idx" ON "CrawlerLogImport"("businessId", "createdAt");

-- CreateIndex
CREATE INDEX "CrawlerLogImport_status_createdAt_idx" ON "CrawlerLogImport"("status", "createdAt");

-- CreateIndex
CREATE INDEX "CrawlerVisitStat_businessId_day_idx" ON "CrawlerVisitStat"("businessId", "day");

-- CreateIndex
CREATE INDEX "CrawlerPageStat_businessId_day_idx" ON "CrawlerPageStat"("businessId", "day");

-- CreateIndex
CREATE INDEX "ReferralStat_businessId_day_idx" ON "ReferralStat"("businessId", "day");

-- CreateIndex
CREATE INDEX "CrawlerLineSeen_day_idx" ON "CrawlerLineSeen"("day");

-- CreateIndex
CREATE UNIQUE INDEX "LogDrainToken_prefix_key" ON "LogDrainToken"("prefix");

-- CreateIndex
CREATE UNIQUE INDEX "LogDrainToken_hash_key" ON "LogDrainToken"("hash");

-- CreateIndex
CREATE INDEX "LogDrainToken_businessId_createdAt_idx" ON "LogDrainToken"("businessId", "createdAt");

-- AddForeignKey
ALTER TABLE "CrawlerLogImport" ADD CONSTRAINT "CrawlerLogImport_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CrawlerVisitStat" ADD CONSTRAINT "CrawlerVisitStat_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CrawlerPageStat" ADD CONSTRAINT "CrawlerPageStat_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReferralStat" ADD CONSTRAINT "ReferralStat_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CrawlerLineSeen" ADD CONSTRAINT "CrawlerLineSeen_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LogDrainToken" ADD CONSTRAINT "LogDrainToken_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;
