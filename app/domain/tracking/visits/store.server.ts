import { env } from '~/lib/env.server';
import { databaseEngine, type TransactionClient } from '~/lib/db.server';
import type { LogRecord } from './log-lines';
import { fingerprint, hashVisit, type HashedVisit } from './line-hash';
import { countedVisit, VisitTally } from './tally';

// Writing counted lines: each counted line is kept only as a keyed fingerprint (SHA-256 of the
// server's secret, the business and the line: it cannot be turned back into the line or its
// address without the secret), so the same lines uploaded twice count once; the lines not seen
// before are added to the per-day counts in the same transaction, so a retried batch never counts
// twice. A batch is a few statements whatever its size: the fingerprints go in with one INSERT …
// ON CONFLICT DO NOTHING RETURNING per day and 2,000 lines (what comes back is what is new; the
// business and the day are parameters, the fingerprints one JSON array of strings), and the counts
// with one INSERT … ON CONFLICT DO UPDATE (add) per 2,000 rows of each table, each statement's
// rows passed as one JSON text (SQLite and PostgreSQL each read it with their own JSON function;
// the rest of the SQL is the same on both).

export type CountedLine = { record: LogRecord; line: string };

export type { HashedVisit };

/** A line's fingerprint for its business, keyed by the server's secret (./line-hash.ts). */
export const lineHash = (businessId: string, line: string) =>
  fingerprint(env.SESSION_SECRET, businessId, line);

/** The line's fingerprint and visit, or null when the line is not counted. */
export const hashedVisit = (businessId: string, line: string, record: LogRecord) =>
  hashVisit(env.SESSION_SECRET, businessId, line, record);

/** Rows per statement: each statement takes its rows as one JSON text, parsed by the database. */
const ROWS = 2_000;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += ROWS) out.push(items.slice(i, i + ROWS));
  return out;
}

/** A day as each database keeps a DateTime (SQLite: Prisma's ISO text; PostgreSQL: timestamp). */
const dayValue = (day: string) =>
  databaseEngine === 'sqlite' ? `${day}T00:00:00.000+00:00` : `${day}T00:00:00.000`;

type Column = { name: string; type: 'text' | 'timestamp(3)' | 'integer' };

/**
 * One INSERT of many rows given as one JSON array of arrays (one parameter, not six per row: the
 * per-parameter cost is most of a batch's), with `conflict` after it ("ON CONFLICT …").
 * The rows are read by json_each on SQLite and json_to_recordset on PostgreSQL.
 */
function insertRows<T = unknown>(
  tx: TransactionClient,
  table: string,
  columns: readonly Column[],
  rows: readonly (string | number)[][],
  conflict: string,
): Promise<T[]> {
  const names = columns.map((column) => `"${column.name}"`).join(', ');
  if (databaseEngine === 'sqlite') {
    const values = columns.map((_, i) => `json_extract(value, '$[${i}]')`).join(', ');
    return tx.$queryRawUnsafe<T[]>(
      `INSERT INTO "${table}" (${names}) SELECT ${values} FROM json_each(?) WHERE true ${conflict}`,
      JSON.stringify(rows),
    );
  }
  const fields = columns.map((column, i) => `c${i} ${column.type}`).join(', ');
  const values = columns.map((_, i) => `x.c${i}`).join(', ');
  return tx.$queryRawUnsafe<T[]>(
    `INSERT INTO "${table}" (${names}) SELECT ${values} FROM json_to_recordset($1::json) AS x(${fields}) ${conflict}`,
    JSON.stringify(rows.map((row) => Object.fromEntries(row.map((value, i) => [`c${i}`, value])))),
  );
}

const text = (name: string): Column => ({ name, type: 'text' });
const DAY: Column = { name: 'day', type: 'timestamp(3)' };
const VISITS: Column = { name: 'visits', type: 'integer' };
const addVisits = (table: string, key: string) =>
  `ON CONFLICT (${key}) DO UPDATE SET "visits" = "${table}"."visits" + excluded."visits"`;

/**
 * Inserts a day's fingerprints (at most ROWS), skipping those already there; returns the new ones.
 * One statement: the business and the day are parameters, the fingerprints one JSON array. Nearly
 * always every one is new, so the statement first runs without RETURNING inside a savepoint: when
 * it inserted them all, they are the answer, and no row comes back through the database thread and
 * Prisma; when it did not, the savepoint is rolled back and the statement runs again with
 * RETURNING (same transaction: the answer is exactly what RETURNING alone would give).
 */
