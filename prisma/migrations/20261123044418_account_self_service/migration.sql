-- CreateTable
CREATE TABLE "PasswordReset" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" DATETIME NOT NULL,
    "usedAt" DATETIME,
    CONSTRAINT "PasswordReset_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "OutboxMessage" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "to" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "html" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "error" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sentAt" DATETIME
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_AccessLog" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT,
    "businessId" TEXT,
    "accessType" TEXT NOT NULL,
    "accessTime" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "subscriptionTier" TEXT,
    "wasAllowed" BOOLEAN NOT NULL,
    "reason" TEXT,
    CONSTRAINT "AccessLog_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "AccessLog_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_AccessLog" ("accessTime", "accessType", "businessId", "id", "reason", "subscriptionTier", "userId", "wasAllowed") SELECT "accessTime", "accessType", "businessId", "id", "reason", "subscriptionTier", "userId", "wasAllowed" FROM "AccessLog";
DROP TABLE "AccessLog";
ALTER TABLE "new_AccessLog" RENAME TO "AccessLog";
CREATE INDEX "AccessLog_userId_accessTime_idx" ON "AccessLog"("userId", "accessTime");
CREATE INDEX "AccessLog_accessTime_id_idx" ON "AccessLog"("accessTime", "id");
CREATE INDEX "AccessLog_businessId_idx" ON "AccessLog"("businessId");
CREATE INDEX "AccessLog_wasAllowed_accessTime_id_idx" ON "AccessLog"("wasAllowed", "accessTime", "id");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "PasswordReset_tokenHash_key" ON "PasswordReset"("tokenHash");

-- CreateIndex
CREATE INDEX "PasswordReset_userId_idx" ON "PasswordReset"("userId");

-- CreateIndex
CREATE INDEX "OutboxMessage_createdAt_id_idx" ON "OutboxMessage"("createdAt", "id");

-- CreateIndex
CREATE INDEX "OutboxMessage_status_createdAt_id_idx" ON "OutboxMessage"("status", "createdAt", "id");

-- CreateIndex
CREATE INDEX "OutboxMessage_to_createdAt_idx" ON "OutboxMessage"("to", "createdAt");

-- The AccessLog table was rebuilt above (its user link became optional), which dropped its row-count
-- triggers: the same three again (see the admin_counts migration).
CREATE TRIGGER "AccessLog_count_insert" AFTER INSERT ON "AccessLog" BEGIN
  INSERT INTO "RowCount" ("key", "value") VALUES ('AccessLog.wasAllowed:' || CASE WHEN NEW."wasAllowed" THEN 'true' ELSE 'false' END, 1)
    ON CONFLICT ("key") DO UPDATE SET "value" = "value" + (1);
END;

CREATE TRIGGER "AccessLog_count_delete" AFTER DELETE ON "AccessLog" BEGIN
  INSERT INTO "RowCount" ("key", "value") VALUES ('AccessLog.wasAllowed:' || CASE WHEN OLD."wasAllowed" THEN 'true' ELSE 'false' END, -1)
    ON CONFLICT ("key") DO UPDATE SET "value" = "value" + (-1);
END;

CREATE TRIGGER "AccessLog_count_allowed" AFTER UPDATE OF "wasAllowed" ON "AccessLog"
WHEN OLD."wasAllowed" IS NOT NEW."wasAllowed" BEGIN
  INSERT INTO "RowCount" ("key", "value") VALUES ('AccessLog.wasAllowed:' || CASE WHEN OLD."wasAllowed" THEN 'true' ELSE 'false' END, -1)
    ON CONFLICT ("key") DO UPDATE SET "value" = "value" + (-1);
  INSERT INTO "RowCount" ("key", "value") VALUES ('AccessLog.wasAllowed:' || CASE WHEN NEW."wasAllowed" THEN 'true' ELSE 'false' END, 1)
    ON CONFLICT ("key") DO UPDATE SET "value" = "value" + (1);
END;

-- The outbox, per status ("OutboxMessage.status:<status>"), for the admin panel's Outbox tab.
CREATE TRIGGER "OutboxMessage_count_insert" AFTER INSERT ON "OutboxMessage" BEGIN
  INSERT INTO "RowCount" ("key", "value") VALUES ('OutboxMessage.status:' || NEW."status", 1)
    ON CONFLICT ("key") DO UPDATE SET "value" = "value" + (1);
END;

CREATE TRIGGER "OutboxMessage_count_delete" AFTER DELETE ON "OutboxMessage" BEGIN
  INSERT INTO "RowCount" ("key", "value") VALUES ('OutboxMessage.status:' || OLD."status", -1)
    ON CONFLICT ("key") DO UPDATE SET "value" = "value" + (-1);
END;

CREATE TRIGGER "OutboxMessage_count_status" AFTER UPDATE OF "status" ON "OutboxMessage"
WHEN OLD."status" IS NOT NEW."status" BEGIN
  INSERT INTO "RowCount" ("key", "value") VALUES ('OutboxMessage.status:' || OLD."status", -1)
    ON CONFLICT ("key") DO UPDATE SET "value" = "value" + (-1);
  INSERT INTO "RowCount" ("key", "value") VALUES ('OutboxMessage.status:' || NEW."status", 1)
    ON CONFLICT ("key") DO UPDATE SET "value" = "value" + (1);
END;
