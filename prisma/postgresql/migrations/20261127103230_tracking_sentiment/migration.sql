-- AlterTable
ALTER TABLE "TrackingAnswer" ADD COLUMN     "sentences" TEXT,
ADD COLUMN     "sentimentBy" TEXT;

-- CreateTable
CREATE TABLE "TrackingSentimentStat" (
    "businessId" TEXT NOT NULL,
    "engine" TEXT NOT NULL,
    "period" TIMESTAMP(3) NOT NULL,
    "positive" INTEGER NOT NULL DEFAULT 0,
    "neutral" INTEGER NOT NULL DEFAULT 0,
    "negative" INTEGER NOT NULL DEFAULT 0,
    "answers" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "TrackingSentimentStat_pkey" PRIMARY KEY ("businessId","engine","period")
);

-- CreateIndex
CREATE INDEX "TrackingSentimentStat_businessId_period_idx" ON "TrackingSentimentStat"("businessId", "period");

-- AddForeignKey
ALTER TABLE "TrackingSentimentStat" ADD CONSTRAINT "TrackingSentimentStat_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;
