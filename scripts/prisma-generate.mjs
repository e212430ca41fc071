// `prisma generate` needs no schema engine, but the CLI insists on downloading one from a host this
// machine cannot reach unless PRISMA_SCHEMA_ENGINE_BINARY names an existing file. Generation never
// executes it, so any file will do; we point it at the Node binary itself.
import { spawnSync } from 'node:child_process';

const env = { ...process.env };
env.PRISMA_SCHEMA_ENGINE_BINARY ??= process.execPath;
env.PRISMA_HIDE_UPDATE_MESSAGE ??= '1';
env.CHECKPOINT_DISABLE ??= '1';

const result = spawnSync('npx', ['--no-install', 'prisma', 'generate'], { stdio: 'inherit', env });
process.exit(result.status ?? 1);
