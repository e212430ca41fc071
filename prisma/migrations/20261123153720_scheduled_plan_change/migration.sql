-- Written as ADD COLUMN instead of the table redefinition Prisma generated: redefining "User"
-- (create, copy, drop, rename) drops its triggers (the admin panel's row counts, the word search's
-- index) and renumbers its rowids, which the word search keys on. New nullable columns, and one
-- with a default, need none of that.
ALTER TABLE "User" ADD COLUMN "scheduledTier" TEXT;
ALTER TABLE "User" ADD COLUMN "scheduledTierAt" DATETIME;
ALTER TABLE "User" ADD COLUMN "stripeScheduleId" TEXT;
ALTER TABLE "User" ADD COLUMN "planChangeVersion" INTEGER NOT NULL DEFAULT 0;
