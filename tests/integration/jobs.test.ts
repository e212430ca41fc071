import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createJobEngine, type JobEngine } from '~/jobs/engine.server';
import { databaseEngine } from '~/lib/db.server';

// The job engine on this run's database (SQLite, or PostgreSQL with TEST_DATABASE=postgresql):
// keys, retries with backoff, the failed state and its retry, a worker killed mid-job, two
// instances sharing a queue, schedules with two instances, and a graceful stop.

const isPg = databaseEngine === 'postgresql';
/** pg-boss needs whole seconds between retries and at least 10 s of heartbeat. */
const RETRY_DELAY_S = isPg ? 1 : 0.2;
// A lease shorter than the longest stall of a loaded machine lets a live job be taken over (and run
// twice): leases are for dead processes, so even here they are seconds long.
const LEASE_MS = isPg ? 10_000 : 4000;

/** These tests wait on workers, leases and backoff: generous bounds for a loaded 2-core machine. */
const SLOW = 60_000;

const engines: JobEngine[] = [];
function engine(worker = true, leaseMs = LEASE_MS) {
  const created = createJobEngine({
    worker,
    pollIntervalMs: 50,
    leaseMs,
    superviseIntervalSeconds: 1,
    stopTimeoutMs: 2000,
  });
  engines.push(created);
  return created;
}

afterEach(async () => {
  await Promise.all(engines.splice(0).map((e) => e.stop(500)));
});

/** Waits for a condition (polling), failing with `what` after `timeoutMs`. */
async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

let counter = 0;
const queueName = (what: string) => `test-${what}-${Date.now()}-${counter++}`;

async function statsOf(e: JobEngine, queue: string) {
  const stats = await e.queueStats();
  return stats.find((row) => row.queue === queue)!;
}

