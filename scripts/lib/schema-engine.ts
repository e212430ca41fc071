// Prisma's schema engine compiled to WebAssembly, driven through a driver adapter: better-sqlite3
// for SQLite, pg for PostgreSQL (DATABASE_URL decides). The Prisma CLI would download a native engine
// from a host these machines cannot reach; this is the same engine, so `_prisma_migrations`
// bookkeeping stays compatible with `prisma migrate deploy`.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaPg } from '@prisma/adapter-pg';
import {
  bindMigrationAwareSqlAdapterFactory,
  type SqlDriverAdapter,
} from '@prisma/driver-adapter-utils';
import * as bindings from '@prisma/schema-engine-wasm/schema_engine_bg';
import type { MigrationList, SchemaEngine } from '@prisma/schema-engine-wasm';
import { requireDatabaseEngine, type DatabaseEngine } from '../../app/lib/database-url';
import { pgSchemaPath, pgSchemaText } from './pg-schema';

export const root = path.resolve(import.meta.dirname, '../..');
export const schemaPath = path.join(root, 'prisma/schema.prisma');
export const migrationsDir = path.join(root, 'prisma/migrations');

/** Each engine's schema and migrations. The PostgreSQL schema is generated from the SQLite one. */
export const engineFiles = {
  sqlite: {
    schemaPath,
    migrationsDir,
    schemaText: () => readFileSync(schemaPath, 'utf8'),
  },
  postgresql: {
    schemaPath: pgSchemaPath,
    migrationsDir: path.join(root, 'prisma/postgresql/migrations'),
    schemaText: () => pgSchemaText(),
  },
} satisfies Record<DatabaseEngine, unknown>;

let loaded = false;
/** Instantiates the .wasm module by hand: Node 20 cannot import it as an ES module without a flag. */
async function loadBindings() {
  if (loaded) return;
  const require = createRequire(import.meta.url);
  const wasmPath = path.join(
    path.dirname(require.resolve('@prisma/schema-engine-wasm/schema_engine_bg')),
    'schema_engine_bg.wasm',
  );
  const { instance } = await WebAssembly.instantiate(readFileSync(wasmPath), {
    './schema_engine_bg.js': bindings as unknown as WebAssembly.ModuleImports,
  });
  bindings.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  loaded = true;
}

/** `file:./data/app.db` → an absolute file path (relative paths are taken from the project root). */
export function sqliteFilePath(databaseUrl: string): string {
  const file = databaseUrl.replace(/^file:/, '');
  return file === ':memory:' ? file : path.resolve(root, file);
}

export type OpenEngine = { engine: SchemaEngine; close: () => Promise<void> };

