// `prisma generate` for both engines: the SQLite client (app/generated/prisma) from
// prisma/schema.prisma and the PostgreSQL client (app/generated/prisma-pg) from the schema generated
// out of it (prisma/postgresql/schema.prisma, rewritten first).
//
// Generation needs no schema engine, but the CLI insists on downloading one from a host this
// machine cannot reach unless PRISMA_SCHEMA_ENGINE_BINARY names an existing file. Generation never
// executes it, so any file will do; we point it at the Node binary itself.
import { spawnSync } from 'node:child_process';

const env = { ...process.env };
env.PRISMA_SCHEMA_ENGINE_BINARY ??= process.execPath;
env.PRISMA_HIDE_UPDATE_MESSAGE ??= '1';
env.CHECKPOINT_DISABLE ??= '1';

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run('npx', [
  '--no-install',
  'tsx',
  '-e',
  "import('./scripts/lib/pg-schema.ts').then((m) => m.writePgSchema())",
]);
run('npx', ['--no-install', 'prisma', 'generate', '--schema', 'prisma/schema.prisma']);
run('npx', ['--no-install', 'prisma', 'generate', '--schema', 'prisma/postgresql/schema.prisma']);
