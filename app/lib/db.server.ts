import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '~/generated/prisma/client';
import { PrismaClient as PgPrismaClient } from '~/generated/prisma-pg/client';
import { env } from './env.server';
import { requireDatabaseEngine } from './database-url';
import { PrismaSqliteThread } from './sqlite-thread/adapter.server';

// One client per process (kept on globalThis so dev-server reloads do not open more connections).
// DATABASE_URL picks the engine: `file:` is SQLite (WAL mode is a property of the file, set by
// `npm run db:migrate`; its one connection lives on a thread of its own, so no disk or lock wait
// ever stops the server's event loop, and its busy timeout makes another process's writes wait
// instead of failing: docs/decisions/0028),
// `postgresql://` is PostgreSQL through a connection pool. Both clients are generated from the same
// models, so the rest of the app sees one API and never asks which engine runs.
export const databaseEngine = requireDatabaseEngine(env.DATABASE_URL);

function createClient(): PrismaClient {
  if (databaseEngine === 'postgresql') {
    const adapter = new PrismaPg({
      connectionString: env.DATABASE_URL,
      max: env.DATABASE_POOL_SIZE,
      connectionTimeoutMillis: 5000,
      // On SIGTERM the server stops accepting and finishes in-flight requests; then the idle pool
      // lets the process exit instead of holding it open.
      allowExitOnIdle: true,
    });
    // Same models, same query API: the PostgreSQL client is typed as the SQLite one.
    return new PgPrismaClient({ adapter }) as unknown as PrismaClient;
  }
  const adapter = new PrismaSqliteThread({
    url: env.DATABASE_URL.replace(/^file:/, ''),
    timeout: 5000,
  });
  return new PrismaClient({ adapter });
}

const globalForDb = globalThis as unknown as { __db?: PrismaClient };
export const db = (globalForDb.__db ??= createClient());

export type TransactionClient = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];
