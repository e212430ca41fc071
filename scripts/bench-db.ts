// `npm run bench:db`: the same mixed workload (sign-in, dashboard loads, business writes, premium
// checks) from CONCURRENCY concurrent clients against three set-ups, side by side in one run:
// SQLite with one instance, PostgreSQL with one instance, PostgreSQL with two instances (requests
// alternate between them). Prints requests per second, p95 latency and errors for each.
// Each set-up gets a fresh database; PostgreSQL is a throw-away cluster (scripts/lib/pg-cluster.ts).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate } from './db-migrate';
import { seedUsers, withInstances } from './bench/app-instances';
import { ensureBuild } from './lib/ensure-build';
import { createDatabase, startPgCluster } from './lib/pg-cluster';

/** One random secret for every instance of the run: production refuses a published one. */
const SESSION_SECRET = randomBytes(24).toString('base64url');

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const USERS = Number(process.env.BENCH_DB_USERS ?? 40);
const PASSWORD = 'bench-password';
const BASE_PORT = Number(process.env.BENCH_PORT ?? 3700);

type Result = { requests: number; errors: number; latencies: number[]; seconds: number };

async function workload(base: () => string): Promise<Result> {
  const latencies: number[] = [];
  let errors = 0;
  let requests = 0;
  let deadline = Number.POSITIVE_INFINITY;
  const url = (p: string) => `${base()}${p}`;

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
  seedUsers(databaseUrl, USERS, PASSWORD);
  const servers = {
    databaseUrl,
    count: instances,
    port: BASE_PORT,
    secret: SESSION_SECRET,
    // Measured requests only: no weekly re-audit fetching websites in the background.
    env: { AUDIT_SCHEDULER: 'false', DATABASE_POOL_SIZE: '20' },
    stderr: 'inherit',
    healthTimeoutMs: 60_000,
  } as const;
  return withInstances(servers, async ({ base }) => {
    console.error(`${name}: ${CONCURRENCY} clients for ${SECONDS} s…`);
    return workload(base);
  });
}

function p95(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0;
}

ensureBuild();

const rows: [string, Result][] = [];
const dir = mkdtempSync(path.join(tmpdir(), 'aiv-benchdb-'));
const cluster = await startPgCluster();
try {
  rows.push([
    'SQLite, 1 instance',
    await runSetup('SQLite', `file:${path.join(dir, 'bench.db')}`, 1),
  ]);
  rows.push([
    'PostgreSQL, 1 instance',
    await runSetup('PostgreSQL x1', await createDatabase(cluster, 'bench_one'), 1),
  ]);
  rows.push([
    'PostgreSQL, 2 instances',
    await runSetup('PostgreSQL x2', await createDatabase(cluster, 'bench_two'), 2),
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
