// `npm run db:migrate`: applies every pending migration under prisma/migrations to DATABASE_URL,
// exactly like `prisma migrate deploy`, and turns on WAL mode (a persistent property of the file).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { noFilters, openSchemaEngine, readMigrations, sqliteFilePath } from './lib/schema-engine';

export async function migrate(databaseUrl: string, quiet = false) {
  const file = sqliteFilePath(databaseUrl);
  if (file !== ':memory:') {
    mkdirSync(path.dirname(file), { recursive: true });
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.close();
  }
  const { engine, close } = await openSchemaEngine(databaseUrl);
  try {
    const { appliedMigrationNames } = await engine.applyMigrations({
      migrationsList: readMigrations(),
      filters: noFilters,
    });
    if (!quiet) {
      console.log(
        appliedMigrationNames.length
          ? `Applied ${appliedMigrationNames.length} migration(s): ${appliedMigrationNames.join(', ')}`
          : 'Database is up to date.',
      );
    }
    return appliedMigrationNames;
  } finally {
    await close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.DATABASE_URL ?? 'file:./data/app.db';
  migrate(url).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
