import { Prisma } from '~/generated/prisma/client';
import { databaseEngine, db } from '~/lib/db.server';
import { readCounts } from './row-counts.server';

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

/** Completions of a word looked up in the index's term list before the query is built. */
const MAX_EXPANSION = 16;

type FtsTable = 'UserSearch' | 'BusinessSearch';

const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;

/**
 * An FTS5 query: every word required, each as the start of a word, optionally within one column.
 * FTS5 answers a prefix (`"plumb"*`) longer than its prefix indexes (1 to 4 characters) by merging
 * the lists of every matching term first, which costs as much as the term is common ("business"*
 * over 100,000 names: about 50 ms, even beside a rare word). So each word is first looked up in the
 * table's term list (the `…Terms` fts5vocab table): up to 16 completions become `("plumbing" OR
 * "plumbers")`, which FTS5 steps through lazily; more, or none (the query's own tokenizer may fold
 * what the term list does not), stay a prefix. Words hold only letters, digits and marks, and terms
 * are quoted, so no user text is ever FTS5 syntax.
 */
async function ftsQuery(table: FtsTable, words: string[], column?: string): Promise<string> {
  const lookups = words.map(
    (word, i) => Prisma.sql`
      SELECT * FROM (
        SELECT ${i} AS "word", "term" FROM ${Prisma.raw(`"${table}Terms"`)}
        WHERE "term" >= ${word} AND "term" <= ${`${word}\u{10ffff}`} LIMIT ${MAX_EXPANSION + 1}
      )`,
  );
  const rows = await db.$queryRaw<{ word: number | bigint; term: string }[]>`
    ${Prisma.join(lookups, ' UNION ALL ')}`;
  const terms = words.map((): string[] => []);
  for (const row of rows) terms[Number(row.word)]!.push(row.term);
  const groups = words.map((word, i) => {
    const found = terms[i]!;
    if (found.length === 0 || found.length > MAX_EXPANSION) return `${quoted(word)}*`;
    return `(${found.map(quoted).join(' OR ')})`;
  });
  const all = groups.join(' AND ');
  return column ? `{${column}} : (${all})` : all;
}

/** A PostgreSQL tsquery: each word a prefix (`'plumb':*`), all required; weight A = the e-mail. */
function tsQuery(words: string[], weight = ''): string {
  return words.map((word) => `'${word}':*${weight}`).join(' & ');
}

export type SearchPage = { ids: string[]; total: number };

type Paging = { skip: number; take: number };

/**
 * One search: `hits`, a query of the matching rows' "id" and "createdAt" read through the search
 * indexes; `count`, a query of their number ("total") that reads no more than it must (on SQLite
 * the FTS5 table alone where it can: a word in every row is then a few ms, not a join of them
 * all); `walk`, the same rows read newest first through the table's date index, each tested
 * (for a word in most rows, where reading every hit to sort them would cost more); and `rows`, how
 * many rows the walk may pass (the table's total).
 */
type Search = {
  hits: Prisma.Sql;
  count: Prisma.Sql;
  walk: (page: Paging) => Prisma.Sql;
  rows: () => Promise<number>;
};

/**
 * Ids of a page of the hits, newest first with ties by id as every list orders, and how many there
 * are (a count query). When matches are so many that the walk finds the page sooner than all hits
 * could be read and sorted (the walk passes about (skip + take) x rows / total rows), it walks.
 * On PostgreSQL the hits are materialised, or the planner, guessing, walks the whole table to find
 * a rare word. `take` 0: only the count.
 */
async function pageOf(search: Search, { skip, take }: Paging): Promise<SearchPage> {
  const materialized = databaseEngine === 'postgresql' ? Prisma.raw('MATERIALIZED') : Prisma.empty;
  const [counted, rows] = await Promise.all([
    db.$queryRaw<{ total: number | bigint }[]>`${search.count}`,
    take === 0 ? 0 : search.rows(),
  ]);
  const total = Number(counted[0]?.total ?? 0);
  if (take === 0 || skip >= total) return { ids: [], total };
  const walk = total * total > (skip + take) * rows;
  const page = walk
    ? await db.$queryRaw<{ id: string }[]>`${search.walk({ skip, take })}`
    : await db.$queryRaw<{ id: string }[]>`
        WITH "hits" AS ${materialized} (${search.hits})
        SELECT "id" FROM "hits" ORDER BY "createdAt" DESC, "id" DESC LIMIT ${take} OFFSET ${skip}`;
  return { ids: page.map((row) => row.id), total };
}

