-- CreateTable
CREATE TABLE "CrawlerLogImport" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "businessId" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "lines" INTEGER NOT NULL DEFAULT 0,
    "counted" INTEGER NOT NULL DEFAULT 0,
    "skipped" INTEGER NOT NULL DEFAULT 0,
    "duplicates" INTEGER NOT NULL DEFAULT 0,
    "bytes" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" DATETIME,
    CONSTRAINT "CrawlerLogImport_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CrawlerVisitStat" (
    "businessId" TEXT NOT NULL,
    "day" DATETIME NOT NULL,
    "agent" TEXT NOT NULL,
    "verification" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "visits" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("businessId", "day", "agent", "verification", "status"),
    CONSTRAINT "CrawlerVisitStat_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CrawlerPageStat" (
    "businessId" TEXT NOT NULL,
    "day" DATETIME NOT NULL,
    "agent" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "visits" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("businessId", "day", "agent", "path"),
    CONSTRAINT "CrawlerPageStat_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ReferralStat" (
    "businessId" TEXT NOT NULL,
    "day" DATETIME NOT NULL,
    "assistant" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "visits" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("businessId", "day", "assistant", "path"),
    CONSTRAINT "ReferralStat_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CrawlerLineSeen" (
    "businessId" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "day" DATETIME NOT NULL,

    PRIMARY KEY ("businessId", "hash"),
    CONSTRAINT "CrawlerLineSeen_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "LogDrainToken" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "businessId" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "signingSecret" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" DATETIME,
    "revokedAt" DATETIME,
    CONSTRAINT "LogDrainToken_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE CASCADE ON UPDATE CASCADE
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
