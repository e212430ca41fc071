-- CreateTable
CREATE TABLE "TrackingPromptStat" (
    "businessId" TEXT NOT NULL,
    "promptId" TEXT NOT NULL,
    "engine" TEXT NOT NULL,
    "period" TIMESTAMP(3) NOT NULL,
    "periodKind" TEXT NOT NULL DEFAULT 'week',
    "samples" INTEGER NOT NULL DEFAULT 0,
    "mentioned" INTEGER NOT NULL DEFAULT 0,
    "cited" INTEGER NOT NULL DEFAULT 0,
    "positionSum" INTEGER NOT NULL DEFAULT 0,
    "positionSquares" INTEGER NOT NULL DEFAULT 0,
    "positionCount" INTEGER NOT NULL DEFAULT 0,
    "positionBest" INTEGER,
    "failed" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "TrackingPromptStat_pkey" PRIMARY KEY ("businessId","promptId","engine","period")
);

-- CreateIndex
CREATE INDEX "TrackingPromptStat_businessId_period_idx" ON "TrackingPromptStat"("businessId", "period");

-- CreateIndex
CREATE INDEX "TrackingPromptStat_businessId_periodKind_period_idx" ON "TrackingPromptStat"("businessId", "periodKind", "period");

-- AddForeignKey
ALTER TABLE "TrackingPromptStat" ADD CONSTRAINT "TrackingPromptStat_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;
