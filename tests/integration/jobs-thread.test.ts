import { pathToFileURL } from 'node:url';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createJobEngine, jobEngine, type JobEngine } from '~/jobs/engine.server';
import { startBackgroundJobs } from '~/jobs/index.server';
import {
  JOB_THREAD_NICE,
  JobThreadAbortedError,
  startJobThread,
  type JobThread,
} from '~/jobs/thread.server';
import { RETENTION_QUEUE } from '~/domain/retention.server';
import { databaseEngine, db } from '~/lib/db.server';
import { PROBE_QUEUE, type Probe, type ProbeReport } from '../fixtures/jobs/thread-probe';

// The job workers on a thread of their own (app/jobs/thread.server.ts, decision 0030): a page's
// query gets a connection while the jobs hold every one of theirs, the jobs run off the request
// thread, and the request thread's lag still holds their claims back. Then the server's own
// start-up: on PostgreSQL the workers go to the thread, on SQLite they stay beside the requests
// (its one connection already has a thread of its own).

const isPg = databaseEngine === 'postgresql';
const SLOW = 120_000;
/** The thread loads TypeScript sources here (the server's thread loads the built JavaScript). */
const TS_LOADER = 'tsx';
const PROBE_URL = pathToFileURL(path.resolve('tests/fixtures/jobs/thread-probe.ts')).href;

const threads: JobThread[] = [];
const engines: JobEngine[] = [];
let stopJobs: (() => Promise<void>) | undefined;

afterEach(async () => {
  await Promise.all(threads.splice(0).map((thread) => thread.stop()));
  await Promise.all(engines.splice(0).map((engine) => engine.stop(500)));
  await stopJobs?.();
  stopJobs = undefined;
});

async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function probeThread(paceLagMs = 25) {
  const thread = await startJobThread({
    moduleUrl: PROBE_URL,
    preload: TS_LOADER,
    paceLagMs,
    stopTimeoutMs: 2000,
    onCrash: (error) => {
      throw error;
    },
  });
  threads.push(thread);
  // The request thread's side: enqueues only.
  const web = createJobEngine({ worker: false, pollIntervalMs: 50, leaseMs: 30_000 });
  engines.push(web);
  return web;
}

/** The reports of the probes that have finished (each fails for good with its report). */
async function reports(web: JobEngine, tag: string): Promise<ProbeReport[]> {
  const failed = await web.listFailedJobs({ page: 1, pageSize: 50, queue: PROBE_QUEUE });
  return failed.items
    .map((job) => JSON.parse(job.error ?? '{}') as ProbeReport)
    .filter((report) => report.tag === tag);
}

async function running(web: JobEngine) {
  const stats = await web.queueStats();
  return stats.find((row) => row.queue === PROBE_QUEUE)?.running ?? 0;
}

/**
 * Holds this (the request) thread's event loop in bursts, as a busy page would, until `stop()`
 * (at most a minute); timers and database answers still get the gaps between bursts.
 */
