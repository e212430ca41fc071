// Which database a DATABASE_URL names. Shared by the app (env.server.ts) and every script, so a
// URL nobody understands is refused everywhere with the same message instead of, say, being taken
// for a SQLite file named "mysql:…".

export type DatabaseEngine = 'sqlite' | 'postgresql';

export const DATABASE_URL_HELP =
  'DATABASE_URL must be "file:<path>" (SQLite, the default) or "postgresql://user:password@host:port/database" (PostgreSQL)';

export function databaseEngine(url: string): DatabaseEngine | null {
  if (/^file:.+/.test(url)) return 'sqlite';
  if (/^postgres(ql)?:\/\/[^/\s]+\/?/.test(url)) return 'postgresql';
  return null;
}

/** The engine, or an Error whose message says what a valid URL looks like (never the password). */
export function requireDatabaseEngine(url: string): DatabaseEngine {
  const engine = databaseEngine(url);
  if (engine) return engine;
  const shown = url.replace(/\/\/([^:@/]*):[^@/]*@/, '//$1:***@');
  throw new Error(`${DATABASE_URL_HELP}; got "${shown}".`);
}
