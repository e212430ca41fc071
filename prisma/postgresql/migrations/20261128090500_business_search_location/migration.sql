-- Business search finds a business by the words of its name or of its location ("raleigh" finds
-- the businesses in "Raleigh, NC"; issue 44): every word typed must start a word of either. Written
-- by hand (Prisma does not model expression indexes): the document takes the location too, and the
-- GIN index is built on the new document; SQLite's twin rebuilds its FTS5 table.
CREATE FUNCTION "business_search_document"(name TEXT, location TEXT) RETURNS tsvector AS $$
  SELECT to_tsvector('simple'::regconfig, "search_words"(coalesce(name, '') || ' ' || coalesce(location, '')));
$$ LANGUAGE sql IMMUTABLE PARALLEL SAFE;

DROP INDEX "Business_search_idx";

CREATE INDEX "Business_search_idx" ON "Business"
  USING GIN ("business_search_document"("name", "location"));

DROP FUNCTION "business_search_document"(TEXT);
