// `npm run bench:jobs`: 10,000 no-op jobs through the job engine on three set-ups, side by side in
// one run: SQLite with one worker process, PostgreSQL (pg-boss) with one, PostgreSQL with two
// worker processes sharing the queue. A separate process enqueues the jobs as fast as it can
// (BENCH_ENQUEUERS at a time) while the workers run them (JOBS_CONCURRENCY each). Prints jobs per
// second (first enqueue to last job ended), p50/p95 from enqueue to start, and the enqueue rate.
// A second pass enqueues the jobs first and then starts the workers on the backlog: how fast the
// workers alone get through it (first start to last end), without the one enqueueing process as
// the limit.
// Each set-up gets a fresh database; PostgreSQL is a throw-away cluster (scripts/lib/pg-cluster.ts).
import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { migrate } from './db-migrate';
import { createDatabase, startPgCluster } from './lib/pg-cluster';

/** One random secret for every instance of the run: production refuses a published one. */
const SESSION_SECRET = randomBytes(24).toString('base64url');

const JOBS = Number(process.env.BENCH_JOBS ?? 10_000);
const CONCURRENCY = process.env.JOBS_CONCURRENCY ?? '10';
const POLL_MS = process.env.JOBS_POLL_INTERVAL_MS ?? '200';
const WORKER = path.resolve(import.meta.dirname, 'bench/jobs-worker.ts');

type Outcome = {
  setup: string;
  drainPerSecond: number;
  seconds: number;
  jobsPerSecond: number;
  p50: number;
  p95: number;
  enqueuePerSecond: number;
  ran: number;
};

function child(
  databaseUrl: string,
  mode: 'work' | 'enqueue',
  queue = 'bench-noop',
  extra: Record<string, string> = {},
): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', WORKER, mode], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://127.0.0.1:3999',
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: '20',
      SESSION_SECRET,
      JOBS_CONCURRENCY: CONCURRENCY,
      JOBS_POLL_INTERVAL_MS: POLL_MS,
      BENCH_JOBS: String(JOBS),
      BENCH_QUEUE: queue,
      ...extra,
    },
    stdio: [extra.BENCH_WAIT_GO ? 'pipe' : 'ignore', 'pipe', 'inherit'],
  });
}

/** Resolves with the first stdout line starting with `prefix` (its remainder). */
function line(proc: ChildProcess, prefix: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString();
      for (const row of buffer.split('\n')) {
        if (row.startsWith(prefix)) {
          proc.stdout!.off('data', onData);
          resolve(row.slice(prefix.length).trim());
          return;
        }
      }
    };
    proc.stdout!.on('data', onData);
    proc.once('exit', (code) =>
      reject(
        new Error(
          `process ${proc.spawnargs.slice(-1).join(' ')} exited (${code}, ${proc.signalCode}) before "${prefix}"`,
        ),
      ),
    );
  });
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

type WorkerResult = { waits: number[]; firstStart: number; lastEnd: number };

