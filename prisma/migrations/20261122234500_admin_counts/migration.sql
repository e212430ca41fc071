-- Exact row totals for the admin panel (model RowCount), kept by triggers in the same transaction
-- as the write that changes them, whatever code path (or cascade) makes it. Written by hand: Prisma
-- does not model triggers. For later migrations: SQLite drops a table's triggers when Prisma
-- redefines that table (create, copy, drop, rename), so such a migration must create them again.
-- tests/integration/row-counts.test.ts fails if any total drifts from count(*).

CREATE TRIGGER "Business_count_insert" AFTER INSERT ON "Business" BEGIN
  INSERT INTO "RowCount" ("key", "value") VALUES ('Business', 1)
    ON CONFLICT ("key") DO UPDATE SET "value" = "value" + (1);
END;

CREATE TRIGGER "Business_count_delete" AFTER DELETE ON "Business" BEGIN
  INSERT INTO "RowCount" ("key", "value") VALUES ('Business', -1)
    ON CONFLICT ("key") DO UPDATE SET "value" = "value" + (-1);
END;

CREATE TRIGGER "Session_count_insert" AFTER INSERT ON "Session" BEGIN
  INSERT INTO "RowCount" ("key", "value") VALUES ('Session', 1)
    ON CONFLICT ("key") DO UPDATE SET "value" = "value" + (1);
END;

CREATE TRIGGER "Session_count_delete" AFTER DELETE ON "Session" BEGIN
  INSERT INTO "RowCount" ("key", "value") VALUES ('Session', -1)
    ON CONFLICT ("key") DO UPDATE SET "value" = "value" + (-1);
END;

CREATE TRIGGER "ContactInquiry_count_insert" AFTER INSERT ON "ContactInquiry" BEGIN
  INSERT INTO "RowCount" ("key", "value") VALUES ('ContactInquiry', 1)
    ON CONFLICT ("key") DO UPDATE SET "value" = "value" + (1);
END;

CREATE TRIGGER "ContactInquiry_count_delete" AFTER DELETE ON "ContactInquiry" BEGIN
  INSERT INTO "RowCount" ("key", "value") VALUES ('ContactInquiry', -1)
    ON CONFLICT ("key") DO UPDATE SET "value" = "value" + (-1);
END;

CREATE TRIGGER "AuditLog_count_insert" AFTER INSERT ON "AuditLog" BEGIN
  INSERT INTO "RowCount" ("key", "value") VALUES ('AuditLog', 1)
    ON CONFLICT ("key") DO UPDATE SET "value" = "value" + (1);
END;

CREATE TRIGGER "AuditLog_count_delete" AFTER DELETE ON "AuditLog" BEGIN
  INSERT INTO "RowCount" ("key", "value") VALUES ('AuditLog', -1)
    ON CONFLICT ("key") DO UPDATE SET "value" = "value" + (-1);
END;

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

-- Totals of the rows that exist already.
DELETE FROM "RowCount";
INSERT INTO "RowCount" ("key", "value") SELECT 'User', count(*) FROM "User";
INSERT INTO "RowCount" ("key", "value")
  SELECT 'User.subscriptionStatus:' || "subscriptionStatus", count(*) FROM "User" GROUP BY "subscriptionStatus";
INSERT INTO "RowCount" ("key", "value")
  SELECT 'AccessLog.wasAllowed:' || CASE WHEN "wasAllowed" THEN 'true' ELSE 'false' END, count(*)
  FROM "AccessLog" GROUP BY "wasAllowed";
INSERT INTO "RowCount" ("key", "value") SELECT 'Business', count(*) FROM "Business";
INSERT INTO "RowCount" ("key", "value") SELECT 'Session', count(*) FROM "Session";
INSERT INTO "RowCount" ("key", "value") SELECT 'ContactInquiry', count(*) FROM "ContactInquiry";
INSERT INTO "RowCount" ("key", "value") SELECT 'AuditLog', count(*) FROM "AuditLog";
