// `npm run bench:dashboard`: the dashboard's render time as the list grows (issue 37), on SQLite and
// on PostgreSQL (a throw-away cluster, scripts/lib/pg-cluster.ts), each on a fresh database.
//
// scripts/bench/dashboard-seed.ts seeds one Authority owner per size (BENCH_SIZES, default 0, 1,000
// and 100,000 businesses, each with its audits and two days of tracking answers and counts). Then
// the production build is served (server/index.ts, one instance) on that database and each owner's
// /dashboard is fetched in turn, BENCH_RUNS times after a warm-up: the median time from request to
// last byte, as a ratio to the empty dashboard's measured in the same run, and the HTML's bytes.
// Targets: at most 1.5x at 1,000 and 2x at 100,000; the HTML of one page of the list under 60 KB
// (exact bytes: the script exits non-zero past it; timings are only printed).
//
// Builds first when the build is missing or older than the sources. Knobs: BENCH_SIZES,
// BENCH_RUNS (30), BENCH_SETUPS=sqlite,postgresql, BENCH_PORT (3403), BENCH_PATH (/dashboard: what
// to fetch, e.g. /dashboard?page=2), BENCH_STDERR=file (the children's stderr), BENCH_EXPLAIN=1
// (first print every query the dashboard's loader runs for each owner, its time and its plan:
// scripts/bench/dashboard-explain.ts).
import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate } from './db-migrate';
import { ensureBuild } from './lib/ensure-build';
import { DASHBOARD_HTML_BUDGET as HTML_BUDGET, KIB } from './lib/js-budgets';
import { createDatabase, startPgCluster, type PgCluster } from './lib/pg-cluster';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const SETUPS = (process.env.BENCH_SETUPS ?? 'sqlite,postgresql').split(',');
const PORT = Number(process.env.BENCH_PORT ?? 3403);
const PAGE = process.env.BENCH_PATH ?? '/dashboard';
/** Random per run: production refuses a session secret published in the source. */
const SECRET = randomBytes(24).toString('base64url');
const root = process.cwd();

function env(databaseUrl: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: SECRET,
    PUBLIC_URL: `http://127.0.0.1:${PORT}`,
    PORT: String(PORT),
    // Measured requests only: no job engine, no schedules.
    JOBS_WORKER: 'false',
    AUDIT_SCHEDULER: 'false',
    TRACKING_SCHEDULER: 'false',
  };
}

function spawnChild(args: string[], childEnv: NodeJS.ProcessEnv): ChildProcess {
  const proc = spawn(process.execPath, ['--import', 'tsx', ...args], {
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stderr!.on('data', (chunk: Buffer) => {
    if (process.env.BENCH_STDERR) appendFileSync(process.env.BENCH_STDERR, chunk);
  });
  return proc;
}

/** The line the child prints after `prefix`, or its exit code as an error. */
function result(proc: ChildProcess, prefix: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    proc.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const line = buffer.split('\n').find((row) => row.startsWith(prefix));
      if (line !== undefined) resolve(line.slice(prefix.length).trim());
    });
    proc.once('exit', (code) => reject(new Error(`exited (${code}) before "${prefix}"`)));
  });
}

type Seeded = {
  owners: { size: number; cookie: string }[];
  seeded: { businesses: number; audits: number; stats: number; answers: number; seconds: number };
};