/** Users any of whose e-mail's or names' words start with every word (optionally of one plan). */
export async function searchUsers(
  words: string[],
  { tier }: { tier?: string },
  paging: Paging,
): Promise<SearchPage> {
  if (words.length === 0) return { ids: [], total: 0 };
  const plan = tier ? Prisma.sql`AND u."subscriptionStatus" = ${tier}` : Prisma.empty;
  let matches: Prisma.Sql;
  let hits: Prisma.Sql;
  let count: Prisma.Sql;
  if (databaseEngine === 'postgresql') {
    matches = Prisma.sql`"user_search_document"(u."email", u."firstName", u."lastName")
      @@ to_tsquery('simple', ${tsQuery(words)})`;
    hits = Prisma.sql`SELECT u."id", u."createdAt" FROM "User" u WHERE ${matches} ${plan}`;
    count = Prisma.sql`SELECT count(*) AS "total" FROM "User" u WHERE ${matches} ${plan}`;
  } else {
    const query = await ftsQuery('UserSearch', words);
    matches = Prisma.sql`EXISTS (SELECT 1 FROM "UserSearch"
      WHERE "UserSearch" MATCH ${query} AND "UserSearch"."rowid" = u."rowid")`;
    hits = Prisma.sql`SELECT u."id", u."createdAt" FROM "User" u
      WHERE u."rowid" IN (SELECT "rowid" FROM "UserSearch" WHERE "UserSearch" MATCH ${query}) ${plan}`;
    count = tier
      ? Prisma.sql`SELECT count(*) AS "total" FROM "User" u
          WHERE u."rowid" IN (SELECT "rowid" FROM "UserSearch" WHERE "UserSearch" MATCH ${query}) ${plan}`
      : Prisma.sql`SELECT count(*) AS "total" FROM "UserSearch" WHERE "UserSearch" MATCH ${query}`;
  }
  return pageOf(
    {
      hits,
      count,
      walk: ({ skip, take }) => Prisma.sql`
        SELECT u."id" FROM "User" u WHERE ${matches} ${plan}
        ORDER BY u."createdAt" DESC, u."id" DESC LIMIT ${take} OFFSET ${skip}`,
      rows: () =>
        readCounts([tier ? `User.subscriptionStatus:${tier}` : 'User']).then(
          (totals) => Object.values<number>(totals)[0] ?? 0,
        ),
    },
    paging,
  );
}

/**
 * Businesses where every word starts a word of the name or of the location ("plumb raleigh" finds
 * "Okafor Plumbing" in "Raleigh, NC"), or whose owner's e-mail's words do (optionally only one
 * owner's businesses: the dashboard, where the e-mail is left out).
 */
export async function searchBusinesses(
  words: string[],
  { ownerId }: { ownerId?: string },
  paging: Paging,
): Promise<SearchPage> {
  if (words.length === 0) return { ids: [], total: 0 };
  const owner = ownerId ? Prisma.sql`AND b."userId" = ${ownerId}` : Prisma.empty;
  let byName: Prisma.Sql;
  let nameMatches: Prisma.Sql;
  let ownerMatches: Prisma.Sql;
  let nameCount: Prisma.Sql;
  if (databaseEngine === 'postgresql') {
    nameMatches = Prisma.sql`"business_search_document"(b."name", b."location") @@ to_tsquery('simple', ${tsQuery(words)})`;
    ownerMatches = Prisma.sql`"user_search_document"(u."email", u."firstName", u."lastName")
      @@ to_tsquery('simple', ${tsQuery(words, 'A')})`;
    byName = Prisma.sql`SELECT b."id", b."createdAt" FROM "Business" b WHERE ${nameMatches} ${owner}`;
    nameCount = Prisma.sql`SELECT count(*) FROM "Business" b WHERE ${nameMatches} ${owner}`;
  } else {
    const [names, emails] = await Promise.all([
      ftsQuery('BusinessSearch', words),
      ftsQuery('UserSearch', words, 'email'),
    ]);
    nameMatches = Prisma.sql`EXISTS (SELECT 1 FROM "BusinessSearch"
      WHERE "BusinessSearch" MATCH ${names} AND "BusinessSearch"."rowid" = b."rowid")`;
    ownerMatches = Prisma.sql`u."rowid" IN (SELECT "rowid" FROM "UserSearch" WHERE "UserSearch" MATCH ${emails})`;
    byName = Prisma.sql`SELECT b."id", b."createdAt" FROM "Business" b
      WHERE b."rowid" IN (SELECT "rowid" FROM "BusinessSearch" WHERE "BusinessSearch" MATCH ${names})
        ${owner}`;
    nameCount = ownerId
      ? Prisma.sql`SELECT count(*) FROM (${byName}) AS "named"`
      : Prisma.sql`SELECT count(*) FROM "BusinessSearch" WHERE "BusinessSearch" MATCH ${names}`;
  }
  const byOwner = Prisma.sql`SELECT b."id", b."createdAt" FROM "User" u JOIN "Business" b ON b."userId" = u."id"
    WHERE ${ownerMatches} ${owner}`;
  const withOwners = !ownerId;
  return pageOf(
    {
      hits: withOwners ? Prisma.sql`${byName} UNION ${byOwner}` : byName,
      // Name matches, plus owner matches whose name does not match (the few, usually none).
      count: withOwners
        ? Prisma.sql`SELECT (${nameCount}) + (
            SELECT count(*) FROM "User" u JOIN "Business" b ON b."userId" = u."id"
            WHERE ${ownerMatches} AND NOT (${nameMatches})
          ) AS "total"`
        : Prisma.sql`SELECT (${nameCount}) AS "total"`,
      walk: ({ skip, take }) => Prisma.sql`
        SELECT b."id" FROM "Business" b
        WHERE (${nameMatches}${
          withOwners
            ? Prisma.sql` OR b."userId" IN (SELECT u."id" FROM "User" u WHERE ${ownerMatches})`
            : Prisma.empty
        }) ${owner}
        ORDER BY b."createdAt" DESC, b."id" DESC LIMIT ${take} OFFSET ${skip}`,
      rows: () =>
        ownerId
          ? db.business.count({ where: { userId: ownerId } })
          : readCounts(['Business']).then((totals) => totals.Business),
    },
    paging,
  );
}

/** The rows of `ids` in the order of `ids` (a page read by id comes back in any order). */
export function inOrderOf<T extends { id: string }>(ids: string[], rows: T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
