// Serves the production build on a throw-away PostgreSQL cluster: starts the cluster, creates and
// migrates a database, seeds the admin, then runs `npm start` against it until it is told to stop
// (SIGTERM / SIGINT), when it stops the server and removes the cluster. Playwright's PostgreSQL
// smoke journey uses it as its web server; it is also a quick way to try the site on PostgreSQL.
import { spawn, spawnSync } from 'node:child_process';
import pg from 'pg';
import { startPgCluster } from './lib/pg-cluster';
import { migrate } from './db-migrate';

const cluster = await startPgCluster();
const admin = new pg.Client({ connectionString: cluster.url('postgres') });
await admin.connect();
await admin.query('CREATE DATABASE aiv');
await admin.end();
const url = cluster.url('aiv');
await migrate(url, true);
const env = { ...process.env, DATABASE_URL: url };
const seeded = spawnSync('npx', ['--no-install', 'tsx', 'prisma/seed.ts'], {
  env,
  stdio: 'inherit',
});
if (seeded.status !== 0) {
  cluster.stop();
  process.exit(seeded.status ?? 1);
}
console.log(`Serving on PostgreSQL (${url})`);
const server = spawn('npm', ['start'], { env, stdio: 'inherit' });
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  server.kill('SIGTERM');
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => {
  cluster.stop();
  process.exit(stopping ? 0 : (code ?? 1));
});
