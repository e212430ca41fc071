// `npm run bench:tracking`: tracking at scale (issue 24), on SQLite with one worker process and on
// PostgreSQL (a throw-away cluster, scripts/lib/pg-cluster.ts) with two, each on a fresh database.
//
// Part 1, a weekly round: BENCH_BUSINESSES owners on a weekly plan (Starter: weekly and 10 prompts;
// DIY allows 5), each business with 10 prompts, asked of 4 engines 3 times: 240,000 asks at the
// default 2,000 businesses. The engines are the local fake of their HTTP APIs
// (tests/fakes/ai-engines.ts) answering after BENCH_LATENCY_MS (min-max, jittered), limiting each
// engine to BENCH_FAKE_RPM requests a minute (429 + Retry-After past it) while the app's own
// <ENGINE>_RPM sits just under it, and failing a share (BENCH_FAULT_SHARE) of requests with 429s
// and 500s so the retries run. Seeded in bulk (createMany), then the round is queued the way
// production does (enqueueDueRounds once) while the worker processes (startBackgroundJobs,
// JOBS_WORKER=true) run. Measured over BENCH_SECONDS: how long the rounds take to fan out into
// ask jobs, the answers a second once running (a steady window after a warm-up), and the time to
// finish the round (measured when it ends within the window, else extrapolated from the steady
// rate and the asks left). Then the workers stop and the answers are checked: one per ask key,
// and answers + failures = ask jobs done.
//
// Part 0, the enqueue rate (issue 30): on a fresh database of BENCH_ENQUEUE_BUSINESSES (100)
// seeded businesses, the round's fan-out (10 prompts x 4 engines x 3 samples each) one job at a
// time, as fanOutRound did before issue 30, then batched (fanOutRound today), in one process one
// after the other: jobs/s each way and the ratio. Target: at least 10x on both engines.
//
// Part 2, the visibility page with a year of daily answers: scripts/bench/tracking-page.ts on each
// database; the median time of the page route's loader (a GET with a session cookie) for that
// business, for one with no answers yet and for one with only today's. Target: the year within 2x
// of the empty one.
//
// Knobs: BENCH_BUSINESSES, BENCH_SECONDS, BENCH_LATENCY_MS, BENCH_FAKE_RPM, BENCH_RPM,
// BENCH_CONCURRENCY, BENCH_FAULT_SHARE, BENCH_PAGE_RUNS, BENCH_PAGE_DAYS, BENCH_PART=round|page,
// BENCH_ENQUEUE_BUSINESSES, BENCH_PART=enqueue, BENCH_SETUPS=sqlite,postgresql, BENCH_VERBOSE (the children's first log lines), BENCH_STDERR=file.
import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { startFakeEngines, type FakeEngineId, type FakeEngines } from '../tests/fakes/ai-engines';
import { migrate } from './db-migrate';
import { createDatabase, startPgCluster, type PgCluster } from './lib/pg-cluster';

/** One random secret for every instance of the run: production refuses a published one. */
const SESSION_SECRET = randomBytes(24).toString('base64url');

const ENGINES: FakeEngineId[] = ['chatgpt', 'perplexity', 'gemini', 'claude'];
const ENV_PREFIX: Record<string, string> = {
  chatgpt: 'OPENAI',
  perplexity: 'PERPLEXITY',
  gemini: 'GOOGLE',
  claude: 'ANTHROPIC',
};
const BUSINESSES = Number(process.env.BENCH_BUSINESSES ?? 2000);
const PROMPTS = 10;
const SAMPLES = 3;
const ASKS = BUSINESSES * PROMPTS * ENGINES.length * SAMPLES;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 150);
const [LATENCY_MIN, LATENCY_MAX] = (process.env.BENCH_LATENCY_MS ?? '400-1500')
  .split('-')
  .map(Number) as [number, number];
