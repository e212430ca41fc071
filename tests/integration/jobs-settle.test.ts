import { afterEach, describe, expect, it, vi } from 'vitest';
import { createJobEngine, type JobEngine } from '~/jobs/engine.server';
import { SETTLE_ATTEMPTS } from '~/jobs/runner.server';
import type { ClaimedJob } from '~/jobs/types';
import { databaseEngine } from '~/lib/db.server';

// Recording a job's outcome through a busy database (app/jobs/runner.server.ts): a time-out is
// retried, so the job is done, not left "running"; when it never gets through, one line says so and
// the job runs again once its lease ends. On this run's database (SQLite or PostgreSQL).

const isPg = databaseEngine === 'postgresql';
// Longer than settle's whole backoff (about 3 s of waiting plus each try), so a completion that
// never gets through is given up before its lease ends and the job is claimed again.
const LEASE_MS = isPg ? 10_000 : 8000;
const SLOW = 90_000;

const engines: JobEngine[] = [];
function engine() {
  const created = createJobEngine({
    worker: true,
    pollIntervalMs: 50,
    leaseMs: LEASE_MS,
    superviseIntervalSeconds: 1,
    stopTimeoutMs: 2000,
  });
  engines.push(created);
  return created;
}

afterEach(async () => {
  await Promise.all(engines.splice(0).map((e) => e.stop(500)));
  vi.restoreAllMocks();
});

async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** What Prisma throws when SQLite stays locked past the busy timeout. */
function timedOut() {
  return Object.assign(
    new Error('Invalid `prisma.job.updateMany()` invocation:\n\n\nOperation has timed out'),
    { code: 'P1008' },
  );
}

let counter = 0;
const queueName = (what: string) => `settle-${what}-${Date.now()}-${counter++}`;

async function statsOf(e: JobEngine, queue: string) {
  return (await e.queueStats()).find((row) => row.queue === queue)!;
}

describe(`recording a job's outcome (${databaseEngine})`, () => {
  it(
    'a completion that times out is tried again: the job is done, nothing logged',
    async () => {
      const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const jobs = engine();
      const queue = queueName('retry');
      const complete = jobs.store.complete.bind(jobs.store);
      let tries = 0;
      jobs.store.complete = async (job: ClaimedJob) => {
        tries += 1;
        if (tries <= 2) throw timedOut();
        return complete(job);
      };
      let runs = 0;
      await jobs.enqueue(queue, {});
      await jobs.work(queue, async () => void (runs += 1), { concurrency: 1 });
      await waitFor('the job done', async () => (await statsOf(jobs, queue)).doneLast24h === 1);
      expect(tries).toBe(3);
      expect(runs).toBe(1);
      expect((await statsOf(jobs, queue)).running).toBe(0);
      expect(errors.mock.calls.flat().join('\n')).not.toContain(queue);
    },
    SLOW,
  );

  it(
    'a completion that never gets through: one line in the log, and the job runs again after its lease',
    async () => {
      const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const jobs = engine();
      const queue = queueName('give-up');
      const complete = jobs.store.complete.bind(jobs.store);
      let failing = true;
      let tries = 0;
      jobs.store.complete = async (job: ClaimedJob) => {
        if (failing) {
          tries += 1;
          throw timedOut();
        }
        return complete(job);
      };
      let runs = 0;
      await jobs.enqueue(queue, {}, { retry: { limit: 3, delaySeconds: 1 } });
      await jobs.work(
        queue,
        async () => {
          runs += 1;
        },
        { concurrency: 1 },
      );
      await waitFor('the completion given up', () => tries === SETTLE_ATTEMPTS);
      failing = false;
      await waitFor('the job run again and done', async () => {
        const stats = await statsOf(jobs, queue);
        return stats.doneLast24h === 1 && stats.running === 0;
      });
      expect(runs).toBe(2);
      const lines = errors.mock.calls.map((call) => call.map(String).join(' '));
      const mine = lines.filter((line) => line.includes(queue));
      expect(mine).toHaveLength(1);
      expect(mine[0]).toContain('could not record its completion');
      expect(mine[0]).toContain('Operation has timed out');
      expect(mine[0]).not.toContain('\n');
    },
    SLOW,
  );
});