function lagUntilStopped() {
  let stopped = false;
  const done = (async () => {
    const end = performance.now() + 60_000;
    while (!stopped && performance.now() < end) {
      const burst = performance.now() + 100;
      while (performance.now() < burst) {
        // busy
      }
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  })();
  return async () => {
    stopped = true;
    await done;
  };
}

describe(`job workers on a thread of their own (${databaseEngine})`, () => {
  it(
    "a page's query gets a connection while every job holds one of its own, and the jobs run off the request thread",
    async () => {
      const web = await probeThread();
      // As many jobs as the pool has connections (DATABASE_POOL_SIZE=4 in tests), each holding
      // one inside a transaction for longer than a request would wait for one (5 s). (SQLite's
      // one connection per thread takes the transactions in turn: shorter holds.)
      const holders = 4;
      const holdMs = isPg ? 8000 : 3000;
      await web.enqueueMany<Probe>(
        Array.from({ length: holders }, () => ({
          queue: PROBE_QUEUE,
          data: { tag: 'hold', holdMs },
        })),
      );
      await waitFor('the jobs to run', async () => (await running(web)) === holders);
      if (isPg) {
        // Every one of them inside its transaction (seen from outside the app's pools).
        const outside = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await outside.connect();
        try {
          await waitFor('the transactions to be open', async () => {
            const { rows } = await outside.query<{ n: string }>(
              `SELECT count(*) AS n FROM pg_stat_activity
                WHERE datname = current_database() AND state = 'idle in transaction'`,
            );
            return Number(rows[0]?.n) >= holders;
          });
        } finally {
          await outside.end();
        }
      }

      const answer = await db.$queryRaw<{ one: number }[]>`SELECT 1 AS one`;
      expect(Number(answer[0]?.one)).toBe(1);
      // Answered while the jobs still held theirs, not after they let go.
      expect(await running(web)).toBeGreaterThan(0);
      if (isPg) expect(await running(web)).toBe(holders);

      await waitFor(
        'the probes to report',
        async () => (await reports(web, 'hold')).length === holders,
      );
      for (const report of await reports(web, 'hold')) {
        expect(report.threadId).toBeGreaterThan(0);
        // At a lower priority than this thread: the kernel gives pages the CPU first.
        expect(report.nice).toBe(JOB_THREAD_NICE);
      }
    },
    SLOW,
  );

  it(
    "the request thread's lag holds the job thread's claims back",
    async () => {
      // The job thread's own loop is idle: only the lag the request thread reports paces it. Told
      // nothing (pacing off), its claim of a job enqueued while this thread lags runs unpaced;
      // told the lag, the claim waits and the job runs paced.
      for (const [paceLagMs, tag] of [
        [0, 'untold'],
        [25, 'told'],
      ] as const) {
        const web = await probeThread(paceLagMs);
        // Lagging from before the job is enqueued until it has run.
        const stopLagging = lagUntilStopped();
        await new Promise((resolve) => setTimeout(resolve, 300));
        await web.enqueue<Probe>(PROBE_QUEUE, { tag, holdMs: 0 });
        await waitFor(`the ${tag} probe`, async () => (await reports(web, tag)).length === 1);
        await stopLagging();
        expect((await reports(web, tag))[0]?.pacing).toBe(paceLagMs > 0);
        await Promise.all(threads.splice(0).map((thread) => thread.stop()));
      }
    },
    SLOW,
  );

  it(
    isPg
      ? "the server's start-up runs the workers on the thread and only enqueues here"
      : "the server's start-up keeps the workers beside the requests on SQLite",
    async () => {
      stopJobs = await startBackgroundJobs({
        threadModuleUrl: pathToFileURL(path.resolve('app/jobs/index.server.ts')).href,
        threadPreload: TS_LOADER,
      });
      // The engine this thread enqueues through: a worker here only on SQLite.
      expect(jobEngine().options.worker).toBe(!isPg);
      // A job enqueued here is run (by the thread on PostgreSQL).
      await jobEngine().enqueue(RETENTION_QUEUE, {});
      await waitFor(
        'the retention job to be done',
        async () =>
          ((await jobEngine().queueStats()).find((row) => row.queue === RETENTION_QUEUE)
            ?.doneLast24h ?? 0) >= 1,
      );
    },
    SLOW,
  );

  it('a stop that comes while the thread still starts ends it at once: the start says so, nothing keeps running', async () => {
    const stopping = new AbortController();
    const started = Date.now();
    const starting = startJobThread({
      moduleUrl: PROBE_URL,
      preload: TS_LOADER,
      paceLagMs: 25,
      stopTimeoutMs: 2000,
      signal: stopping.signal,
      onCrash: (error) => {
        throw error;
      },
    });
    // Loading the program takes the thread a while (seconds on a busy machine): stop before that.
    stopping.abort();
    await expect(starting).rejects.toBeInstanceOf(JobThreadAbortedError);
    expect(Date.now() - started).toBeLessThan(2000);
    // Aborted before it began: the same at once.
    await expect(
      startJobThread({
        moduleUrl: PROBE_URL,
        paceLagMs: 0,
        stopTimeoutMs: 2000,
        signal: stopping.signal,
        onCrash: () => undefined,
      }),
    ).rejects.toBeInstanceOf(JobThreadAbortedError);
  });
});
