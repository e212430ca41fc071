-- AlterTable
ALTER TABLE "TrackingAnswer" ADD COLUMN     "highlights" TEXT NOT NULL DEFAULT '[]';
