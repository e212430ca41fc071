// Prisma's schema engine compiled to WebAssembly, driven through the better-sqlite3 driver adapter.
// The Prisma CLI would download a native engine from a host these machines cannot reach; this is the
// same engine, so `_prisma_migrations` bookkeeping stays compatible with `prisma migrate deploy`.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import {
  bindMigrationAwareSqlAdapterFactory,
  type SqlDriverAdapter,
} from '@prisma/driver-adapter-utils';
import * as bindings from '@prisma/schema-engine-wasm/schema_engine_bg';
import type { MigrationList, SchemaEngine } from '@prisma/schema-engine-wasm';

export const root = path.resolve(import.meta.dirname, '../..');
export const schemaPath = path.join(root, 'prisma/schema.prisma');
export const migrationsDir = path.join(root, 'prisma/migrations');

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
export async function openSchemaEngine(databaseUrl: string): Promise<OpenEngine> {
  await loadBindings();
  const factory = new PrismaBetterSqlite3({ url: sqliteFilePath(databaseUrl) });
  const connections: SqlDriverAdapter[] = [];
  const connect = factory.connect.bind(factory);
  factory.connect = async () => {
    const adapter = await connect();
    connections.push(adapter);
    return adapter;
  };
  // When replaying migrations on the (in-memory) shadow database the engine sends each whole
  // migration.sql through executeRaw, which better-sqlite3 refuses for more than one statement.
  const connectToShadowDb = factory.connectToShadowDb.bind(factory);
  factory.connectToShadowDb = async () => {
    const adapter = await connectToShadowDb();
    const executeRaw = adapter.executeRaw.bind(adapter);
    adapter.executeRaw = async (query) => {
      if (query.args.length > 0) return executeRaw(query);
      await adapter.executeScript(query.sql);
      return 0;
    };
    connections.push(adapter);
    return adapter;
  };
  const log = (message: string) => {
    if (process.env.DEBUG_SCHEMA_ENGINE) console.error(message);
  };
  const engine = await bindings.SchemaEngine.new(
    { datamodels: [[schemaPath, readFileSync(schemaPath, 'utf8')]] },
    log,
    bindMigrationAwareSqlAdapterFactory(factory),
  );
  return {
    engine,
    close: async () => {
      engine.free();
      await Promise.all(connections.map((connection) => connection.dispose()));
    },
  };
}

/** The migrations folder in the shape the engine expects (names relative to it, as Prisma's CLI passes them). */
export function readMigrations(): MigrationList {
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

export const noFilters = { externalTables: [], externalEnums: [] };