const FAKE_RPM = Number(process.env.BENCH_FAKE_RPM ?? 6000);
const APP_RPM = Number(process.env.BENCH_RPM ?? Math.floor(FAKE_RPM * 0.98));
/**
 * Calls under way per engine, over all worker processes. Enough for what two shared CPUs store (a
 * few dozen answers a second); far more only queues the stores in each process's event loop until
 * PostgreSQL's 5 s transaction limit expires them (the answer is then asked again).
 */
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const FAULT_SHARE = Number(process.env.BENCH_FAULT_SHARE ?? 0.01);
const PAGE_RUNS = process.env.BENCH_PAGE_RUNS ?? '30';
const PART = process.env.BENCH_PART ?? 'all';
const SETUPS = process.env.BENCH_SETUPS ?? 'sqlite,postgresql';
const ROUND_WORKER = path.resolve(import.meta.dirname, 'bench/tracking-round.ts');
const PAGE_WORKER = path.resolve(import.meta.dirname, 'bench/tracking-page.ts');

function baseEnv(databaseUrl: string, fake: FakeEngines, workers = 1): NodeJS.ProcessEnv {
  const engineEnv: Record<string, string> = {};
  const urls = fake.baseURLs();
  for (const engine of ENGINES) {
    engineEnv[`${ENV_PREFIX[engine]}_BASE_URL`] = urls[engine];
    engineEnv[`${ENV_PREFIX[engine]}_RPM`] = String(APP_RPM);
  }
  return {
    ...process.env,
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://127.0.0.1:3999',
    DATABASE_URL: databaseUrl,
    // Each call under way holds a connection only while it reads or stores; the store is a
    // transaction that fails after 2 s without one, so the pool follows the concurrency.
    DATABASE_POOL_SIZE: String(
      Math.min(100, Math.ceil(CONCURRENCY / workers) * ENGINES.length + 10),
    ),
    SESSION_SECRET,
    OPENAI_API_KEY: 'sk-bench',
    PERPLEXITY_API_KEY: 'pplx-bench',
    GOOGLE_GENERATIVE_AI_API_KEY: 'gemini-bench',
    ANTHROPIC_API_KEY: 'sk-ant-bench',
    ...engineEnv,
    OPENAI_COMPATIBLE_BASE_URL: '',
    DEMO_TRACKING: 'false',
    TRACKING_SAMPLES: String(SAMPLES),
    TRACKING_MONTHLY_BUDGET_USD: '1000000',
    TRACKING_RETRY_DELAY_SECONDS: '1',
    // The round is queued once, by the bench, as the hourly schedule would.
    TRACKING_SCHEDULER: 'false',
    AUDIT_SCHEDULER: 'false',
    JOBS_POLL_INTERVAL_MS: '200',
    BENCH_BUSINESSES: String(BUSINESSES),
    BENCH_PROMPTS: String(PROMPTS),
    BENCH_PAGE_RUNS: PAGE_RUNS,
  };
}

/** The children's stderr, by message (ids and numbers taken out), so a thousand retries print once. */
const logs = new Map<string, number>();

function child(script: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const proc = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Read every line (a full pipe would stall the child); `line` below waits for one.
  const lines: string[] = [];
  let buffer = '';
  proc.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    const rows = buffer.split('\n');
    buffer = rows.pop()!;
    for (const row of rows) {
      lines.push(row);
      proc.emit('line', row);
    }
  });
  let errors = '';
  proc.stderr!.on('data', (chunk: Buffer) => {
    if (process.env.BENCH_STDERR) appendFileSync(process.env.BENCH_STDERR, chunk);
    errors += chunk.toString();
    const rows = errors.split('\n');
    errors = rows.pop()!;
    for (const row of rows) {
      if (!row.trim() || row.startsWith('COMPANY_NAME')) continue;
      const message = row
        .replace(
          /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\bc[a-z0-9]{24}\b/g,
          '<id>',
        )
        .replace(/\d+/g, 'N');
      logs.set(message, (logs.get(message) ?? 0) + 1);
      if (logs.get(message) === 1 && process.env.BENCH_VERBOSE) process.stderr.write(`${row}\n`);
    }
  });
  (proc as ChildProcess & { lines: string[] }).lines = lines;
  return proc;
}

