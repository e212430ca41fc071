import { randomUUID } from 'node:crypto';
import { CronExpressionParser } from 'cron-parser';
import type { PrismaClient } from '~/generated/prisma/client';
import type {
  ClaimedJob,
  EnqueueOptions,
  FailedJob,
  FailedJobsQuery,
  JobStore,
  JobToEnqueue,
  QueueStat,
} from './types';
import { dedupeKeys } from './types';

// The embedded engine: jobs are rows of the app's own database (model Job), for one process on
// SQLite. Every change of state is one conditional UPDATE (the row must still be in the state and
// under the lock this instance saw), so two engines on one file never both take a job, and a late
// answer from a job that was given back changes nothing. A running job holds a lease that its
// heartbeat renews; once the lease runs out (the process died) any engine takes the job again.
// Everything goes through the app's Prisma client, so the store shares the process's one SQLite
// connection (on its own thread, decision 0028) instead of opening a second one beside it.

const DAY_MS = 24 * 60 * 60 * 1000;
export const RETENTION_MS = 7 * DAY_MS;
const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;

export type SqliteStoreOptions = {
  leaseMs: number;
  retentionMs?: number;
};

/** A time as Prisma's SQLite adapter stores it (ISO 8601, '+00:00'), so they compare as text. */
function sqliteTime(date: Date) {
  return date.toISOString().replace('Z', '+00:00');
}

function isUniqueViolation(error: unknown) {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'P2002';
}

/** Rows per INSERT of a batch (one JSON parameter each). */
const ENQUEUE_CHUNK = 1000;

/**
 * A batch's rows as one JSON array parameter, read back with json_each: one statement and one
 * parameter for a thousand jobs (a multi-row INSERT through Prisma cost as much per parameter as
 * ten single INSERTs). A key kept already is skipped by the unique (queue, key) index; an UPSERT
 * over a SELECT needs its WHERE for SQLite to parse the ON CONFLICT.
 */
const INSERT_BATCH = `INSERT INTO "Job" ("id", "queue", "key", "data", "maxAttempts", "retryDelayMs", "retryBackoff", "runAt", "createdAt")
  SELECT j.value ->> 0, j.value ->> 1, j.value ->> 2, j.value ->> 3, j.value ->> 4, j.value ->> 5, j.value ->> 6, j.value ->> 7, j.value ->> 8
  FROM json_each(?) AS j WHERE true
  ON CONFLICT ("queue", "key") DO NOTHING`;

/** Delay before the next attempt: the base delay, doubled for each attempt made (with backoff). */
export function retryDelayMs(baseMs: number, backoff: boolean, attemptsMade: number): number {
  if (!backoff) return baseMs;
  return Math.min(MAX_RETRY_DELAY_MS, baseMs * 2 ** Math.max(0, attemptsMade - 1));
}

export class SqliteJobStore implements JobStore {
  readonly kind = 'sqlite' as const;
  /** This instance's name on the rows it runs. */
  readonly token = randomUUID();
  private readonly schedules = new Map<string, { cron: string; since: Date }>();
  private lastCleanup = 0;

  constructor(
    private readonly db: PrismaClient,
    private readonly options: SqliteStoreOptions,
  ) {}

  async start() {}
  async stop() {}

  async enqueue(queue: string, data: unknown, options: EnqueueOptions) {
    try {
      const row = await this.db.job.create({
        data: this.row(queue, data, options),
        select: { id: true },
      });
      return row.id;
    } catch (error) {
      if (options.key !== undefined && isUniqueViolation(error)) return null;
      throw error;
    }
  }

  /** The batch in chunks of ENQUEUE_CHUNK rows (INSERT_BATCH), in one transaction. */
  async enqueueMany(jobs: JobToEnqueue[]) {
    const unique = dedupeKeys(jobs);
    const now = sqliteTime(new Date());
    const chunks: string[] = [];
    for (let start = 0; start < unique.length; start += ENQUEUE_CHUNK) {
      const rows = unique.slice(start, start + ENQUEUE_CHUNK).map((job) => {
        const row = this.row(job.queue, job.data, job);
        return [
          this.nextId(),
          row.queue,
          row.key,
          row.data,
          row.maxAttempts,
          row.retryDelayMs,
          row.retryBackoff ? 1 : 0,
          sqliteTime(row.runAt),
          now,
        ];
      });
      chunks.push(JSON.stringify(rows));
    }
    if (!chunks.length) return 0;
    const counts = await this.db.$transaction(
      chunks.map((chunk) => this.db.$executeRawUnsafe(INSERT_BATCH, chunk)),
    );
    return counts.reduce((sum, count) => sum + count, 0);
  }

