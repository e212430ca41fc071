-- AlterTable
ALTER TABLE "Business" ADD COLUMN "address" TEXT;
ALTER TABLE "Business" ADD COLUMN "openingHours" TEXT;
ALTER TABLE "Business" ADD COLUMN "phone" TEXT;

-- AlterTable
ALTER TABLE "TrackingAnswer" ADD COLUMN "facts" TEXT;

-- CreateTable
CREATE TABLE "TrackingFactStat" (
    "businessId" TEXT NOT NULL,
    "engine" TEXT NOT NULL,
    "period" DATETIME NOT NULL,
    "kind" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "answers" INTEGER NOT NULL DEFAULT 0,
    "firstSeen" DATETIME NOT NULL,
    "lastSeen" DATETIME NOT NULL,
    "answerId" TEXT NOT NULL,
    "quote" TEXT NOT NULL,

    PRIMARY KEY ("businessId", "engine", "period", "kind", "key"),
    CONSTRAINT "TrackingFactStat_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "TrackingFactAlert" (
    "businessId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("businessId", "kind", "key"),
    CONSTRAINT "TrackingFactAlert_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "TrackingFactStat_businessId_period_idx" ON "TrackingFactStat"("businessId", "period");
