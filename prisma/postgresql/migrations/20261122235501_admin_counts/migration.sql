-- Exact row totals for the admin panel (model RowCount), kept by triggers in the same transaction
-- as the write that changes them, whatever code path (or cascade) makes it: the PostgreSQL twin of
-- prisma/migrations/*_admin_counts. Written by hand: Prisma does not model functions or triggers.
-- tests/integration/row-counts.test.ts fails if any total drifts from count(*).

CREATE FUNCTION "row_count_add"(counter TEXT, delta INTEGER) RETURNS void AS $$
  INSERT INTO "RowCount" ("key", "value") VALUES (counter, delta)
  ON CONFLICT ("key") DO UPDATE SET "value" = "RowCount"."value" + EXCLUDED."value";
$$ LANGUAGE sql;

-- Business, Session, ContactInquiry, AuditLog: one total per table.
CREATE FUNCTION "row_count_table"() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "row_count_add"(TG_TABLE_NAME, 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "row_count_add"(TG_TABLE_NAME, -1);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "Business_count" AFTER INSERT OR DELETE ON "Business"
  FOR EACH ROW EXECUTE FUNCTION "row_count_table"();
CREATE TRIGGER "Session_count" AFTER INSERT OR DELETE ON "Session"
  FOR EACH ROW EXECUTE FUNCTION "row_count_table"();
CREATE TRIGGER "ContactInquiry_count" AFTER INSERT OR DELETE ON "ContactInquiry"
  FOR EACH ROW EXECUTE FUNCTION "row_count_table"();
CREATE TRIGGER "AuditLog_count" AFTER INSERT OR DELETE ON "AuditLog"
  FOR EACH ROW EXECUTE FUNCTION "row_count_table"();

-- User: the total and one per subscription status.
CREATE FUNCTION "row_count_user"() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "row_count_add"('User', 1);
    PERFORM "row_count_add"('User.subscriptionStatus:' || NEW."subscriptionStatus", 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "row_count_add"('User', -1);
    PERFORM "row_count_add"('User.subscriptionStatus:' || OLD."subscriptionStatus", -1);
  ELSIF OLD."subscriptionStatus" IS DISTINCT FROM NEW."subscriptionStatus" THEN
    PERFORM "row_count_add"('User.subscriptionStatus:' || OLD."subscriptionStatus", -1);
    PERFORM "row_count_add"('User.subscriptionStatus:' || NEW."subscriptionStatus", 1);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "User_count" AFTER INSERT OR DELETE OR UPDATE OF "subscriptionStatus" ON "User"
  FOR EACH ROW EXECUTE FUNCTION "row_count_user"();

-- AccessLog: allowed and denied checks.
CREATE FUNCTION "row_count_access_log"() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM "row_count_add"('AccessLog.wasAllowed:' || CASE WHEN OLD."wasAllowed" THEN 'true' ELSE 'false' END, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM "row_count_add"('AccessLog.wasAllowed:' || CASE WHEN NEW."wasAllowed" THEN 'true' ELSE 'false' END, 1);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "AccessLog_count" AFTER INSERT OR DELETE OR UPDATE OF "wasAllowed" ON "AccessLog"
  FOR EACH ROW EXECUTE FUNCTION "row_count_access_log"();

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
