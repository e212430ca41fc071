import { env } from '~/lib/env.server';
import { databaseEngine, type TransactionClient } from '~/lib/db.server';
import type { LogRecord } from './log-lines';
import { fingerprint, hashVisit, type HashedVisit } from './line-hash';
import { countedVisit, VisitTally } from './tally';
import { batchOf, HASH_LENGTH, type VisitBatch } from './visit-batch';

// Writing counted lines: each counted line is kept only as a keyed fingerprint (SHA-256 of the
// server's secret, the business and the line: it cannot be turned back into the line or its
// address without the secret), so the same lines uploaded twice count once; the lines not seen
// before are added to the per-day counts in the same transaction, so a retried batch never counts
// twice. The fingerprints are kept one row per business and day (`CrawlerDaySeen`: the day's
// fingerprints, 22 characters each, concatenated). A batch is a few statements whatever its size:
// per day it touches, one SELECT of that day's row (read into a Set) and one INSERT … ON CONFLICT
// DO UPDATE that appends the new fingerprints (the SQL the same on both engines); then the counts
// with one INSERT … ON CONFLICT DO UPDATE (add) per 2,000 rows of each table, each statement's
// rows passed as one JSON text (SQLite and PostgreSQL each read it with their own JSON function;
// the rest of the SQL is the same on both). Read-then-append is safe because a batch runs inside
// its owner's lock (withOwnerLock: one writer per business at a time).

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

/** `$n` on PostgreSQL, `?` on SQLite: the only difference in the SQL of a day's row. */
const param = (n: number) => (databaseEngine === 'sqlite' ? '?' : `$${n}`);
const dayParam = (n: number) => (databaseEngine === 'sqlite' ? '?' : `$${n}::timestamp(3)`);

/** The fingerprints already stored for the business's day (its row's text split every 22). */
async function seenOn(tx: TransactionClient, businessId: string, day: string) {
  const rows = await tx.$queryRawUnsafe<{ hashes: string }[]>(
    `SELECT "hashes" FROM "CrawlerDaySeen" WHERE "businessId" = ${param(1)} AND "day" = ${dayParam(2)}`,
    businessId,
    dayValue(day),
  );
  const seen = new Set<string>();
  const hashes = rows[0]?.hashes ?? '';
  for (let at = 0; at < hashes.length; at += HASH_LENGTH)
    seen.add(hashes.slice(at, at + HASH_LENGTH));
  return seen;
}

/** Appends new fingerprints to the business's day (its row made if it has none): one statement. */
function appendSeen(tx: TransactionClient, businessId: string, day: string, fresh: string[]) {
  return tx.$executeRawUnsafe(
    `INSERT INTO "CrawlerDaySeen" ("businessId", "day", "hashes", "count") ` +
      `VALUES (${param(1)}, ${dayParam(2)}, ${param(3)}, ${param(4)}) ` +
      `ON CONFLICT ("businessId", "day") DO UPDATE SET ` +
      `"hashes" = "CrawlerDaySeen"."hashes" || excluded."hashes", ` +
      `"count" = "CrawlerDaySeen"."count" + excluded."count"`,
    businessId,
    dayValue(day),
    fresh.join(''),
    fresh.length,
  );
}

/**
 * Adds a batch of counted visits (any size; thousands per transaction is usual) to the business's
 * counts, skipping those already seen. Returns how many were new and how many were duplicates
 * (seen before, or twice in the batch). Run it inside the owner's lock (see the top).
 */
export async function storeBatch(
  tx: TransactionClient,
  businessId: string,
  { hashes, keys, visits }: VisitBatch,
): Promise<{ added: number; duplicates: number }> {
  if (!keys.length) return { added: 0, duplicates: 0 };
  // A fingerprint of another length would put every later one of its day's row out of step.
  if (hashes.length !== keys.length * HASH_LENGTH)
    throw new Error(`A batch's fingerprints are ${HASH_LENGTH} characters each`);
  // The same line has the same day: by day (a batch touches one to three).
  const byDay = new Map<string, number[]>();
  for (let i = 0; i < keys.length; i++) {
    const { day } = visits[keys[i]!]!;
    const list = byDay.get(day);
    if (list) list.push(i);
    else byDay.set(day, [i]);
  }
  // How many new visits count as each of the batch's distinct ones.
  const counts = new Int32Array(visits.length);
  let added = 0;
  for (const [day, indices] of byDay) {
    const seen = await seenOn(tx, businessId, day);
    const fresh: string[] = [];
    for (const i of indices) {
      const hash = hashes.slice(i * HASH_LENGTH, (i + 1) * HASH_LENGTH);
      if (seen.has(hash)) continue;
      seen.add(hash);
      fresh.push(hash);
      counts[keys[i]!]! += 1;
    }
    if (fresh.length) await appendSeen(tx, businessId, day, fresh);
    added += fresh.length;
  }
  const tally = new VisitTally();
  visits.forEach((visit, key) => {
    if (counts[key]) tally.addVisit(visit, counts[key]);
  });
  await writeTally(tx, businessId, tally);
  return { added, duplicates: keys.length - added };
}

/** storeBatch for visits one by one. */
export const storeVisits = (
  tx: TransactionClient,
  businessId: string,
  visits: readonly HashedVisit[],
) => storeBatch(tx, businessId, batchOf(visits));

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
