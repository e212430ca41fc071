// `npm run db:migrate`: applies every pending migration to DATABASE_URL, exactly like `prisma migrate
// deploy`: prisma/migrations on SQLite (and turns on WAL mode, a persistent property of the file),
// prisma/postgresql/migrations on PostgreSQL (whose database must use the C collation, so text
// compares and sorts as on SQLite), plus pg-boss's tables in their own schema (`pgboss`) for the
// job engine (app/jobs), installed or upgraded by pg-boss itself, as every instance also does at start.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { PGBOSS_SCHEMA } from '../app/jobs/pg-store.server';
import { requireDatabaseEngine } from '../app/lib/database-url';
import {
  schemaFilters,
  openSchemaEngine,
  readMigrations,
  sqliteFilePath,
} from './lib/schema-engine';

const C_COLLATIONS = ['C', 'POSIX', 'C.UTF-8', 'C.utf8'];

async function checkPgCollation(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ datcollate: string }>(
      'SELECT datcollate FROM pg_database WHERE datname = current_database()',
    );
    const collation = rows[0]?.datcollate ?? '';
    if (!C_COLLATIONS.includes(collation)) {
      throw new Error(
        `The database uses the collation "${collation}"; this app needs "C" (text must compare as on ` +
          `SQLite, which the admin search relies on). Create it with: CREATE DATABASE <name> ` +
          `TEMPLATE template0 LC_COLLATE 'C' LC_CTYPE 'C' ENCODING 'UTF8';`,
      );
    }
  } finally {
    await client.end();
  }
}

/** Installs (or upgrades) pg-boss's schema: a pg-boss instance that migrates and does nothing else. */
export async function migratePgBoss(databaseUrl: string) {
  const boss = new PgBoss({
    connectionString: databaseUrl,
    schema: PGBOSS_SCHEMA,
    max: 2,
    migrate: true,
    supervise: false,
    schedule: false,
    registerInstance: false,
  });
  boss.on('error', (error) => console.error('[pg-boss]', error));
  await boss.start();
  await boss.stop({ graceful: false, close: true });
}

export async function migrate(databaseUrl: string, quiet = false) {
  const engineName = requireDatabaseEngine(databaseUrl);
  if (engineName === 'sqlite') {
    const file = sqliteFilePath(databaseUrl);
    mkdirSync(path.dirname(file), { recursive: true });
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.close();
  } else {
    await checkPgCollation(databaseUrl);
  }
  const { engine, close } = await openSchemaEngine(databaseUrl);
  let appliedMigrationNames: string[];
  try {
    ({ appliedMigrationNames } = await engine.applyMigrations({
      migrationsList: readMigrations(engineName),
      filters: schemaFilters(engineName),
    }));
    if (!quiet) {
      console.log(
        appliedMigrationNames.length
          ? `Applied ${appliedMigrationNames.length} migration(s): ${appliedMigrationNames.join(', ')}`
          : 'Database is up to date.',
      );
    }
  } finally {
    await close();
  }
  if (engineName === 'postgresql') await migratePgBoss(databaseUrl);
  return appliedMigrationNames;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.DATABASE_URL ?? 'file:./data/app.db';
  migrate(url).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
