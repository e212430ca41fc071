-- Word-prefix search for the admin panel and the dashboard (docs/decisions/0013): full-text
-- indexes of every word of a user's e-mail and names and of a business's name, so "plumb" finds
-- "Okafor Plumbing" and "okafor" finds "jane.okafor@example.com". The prefix-range indexes on the
-- names served the old start-of-value search and go.

-- DropIndex
DROP INDEX "Business_name_idx";

-- DropIndex
DROP INDEX "User_lastName_idx";

-- DropIndex
DROP INDEX "User_firstName_idx";

-- Written by hand below: Prisma does not model FTS5 tables or triggers.
--
-- Contentless FTS5 tables (only the index, no copy of the text), keyed by the rowid of the row they
-- index; contentless_delete lets the triggers remove a row's words. unicode61 splits on anything
-- that is not a letter or digit (so "@", ".", "-", "_" and "+" end a word), folds case and removes
-- diacritics. The row's rowid is stable: Prisma never writes it and VACUUM keeps it. As with the
-- row-count triggers, a later migration that redefines "User" or "Business" (create, copy, drop,
-- rename) drops these triggers and changes rowids: it must create the triggers again and refill
-- the table as at the end of this file.
CREATE VIRTUAL TABLE "UserSearch" USING fts5(
  "email", "firstName", "lastName",
  content = '', contentless_delete = 1, detail = 'column',
  tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3 4'
);

CREATE VIRTUAL TABLE "BusinessSearch" USING fts5(
  "name",
  content = '', contentless_delete = 1, detail = 'none',
  tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3 4'
);

-- Each table's list of terms (fts5vocab), read to turn a long prefix into the few words it starts
-- (app/domain/search.server.ts explains why).
CREATE VIRTUAL TABLE "UserSearchTerms" USING fts5vocab('UserSearch', 'row');
CREATE VIRTUAL TABLE "BusinessSearchTerms" USING fts5vocab('BusinessSearch', 'row');

CREATE TRIGGER "User_search_insert" AFTER INSERT ON "User" BEGIN
  INSERT INTO "UserSearch" ("rowid", "email", "firstName", "lastName")
    VALUES (new."rowid", new."email", new."firstName", new."lastName");
END;

CREATE TRIGGER "User_search_update" AFTER UPDATE OF "email", "firstName", "lastName" ON "User" BEGIN
  DELETE FROM "UserSearch" WHERE "rowid" = old."rowid";
  INSERT INTO "UserSearch" ("rowid", "email", "firstName", "lastName")
    VALUES (new."rowid", new."email", new."firstName", new."lastName");
END;

CREATE TRIGGER "User_search_delete" AFTER DELETE ON "User" BEGIN
  DELETE FROM "UserSearch" WHERE "rowid" = old."rowid";
END;

CREATE TRIGGER "Business_search_insert" AFTER INSERT ON "Business" BEGIN
  INSERT INTO "BusinessSearch" ("rowid", "name") VALUES (new."rowid", new."name");
END;

CREATE TRIGGER "Business_search_update" AFTER UPDATE OF "name" ON "Business" BEGIN
  DELETE FROM "BusinessSearch" WHERE "rowid" = old."rowid";
  INSERT INTO "BusinessSearch" ("rowid", "name") VALUES (new."rowid", new."name");
END;

CREATE TRIGGER "Business_search_delete" AFTER DELETE ON "Business" BEGIN
  DELETE FROM "BusinessSearch" WHERE "rowid" = old."rowid";
END;

-- The rows that exist already.
DELETE FROM "UserSearch";
INSERT INTO "UserSearch" ("rowid", "email", "firstName", "lastName")
  SELECT "rowid", "email", "firstName", "lastName" FROM "User";
DELETE FROM "BusinessSearch";
INSERT INTO "BusinessSearch" ("rowid", "name") SELECT "rowid", "name" FROM "Business";
