-- The owner's list reads its total from the user's row (User.businessCount), kept by the triggers
-- below, and its pages in index order (userId, createdAt, id).

-- DropIndex
DROP INDEX "Business_userId_createdAt_idx";

-- AlterTable: a plain ADD COLUMN (not Prisma's redefinition of "User", which would drop the
-- row-count and search triggers on it).
ALTER TABLE "User" ADD COLUMN "businessCount" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "Business_userId_createdAt_id_idx" ON "Business"("userId", "createdAt", "id");

-- Each user's business count, in the same transaction as the write, whatever writes it (the app,
-- a cascade, a script). A migration that redefines "Business" must create these again.
CREATE TRIGGER "Business_owner_count_insert" AFTER INSERT ON "Business" BEGIN
  UPDATE "User" SET "businessCount" = "businessCount" + 1 WHERE "id" = new."userId";
END;

CREATE TRIGGER "Business_owner_count_delete" AFTER DELETE ON "Business" BEGIN
  UPDATE "User" SET "businessCount" = "businessCount" - 1 WHERE "id" = old."userId";
END;

CREATE TRIGGER "Business_owner_count_update" AFTER UPDATE OF "userId" ON "Business"
  WHEN new."userId" IS NOT old."userId" BEGIN
  UPDATE "User" SET "businessCount" = "businessCount" - 1 WHERE "id" = old."userId";
  UPDATE "User" SET "businessCount" = "businessCount" + 1 WHERE "id" = new."userId";
END;

-- Backfill.
UPDATE "User" SET "businessCount" = (SELECT count(*) FROM "Business" WHERE "Business"."userId" = "User"."id");