async function insertSeen(
  tx: TransactionClient,
  businessId: string,
  day: string,
  hashes: readonly string[],
): Promise<readonly string[]> {
  const insert = 'INSERT INTO "CrawlerLineSeen" ("businessId", "day", "hash")';
  const rows =
    databaseEngine === 'sqlite'
      ? `SELECT ?, ?, value FROM json_each(?) WHERE true`
      : `SELECT $1, $2::timestamp(3), value FROM json_array_elements_text($3::json)`;
  const sql = `${insert} ${rows} ON CONFLICT DO NOTHING`;
  const args = [businessId, dayValue(day), JSON.stringify(hashes)];
  await tx.$executeRawUnsafe('SAVEPOINT line_seen');
  const inserted = await tx.$executeRawUnsafe(sql, ...args);
  if (inserted === hashes.length) {
    await tx.$executeRawUnsafe('RELEASE SAVEPOINT line_seen');
    return hashes;
  }
  await tx.$executeRawUnsafe('ROLLBACK TO SAVEPOINT line_seen');
  await tx.$executeRawUnsafe('RELEASE SAVEPOINT line_seen');
  const added = await tx.$queryRawUnsafe<{ hash: string }[]>(`${sql} RETURNING "hash"`, ...args);
  return added.map((row) => row.hash);
}

/**
 * Adds a batch of counted visits (any size; a few thousand per transaction is usual) to the
 * business's counts, skipping those already seen. Returns how many were new and how many were
 * duplicates (seen before, or twice in the batch).
 */
export async function storeVisits(
  tx: TransactionClient,
  businessId: string,
  visits: readonly HashedVisit[],
): Promise<{ added: number; duplicates: number }> {
  if (!visits.length) return { added: 0, duplicates: 0 };
  // The same line has the same day: by day, then by fingerprint (a line twice in the batch once).
  const byDay = new Map<string, Map<string, HashedVisit>>();
  for (const visit of visits) {
    let day = byDay.get(visit.day);
    if (!day) byDay.set(visit.day, (day = new Map()));
    if (!day.has(visit.hash)) day.set(visit.hash, visit);
  }
  const tally = new VisitTally();
  let added = 0;
  for (const [day, byHash] of byDay)
    for (const hashes of chunks([...byHash.keys()])) {
      const fresh = await insertSeen(tx, businessId, day, hashes);
      for (const hash of fresh) tally.addVisit(byHash.get(hash)!);
      added += fresh.length;
    }
  await writeTally(tx, businessId, tally);
  return { added, duplicates: visits.length - added };
}

/** The same for read lines (the drain's way in): hashes them and stores the counted ones. */
export async function storeCountedLines(
  tx: TransactionClient,
  businessId: string,
  lines: readonly CountedLine[],
): Promise<{ added: number; duplicates: number }> {
  const visits: HashedVisit[] = [];
  for (const { record, line } of lines) {
    const visit = hashedVisit(businessId, line, record);
    if (visit) visits.push(visit);
  }
  return storeVisits(tx, businessId, visits);
}

/** Adds a tally's rows to the stored per-day counts. */
export async function writeTally(tx: TransactionClient, businessId: string, tally: VisitTally) {
  for (const chunk of chunks([...tally.agents.values()]))
    await insertRows(
      tx,
      'CrawlerVisitStat',
      [text('businessId'), DAY, text('agent'), text('verification'), text('status'), VISITS],
      chunk.map((row) => [
        businessId,
        dayValue(row.day),
        row.agent,
        row.verification,
        row.status,
        row.visits,
      ]),
      addVisits('CrawlerVisitStat', '"businessId", "day", "agent", "verification", "status"'),
    );
  for (const chunk of chunks([...tally.agentPages.values()]))
    await insertRows(
      tx,
      'CrawlerPageStat',
      [text('businessId'), DAY, text('agent'), text('path'), VISITS],
      chunk.map((row) => [businessId, dayValue(row.day), row.agent, row.path, row.visits]),
      addVisits('CrawlerPageStat', '"businessId", "day", "agent", "path"'),
    );
  for (const chunk of chunks([...tally.referrals.values()]))
    await insertRows(
      tx,
      'ReferralStat',
      [text('businessId'), DAY, text('assistant'), text('path'), VISITS],
      chunk.map((row) => [businessId, dayValue(row.day), row.assistant, row.path, row.visits]),
      addVisits('ReferralStat', '"businessId", "day", "assistant", "path"'),
    );
}

/** Whether a read record is one we count (an AI agent's visit or an AI referral). */
export const isCounted = (record: LogRecord) => countedVisit(record) !== null;
