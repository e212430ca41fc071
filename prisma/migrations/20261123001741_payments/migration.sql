-- CreateTable
CREATE TABLE "UnmatchedPayment" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "eventId" TEXT NOT NULL,
    "eventType" TEXT NOT NULL,
    "email" TEXT,
    "tier" TEXT,
    "customerId" TEXT,
    "subscriptionId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

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
    "checkoutStartedAt" DATETIME
);
INSERT INTO "new_User" ("createdAt", "email", "firstName", "id", "lastName", "role", "subscriptionExpiry", "subscriptionStatus", "updatedAt") SELECT "createdAt", "email", "firstName", "id", "lastName", "role", "subscriptionExpiry", "subscriptionStatus", "updatedAt" FROM "User";
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

-- CreateIndex
CREATE UNIQUE INDEX "UnmatchedPayment_eventId_key" ON "UnmatchedPayment"("eventId");

-- CreateIndex
CREATE INDEX "UnmatchedPayment_createdAt_id_idx" ON "UnmatchedPayment"("createdAt", "id");

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
