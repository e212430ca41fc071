import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate } from '../../scripts/db-migrate';
import { startPgCluster } from '../../scripts/lib/pg-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string;
    /** PostgreSQL runs only: the server every test file creates its database on. */
    pgServerUrl: string;
    /** From vitest.config.ts: the test files found not to touch the database (relative paths). */
    pureTestFiles: string[];
  }
}

export const PG_TEMPLATE = 'aiv_template';

// Migrates one template database with the real migrations; every test file gets a copy. SQLite by
// default; TEST_DATABASE=postgresql runs the same suite on a throw-away PostgreSQL cluster.
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE === 'postgresql') {
    const cluster = await startPgCluster();
    const admin = new pg.Client({ connectionString: cluster.url('postgres') });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${PG_TEMPLATE}`);
    await admin.end();
    await migrate(cluster.url(PG_TEMPLATE), true);
    project.provide('templateDatabase', PG_TEMPLATE);
    project.provide('pgServerUrl', cluster.url('postgres'));
    return () => cluster.stop();
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'aiv-test-'));
  const migrated = path.join(dir, 'migrated.db');
  const template = path.join(dir, 'template.db');
  await migrate(`file:${migrated}`, true);
  // A self-contained snapshot (the write-ahead log folded in), so a plain file copy is complete.
  const db = new Database(migrated, { readonly: true });
  db.exec(`VACUUM INTO '${template.replaceAll("'", "''")}'`);
  db.close();
  project.provide('templateDatabase', template);
  project.provide('pgServerUrl', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
