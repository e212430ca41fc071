-- AlterTable
ALTER TABLE "LogDrainToken" ADD COLUMN     "verifyCode" TEXT;
