import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { TestProject } from 'vitest/node';
import { migrate } from '../../scripts/db-migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDatabase: string;
  }
}

// Migrates one template SQLite database with the real migrations; every test file gets a copy.
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'aiv-test-'));
  const migrated = path.join(dir, 'migrated.db');
  const template = path.join(dir, 'template.db');
  await migrate(`file:${migrated}`, true);
  // A self-contained snapshot (the write-ahead log folded in), so a plain file copy is complete.
  const db = new Database(migrated, { readonly: true });
  db.exec(`VACUUM INTO '${template.replaceAll("'", "''")}'`);
  db.close();
  project.provide('templateDatabase', template);
  return () => rmSync(dir, { recursive: true, force: true });
}