async function waitDone(setup: string, done: () => Promise<number>) {
  const deadline = Date.now() + 15 * 60_000;
  while ((await done()) < JOBS) {
    if (Date.now() > deadline) throw new Error(`${setup}: not done after 15 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function stopWorkers(procs: ChildProcess[]): Promise<WorkerResult[]> {
  const results = procs.map((proc) => line(proc, 'RESULT'));
  for (const proc of procs) proc.kill('SIGTERM');
  return (await Promise.all(results)).map((json) => JSON.parse(json) as WorkerResult);
}

async function run(
  setup: string,
  databaseUrl: string,
  workers: number,
  done: (queue: string) => Promise<number>,
): Promise<Outcome> {
  // Pass 1: enqueueing and running at the same time.
  const procs = Array.from({ length: workers }, () => child(databaseUrl, 'work'));
  await Promise.all(procs.map((proc) => line(proc, 'READY')));
  const enqueuer = child(databaseUrl, 'enqueue');
  const start = Number(await line(enqueuer, 'START'));
  const enqueued = Number(await line(enqueuer, 'ENQUEUED'));
  await waitDone(setup, () => done('bench-noop'));
  const parsed = await stopWorkers(procs);
  const waits = parsed.flatMap((r) => r.waits).sort((a, b) => a - b);
  const end = Math.max(...parsed.map((r) => r.lastEnd));
  const seconds = (end - start) / 1000;

  // Pass 2: a backlog of JOBS jobs, then the workers.
  const filler = child(databaseUrl, 'enqueue', 'bench-backlog');
  await line(filler, 'ENQUEUED');
  const drainers = Array.from({ length: workers }, () =>
    child(databaseUrl, 'work', 'bench-backlog', { BENCH_WAIT_GO: '1' }),
  );
  await Promise.all(drainers.map((proc) => line(proc, 'READY')));
  for (const proc of drainers) proc.stdin!.end('GO\n');
  await waitDone(setup, () => done('bench-backlog'));
  const drained = await stopWorkers(drainers);
  const drainSeconds =
    (Math.max(...drained.map((r) => r.lastEnd)) -
      Math.min(...drained.filter((r) => r.firstStart).map((r) => r.firstStart))) /
    1000;

  return {
    setup,
    seconds,
    jobsPerSecond: JOBS / seconds,
    drainPerSecond: JOBS / drainSeconds,
    p50: percentile(waits, 50),
    p95: percentile(waits, 95),
    enqueuePerSecond: JOBS / ((enqueued - start) / 1000),
    ran: Math.min(waits.length, drained.flatMap((r) => r.waits).length),
  };
}

async function sqlite(): Promise<Outcome> {
  const dir = mkdtempSync(path.join(tmpdir(), 'aiv-bench-jobs-'));
  try {
    const file = path.join(dir, 'bench.db');
    await migrate(`file:${file}`, true);
    const reader = new Database(file, { readonly: true });
    try {
      // By queue: the backlog pass must not count the first pass's jobs as its own.
      const count = reader.prepare(
        `SELECT count(*) AS n FROM "Job" WHERE state = 'done' AND queue = ?`,
      );
      return await run(
        'SQLite x1',
        `file:${file}`,
        1,
        async (queue) => (count.get(queue) as { n: number }).n,
      );
    } finally {
      reader.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function postgres(cluster: Awaited<ReturnType<typeof startPgCluster>>, workers: number) {
  const name = `bench_jobs_${workers}`;
  const url = await createDatabase(cluster, name);
  await migrate(url, true);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(`PostgreSQL x${workers}`, url, workers, async (queue) => {
      const { rows } = await client.query<{ n: string }>(
        `SELECT count(*) AS n FROM pgboss.job WHERE name = $1 AND state = 'completed'`,
        [queue],
      );
      return Number(rows[0]?.n ?? 0);
    });
  } finally {
    await client.end();
  }
}

console.log(
  `bench:jobs: ${JOBS.toLocaleString('en')} no-op jobs, ${CONCURRENCY} at a time per worker process, poll ${POLL_MS} ms, Node ${process.versions.node}`,
);
const outcomes: Outcome[] = [await sqlite()];
const cluster = await startPgCluster();
try {
  outcomes.push(await postgres(cluster, 1));
  outcomes.push(await postgres(cluster, 2));
} finally {
  cluster.stop();
}

const rows = [
  ['', ...outcomes.map((o) => o.setup)],
  ['jobs/s (enqueue→all done)', ...outcomes.map((o) => o.jobsPerSecond.toFixed(0))],
  ['seconds', ...outcomes.map((o) => o.seconds.toFixed(1))],
  ['jobs/s (backlog, workers only)', ...outcomes.map((o) => o.drainPerSecond.toFixed(0))],
  ['p50 enqueue→start (ms)', ...outcomes.map((o) => o.p50.toFixed(0))],
  ['p95 enqueue→start (ms)', ...outcomes.map((o) => o.p95.toFixed(0))],
  ['enqueued/s (1 process)', ...outcomes.map((o) => o.enqueuePerSecond.toFixed(0))],
  ['jobs run (each once, per pass)', ...outcomes.map((o) => String(o.ran))],
];
const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
for (const row of rows) {
  console.log(
    row
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join('  '),
  );
}
const wrong = outcomes.filter((o) => o.ran !== JOBS);
if (wrong.length) {
  console.error(
    `Some set-ups ran a different number of jobs than enqueued: ${wrong.map((o) => o.setup).join(', ')}`,
  );
  process.exit(1);
}
