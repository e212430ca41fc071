-- AlterTable
ALTER TABLE "CrawlerLineSeen" DROP CONSTRAINT "CrawlerLineSeen_pkey",
ADD CONSTRAINT "CrawlerLineSeen_pkey" PRIMARY KEY ("businessId", "day", "hash");