/** Resolves with the remainder of the first stdout line starting with `prefix`. */
function line(proc: ChildProcess, prefix: string): Promise<string> {
  const seen = (proc as ChildProcess & { lines: string[] }).lines.find((row) =>
    row.startsWith(prefix),
  );
  if (seen !== undefined) return Promise.resolve(seen.slice(prefix.length).trim());
  return new Promise((resolve, reject) => {
    const onLine = (row: string) => {
      if (!row.startsWith(prefix)) return;
      proc.off('line', onLine);
      resolve(row.slice(prefix.length).trim());
    };
    proc.on('line', onLine);
    proc.once('exit', (code) =>
      reject(
        new Error(`${proc.spawnargs.slice(-1).join(' ')} exited (${code}) before "${prefix}"`),
      ),
    );
  });
}

type Counts = {
  askJobs: number;
  askDone: number;
  askRunning: number;
  answered: number;
  failed: number;
};
type Probe = {
  counts(): Promise<Counts>;
  /** Answer rows against their distinct keys, after the run. */
  keys(): Promise<{ rows: number; keys: number }>;
  /** Ask jobs still waiting or running, and failed for good. */
  leftover(): Promise<{ open: number; failedJobs: number }>;
  close(): Promise<void>;
};

function sqliteProbe(file: string): Probe {
  const reader = new Database(file, { readonly: true });
  const jobs = reader.prepare(
    `SELECT count(*) AS n, coalesce(sum(state = 'done'), 0) AS done, coalesce(sum(state = 'running'), 0) AS running, coalesce(sum(state = 'failed'), 0) AS failed,
            coalesce(sum(state IN ('queued', 'running')), 0) AS open
     FROM "Job" WHERE queue IN (${ENGINES.map((e) => `'tracking-ask-${e}'`).join(', ')})`,
  );
  const answers = reader.prepare(
    `SELECT status, count(*) AS n FROM "TrackingAnswer" GROUP BY status`,
  );
  return {
    async counts() {
      const job = jobs.get() as { n: number; done: number; running: number };
      const rows = answers.all() as { status: string; n: number }[];
      return {
        askJobs: job.n,
        askDone: job.done,
        askRunning: job.running,
        answered: rows.find((r) => r.status === 'answered')?.n ?? 0,
        failed: rows.find((r) => r.status === 'failed')?.n ?? 0,
      };
    },
    async keys() {
      return reader
        .prepare(`SELECT count(*) AS rows, count(DISTINCT "runKey") AS keys FROM "TrackingAnswer"`)
        .get() as { rows: number; keys: number };
    },
    async leftover() {
      const job = jobs.get() as { open: number; failed: number };
      return { open: job.open, failedJobs: job.failed };
    },
    async close() {
      reader.close();
    },
  };
}

async function pgProbe(url: string): Promise<Probe> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const queues = ENGINES.map((e) => `tracking-ask-${e}`);
  const jobCounts = async () =>
    (
      await client.query<{
        n: string;
        done: string;
        running: string;
        failed: string;
        open: string;
      }>(
        `SELECT count(*) AS n, count(*) FILTER (WHERE state = 'completed') AS done,
                count(*) FILTER (WHERE state = 'active') AS running,
                count(*) FILTER (WHERE state = 'failed') AS failed,
                count(*) FILTER (WHERE state IN ('created', 'retry', 'active')) AS open
         FROM pgboss.job WHERE name = ANY($1)`,
        [queues],
      )
    ).rows[0]!;
  return {
    async counts() {
      const job = await jobCounts();
      const { rows } = await client.query<{ status: string; n: string }>(
        `SELECT status, count(*) AS n FROM "TrackingAnswer" GROUP BY status`,
      );
      return {
        askJobs: Number(job.n),
        askDone: Number(job.done),
        askRunning: Number(job.running),
        answered: Number(rows.find((r) => r.status === 'answered')?.n ?? 0),
        failed: Number(rows.find((r) => r.status === 'failed')?.n ?? 0),
      };
    },
    async keys() {
      const { rows } = await client.query<{ rows: string; keys: string }>(
        `SELECT count(*) AS rows, count(DISTINCT "runKey") AS keys FROM "TrackingAnswer"`,
      );
      return { rows: Number(rows[0]!.rows), keys: Number(rows[0]!.keys) };
    },
    async leftover() {
      const job = await jobCounts();
      return { open: Number(job.open), failedJobs: Number(job.failed) };
    },
    close: () => client.end(),
  };
}