async function waitFor(url: string) {
  for (let i = 0; i < 300; i += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not come up`);
}

async function timeGet(url: string, cookie: string) {
  const started = performance.now();
  const response = await fetch(url, { headers: { Cookie: cookie, 'Accept-Encoding': 'identity' } });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
  return { ms: performance.now() - started, bytes: Buffer.byteLength(body), body };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

type Row = { size: number; ms: number; bytes: number };
type Outcome = { setup: string; seeded: Seeded['seeded']; rows: Row[] };

async function measure(setup: string, databaseUrl: string): Promise<Outcome> {
  const seed = spawnChild([path.join(root, 'scripts/bench/dashboard-seed.ts')], env(databaseUrl));
  const { owners, seeded } = JSON.parse(await result(seed, 'RESULT')) as Seeded;
  if (process.env.BENCH_EXPLAIN) {
    console.log(`\n${setup}: the dashboard's queries and their plans`);
    const explain = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'scripts/bench/dashboard-explain.ts')],
      { env: { ...env(databaseUrl), BENCH_OWNERS: JSON.stringify(owners) }, stdio: 'inherit' },
    );
    await new Promise((resolve) => explain.once('exit', resolve));
  }
  const server = spawnChild([path.join(root, 'server/index.ts')], env(databaseUrl));
  try {
    const base = `http://127.0.0.1:${PORT}`;
    await waitFor(`${base}/healthz`);
    // The page says how many businesses it lists: each owner's is the one seeded.
    for (const owner of owners) {
      const { body } = await timeGet(`${base}${PAGE}`, owner.cookie);
      if (process.env.BENCH_SAVE_HTML)
        writeFileSync(path.join(process.env.BENCH_SAVE_HTML, `${setup}-${owner.size}.html`), body);
      const shown = owner.size.toLocaleString('en-US');
      if (owner.size > 0 && !body.includes(shown) && !body.includes(`(${owner.size})`))
        throw new Error(`${setup}: the dashboard of ${shown} businesses does not say ${shown}`);
    }
    const times = new Map<number, number[]>(owners.map((owner) => [owner.size, []]));
    const bytes = new Map<number, number>();
    for (let i = 0; i < 5 + RUNS; i += 1)
      for (const owner of owners) {
        const { ms, bytes: size } = await timeGet(`${base}${PAGE}`, owner.cookie);
        if (i >= 5) times.get(owner.size)!.push(ms); // five rounds of warm-up
        bytes.set(owner.size, size);
      }
    return {
      setup,
      seeded,
      rows: owners.map((owner) => ({
        size: owner.size,
        ms: median(times.get(owner.size)!),
        bytes: bytes.get(owner.size)!,
      })),
    };
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
}

async function sqlite(): Promise<Outcome> {
  const dir = mkdtempSync(path.join(tmpdir(), 'aiv-bench-dashboard-'));
  try {
    const url = `file:${path.join(dir, 'bench.db')}`;
    await migrate(url, true);
    return await measure('SQLite', url);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function postgresql(cluster: PgCluster): Promise<Outcome> {
  const url = await createDatabase(cluster, 'bench_dashboard');
  await migrate(url, true);
  return measure('PostgreSQL', url);
}

ensureBuild();
console.log(
  `bench:dashboard: GET ${PAGE} of owners with ${process.env.BENCH_SIZES ?? '0,1000,100000'} businesses; median of ${RUNS} after 5 warm-up rounds; Node ${process.versions.node}`,
);
const outcomes: Outcome[] = [];
if (SETUPS.includes('sqlite')) outcomes.push(await sqlite());
if (SETUPS.includes('postgresql')) {
  const cluster = await startPgCluster();
  try {
    outcomes.push(await postgresql(cluster));
  } finally {
    cluster.stop();
  }
}

let over = false;
for (const outcome of outcomes) {
  const { seeded } = outcome;
  console.log(
    `\n${outcome.setup}: seeded ${seeded.businesses.toLocaleString('en')} businesses, ` +
      `${seeded.audits.toLocaleString('en')} audits, ${seeded.stats.toLocaleString('en')} tracking counts, ` +
      `${seeded.answers.toLocaleString('en')} answers in ${seeded.seconds.toFixed(0)} s`,
  );
  console.log(
    `${'businesses'.padEnd(12)}${'time'.padStart(10)}${'ratio'.padStart(8)}${'HTML bytes'.padStart(12)}${'KB'.padStart(9)}`,
  );
  const empty = outcome.rows.find((row) => row.size === 0) ?? outcome.rows[0]!;
  for (const row of outcome.rows) {
    const rowOver = row.bytes > HTML_BUDGET;
    over ||= rowOver;
    console.log(
      `${row.size.toLocaleString('en').padEnd(12)}${`${row.ms.toFixed(1)}ms`.padStart(10)}` +
        `${`${(row.ms / empty.ms).toFixed(2)}x`.padStart(8)}${String(row.bytes).padStart(12)}` +
        `${`${(row.bytes / KIB).toFixed(1)}`.padStart(9)}${rowOver ? `  OVER the ${HTML_BUDGET / KIB} KB budget` : ''}`,
    );
  }
}
console.log(
  `\nTargets: ≤ 1.50x at 1,000 and ≤ 2.00x at 100,000 businesses; HTML ≤ ${HTML_BUDGET / KIB} KB (${HTML_BUDGET} bytes).`,
);
process.exit(over ? 1 : 0);
