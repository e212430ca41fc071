-- DropIndex
DROP INDEX "Business_userId_createdAt_idx";

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "businessCount" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "Business_userId_createdAt_id_idx" ON "Business"("userId", "createdAt", "id");

-- Each user's business count (User.businessCount), in the same transaction as the write, whatever
-- writes it (the app, a cascade, a script).
CREATE FUNCTION "business_owner_count"() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE "User" SET "businessCount" = "businessCount" - 1 WHERE "id" = OLD."userId";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE "User" SET "businessCount" = "businessCount" + 1 WHERE "id" = NEW."userId";
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "Business_owner_count" AFTER INSERT OR DELETE ON "Business"
  FOR EACH ROW EXECUTE FUNCTION "business_owner_count"();
CREATE TRIGGER "Business_owner_count_update" AFTER UPDATE OF "userId" ON "Business"
  FOR EACH ROW WHEN (NEW."userId" IS DISTINCT FROM OLD."userId")
  EXECUTE FUNCTION "business_owner_count"();

-- Backfill.
UPDATE "User" SET "businessCount" = (SELECT count(*) FROM "Business" WHERE "Business"."userId" = "User"."id");
