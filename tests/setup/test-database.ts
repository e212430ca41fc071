import { copyFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import pg from 'pg';
import { migratePgBoss } from '../../scripts/db-migrate';

// A test file's database: a copy of the migrated template (tests/setup/global-setup.ts). A worker
// that keeps the app's modules from file to file (vitest.config.ts, the `shared` project) keeps
// its database too, and empties it before each later file: every table back to what the template
// holds (its migration rows, the admin counts' starting rows), anything made since (pg-boss's
// schema) dropped. So each file starts on the template's contents, as with a copy of its own.

/** What the template holds besides empty tables, read once by the global set-up. */
export type TemplateContents = {
  /** PostgreSQL: the template's schemas (any other is dropped). */
  schemas: string[];
  /** PostgreSQL: what pg-boss's schema holds (its tables, queues, jobs, schedules), as a text. */
  jobs: string;
  /** The tables that have rows, with their rows. */
  tables: { table: string; rows: Record<string, unknown>[] }[];
};

export type TestDatabase = { url: string; reset: () => Promise<void> };

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

const VIRTUAL = /^CREATE VIRTUAL TABLE/i;

/** pg-boss's schema (scripts/db-migrate.ts installs it in the template). */
const JOBS_SCHEMA = 'pgboss';
const jobsState = async (client: pg.Client) =>
  JSON.stringify(
    (
      await client.query(
        `SELECT (SELECT count(*) FROM pg_tables WHERE schemaname = '${JOBS_SCHEMA}') AS tables,
           (SELECT count(*) FROM ${JOBS_SCHEMA}.queue) AS queues,
           (SELECT count(*) FROM ${JOBS_SCHEMA}.job) AS jobs,
           (SELECT count(*) FROM ${JOBS_SCHEMA}.schedule) AS schedules,
           (SELECT count(*) FROM ${JOBS_SCHEMA}.subscription) AS subscriptions`,
      )
    ).rows[0],
  );

/**
 * The app's job engine for this worker (app/jobs/engine.server.ts keeps it on globalThis), stopped
 * and forgotten before a later file: an engine left running by the file before would otherwise
 * work on the next file's jobs, and pg-boss's knows queues that are gone.
 */
async function stopJobEngine() {
  const process = globalThis as { __jobEngine?: { stop: () => Promise<void> } };
  const engine = process.__jobEngine;
  process.__jobEngine = undefined;
  await engine?.stop();
}

/** SQLite's plain tables (not full-text ones, not their shadow tables). */
function sqlitePlainTables(db: Database.Database): string[] {
  const objects = db
    .prepare<[], { name: string; sql: string | null }>(
      "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
    )
    .all();
  const virtual = objects.filter((o) => VIRTUAL.test(o.sql ?? '')).map((o) => o.name);
  return objects
    .filter((o) => !VIRTUAL.test(o.sql ?? ''))
    .map((o) => o.name)
    .filter((name) => !virtual.some((v) => name.startsWith(`${v}_`)));
}

/** The global set-up's reading of a migrated template. */
export async function templateContents(
  template: string,
  pgUrl?: string,
): Promise<TemplateContents> {
  if (pgUrl) {
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    try {
      const schemas = (
        await client.query<{ nspname: string }>('SELECT nspname FROM pg_namespace')
      ).rows.map((row) => row.nspname);
      const tables: TemplateContents['tables'] = [];
      const names = await client.query<{ tablename: string }>(
        "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
      );
      for (const { tablename } of names.rows) {
        const { rows } = await client.query(`SELECT * FROM ${quote(tablename)}`);
        if (rows.length) tables.push({ table: tablename, rows });
      }
      return { schemas, tables, jobs: await jobsState(client) };
    } finally {
      await client.end();
    }
  }
  const db = new Database(template, { readonly: true });
  try {
    const tables = sqlitePlainTables(db)
      .map((table) => ({
        table,
        rows: db.prepare(`SELECT * FROM ${quote(table)}`).all() as Record<string, unknown>[],
      }))
      .filter((t) => t.rows.length > 0);
    return { schemas: [], tables, jobs: '' };
  } finally {
    db.close();
  }
}

/** Two files copying the PostgreSQL template at the same moment can collide; try again briefly. */
async function createFromTemplate(serverUrl: string, name: string, template: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
        return;
      } catch (error) {
        if (attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  } finally {
    await admin.end();
  }
}

async function postgresDatabase(
  serverUrl: string,
  template: string,
  contents: TemplateContents,
): Promise<TestDatabase> {
  const name = `aiv_${randomUUID().replaceAll('-', '')}`;
  await createFromTemplate(serverUrl, name, template);
  const url = serverUrl.replace(/\/postgres$/, `/${name}`);
  let client: pg.Client | undefined;
  const reset = async () => {
    await stopJobEngine();
    if (!client) {
      client = new pg.Client({ connectionString: url });
      await client.connect();
    }
    // pg-boss's schema: installed afresh when a file used it (its queues are tables of their own).
    if ((await jobsState(client)) !== contents.jobs) {
      await client.query(`DROP SCHEMA ${JOBS_SCHEMA} CASCADE`);
      await migratePgBoss(url);
    }
    const schemas = await client.query<{ nspname: string }>('SELECT nspname FROM pg_namespace');
    for (const { nspname } of schemas.rows)
      if (!contents.schemas.includes(nspname))
        await client.query(`DROP SCHEMA ${quote(nspname)} CASCADE`);
    const tables = await client.query<{ tablename: string }>(
      "SELECT tablename FROM pg_tables WHERE schemaname = 'public'",
    );
    await client.query('BEGIN');
    try {
      await client.query(
        `TRUNCATE ${tables.rows.map((row) => quote(row.tablename)).join(', ')} RESTART IDENTITY CASCADE`,
      );
      for (const { table, rows } of contents.tables)
        await client.query(
          `INSERT INTO ${quote(table)} SELECT * FROM json_populate_recordset(NULL::${quote(table)}, $1)`,
          [JSON.stringify(rows)],
        );
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    }
  };
  return { url, reset };
}

function sqliteDatabase(template: string, contents: TemplateContents): TestDatabase {
  const file = path.join(path.dirname(template), `${randomUUID()}.db`);
  copyFileSync(template, file);
  let emptyAll: (() => void) | undefined;
  const prepare = () => {
    const db = new Database(file);
    db.pragma('busy_timeout = 10000');
    // Everything goes: no cascades or checks on the way.
    db.pragma('foreign_keys = OFF');
    const fullText = db
      .prepare<[], { name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%USING fts5(%'",
      )
      .all();
    const run = db.transaction(() => {
      // Full-text tables are emptied through themselves; their shadow tables are theirs.
      for (const { name } of fullText) db.exec(`DELETE FROM ${quote(name)}`);
      for (const table of sqlitePlainTables(db)) db.exec(`DELETE FROM ${quote(table)}`);
      if (db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'").get())
        db.exec('DELETE FROM sqlite_sequence');
      // Deleting fires the admin counts' triggers, which write to RowCount: what the template
      // holds goes in last, into tables emptied again.
      for (const { table, rows } of contents.tables) {
        db.exec(`DELETE FROM ${quote(table)}`);
        const columns = Object.keys(rows[0]!);
        const insert = db.prepare(
          `INSERT INTO ${quote(table)} (${columns.map(quote).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
        );
        for (const row of rows) insert.run(...columns.map((column) => row[column]));
      }
    });
    return () => run.immediate();
  };
  return {
    url: `file:${file}`,
    reset: async () => {
      await stopJobEngine();
      emptyAll ??= prepare();
      emptyAll();
    },
  };
}

/** A new database from the template: on PostgreSQL when `pgServerUrl` is set, else SQLite. */
export function templateCopy(
  template: string,
  pgServerUrl: string,
  contents: TemplateContents,
): Promise<TestDatabase> {
  return pgServerUrl
    ? postgresDatabase(pgServerUrl, template, contents)
    : Promise.resolve(sqliteDatabase(template, contents));
}
