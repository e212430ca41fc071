import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { openSchemaEngine, readMigrations, schemaFilters } from '../../scripts/lib/schema-engine';

// The migration that keeps the crawler lines seen one row per business and day
// (`*_crawler_day_seen`) carries the rows of the table it replaces over: on this run's engine
// (SQLite, or PostgreSQL with TEST_DATABASE=postgresql), a fresh database is migrated up to the
// migration before it, given `CrawlerLineSeen` rows, then migrated to the end.

const MIGRATION = 'crawler_day_seen';
const pgServerUrl = inject('pgServerUrl');
const engine = pgServerUrl ? 'postgresql' : 'sqlite';

const hash = (label: string) => label.padEnd(22, '.');
const OLD_HMAC = 'o'.repeat(32);
const DAYS = ['2026-11-01', '2026-11-02', '2026-11-03'] as const;
/** The old rows: business, day, fingerprint. */
const LINES: [string, (typeof DAYS)[number], string][] = [
  ['biz-a', DAYS[0], hash('a1')],
  ['biz-a', DAYS[0], hash('a2')],
  ['biz-a', DAYS[0], hash('a3')],
  // A fingerprint of before session 3 (an HMAC cut to 32 characters) is left out.
  ['biz-a', DAYS[0], OLD_HMAC],
  ['biz-a', DAYS[1], hash('a4')],
  ['biz-b', DAYS[0], hash('b1')],
  ['biz-b', DAYS[0], hash('b2')],
  // A day with only such a fingerprint gets no row.
  ['biz-b', DAYS[2], OLD_HMAC],
];

/** A day as each engine keeps a DateTime (SQLite: Prisma's ISO text; PostgreSQL: timestamp). */
const dayValue = (day: string) =>
  engine === 'sqlite' ? `${day}T00:00:00.000+00:00` : `${day}T00:00:00.000`;

type DayRow = { businessId: string; day: string; hashes: string; count: number };

/** Applies the committed migrations up to (`before`) or through the whole list. */
async function applyMigrations(url: string, before: boolean) {
  const { engine: schemaEngine, close } = await openSchemaEngine(url);
  try {
    const list = readMigrations(engine);
    const at = list.migrationDirectories.findIndex((dir) => dir.path.endsWith(`_${MIGRATION}`));
    expect(at).toBeGreaterThan(0);
    if (before) list.migrationDirectories = list.migrationDirectories.slice(0, at);
    await schemaEngine.applyMigrations({ migrationsList: list, filters: schemaFilters(engine) });
  } finally {
    await close();
  }
}

/** Runs `fn` with SQL on a fresh database of this run's engine: (sql, ...args) → rows. */
async function withFreshDatabase(
  fn: (url: string, sql: (text: string, args?: unknown[]) => Promise<unknown[]>) => Promise<void>,
) {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'day-seen-migration-'));
    const file = path.join(dir, 'carry.db');
    try {
      await fn(`file:${file}`, async (text, args = []) => {
        const db = new Database(file);
        try {
          const statement = db.prepare(text);
          return statement.reader ? statement.all(...args) : (statement.run(...args), []);
        } finally {
          db.close();
        }
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    return;
  }
  const name = `day_seen_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: pgServerUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE template0 LC_COLLATE 'C' LC_CTYPE 'C'`);
  const url = new URL(pgServerUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  try {
    await client.connect();
    const sql = async (text: string, args: unknown[] = []) => {
      let n = 0;
      return (
        await client.query(
          text.replace(/\?/g, () => `$${++n}`),
          args,
        )
      ).rows;
    };
    await fn(url.toString(), sql);
  } finally {
    await client.end();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

describe(`the ${MIGRATION} migration (${engine})`, () => {
  it('carries the lines seen over as one row per business and day, then drops the old table', async () => {
    await withFreshDatabase(async (url, sql) => {
      await applyMigrations(url, true);
      for (const id of ['biz-a', 'biz-b']) {
        await sql('INSERT INTO "User" ("id", "email", "updatedAt") VALUES (?, ?, ?)', [
          `user-${id}`,
          `${id}@example.com`,
          dayValue(DAYS[0]),
        ]);
        await sql(
          'INSERT INTO "Business" ("id", "userId", "name", "updatedAt") VALUES (?, ?, ?, ?)',
          [id, `user-${id}`, `Business ${id}`, dayValue(DAYS[0])],
        );
      }
      for (const [businessId, day, fingerprint] of LINES)
        await sql('INSERT INTO "CrawlerLineSeen" ("businessId", "day", "hash") VALUES (?, ?, ?)', [
          businessId,
          dayValue(day),
          fingerprint,
        ]);

      await applyMigrations(url, false);

      const dayText =
        engine === 'sqlite' ? '"day"' : `to_char("day", 'YYYY-MM-DD"T"HH24:MI:SS.MS')`;
      const rows = (await sql(
        `SELECT "businessId", ${dayText} AS "day", "hashes", "count" FROM "CrawlerDaySeen" ORDER BY "businessId", "day"`,
      )) as DayRow[];
      const split = (hashes: string) => (hashes.match(/.{22}/g) ?? []).sort();
      expect(
        rows.map((row) => [
          row.businessId,
          row.day,
          split(row.hashes),
          row.hashes.length,
          row.count,
        ]),
      ).toEqual([
        ['biz-a', dayValue(DAYS[0]), ['a1', 'a2', 'a3'].map(hash), 66, 3],
        ['biz-a', dayValue(DAYS[1]), [hash('a4')], 22, 1],
        ['biz-b', dayValue(DAYS[0]), ['b1', 'b2'].map(hash), 44, 2],
      ]);
      const tables = await sql(
        engine === 'sqlite'
          ? `SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'CrawlerLineSeen'`
          : `SELECT tablename FROM pg_tables WHERE tablename = 'CrawlerLineSeen'`,
      );
      expect(tables).toEqual([]);
    });
  });
});
