import path from 'node:path';
import { afterAll, inject } from 'vitest';
import { templateCopy, type TestDatabase } from './test-database';

// Each test file talks to a copy of the migrated template database, so files never see each
// other's rows and can run in parallel. This runs before the file imports any app module. In a
// worker that keeps the app's modules from file to file (vitest.config.ts, `sharedWorker`), the
// modules keep the database client they opened for the worker's first file, so that database is
// kept too and set back to the template's contents before each later file.
const template = inject('templateDatabase');
const pgServerUrl = inject('pgServerUrl');
const worker = globalThis as { __testDatabase?: TestDatabase; __db?: unknown };

if (inject('sharedWorker') && worker.__testDatabase) {
  await worker.__testDatabase.reset();
} else {
  const database = await templateCopy(template, pgServerUrl, inject('templateContents'));
  worker.__testDatabase = database;
  process.env.DATABASE_URL = database.url;
  if (pgServerUrl) process.env.DATABASE_POOL_SIZE = '4';
  worker.__db = undefined;
}
process.env.SESSION_SECRET = 'test-session-secret-0123456789';
// The reader alone unless a test chooses an extraction model (with a real engine's key set, the
// cheapest model of that engine would be asked by default).
process.env.TRACKING_EXTRACTION_MODEL ??= 'off';
// Tests play the reverse proxy: they set X-Forwarded-For to stand for different clients.
process.env.TRUST_PROXY = 'true';
// The AI-readiness audits fetch fixture sites this machine serves on 127.0.0.1 (refused otherwise);
// the SSRF tests pass their own policy with the allowance off.
process.env.AUDIT_ALLOWED_PRIVATE_HOSTS = '127.0.0.1';
process.env.AUDIT_SCHEDULER = 'false';

// A file the PostgreSQL run leaves out (scripts/lib/test-files.ts found no import of the database)
// must not open the database client after all: it would then be tested on SQLite only.
const pureTestFiles = new Set(inject('pureTestFiles'));
afterAll((suite) => {
  const file = path.relative(
    process.cwd(),
    'filepath' in suite ? suite.filepath : suite.file.filepath,
  );
  if (pureTestFiles.has(file) && worker.__db !== undefined)
    throw new Error(
      `${file} opened the database client, but scripts/lib/test-files.ts found no import of it, so ` +
        'the PostgreSQL run leaves this file out. Import the database (or a module that does) ' +
        'with a literal path, or teach test-files.ts how this file reaches it.',
    );
});
