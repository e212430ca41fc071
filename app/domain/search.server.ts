import { Prisma } from '~/generated/prisma/client';
import { databaseEngine, db } from '~/lib/db.server';

// Word-prefix search (docs/decisions/0013) over the indexes of migration word_search: every word
// of the text typed must be the start of a word of the row ("plumb" finds "Okafor Plumbing",
// "okafor jane" finds Jane Okafor, "okafor" finds jane.okafor@example.com). SQLite answers from
// FTS5 tables kept by triggers; PostgreSQL from GIN indexes on the same words. Either way a search
// is index lookups, then one page of ids in the list's usual order and a count query.

/** Words a search looks at, at most: more only narrow it further. */
export const SEARCH_MAX_WORDS = 8;
/** Characters of a word that count (longer words are cut: a prefix still matches). */
const WORD_MAX_LENGTH = 64;

/**
 * The words of a search, as the indexes hold them: lower-case, without accents, split at anything
 * that is not a letter, digit or combining mark (so "@", ".", "-", "_", "+", quotes, "*",
 * parentheses and every other piece of query syntax only separate words). Duplicates go; a word
 * that is a prefix of another is dropped as implied ("pl plumb" is "plumb").
 */
export function searchWords(text: string): string[] {
  const words = text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]+/g, '')
    .normalize('NFC')
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter((word) => /[\p{L}\p{N}]/u.test(word))
    .map((word) => word.slice(0, WORD_MAX_LENGTH));
  const unique = [...new Set(words)];
  return unique
    .filter((word) => !unique.some((other) => other !== word && other.startsWith(word)))
    .slice(0, SEARCH_MAX_WORDS);
}

/**
 * An FTS5 query: each word a quoted prefix phrase (`"plumb"*`), all required, optionally within one
 * column. Words hold only letters, digits and marks, so the quotes always close where they should.
 */
function ftsQuery(words: string[], column?: string): string {
  const terms = words.map((word) => `"${word}"*`).join(' ');
  return column ? `{${column}} : (${terms})` : terms;
}

/** A PostgreSQL tsquery: each word a prefix (`'plumb':*`), all required; weight A = the e-mail. */
function tsQuery(words: string[], weight = ''): string {
  return words.map((word) => `'${word}':*${weight}`).join(' & ');
}

export type SearchPage = { ids: string[]; total: number };

type Paging = { skip: number; take: number };

const idsOf = (rows: { id: string }[]) => rows.map((row) => row.id);

/**
 * Ids of a page of the rows in `hits` (a query returning "id" and "createdAt"), newest first with
 * ties by id as every list orders, and how many there are. On PostgreSQL the hits are materialised
 * first, so the planner reads them from the search index instead of walking the whole table in
 * date order and testing every row. `take` 0: only the count.
 */
async function pageOfHits(hits: Prisma.Sql, { skip, take }: Paging): Promise<SearchPage> {
  const materialized = databaseEngine === 'postgresql' ? Prisma.raw('MATERIALIZED') : Prisma.empty;
  const [rows, counted] = await Promise.all([
    take === 0
      ? []
      : db.$queryRaw<{ id: string }[]>`
          WITH "hits" AS ${materialized} (${hits})
          SELECT "id" FROM "hits" ORDER BY "createdAt" DESC, "id" DESC LIMIT ${take} OFFSET ${skip}`,
    db.$queryRaw<{ total: number | bigint }[]>`
      WITH "hits" AS ${materialized} (${hits}) SELECT count(*) AS "total" FROM "hits"`,
  ]);
  return { ids: idsOf(rows), total: Number(counted[0]?.total ?? 0) };
}

/** Users any of whose e-mail's or names' words start with every word (optionally of one plan). */
export async function searchUsers(
  words: string[],
  { tier }: { tier?: string },
  paging: Paging,
): Promise<SearchPage> {
  if (words.length === 0) return { ids: [], total: 0 };
  const plan = tier ? Prisma.sql`AND u."subscriptionStatus" = ${tier}` : Prisma.empty;
  const hits =
    databaseEngine === 'postgresql'
      ? Prisma.sql`
          SELECT u."id", u."createdAt" FROM "User" u
          WHERE "user_search_document"(u."email", u."firstName", u."lastName")
            @@ to_tsquery('simple', ${tsQuery(words)}) ${plan}`
      : Prisma.sql`
          SELECT u."id", u."createdAt" FROM "User" u
          WHERE u."rowid" IN (SELECT "rowid" FROM "UserSearch" WHERE "UserSearch" MATCH ${ftsQuery(words)})
            ${plan}`;
  return pageOfHits(hits, paging);
}

/**
 * Businesses whose name's words start with every word, or whose owner's e-mail's words do
 * (optionally only one owner's businesses: the dashboard).
 */
export async function searchBusinesses(
  words: string[],
  { ownerId, ownerEmail = true }: { ownerId?: string; ownerEmail?: boolean },
  paging: Paging,
): Promise<SearchPage> {
  if (words.length === 0) return { ids: [], total: 0 };
  const owner = ownerId ? Prisma.sql`AND b."userId" = ${ownerId}` : Prisma.empty;
  let byName: Prisma.Sql;
  let byOwner: Prisma.Sql;
  if (databaseEngine === 'postgresql') {
    byName = Prisma.sql`
      SELECT b."id", b."createdAt" FROM "Business" b
      WHERE "business_search_document"(b."name") @@ to_tsquery('simple', ${tsQuery(words)}) ${owner}`;
    byOwner = Prisma.sql`
      SELECT b."id", b."createdAt" FROM "User" u JOIN "Business" b ON b."userId" = u."id"
      WHERE "user_search_document"(u."email", u."firstName", u."lastName")
        @@ to_tsquery('simple', ${tsQuery(words, 'A')}) ${owner}`;
  } else {
    byName = Prisma.sql`
      SELECT b."id", b."createdAt" FROM "Business" b
      WHERE b."rowid" IN (SELECT "rowid" FROM "BusinessSearch" WHERE "BusinessSearch" MATCH ${ftsQuery(words)})
        ${owner}`;
    byOwner = Prisma.sql`
      SELECT b."id", b."createdAt" FROM "User" u JOIN "Business" b ON b."userId" = u."id"
      WHERE u."rowid" IN (SELECT "rowid" FROM "UserSearch" WHERE "UserSearch" MATCH ${ftsQuery(words, 'email')})
        ${owner}`;
  }
  return pageOfHits(ownerEmail ? Prisma.sql`${byName} UNION ${byOwner}` : byName, paging);
}

/** The rows of `ids` in the order of `ids` (a page read by id comes back in any order). */
export function inOrderOf<T extends { id: string }>(ids: string[], rows: T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