type RoundOutcome = {
  setup: string;
  seedSeconds: number;
  triggerSeconds: number;
  rounds: number;
  /** Seconds from the trigger to every ask job enqueued, or null when not within the window. */
  fanOutSeconds: number | null;
  fanOutPerSecond: number;
  askJobs: number;
  answersPerSecond: number;
  windowSeconds: number;
  done: number;
  finishSeconds: number;
  finishMeasured: boolean;
  fakeRequests: number;
  faultsInjected: number;
  keys: { rows: number; keys: number };
  askDone: number;
  open: number;
  failedJobs: number;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Pushes 429s and 500s onto each engine's next requests: about FAULT_SHARE of them. */
function injectFaults(fake: FakeEngines) {
  let seen = 0;
  let carry = 0;
  let injected = 0;
  const timer = setInterval(() => {
    const total = fake.requests.length;
    carry += (total - seen) * FAULT_SHARE;
    seen = total;
    while (carry >= 1) {
      carry -= 1;
      injected += 1;
      const engine = ENGINES[injected % ENGINES.length]!;
      fake.fail(engine, injected % 2 ? [{ status: 500 }] : [{ status: 429, retryAfter: 1 }]);
    }
  }, 250);
  return {
    stop() {
      clearInterval(timer);
      return injected;
    },
  };
}

async function round(
  setup: string,
  databaseUrl: string,
  workers: number,
  probe: Probe,
): Promise<RoundOutcome> {
  const fake = await startFakeEngines({
    // Read by the fake at every request: each answer's latency drawn anew.
    get latencyMs() {
      return LATENCY_MIN + Math.random() * (LATENCY_MAX - LATENCY_MIN);
    },
    rpm: Object.fromEntries(ENGINES.map((engine) => [engine, FAKE_RPM])),
  });
  try {
    const env = baseEnv(databaseUrl, fake, workers);
    const seeder = child(ROUND_WORKER, ['seed'], env);
    const seedMs = Number(await line(seeder, 'SEEDED'));
    const perWorker = String(Math.ceil(CONCURRENCY / workers));
    const workerEnv: NodeJS.ProcessEnv = {
      ...env,
      JOBS_WORKER: 'true',
      ...Object.fromEntries(ENGINES.map((e) => [`${ENV_PREFIX[e]}_CONCURRENCY`, perWorker])),
    };
    const procs = Array.from({ length: workers }, () => child(ROUND_WORKER, ['work'], workerEnv));
    await Promise.all(procs.map((proc) => line(proc, 'READY')));
    const faults = injectFaults(fake);

    const trigger = child(ROUND_WORKER, ['trigger'], env);
    const [start, end, rounds] = (await line(trigger, 'TRIGGERED')).split(' ').map(Number) as [
      number,
      number,
      number,
    ];
    const deadline = start + SECONDS * 1000;
    let fanOutAt: number | null = null;
    let firstAnswerAt: number | null = null;
    const samples: { at: number; done: number }[] = [];
    let latest = { at: start, done: 0, askJobs: 0 };
    let finishedAt: number | null = null;
    let lastPrint = 0;
    for (;;) {
      const counts = await probe.counts();
      const at = Date.now();
      const done = counts.answered + counts.failed;
      latest = { at, done, askJobs: counts.askJobs };
      if (fanOutAt === null && counts.askJobs >= ASKS) fanOutAt = at;
      if (firstAnswerAt === null && done > 0) firstAnswerAt = at;
      samples.push({ at, done });
      if (done >= ASKS) {
        finishedAt = at;
        break;
      }
      if (at >= deadline) break;
      if (at - lastPrint >= 5_000) {
        lastPrint = at;
        process.stderr.write(
          `  ${setup} ${((at - start) / 1000).toFixed(0)} s: ${counts.askJobs} ask jobs, ${counts.askRunning} running, ${done} asked, ${fake.requests.length} requests to the fake\n`,
        );
      }
      await sleep(1000);
    }
    const stopping = procs.map((proc) => line(proc, 'STOPPED'));
    for (const proc of procs) proc.kill('SIGTERM');
    await Promise.all(stopping);
    const injected = faults.stop();

    // The steady window opens 15 s after the first answer (the first calls' answers all come
    // back at once, pools warm up), or at a quarter of the run if that is later; when that leaves
    // under 10 s, at the first answer.
    const opensAt = Math.max((firstAnswerAt ?? start) + 15_000, start + SECONDS * 250);
    const window = (latest.at - opensAt >= 10_000
      ? samples.find((sample) => sample.at >= opensAt)
      : null) ??
      samples.find((sample) => sample.at >= (firstAnswerAt ?? start)) ?? { at: start, done: 0 };
    const windowSeconds = (latest.at - window.at) / 1000;
    const answersPerSecond = windowSeconds > 0 ? (latest.done - window.done) / windowSeconds : 0;
    const elapsed = (latest.at - start) / 1000;
    const finishSeconds = finishedAt
      ? (finishedAt - start) / 1000
      : elapsed + (ASKS - latest.done) / Math.max(answersPerSecond, 1e-9);
    const final = await probe.counts();
    const leftover = await probe.leftover();
    return {
      setup,
      seedSeconds: seedMs / 1000,
      triggerSeconds: (end - start) / 1000,
      rounds,
      fanOutSeconds: fanOutAt ? (fanOutAt - start) / 1000 : null,
      fanOutPerSecond: fanOutAt ? ASKS / ((fanOutAt - start) / 1000) : latest.askJobs / elapsed,
      askJobs: final.askJobs,
      answersPerSecond,
      windowSeconds,
      done: final.answered + final.failed,
      finishSeconds,
      finishMeasured: finishedAt !== null,
      fakeRequests: fake.requests.length,
      faultsInjected: injected,
      keys: await probe.keys(),
      askDone: final.askDone,
      open: leftover.open,
      failedJobs: leftover.failedJobs,
    };
  } finally {
    await fake.close();
  }
}

type EnqueueOutcome = {
  setup: string;
  businesses: number;
  one: number;
  oneMs: number;
  batched: number;
  batchMs: number;
  /** Of batchMs, about this much is the fan-out's two reads per business (timed apart). */
  readsMs: number;
};
const ENQUEUE_BUSINESSES = Number(process.env.BENCH_ENQUEUE_BUSINESSES ?? 100);

async function enqueueRate(setup: string, databaseUrl: string): Promise<EnqueueOutcome> {
  const fake = await startFakeEngines();
  try {
    const env = { ...baseEnv(databaseUrl, fake), BENCH_BUSINESSES: String(ENQUEUE_BUSINESSES) };
    await line(child(ROUND_WORKER, ['seed'], env), 'SEEDED');
    const proc = child(ROUND_WORKER, ['enqueue'], env);
    return { setup, ...(JSON.parse(await line(proc, 'ENQUEUE')) as Omit<EnqueueOutcome, 'setup'>) };
  } finally {
    await fake.close();
  }
}

type PageOutcome = {
  setup: string;
  seeded: {
    answers: number;
    stats: number;
    nameStats: number;
    domainStats: number;
    seconds: number;
  };
  emptyMs: number;
  oneDayMs: number;
  fullMs: number;
  currentAnswers: number;
};

async function page(setup: string, databaseUrl: string): Promise<PageOutcome> {
  const fake = await startFakeEngines();
  try {
    const proc = child(PAGE_WORKER, [], {
      ...baseEnv(databaseUrl, fake),
      BENCH_PROMPTS: String(PROMPTS),
    });
    return { setup, ...(JSON.parse(await line(proc, 'RESULT')) as Omit<PageOutcome, 'setup'>) };
  } finally {
    await fake.close();
  }
}

async function sqliteDatabase<T>(
  withDatabase: (url: string, file: string) => Promise<T>,
): Promise<T> {
  const dir = mkdtempSync(path.join(tmpdir(), 'aiv-bench-tracking-'));
  try {
    const file = path.join(dir, 'bench.db');
    await migrate(`file:${file}`, true);
    return await withDatabase(`file:${file}`, file);
  } finally {
    if (process.env.BENCH_KEEP) console.log(`kept ${dir}`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

let databases = 0;
async function pgDatabase<T>(
  cluster: PgCluster,
  withDatabase: (url: string) => Promise<T>,
): Promise<T> {
  databases += 1;
  const name = `bench_tracking_${databases}`;
  const url = await createDatabase(cluster, name);
  await migrate(url, true);
  return withDatabase(url);
}

console.log(
  `bench:tracking: ${BUSINESSES.toLocaleString('en')} businesses x ${PROMPTS} prompts x ${ENGINES.length} engines x ${SAMPLES} samples = ${ASKS.toLocaleString('en')} asks; ` +
    `fake latency ${LATENCY_MIN}-${LATENCY_MAX} ms, ${FAKE_RPM} RPM per engine at the fake (app ${APP_RPM}), ${(FAULT_SHARE * 100).toFixed(1)}% 429/500; ` +
    `${CONCURRENCY} calls at a time per engine; ${SECONDS} s window; Node ${process.versions.node}`,
);
const enqueues: EnqueueOutcome[] = [];
const rounds: RoundOutcome[] = [];
const pages: PageOutcome[] = [];
const cluster = await startPgCluster();
try {
  if ((PART === 'all' || PART === 'enqueue') && SETUPS.includes('sqlite'))
    enqueues.push(await sqliteDatabase((url) => enqueueRate('SQLite', url)));
  if ((PART === 'all' || PART === 'enqueue') && SETUPS.includes('postgresql'))
    enqueues.push(await pgDatabase(cluster, (url) => enqueueRate('PostgreSQL', url)));
  if ((PART === 'all' || PART === 'round') && SETUPS.includes('sqlite'))
    rounds.push(
      await sqliteDatabase(async (url, file) => {
        const probe = sqliteProbe(file);
        try {
          return await round('SQLite x1', url, 1, probe);
        } finally {
          await probe.close();
        }
      }),
    );
  if ((PART === 'all' || PART === 'round') && SETUPS.includes('postgresql'))
    rounds.push(
      await pgDatabase(cluster, async (url) => {
        const probe = await pgProbe(url);
        try {
          return await round('PostgreSQL x2', url, 2, probe);
        } finally {
          await probe.close();
        }
      }),
    );
  if ((PART === 'all' || PART === 'page') && SETUPS.includes('sqlite'))
    pages.push(await sqliteDatabase((url) => page('SQLite', url)));
  if ((PART === 'all' || PART === 'page') && SETUPS.includes('postgresql'))
    pages.push(await pgDatabase(cluster, (url) => page('PostgreSQL', url)));
} finally {
  cluster.stop();
}

function table(rows: string[][]) {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  for (const row of rows)
    console.log(
      row
        .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
        .join('  '),
    );
}
const n = (value: number) => Math.round(value).toLocaleString('en');
const s = (seconds: number) =>
  seconds >= 120 ? `${(seconds / 60).toFixed(1)} min` : `${seconds.toFixed(1)} s`;
let problems = 0;
if (enqueues.length) {
  const rate = (jobs: number, ms: number) => (jobs * 1000) / Math.max(ms, 1);
  console.log(
    `\nPart 0: enqueue rate of a round's fan-out (${ENQUEUE_BUSINESSES} businesses x ${PROMPTS} prompts x ${ENGINES.length} engines x ${SAMPLES} samples), target 10x`,
  );
  table([
    ['', 'jobs', 'before: one at a time', 'after: batched', 'after/before', 'of which reads'],
    ...enqueues.map((o) => {
      const before = rate(o.one, o.oneMs);
      const after = rate(o.batched, o.batchMs);
      return [
        o.setup,
        `${n(o.one)} / ${n(o.batched)}`,
        `${n(before)} jobs/s (${s(o.oneMs / 1000)})`,
        `${n(after)} jobs/s (${s(o.batchMs / 1000)})`,
        `${(after / before).toFixed(1)}x${after / before < 10 ? ' under' : ''}`,
        s(o.readsMs / 1000),
      ];
    }),
  ]);
  for (const o of enqueues) {
    const expected = o.businesses * PROMPTS * ENGINES.length * SAMPLES;
    if (o.one !== expected || o.batched !== expected) {
      problems += 1;
      console.error(`${o.setup}: ${o.one} and ${o.batched} jobs stored, ${expected} expected`);
    }
    if (rate(o.batched, o.batchMs) < 10 * rate(o.one, o.oneMs)) problems += 1;
  }
}
if (rounds.length) {
  console.log(`\nPart 1: a weekly round of ${n(ASKS)} asks`);
  table([
    ['', ...rounds.map((o) => o.setup)],
    ['seeded (createMany)', ...rounds.map((o) => s(o.seedSeconds))],
    [
      'rounds queued (enqueueDueRounds)',
      ...rounds.map((o) => `${n(o.rounds)} in ${s(o.triggerSeconds)}`),
    ],
    [
      'fan-out: all ask jobs enqueued',
      ...rounds.map((o) =>
        o.fanOutSeconds !== null
          ? `${s(o.fanOutSeconds)} (measured)`
          : `~${s(ASKS / o.fanOutPerSecond)} (extrapolated)`,
      ),
    ],
    ['fan-out: ask jobs enqueued/s', ...rounds.map((o) => n(o.fanOutPerSecond))],
    ['ask jobs enqueued at the end', ...rounds.map((o) => n(o.askJobs))],
    [
      'answers/s (steady window)',
      ...rounds.map((o) => `${o.answersPerSecond.toFixed(1)} over ${s(o.windowSeconds)}`),
    ],
    ['asks done (answers + failures)', ...rounds.map((o) => n(o.done))],
    [
      'weekly round finished in',
      ...rounds.map(
        (o) =>
          `${o.finishMeasured ? '' : '~'}${s(o.finishSeconds)} (${o.finishMeasured ? 'measured' : 'extrapolated'})`,
      ),
    ],
    ['requests to the fake', ...rounds.map((o) => n(o.fakeRequests))],
    ['429/500 injected', ...rounds.map((o) => n(o.faultsInjected))],
    ['answer rows / distinct keys', ...rounds.map((o) => `${n(o.keys.rows)} / ${n(o.keys.keys)}`)],
    [
      'ask jobs done / failed / open',
      ...rounds.map((o) => `${n(o.askDone)} / ${n(o.failedJobs)} / ${n(o.open)}`),
    ],
  ]);
  for (const o of rounds) {
    if (o.keys.rows !== o.keys.keys) {
      problems += 1;
      console.error(`${o.setup}: ${o.keys.rows - o.keys.keys} asks answered more than once`);
    }
    if (o.done !== o.askDone) {
      problems += 1;
      console.error(
        `${o.setup}: ${n(o.done)} answers + failures but ${n(o.askDone)} ask jobs done`,
      );
    }
  }
}
if (pages.length) {
  console.log(
    `\nPart 2: the visibility page's loader, median of ${PAGE_RUNS} (target: a year within 2x of empty)`,
  );
  table([
    [
      '',
      'answers',
      'per-day rows',
      'seeded',
      'empty',
      'one day',
      'a year',
      'year/empty',
      'year/one day',
    ],
    ...pages.map((o) => [
      o.setup,
      n(o.seeded.answers),
      n(o.seeded.stats + o.seeded.nameStats + o.seeded.domainStats),
      s(o.seeded.seconds),
      `${o.emptyMs.toFixed(1)} ms`,
      `${o.oneDayMs.toFixed(1)} ms`,
      `${o.fullMs.toFixed(1)} ms`,
      `${(o.fullMs / o.emptyMs).toFixed(2)}x${o.fullMs / o.emptyMs > 2 ? ' over' : ''}`,
      `${(o.fullMs / o.oneDayMs).toFixed(2)}x`,
    ]),
  ]);
  console.log(
    `(the page route's loader, GET /dashboard/businesses/{id}/visibility with a session cookie; the full business lists ${pages[0]?.currentAnswers.toLocaleString('en')} answers, 10 a page)`,
  );
  problems += pages.filter((o) => o.fullMs / o.emptyMs > 2).length;
}
if (logs.size) {
  console.log('\nThe processes logged (ids and numbers as <id> and N):');
  for (const [message, count] of [...logs].sort((a, b) => b[1] - a[1]).slice(0, 12))
    console.log(`${String(count).padStart(7)} x ${message.slice(0, 160)}`);
}
process.exit(problems ? 1 : 0);
