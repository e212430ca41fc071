import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate } from '../../scripts/db-migrate';
import { startPgCluster } from '../../scripts/lib/pg-cluster';
import { templateContents, type TemplateContents } from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string;
    /** PostgreSQL runs only: the server every test file creates its database on. */
    pgServerUrl: string;
    /** The template's rows and schemas, which a reused database is set back to between files. */
    templateContents: TemplateContents;
    /** From vitest.config.ts: whether a worker's files share its loaded modules and database. */
    sharedWorker: boolean;
    /** From vitest.config.ts: the test files found not to touch the database (relative paths). */
    pureTestFiles: string[];
  }
}

export const PG_TEMPLATE = 'aiv_template';

type Template = {
  provided: {
    templateDatabase: string;
    pgServerUrl: string;
    templateContents: TemplateContents;
  };
  teardown: () => Promise<void> | void;
};

// Migrates one template database with the real migrations; every test file gets a copy. SQLite by
// default; TEST_DATABASE=postgresql runs the same suite on a throw-away PostgreSQL cluster.
async function makeTemplate(): Promise<Template> {
  if (process.env.TEST_DATABASE === 'postgresql') {
    const cluster = await startPgCluster();
    const admin = new pg.Client({ connectionString: cluster.url('postgres') });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${PG_TEMPLATE}`);
    await admin.end();
    await migrate(cluster.url(PG_TEMPLATE), true);
    return {
      provided: {
        templateDatabase: PG_TEMPLATE,
        pgServerUrl: cluster.url('postgres'),
        templateContents: await templateContents(PG_TEMPLATE, cluster.url(PG_TEMPLATE)),
      },
      teardown: () => cluster.stop(),
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'aiv-test-'));
  const migrated = path.join(dir, 'migrated.db');
  const template = path.join(dir, 'template.db');
  await migrate(`file:${migrated}`, true);
  // A self-contained snapshot (the write-ahead log folded in), so a plain file copy is complete.
  const db = new Database(migrated, { readonly: true });
  db.exec(`VACUUM INTO '${template.replaceAll("'", "''")}'`);
  db.close();
  return {
    provided: {
      templateDatabase: template,
      pgServerUrl: '',
      templateContents: await templateContents(template),
    },
    teardown: () => rmSync(dir, { recursive: true, force: true }),
  };
}

// One template (and one PostgreSQL cluster) for every project of the run (vitest.config.ts): each
// project runs this set-up, and the last one to finish tears it down.
const run = globalThis as { __testTemplate?: Promise<Template>; __testTemplateUsers?: number };

export default async function setup(project: TestProject) {
  run.__testTemplateUsers = (run.__testTemplateUsers ?? 0) + 1;
  const template = await (run.__testTemplate ??= makeTemplate());
  project.provide('templateDatabase', template.provided.templateDatabase);
  project.provide('pgServerUrl', template.provided.pgServerUrl);
  project.provide('templateContents', template.provided.templateContents);
  return async () => {
    run.__testTemplateUsers = (run.__testTemplateUsers ?? 1) - 1;
    if (run.__testTemplateUsers === 0) {
      run.__testTemplate = undefined;
      await template.teardown();
    }
  };
}
