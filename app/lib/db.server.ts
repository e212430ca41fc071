import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaClient } from '~/generated/prisma/client';
import { env } from './env.server';

// One client per process (kept on globalThis so dev-server reloads do not open more connections).
// WAL mode is a property of the database file, set by `npm run db:migrate`; the busy timeout makes
// concurrent writers wait instead of failing with SQLITE_BUSY.
function createClient() {
  const adapter = new PrismaBetterSqlite3({
    url: env.DATABASE_URL.replace(/^file:/, ''),
    timeout: 5000,
  });
  return new PrismaClient({ adapter });
}

const globalForDb = globalThis as unknown as { __db?: PrismaClient };
export const db = (globalForDb.__db ??= createClient());
