-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_User" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "email" TEXT NOT NULL,
    "firstName" TEXT,
    "lastName" TEXT,
    "role" TEXT NOT NULL DEFAULT 'user',
    "subscriptionStatus" TEXT NOT NULL DEFAULT 'free',
    "subscriptionExpiry" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "stripeCustomerId" TEXT,
    "stripeSubscriptionId" TEXT,
    "subscriptionCancelAtPeriodEnd" BOOLEAN NOT NULL DEFAULT false,
    "paymentFailedAt" DATETIME,
    "lastSubscriptionEventAt" DATETIME,
    "checkoutTier" TEXT,
    "checkoutStartedAt" DATETIME,
    "scheduledTier" TEXT,
    "scheduledTierAt" DATETIME,
    "stripeScheduleId" TEXT,
    "planChangeVersion" INTEGER NOT NULL DEFAULT 0
);
INSERT INTO "new_User" ("checkoutStartedAt", "checkoutTier", "createdAt", "email", "firstName", "id", "lastName", "lastSubscriptionEventAt", "paymentFailedAt", "role", "stripeCustomerId", "stripeSubscriptionId", "subscriptionCancelAtPeriodEnd", "subscriptionExpiry", "subscriptionStatus", "updatedAt") SELECT "checkoutStartedAt", "checkoutTier", "createdAt", "email", "firstName", "id", "lastName", "lastSubscriptionEventAt", "paymentFailedAt", "role", "stripeCustomerId", "stripeSubscriptionId", "subscriptionCancelAtPeriodEnd", "subscriptionExpiry", "subscriptionStatus", "updatedAt" FROM "User";
DROP TABLE "User";
ALTER TABLE "new_User" RENAME TO "User";
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");
CREATE UNIQUE INDEX "User_stripeCustomerId_key" ON "User"("stripeCustomerId");
CREATE INDEX "User_role_idx" ON "User"("role");
CREATE INDEX "User_subscriptionStatus_createdAt_id_idx" ON "User"("subscriptionStatus", "createdAt", "id");
CREATE INDEX "User_subscriptionStatus_subscriptionExpiry_idx" ON "User"("subscriptionStatus", "subscriptionExpiry");
CREATE INDEX "User_createdAt_id_idx" ON "User"("createdAt", "id");
CREATE INDEX "User_firstName_idx" ON "User"("firstName");
CREATE INDEX "User_lastName_idx" ON "User"("lastName");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- Prisma redefined "User" above, which drops its triggers: the row counts of the admin panel
-- (see *_admin_counts) are kept by these, so they are created again.
CREATE TRIGGER "User_count_insert" AFTER INSERT ON "User" BEGIN
  INSERT INTO "RowCount" ("key", "value") VALUES ('User', 1)
    ON CONFLICT ("key") DO UPDATE SET "value" = "value" + (1);
  INSERT INTO "RowCount" ("key", "value") VALUES ('User.subscriptionStatus:' || NEW."subscriptionStatus", 1)
    ON CONFLICT ("key") DO UPDATE SET "value" = "value" + (1);
END;

CREATE TRIGGER "User_count_delete" AFTER DELETE ON "User" BEGIN
  INSERT INTO "RowCount" ("key", "value") VALUES ('User', -1)
    ON CONFLICT ("key") DO UPDATE SET "value" = "value" + (-1);
  INSERT INTO "RowCount" ("key", "value") VALUES ('User.subscriptionStatus:' || OLD."subscriptionStatus", -1)
    ON CONFLICT ("key") DO UPDATE SET "value" = "value" + (-1);
END;

CREATE TRIGGER "User_count_status" AFTER UPDATE OF "subscriptionStatus" ON "User"
WHEN OLD."subscriptionStatus" IS NOT NEW."subscriptionStatus" BEGIN
  INSERT INTO "RowCount" ("key", "value") VALUES ('User.subscriptionStatus:' || OLD."subscriptionStatus", -1)
    ON CONFLICT ("key") DO UPDATE SET "value" = "value" + (-1);
  INSERT INTO "RowCount" ("key", "value") VALUES ('User.subscriptionStatus:' || NEW."subscriptionStatus", 1)
    ON CONFLICT ("key") DO UPDATE SET "value" = "value" + (1);
END;
