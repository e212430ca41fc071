// `npm run bench:db`: the same mixed workload (sign-in, dashboard loads, business writes, premium
// checks) from CONCURRENCY concurrent clients against three set-ups, side by side in one run:
// SQLite with one instance, PostgreSQL with one instance, PostgreSQL with two instances (requests
// alternate between them). Prints requests per second, p95 latency and errors for each.
// Each set-up gets a fresh database; PostgreSQL is a throw-away cluster (scripts/lib/pg-cluster.ts).
import { randomBytes } from 'node:crypto';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrate } from './db-migrate';
import { startPgCluster } from './lib/pg-cluster';

/** One random secret for every instance of the run: production refuses a published one. */
const SESSION_SECRET = randomBytes(24).toString('base64url');

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const USERS = Number(process.env.BENCH_DB_USERS ?? 40);
const PASSWORD = 'bench-password';
const BASE_PORT = Number(process.env.BENCH_PORT ?? 3700);

type Result = { requests: number; errors: number; latencies: number[]; seconds: number };

async function waitHealthy(port: number) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`instance on ${port} did not come up`);
}

function startInstances(databaseUrl: string, count: number): ChildProcess[] {
  return Array.from({ length: count }, (_, i) =>
    spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PUBLIC_URL: `http://127.0.0.1:${BASE_PORT}`,
        // Measured requests only: no weekly re-audit fetching websites in the background.
        AUDIT_SCHEDULER: 'false',
        DATABASE_URL: databaseUrl,
        PORT: String(BASE_PORT + i),
        SESSION_SECRET,
        DATABASE_POOL_SIZE: '20',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  );
}

async function workload(ports: number[]): Promise<Result> {
  const latencies: number[] = [];
  let errors = 0;
  let requests = 0;
  let deadline = Number.POSITIVE_INFINITY;
  let next = 0;
  const url = (p: string) => `http://127.0.0.1:${ports[next++ % ports.length]}${p}`;

  async function timed(input: string, init: RequestInit, ok: (status: number) => boolean) {
    const started = performance.now();
    try {
      const response = await fetch(input, init);
      const body = await response.text();
      latencies.push(performance.now() - started);
      requests += 1;
      if (!ok(response.status)) {
        errors += 1;
        if (errors <= 3)
          console.error(
            `  ${init.method ?? 'GET'} ${input}: ${response.status} ${body.slice(0, 120)}`,
          );
      }
      return { status: response.status, body };
    } catch (error) {
      requests += 1;
      errors += 1;
      if (errors <= 3) console.error(`  ${input}: ${String(error)}`);
      return { status: 0, body: '' };
    }
  }

  const signIn = (email: string) =>
    timed(
      url('/api/auth/login'),
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD }),
      },
      (s) => s === 200,
    ).then((r) => (r.status === 200 ? (JSON.parse(r.body) as { token: string }).token : ''));

  async function client(n: number, firstToken: string) {
    const email = `bench-${n % USERS}@example.com`;
    let token = firstToken;
    for (let i = 1; Date.now() < deadline; i += 1) {
      // A sign-in now and then (scrypt makes each one deliberately expensive).
      if (!token || i % 50 === 0) {
        token = await signIn(email);
        continue;
      }
      const auth = { Authorization: `Bearer ${token}` };
      switch (i % 4) {
        case 0:
          await timed(url('/dashboard'), { headers: auth }, (s) => s === 200);
          break;
        case 1:
          await timed(
            url('/api/businesses'),
            {
              method: 'POST',
              headers: { ...auth, 'Content-Type': 'application/json' },
              body: JSON.stringify({ name: `Bench business ${n}-${i}` }),
            },
            // 403: the account reached its plan's cap of businesses (a refusal, not an error).
            (s) => s === 201 || s === 403,
          );
          break;
        case 2:
          await timed(url('/api/premium-gpt-access'), { headers: auth }, (s) => s === 200);
          break;
        default:
          await timed(url('/api/businesses'), { headers: auth }, (s) => s === 200);
      }
    }
  }

  // Every client signs in first (not timed: 200 scrypt hashes at once would swamp the window).
  const tokens: string[] = [];
  for (let n = 0; n < CONCURRENCY; n += 10) {
    tokens.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(10, CONCURRENCY - n) }, (_, k) =>
          signIn(`bench-${(n + k) % USERS}@example.com`),
        ),
      )),
    );
  }
  latencies.length = 0;
  requests = 0;
  const started = Date.now();
  deadline = started + SECONDS * 1000;
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, n) => client(n, tokens[n] ?? '')));
  return { requests, errors, latencies, seconds: (Date.now() - started) / 1000 };
}

async function runSetup(name: string, databaseUrl: string, instances: number) {
  await migrate(databaseUrl, true);
  const seeded = spawnSync(
    'npx',
    ['--no-install', 'tsx', 'scripts/bench/seed-users.ts', String(USERS), PASSWORD],
    { env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: 'inherit' },
  );
  if (seeded.status !== 0) throw new Error('seeding failed');
  const servers = startInstances(databaseUrl, instances);
  try {
    const ports = servers.map((_, i) => BASE_PORT + i);
    for (const port of ports) await waitHealthy(port);
    console.error(`${name}: ${CONCURRENCY} clients for ${SECONDS} s…`);
    return await workload(ports);
  } finally {
    for (const server of servers) server.kill('SIGTERM');
    await Promise.all(
      servers.map(
        (server) =>
          new Promise((resolve) =>
            server.exitCode !== null ? resolve(null) : server.once('exit', resolve),
          ),
      ),
    );
  }
}

function p95(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0;
}

if (!existsSync('build/server/index.js')) spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });

const rows: [string, Result][] = [];
const dir = mkdtempSync(path.join(tmpdir(), 'aiv-benchdb-'));
const cluster = await startPgCluster();
try {
  rows.push([
    'SQLite, 1 instance',
    await runSetup('SQLite', `file:${path.join(dir, 'bench.db')}`, 1),
  ]);
  const admin = new pg.Client({ connectionString: cluster.url('postgres') });
  await admin.connect();
  await admin.query('CREATE DATABASE bench_one');
  await admin.query('CREATE DATABASE bench_two');
  await admin.end();
  rows.push([
    'PostgreSQL, 1 instance',
    await runSetup('PostgreSQL x1', cluster.url('bench_one'), 1),
  ]);
  rows.push([
    'PostgreSQL, 2 instances',
    await runSetup('PostgreSQL x2', cluster.url('bench_two'), 2),
  ]);
} finally {
  cluster.stop();
  rmSync(dir, { recursive: true, force: true });
}

console.log(
  `\nMixed workload (sign-in, dashboard, business write, premium check, business list), ` +
    `${CONCURRENCY} concurrent clients, ${SECONDS} s each:\n`,
);
console.log(
  `${'set-up'.padEnd(26)} ${'req/s'.padStart(8)} ${'p95 ms'.padStart(8)} ${'errors'.padStart(7)} ${'requests'.padStart(9)}`,
);
for (const [name, result] of rows) {
  console.log(
    `${name.padEnd(26)} ${(result.requests / result.seconds).toFixed(0).padStart(8)} ${p95(result.latencies).toFixed(0).padStart(8)} ${String(result.errors).padStart(7)} ${String(result.requests).padStart(9)}`,
  );
}
const failed = rows.some(([, result]) => result.errors > 0);
if (failed) console.log('\nErrors above: every set-up must answer every request.');
process.exit(failed ? 1 : 0);