  private idCounter = 0;

  /**
   * A new row's id, in increasing order as Prisma's cuids are (time, then a counter), so a batch
   * appends to the end of the id index instead of splitting pages all over it (three times faster
   * than random UUIDs here); the random tail keeps two processes' ids apart.
   */
  private nextId() {
    this.idCounter = (this.idCounter + 1) % 1_679_616;
    return `b${Date.now().toString(36)}${this.idCounter.toString(36).padStart(4, '0')}${randomUUID().slice(0, 8)}`;
  }

  private row(queue: string, data: unknown, options: EnqueueOptions) {
    const retry = options.retry ?? { limit: 2 };
    return {
      queue,
      key: options.key ?? null,
      data: JSON.stringify(data ?? null),
      maxAttempts: 1 + Math.max(0, retry.limit),
      retryDelayMs: Math.round((retry.delaySeconds ?? 1) * 1000),
      retryBackoff: retry.backoff ?? true,
      runAt: options.runAt ?? new Date(),
    };
  }

  async schedule(queue: string, cron: string) {
    CronExpressionParser.parse(cron, { tz: 'UTC' }); // refuse a bad expression now
    const known = this.schedules.get(queue);
    if (known?.cron !== cron) this.schedules.set(queue, { cron, since: new Date() });
  }

  async unschedule(queue: string) {
    this.schedules.delete(queue);
  }

  /**
   * Each schedule's latest occurrence (since it was registered) is enqueued under a key naming
   * that occurrence, so however many engines look, each period gives one job.
   */
  async tick(now: Date) {
    for (const [queue, { cron, since }] of this.schedules) {
      const occurrence = CronExpressionParser.parse(cron, {
        tz: 'UTC',
        currentDate: new Date(now.getTime() + 1),
      })
        .prev()
        .toDate();
      if (occurrence < since) continue;
      await this.enqueue(queue, {}, { key: `cron:${occurrence.toISOString()}` });
    }
    if (now.getTime() - this.lastCleanup > 60_000) {
      this.lastCleanup = now.getTime();
      const before = new Date(now.getTime() - (this.options.retentionMs ?? RETENTION_MS));
      await this.db.job.deleteMany({ where: { state: 'done', finishedAt: { lt: before } } });
    }
  }

  async claim(queue: string, max: number): Promise<ClaimedJob[]> {
    const now = new Date();
    // A job whose lease ran out on its last attempt has used them all: failed, as after an error.
    const lost = await this.db.job.findMany({
      where: { queue, state: 'running', lockedUntil: { lt: now } },
      select: { id: true, attempts: true, maxAttempts: true, lockedBy: true },
      take: 100,
    });
    for (const row of lost) {
      if (row.attempts < row.maxAttempts) continue;
      await this.db.job.updateMany({
        where: { id: row.id, state: 'running', lockedBy: row.lockedBy, attempts: row.attempts },
        data: {
          state: 'failed',
          lockedBy: null,
          lockedUntil: null,
          finishedAt: now,
          lastError: 'The worker running it stopped (its lease expired) on the last attempt',
        },
      });
    }
    // Due jobs and jobs whose lease ran out, as two queries: each walks the (queue, state, runAt)
    // index and stops after `max`. As one query with an OR, SQLite read and sorted the whole
    // queue on every claim (340 ms a claim with 60,000 jobs queued: a 240,000-ask tracking round
    // ran at a quarter of its speed; npm run bench:tracking).
    const select = {
      id: true,
      state: true,
      attempts: true,
      maxAttempts: true,
      lockedBy: true,
      data: true,
      runAt: true,
    } as const;
    const orderBy = [{ runAt: 'asc' as const }, { id: 'asc' as const }];
    const [due, expired] = await Promise.all([
      this.db.job.findMany({
        where: { queue, state: 'queued', runAt: { lte: now } },
        orderBy,
        take: max,
        select,
      }),
      this.db.job.findMany({
        where: { queue, state: 'running', lockedUntil: { lt: now } },
        orderBy,
        take: max,
        select,
      }),
    ]);
    const candidates = [...due, ...expired]
      .sort(
        (a, b) => a.runAt.getTime() - b.runAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
      )
      .slice(0, max);
    const claimed: ClaimedJob[] = [];
    for (const row of candidates) {
      if (row.attempts >= row.maxAttempts) continue;
      const taken = await this.db.job.updateMany({
        where: {
          id: row.id,
          state: row.state,
          attempts: row.attempts,
          lockedBy: row.lockedBy,
          ...(row.state === 'queued' ? { runAt: { lte: now } } : { lockedUntil: { lt: now } }),
        },
        data: {
          state: 'running',
          attempts: { increment: 1 },
          lockedBy: this.token,
          // The lease counts from the claim itself, not from when this pass began.
          lockedUntil: new Date(Date.now() + this.options.leaseMs),
          startedAt: now,
        },
      });
      if (taken.count !== 1) continue; // another engine took it
      claimed.push({
        id: row.id,
        queue,
        data: JSON.parse(row.data) as unknown,
        attempt: row.attempts + 1,
        maxAttempts: row.maxAttempts,
        fence: row.attempts + 1,
      });
    }
    return claimed;
  }

