-- AlterTable
ALTER TABLE "Business" ADD COLUMN     "trackingQueuedPeriod" TIMESTAMP(3),
ADD COLUMN     "trackingRunAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "trackingDigestOffAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "TrackedPrompt" (
    "id" TEXT NOT NULL,
    "businessId" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "lastAskedAt" TIMESTAMP(3),

    CONSTRAINT "TrackedPrompt_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Competitor" (
    "id" TEXT NOT NULL,
    "businessId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Competitor_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TrackingAnswer" (
    "id" TEXT NOT NULL,
    "runKey" TEXT NOT NULL,
    "businessId" TEXT NOT NULL,
    "promptId" TEXT,
    "prompt" TEXT NOT NULL,
    "engine" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "period" TIMESTAMP(3) NOT NULL,
    "periodKind" TEXT NOT NULL,
    "sample" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "error" TEXT,
    "text" TEXT NOT NULL,
    "sources" TEXT NOT NULL,
    "mentioned" BOOLEAN NOT NULL DEFAULT false,
    "position" INTEGER,
    "cited" BOOLEAN NOT NULL DEFAULT false,
    "citedNotNamed" BOOLEAN NOT NULL DEFAULT false,
    "competitors" TEXT NOT NULL DEFAULT '[]',
    "inputTokens" INTEGER NOT NULL DEFAULT 0,
    "outputTokens" INTEGER NOT NULL DEFAULT 0,
    "costUsd" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "latencyMs" INTEGER NOT NULL DEFAULT 0,
    "attempts" INTEGER NOT NULL DEFAULT 1,
    "askedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TrackingAnswer_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TrackingStat" (
    "businessId" TEXT NOT NULL,
    "engine" TEXT NOT NULL,
    "period" TIMESTAMP(3) NOT NULL,
    "periodKind" TEXT NOT NULL,
    "samples" INTEGER NOT NULL DEFAULT 0,
    "mentioned" INTEGER NOT NULL DEFAULT 0,
    "cited" INTEGER NOT NULL DEFAULT 0,
    "positionSum" INTEGER NOT NULL DEFAULT 0,
    "positionCount" INTEGER NOT NULL DEFAULT 0,
    "otherNames" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "TrackingStat_pkey" PRIMARY KEY ("businessId","engine","period")
);

-- CreateTable
CREATE TABLE "TrackingNameStat" (
    "businessId" TEXT NOT NULL,
    "engine" TEXT NOT NULL,
    "period" TIMESTAMP(3) NOT NULL,
    "key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "known" BOOLEAN NOT NULL DEFAULT false,
    "mentions" INTEGER NOT NULL DEFAULT 0,
    "firstSeen" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TrackingNameStat_pkey" PRIMARY KEY ("businessId","engine","period","key")
);

-- CreateTable
CREATE TABLE "TrackingDomainStat" (
    "businessId" TEXT NOT NULL,
    "engine" TEXT NOT NULL,
    "period" TIMESTAMP(3) NOT NULL,
    "domain" TEXT NOT NULL,
    "answers" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "TrackingDomainStat_pkey" PRIMARY KEY ("businessId","engine","period","domain")
);

-- CreateTable
CREATE TABLE "TrackingSpend" (
    "month" TEXT NOT NULL,
    "engine" TEXT NOT NULL,
    "calls" INTEGER NOT NULL DEFAULT 0,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "skipped" INTEGER NOT NULL DEFAULT 0,
    "inputTokens" INTEGER NOT NULL DEFAULT 0,
    "outputTokens" INTEGER NOT NULL DEFAULT 0,
    "costUsd" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "lastErrorAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TrackingSpend_pkey" PRIMARY KEY ("month","engine")
);

-- CreateTable
CREATE TABLE "TrackingRateWindow" (
    "engine" TEXT NOT NULL,
    "windowStart" TIMESTAMP(3) NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "TrackingRateWindow_pkey" PRIMARY KEY ("engine","windowStart")
);

-- CreateIndex
CREATE INDEX "TrackedPrompt_businessId_createdAt_id_idx" ON "TrackedPrompt"("businessId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Competitor_businessId_createdAt_id_idx" ON "Competitor"("businessId", "createdAt", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Competitor_businessId_key_key" ON "Competitor"("businessId", "key");

-- CreateIndex
CREATE UNIQUE INDEX "TrackingAnswer_runKey_key" ON "TrackingAnswer"("runKey");

-- CreateIndex
CREATE INDEX "TrackingAnswer_businessId_askedAt_id_idx" ON "TrackingAnswer"("businessId", "askedAt", "id");

-- CreateIndex
CREATE INDEX "TrackingAnswer_businessId_promptId_askedAt_idx" ON "TrackingAnswer"("businessId", "promptId", "askedAt");

-- CreateIndex
CREATE INDEX "TrackingAnswer_businessId_status_engine_askedAt_idx" ON "TrackingAnswer"("businessId", "status", "engine", "askedAt");

-- CreateIndex
CREATE INDEX "TrackingStat_businessId_period_idx" ON "TrackingStat"("businessId", "period");

-- CreateIndex
CREATE INDEX "TrackingNameStat_businessId_period_idx" ON "TrackingNameStat"("businessId", "period");

-- CreateIndex
CREATE INDEX "TrackingDomainStat_businessId_period_idx" ON "TrackingDomainStat"("businessId", "period");

-- CreateIndex
CREATE INDEX "TrackingRateWindow_windowStart_idx" ON "TrackingRateWindow"("windowStart");

-- AddForeignKey
ALTER TABLE "TrackedPrompt" ADD CONSTRAINT "TrackedPrompt_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Competitor" ADD CONSTRAINT "Competitor_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TrackingAnswer" ADD CONSTRAINT "TrackingAnswer_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TrackingStat" ADD CONSTRAINT "TrackingStat_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TrackingNameStat" ADD CONSTRAINT "TrackingNameStat_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TrackingDomainStat" ADD CONSTRAINT "TrackingDomainStat_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;
