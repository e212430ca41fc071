// The PostgreSQL schema is generated from prisma/schema.prisma (the one source of truth): the same
// models with the provider swapped and the client generated to its own folder. A datasource's
// provider cannot come from the environment, so each engine needs a schema file of its own.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
export const sqliteSchemaPath = path.join(root, 'prisma/schema.prisma');
export const pgSchemaPath = path.join(root, 'prisma/postgresql/schema.prisma');

const HEADER =
  '// GENERATED from prisma/schema.prisma by scripts/lib/pg-schema.ts (npm run prisma:generate).\n' +
  '// Do not edit: change prisma/schema.prisma. A test fails when this file is out of date.\n\n';

export function pgSchemaText(sqliteText = readFileSync(sqliteSchemaPath, 'utf8')): string {
  const swapped = sqliteText
    .replace(/provider\s*=\s*"sqlite"/, 'provider = "postgresql"')
    .replace(
      /output\s*=\s*"\.\.\/app\/generated\/prisma"/,
      'output       = "../../app/generated/prisma-pg"',
    );
  if (!swapped.includes('"postgresql"') || !swapped.includes('prisma-pg')) {
    throw new Error(
      'prisma/schema.prisma no longer has the provider/output lines pg-schema.ts rewrites',
    );
  }
  return HEADER + swapped;
}

export function writePgSchema() {
  writeFileSync(pgSchemaPath, pgSchemaText());
}