/** The engine plus a close() that also releases the database connections it opened. */
export async function openSchemaEngine(
  databaseUrl: string,
): Promise<OpenEngine & { engineName: DatabaseEngine }> {
  await loadBindings();
  const engineName = databaseUrl === ':memory:' ? 'sqlite' : requireDatabaseEngine(databaseUrl);
  const files = engineFiles[engineName];
  const connections: SqlDriverAdapter[] = [];
  const shadowConnections: SqlDriverAdapter[] = [];
  const factory =
    engineName === 'postgresql'
      ? // Its shadow database (for diffs) is a throw-away database on the same server.
        new PrismaPg({ connectionString: databaseUrl, max: 2 })
      : new PrismaBetterSqlite3({ url: sqliteFilePath(databaseUrl) });
  // pg's adapter splits scripts on every ";", which breaks function bodies ($$ … $$) in a
  // migration; PostgreSQL runs a whole parameterless script as one simple query.
  const wholeScripts = (adapter: SqlDriverAdapter) => {
    if (engineName !== 'postgresql') return adapter;
    type Result = { fields?: { dataTypeID: number }[] };
    const pgAdapter = adapter as unknown as {
      underlyingDriver(): { query: (...args: unknown[]) => Promise<Result> };
      onError(error: unknown): never;
    };
    // The engine's schema introspection selects PostgreSQL's internal "char" type (OID 18), which
    // the adapter cannot map; it is a one-byte text, so it is read as text (OID 25).
    const pool = pgAdapter.underlyingDriver();
    const query = pool.query.bind(pool);
    pool.query = async (...args: unknown[]) => {
      const result = await query(...args);
      for (const field of result?.fields ?? []) if (field.dataTypeID === 18) field.dataTypeID = 25;
      return result;
    };
    adapter.executeScript = async (script) => {
      try {
        await pgAdapter.underlyingDriver().query(script);
      } catch (error) {
        pgAdapter.onError(error);
      }
    };
    return adapter;
  };
  const connect = factory.connect.bind(factory);
  factory.connect = async () => {
    const adapter = wholeScripts(await connect());
    connections.push(adapter);
    return adapter;
  };
  // When replaying migrations on the shadow database the engine sends each whole migration.sql
  // through executeRaw, which better-sqlite3 (and pg, with parameters) refuse for more than one
  // statement: run parameterless SQL as a script.
  const connectToShadowDb = factory.connectToShadowDb.bind(factory);
  factory.connectToShadowDb = async () => {
    const adapter = wholeScripts(await connectToShadowDb());
    const executeRaw = adapter.executeRaw.bind(adapter);
    adapter.executeRaw = async (query) => {
      if (query.args.length > 0) return executeRaw(query);
      await adapter.executeScript(query.sql);
      return 0;
    };
    // Disposed once, before the main connection its clean-up (DROP DATABASE) runs on.
    let disposed = false;
    const dispose = adapter.dispose.bind(adapter);
    adapter.dispose = async () => {
      if (disposed) return;
      disposed = true;
      await dispose();
    };
    shadowConnections.push(adapter);
    return adapter;
  };
  const log = (message: string) => {
    if (process.env.DEBUG_SCHEMA_ENGINE) console.error(message);
  };
  const engine = await bindings.SchemaEngine.new(
    { datamodels: [[files.schemaPath, files.schemaText()]] },
    log,
    bindMigrationAwareSqlAdapterFactory(factory),
  );
  return {
    engine,
    engineName,
    close: async () => {
      engine.free();
      for (const connection of shadowConnections) await connection.dispose();
      await Promise.all(connections.map((connection) => connection.dispose()));
    },
  };
}

/** The migrations folder in the shape the engine expects (names relative to it, as Prisma's CLI passes them). */
export function readMigrations(engine: DatabaseEngine = 'sqlite'): MigrationList {
  const { migrationsDir } = engineFiles[engine];
  const lockName = 'migration_lock.toml';
  const lockPath = path.join(migrationsDir, lockName);
  const names = existsSync(migrationsDir)
    ? readdirSync(migrationsDir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort()
    : [];
  return {
    baseDir: migrationsDir,
    lockfile: {
      path: lockName,
      content: existsSync(lockPath) ? readFileSync(lockPath, 'utf8') : null,
    },
    shadowDbInitScript: '',
    migrationDirectories: names.map((name) => {
      const file = path.join(migrationsDir, name, 'migration.sql');
      return {
        path: name,
        migrationFile: {
          path: 'migration.sql',
          content: existsSync(file)
            ? { tag: 'ok' as const, value: readFileSync(file, 'utf8') }
            : { tag: 'error' as const, value: `${file} is missing` },
        },
      };
    }),
  };
}

/**
 * Tables the migrations create by hand and the schema does not model, which the engine must leave
 * alone when it compares the migrations with the schema: SQLite's FTS5 search tables and the
 * shadow tables FTS5 keeps their index in, and their term lists (migration word_search). PostgreSQL's search needs no
 * table (expression indexes, which the engine does not drop).
 */
const FTS5_TABLES = ['UserSearch', 'BusinessSearch'].flatMap((table) => [
  table,
  ...['config', 'data', 'docsize', 'idx'].map((shadow) => `${table}_${shadow}`),
  `${table}Terms`,
]);

export function schemaFilters(engine: DatabaseEngine) {
  return { externalTables: engine === 'sqlite' ? FTS5_TABLES : [], externalEnums: [] };
}
