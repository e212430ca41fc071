// Serves the production build on a throw-away PostgreSQL cluster: starts the cluster, creates and
// migrates a database, seeds the admin, then runs INSTANCES (default 1) copies of `npm start` on
// it, on PORT, PORT+1, …, until it is told to stop (SIGTERM / SIGINT), when it stops the servers
// and removes the cluster. Playwright's PostgreSQL project uses it (two instances, one database);
// it is also a quick way to try the site on PostgreSQL.
import { spawn, spawnSync } from 'node:child_process';
import { createDatabase, startPgCluster } from './lib/pg-cluster';
import { migrate } from './db-migrate';

const cluster = await startPgCluster();
const url = await createDatabase(cluster, 'aiv');
await migrate(url, true);
const port = Number(process.env.PORT ?? 3000);
const env = {
  ...process.env,
  DATABASE_URL: url,
  PUBLIC_URL: process.env.PUBLIC_URL || `http://localhost:${port}`,
};
const seeded = spawnSync('npx', ['--no-install', 'tsx', 'prisma/seed.ts'], {
  env,
  stdio: 'inherit',
});
if (seeded.status !== 0) {
  cluster.stop();
  process.exit(seeded.status ?? 1);
}
const instances = Math.max(1, Number(process.env.INSTANCES ?? 1));
console.log(`Serving ${instances} instance(s) on PostgreSQL (${url}) from port ${port}`);
const servers = Array.from({ length: instances }, (_, i) =>
  spawn('npm', ['start'], { env: { ...env, PORT: String(port + i) }, stdio: 'inherit' }),
);
// Told to stop: the servers get SIGTERM and the cluster goes at once (synchronously), so a
// supervisor that kills the whole process group soon after still finds nothing left behind.
let stopping = false;
const stop = (code = 0) => {
  if (stopping) return;
  stopping = true;
  for (const server of servers) server.kill('SIGTERM');
  cluster.stop();
  process.exit(code);
};
process.on('SIGTERM', () => stop());
process.on('SIGINT', () => stop());
// One instance dying on its own takes the others and the cluster down too.
for (const server of servers) server.on('exit', (code) => stop(code ?? 1));