  private mine(job: ClaimedJob) {
    return { id: job.id, state: 'running', lockedBy: this.token, attempts: job.fence };
  }

  async complete(job: ClaimedJob) {
    await this.db.job.updateMany({
      where: this.mine(job),
      data: { state: 'done', lockedBy: null, lockedUntil: null, finishedAt: new Date() },
    });
  }

  async fail(job: ClaimedJob, error: string, permanent: boolean) {
    const row = await this.db.job.findFirst({
      where: this.mine(job),
      select: { retryDelayMs: true, retryBackoff: true },
    });
    if (!row) return 'failed';
    const now = new Date();
    if (!permanent && job.attempt < job.maxAttempts) {
      const delay = retryDelayMs(row.retryDelayMs, row.retryBackoff, job.attempt);
      await this.db.job.updateMany({
        where: this.mine(job),
        data: {
          state: 'queued',
          lockedBy: null,
          lockedUntil: null,
          lastError: error,
          runAt: new Date(now.getTime() + delay),
        },
      });
      return 'retry';
    }
    await this.db.job.updateMany({
      where: this.mine(job),
      data: {
        state: 'failed',
        lockedBy: null,
        lockedUntil: null,
        lastError: error,
        finishedAt: now,
      },
    });
    return 'failed';
  }

  async release(job: ClaimedJob) {
    await this.db.job.updateMany({
      where: this.mine(job),
      data: {
        state: 'queued',
        attempts: { decrement: 1 },
        lockedBy: null,
        lockedUntil: null,
        runAt: new Date(),
      },
    });
  }

  async heartbeat(jobs: ClaimedJob[]) {
    const lockedUntil = new Date(Date.now() + this.options.leaseMs);
    for (const job of jobs) {
      await this.db.job.updateMany({ where: this.mine(job), data: { lockedUntil } });
    }
  }

  async queueStats(queues: string[], now: Date): Promise<QueueStat[]> {
    const dayAgo = new Date(now.getTime() - DAY_MS);
    const [byState, done] = await Promise.all([
      this.db.job.groupBy({
        by: ['queue', 'state'],
        where: { state: { in: ['queued', 'running', 'failed'] } },
        _count: { _all: true },
      }),
      this.db.job.groupBy({
        by: ['queue'],
        where: { state: 'done', finishedAt: { gte: dayAgo } },
        _count: { _all: true },
      }),
    ]);
    const names = [
      ...new Set([...queues, ...byState.map((r) => r.queue), ...done.map((r) => r.queue)]),
    ];
    return names.sort().map((queue) => {
      const count = (state: string) =>
        byState.find((r) => r.queue === queue && r.state === state)?._count._all ?? 0;
      return {
        queue,
        waiting: count('queued'),
        running: count('running'),
        failed: count('failed'),
        doneLast24h: done.find((r) => r.queue === queue)?._count._all ?? 0,
      };
    });
  }

  async listFailedJobs({ page, pageSize, queue }: FailedJobsQuery) {
    const where = { state: 'failed', ...(queue ? { queue } : {}) };
    const [total, rows] = await Promise.all([
      this.db.job.count({ where }),
      this.db.job.findMany({
        where,
        orderBy: [{ finishedAt: 'desc' }, { id: 'desc' }],
        skip: (Math.max(1, page) - 1) * pageSize,
        take: pageSize,
        select: {
          id: true,
          queue: true,
          lastError: true,
          attempts: true,
          finishedAt: true,
          createdAt: true,
        },
      }),
    ]);
    const items: FailedJob[] = rows.map((row) => ({
      id: row.id,
      queue: row.queue,
      error: row.lastError,
      attempts: row.attempts,
      failedAt: row.finishedAt,
      createdAt: row.createdAt,
    }));
    return { items, total };
  }

  /** One more attempt, now, for a failed job. */
  async retryFailedJob(queue: string, id: string) {
    const changed = await this.db.job.updateMany({
      where: { id, queue, state: 'failed' },
      data: {
        state: 'queued',
        maxAttempts: { increment: 1 },
        runAt: new Date(),
        finishedAt: null,
      },
    });
    return changed.count === 1;
  }
}