describe(`job engine (${databaseEngine})`, () => {
  it(
    'a batch is stored at once: keys kept already (or named twice) are skipped, and each job runs once with its options',
    async () => {
      const jobs = engine(false);
      // Over one chunk of rows per statement, keys kept already skipped.
      const big = queueName('batch');
      expect(await jobs.enqueue(big, { n: 0 }, { key: 'k-0' })).toEqual(expect.any(String));
      const batch = Array.from({ length: 1203 }, (_, n) => ({
        queue: big,
        data: { n },
        key: `k-${n}`,
      }));
      expect(await jobs.enqueueMany(batch)).toBe(1202);
      expect(await jobs.enqueueMany(batch.slice(0, 10))).toBe(0);
      expect((await statsOf(jobs, big)).waiting).toBe(1203);

      // What runs: the first of a key named twice, an unkeyed job, not one that starts later.
      const small = queueName('batch-run');
      const other = queueName('batch-other');
      expect(
        await jobs.enqueueMany([
          { queue: small, data: { n: 1 }, key: 'a' },
          { queue: small, data: { n: -1 }, key: 'a' },
          { queue: small, data: { n: 'unkeyed' } },
          {
            queue: small,
            data: { n: 'later' },
            key: 'later',
            runAt: new Date(Date.now() + 3_600_000),
          },
          // The same key on another queue is another job.
          { queue: other, data: { n: 'other' }, key: 'a' },
        ]),
      ).toBe(4);
      const seen: unknown[] = [];
      expect(await jobs.drain(small, async (data) => void seen.push(data))).toBe(2);
      expect(seen).toEqual(expect.arrayContaining([{ n: 1 }, { n: 'unkeyed' }]));
      expect(await statsOf(jobs, small)).toMatchObject({ waiting: 1, doneLast24h: 2 });
      expect(await jobs.drain(other, async (data) => void seen.push(data))).toBe(1);
      expect(seen).toContainEqual({ n: 'other' });
    },
    SLOW,
  );

  it(
    'a job enqueued twice with one key runs once',
    async () => {
      const jobs = engine(false);
      const queue = queueName('key');
      const first = await jobs.enqueue(queue, { n: 1 }, { key: 'welcome:user-1' });
      const second = await jobs.enqueue(queue, { n: 2 }, { key: 'welcome:user-1' });
      const other = await jobs.enqueue(queue, { n: 3 }, { key: 'welcome:user-2' });
      expect(first).toEqual(expect.any(String));
      expect(second).toBeNull();
      expect(other).toEqual(expect.any(String));
      const seen: unknown[] = [];
      expect(await jobs.drain(queue, async (data) => void seen.push(data))).toBe(2);
      expect(seen).toEqual([{ n: 1 }, { n: 3 }]);
      // Done, and still kept: the key stays taken.
      expect(await jobs.enqueue(queue, { n: 4 }, { key: 'welcome:user-1' })).toBeNull();
      expect(await jobs.drain(queue, async (data) => void seen.push(data))).toBe(0);
      expect(await statsOf(jobs, queue)).toEqual({
        queue,
        waiting: 0,
        running: 0,
        failed: 0,
        doneLast24h: 2,
      });
    },
    SLOW,
  );

  it(
    'a failing job is retried with backoff, lands failed after its last attempt, and retryFailedJob runs it again',
    async () => {
      const jobs = engine();
      const queue = queueName('retry');
      const attempts: { attempt: number; at: number }[] = [];
      let healthy = false;
      await jobs.work(
        queue,
        async (_data, job) => {
          attempts.push({ attempt: job.attempt, at: Date.now() });
          if (!healthy) throw new Error(`boom ${job.attempt}`);
        },
        { concurrency: 2 },
      );
      const id = (await jobs.enqueue(
        queue,
        { to: 'x' },
        { retry: { limit: 2, delaySeconds: RETRY_DELAY_S, backoff: true } },
      ))!;
      await waitFor(
        'the job to fail for good',
        async () => (await statsOf(jobs, queue)).failed === 1,
        40_000,
      );
      expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3]);
      const [first, second, third] = attempts.map((a) => a.at);
      const base = RETRY_DELAY_S * 1000;
      expect(second! - first!).toBeGreaterThanOrEqual(base * 0.9);
      // Backoff: the second wait is at least twice the base delay.
      expect(third! - second!).toBeGreaterThanOrEqual(2 * base * 0.9);

      const failed = await jobs.listFailedJobs({ page: 1, pageSize: 10, queue });
      expect(failed.total).toBe(1);
      expect(failed.items).toEqual([
        {
          id,
          queue,
          error: 'boom 3',
          attempts: 3,
          failedAt: expect.any(Date),
          createdAt: expect.any(Date),
        },
      ]);
      // Paged on the server: a page past the end is empty but still counts.
      expect(await jobs.listFailedJobs({ page: 2, pageSize: 10, queue })).toEqual({
        items: [],
        total: 1,
      });

      healthy = true;
      expect(await jobs.retryFailedJob(queue, id)).toBe(true);
      await waitFor('the retried job to finish', async () => {
        const stats = await statsOf(jobs, queue);
        return stats.doneLast24h === 1 && stats.failed === 0;
      });
      expect(attempts).toHaveLength(4);
      expect(await jobs.retryFailedJob(queue, id)).toBe(false); // not failed any more
      expect((await jobs.listFailedJobs({ page: 1, pageSize: 10, queue })).total).toBe(0);
    },
    SLOW,
  );

  it(
    'a job whose worker process is killed mid-run runs again and completes once',
    async () => {
      const jobs = engine();
      const queue = queueName('crash');
      const id = await jobs.enqueue(queue, { n: 1 }, { retry: { limit: 3, delaySeconds: 1 } });
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', path.resolve('tests/fixtures/jobs/crash-worker.ts')],
        {
          env: { ...process.env, JOBS_TEST_QUEUE: queue, JOBS_TEST_LEASE_MS: String(LEASE_MS) },
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        await waitFor(
          'the child to start the job',
          () => output.includes(`STARTED ${id} 1`),
          30_000,
        );
        expect((await statsOf(jobs, queue)).running).toBe(1);
      } finally {
        child.kill('SIGKILL');
      }
      await exited;

      const runs: number[] = [];
      await jobs.work(queue, async (_data, job) => void runs.push(job.attempt), { concurrency: 1 });
      await waitFor(
        'the job to run again',
        async () => (await statsOf(jobs, queue)).doneLast24h === 1,
        40_000,
      );
      expect(runs).toEqual([2]);
      expect(await statsOf(jobs, queue)).toMatchObject({ waiting: 0, running: 0, failed: 0 });
    },
    SLOW,
  );

  it(
    'two engine instances on one queue run each of 200 jobs exactly once',
    async () => {
      // No worker dies here, so the lease is production's: a loaded machine that stalls a live
      // worker past a short lease would hand its job to the other engine (leases are for the dead).
      const a = engine(true, 30_000);
      const b = engine(true, 30_000);
      const queue = queueName('shared');
      const runs = new Map<number, string[]>();
      const handler = (name: string) => async (data: unknown) => {
        const { n } = data as { n: number };
        runs.set(n, [...(runs.get(n) ?? []), name]);
        await new Promise((resolve) => setTimeout(resolve, 5));
      };
      await a.work(queue, handler('a'), { concurrency: 5 });
      await b.work(queue, handler('b'), { concurrency: 5 });
      for (let n = 0; n < 200; n += 1) await (n % 2 ? a : b).enqueue(queue, { n });
      await waitFor(
        '200 jobs to be done',
        async () => (await statsOf(a, queue)).doneLast24h === 200,
        50_000,
      );
      expect(runs.size).toBe(200);
      expect([...runs.values()].every((by) => by.length === 1)).toBe(true);
      const byA = [...runs.values()].filter(([by]) => by === 'a').length;
      expect(byA).toBeGreaterThan(0);
      expect(byA).toBeLessThan(200);
      expect(await statsOf(b, queue)).toMatchObject({ waiting: 0, running: 0, failed: 0 });
    },
    SLOW,
  );

  it(
    'stop() lets running jobs finish within the timeout and gives back the rest without spending an attempt',
    async () => {
      const jobs = engine();
      const queue = queueName('stop');
      const started: string[] = [];
      let aborted = 0;
      await jobs.work<{ slow: boolean }>(
        queue,
        async ({ slow }, job) => {
          started.push(job.id);
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, slow ? 60_000 : 300);
            job.signal.addEventListener('abort', () => {
              aborted += 1;
              clearTimeout(timer);
              resolve();
            });
          });
        },
        { concurrency: 2 },
      );
      await jobs.enqueue(queue, { slow: false });
      await jobs.enqueue(queue, { slow: true });
      await waitFor('both jobs to start', () => started.length === 2);
      await jobs.stop(1000);
      expect(aborted).toBe(1);
      const after = engine();
      expect(await statsOf(after, queue)).toMatchObject({ waiting: 1, running: 0, doneLast24h: 1 });
      const attempts: number[] = [];
      expect(await after.drain(queue, async (_data, job) => void attempts.push(job.attempt))).toBe(
        1,
      );
      expect(attempts).toEqual([1]);
    },
    SLOW,
  );

  // Each database has its own schedule test (SQLite's cron has seconds, pg-boss's only minutes):
  // each run defines the one for its database, so neither is ever reported as skipped.
  if (isPg) {
    it('a schedule fires once per period with two instances (PostgreSQL, pg-boss cron: minutes)', async () => {
      const queue = queueName('cron');
      const runs: { id: string; minute: number }[] = [];
      for (const _name of ['a', 'b']) {
        const e = engine();
        await e.work(
          queue,
          async (_data, job) =>
            void runs.push({ id: job.id, minute: Math.floor(Date.now() / 60_000) }),
          { concurrency: 2 },
        );
        await e.schedule(queue, '* * * * *');
      }
      await waitFor('the first occurrence', () => runs.length > 0, 75_000);
      // Both instances look for due occurrences every second: give them a few more looks at this
      // minute's, which must not give a second job.
      const settle = Date.now() + 5000;
      await waitFor('five more seconds of cron passes', () => Date.now() > settle, 10_000);
      const minutes = runs.map((run) => run.minute);
      expect(new Set(minutes).size).toBe(minutes.length);
      expect(new Set(runs.map((run) => run.id)).size).toBe(runs.length);
    }, 100_000);
  } else {
    it(
      'a schedule fires once per period with two instances (SQLite)',
      async () => {
        const queue = queueName('cron');
        const runs: string[] = [];
        const since = Date.now();
        for (const name of ['a', 'b']) {
          const e = engine();
          await e.work(queue, async (_data, job) => void runs.push(`${job.id}:${name}`), {
            concurrency: 2,
          });
          await e.schedule(queue, '* * * * * *'); // every second
        }
        await waitFor(
          'three occurrences',
          async () => (await statsOf(engines[0]!, queue)).doneLast24h >= 3,
        );
        const seconds = Math.ceil((Date.now() - since) / 1000);
        const stats = await statsOf(engines[0]!, queue);
        const jobs = stats.doneLast24h + stats.waiting + stats.running;
        // At most one job per second that passed, although both instances look every 50 ms ...
        expect(jobs).toBeLessThanOrEqual(seconds + 1);
        // ... and each ran once, by whichever instance took it.
        expect(new Set(runs.map((run) => run.split(':')[0])).size).toBe(runs.length);
      },
      SLOW,
    );
  }
});
