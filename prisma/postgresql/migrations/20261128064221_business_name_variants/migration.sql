-- AlterTable
ALTER TABLE "Business" ADD COLUMN     "nameVariants" TEXT;
