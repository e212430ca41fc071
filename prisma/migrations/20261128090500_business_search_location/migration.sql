-- Business search finds a business by the words of its name or of its location ("raleigh" finds
-- the businesses in "Raleigh, NC"; issue 44): every word typed must start a word of either. Written
-- by hand (Prisma does not model FTS5): the contentless table gets a second column, so it is made
-- again with its term list and triggers, and refilled from the rows, as in *_word_search.
DROP TRIGGER "Business_search_insert";
DROP TRIGGER "Business_search_update";
DROP TRIGGER "Business_search_delete";
DROP TABLE "BusinessSearchTerms";
DROP TABLE "BusinessSearch";

CREATE VIRTUAL TABLE "BusinessSearch" USING fts5(
  "name", "location",
  content = '', contentless_delete = 1, detail = 'none',
  tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3 4'
);

CREATE VIRTUAL TABLE "BusinessSearchTerms" USING fts5vocab('BusinessSearch', 'row');

CREATE TRIGGER "Business_search_insert" AFTER INSERT ON "Business" BEGIN
  INSERT INTO "BusinessSearch" ("rowid", "name", "location")
    VALUES (new."rowid", new."name", new."location");
END;

CREATE TRIGGER "Business_search_update" AFTER UPDATE OF "name", "location" ON "Business" BEGIN
  DELETE FROM "BusinessSearch" WHERE "rowid" = old."rowid";
  INSERT INTO "BusinessSearch" ("rowid", "name", "location")
    VALUES (new."rowid", new."name", new."location");
END;

CREATE TRIGGER "Business_search_delete" AFTER DELETE ON "Business" BEGIN
  DELETE FROM "BusinessSearch" WHERE "rowid" = old."rowid";
END;

INSERT INTO "BusinessSearch" ("rowid", "name", "location")
  SELECT "rowid", "name", "location" FROM "Business";
