-- Word-prefix search for the admin panel and the dashboard (docs/decisions/0013), the PostgreSQL
-- twin of prisma/migrations/*_word_search: GIN indexes of the words of a user's e-mail and names
-- and of a business's name, queried with to_tsquery('simple', 'plumb:*'). The prefix-range
-- indexes on the names served the old start-of-value search and go.

-- DropIndex
DROP INDEX "Business_name_idx";

-- DropIndex
DROP INDEX "User_firstName_idx";

-- DropIndex
DROP INDEX "User_lastName_idx";

-- Written by hand below: Prisma does not model functions or expression indexes (and leaves them
-- alone). The indexes are on expressions, so nothing needs keeping in sync: every write updates
-- them. A query uses an index only when it repeats the indexed expression exactly, which is why
-- the expressions are functions (app/domain/search.server.ts calls the same ones).

-- A text as the words search sees, as SQLite's unicode61 tokenizer does: lower-case (ICU rules, as
-- the database's C collation lower-cases only ASCII), without accents, and every ASCII punctuation
-- mark ("@", ".", "-", "_", "+", "'"...) and common Unicode punctuation a space, so an e-mail is
-- its words rather than the one token the parser would make of it.
CREATE FUNCTION "search_words"(value TEXT) RETURNS TEXT AS $$
  SELECT regexp_replace(
    normalize(
      regexp_replace(normalize(lower(coalesce(value, '') COLLATE "und-x-icu"), NFD), '[\u0300-\u036f]+', '', 'g'),
      NFC
    ),
    '[\x01-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f\u00a0-\u00bf\u00d7\u00f7\u2000-\u206f\u3000-\u303f]+', ' ', 'g'
  );
$$ LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE;

-- A user's words: the e-mail's with weight A (so a search of owners' e-mails can ask for A only),
-- the names' with the default weight D.
CREATE FUNCTION "user_search_document"(email TEXT, "firstName" TEXT, "lastName" TEXT)
RETURNS tsvector AS $$
  SELECT setweight(to_tsvector('simple'::regconfig, "search_words"(email)), 'A')
    || to_tsvector('simple'::regconfig, "search_words"(coalesce("firstName", '') || ' ' || coalesce("lastName", '')));
$$ LANGUAGE sql IMMUTABLE PARALLEL SAFE;

CREATE FUNCTION "business_search_document"(name TEXT) RETURNS tsvector AS $$
  SELECT to_tsvector('simple'::regconfig, "search_words"(name));
$$ LANGUAGE sql IMMUTABLE PARALLEL SAFE;

CREATE INDEX "User_search_idx" ON "User"
  USING GIN ("user_search_document"("email", "firstName", "lastName"));

CREATE INDEX "Business_search_idx" ON "Business"
  USING GIN ("business_search_document"("name"));
