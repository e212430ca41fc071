import { createHash } from 'node:crypto';
import { PgBoss, type Job as BossJob, type JobWithMetadata } from 'pg-boss';
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

// The PostgreSQL engine: pg-boss in its own schema. Several app instances share every queue
// (pg-boss claims with FOR UPDATE SKIP LOCKED, so each job goes to one of them); a job whose
// instance died stops sending heartbeats and pg-boss's supervisor puts it back (retry) after
// `leaseSeconds`; schedules are pg-boss's own cron, which sends one job per occurrence however many
// instances run it. This file only maps the engine's interface onto pg-boss's calls.

export const PGBOSS_SCHEMA = 'pgboss';
/** Jobs per pg-boss insert (one statement each; its data travels as one JSON parameter). */
const ENQUEUE_CHUNK = 1000;
const DAY_SECONDS = 24 * 60 * 60;

export type PgStoreOptions = {
  connectionString: string;
  /** Runs pg-boss's supervisor (expiry, heartbeats, retention) and cron: worker instances. */
  worker: boolean;
  /** A job unheard of for this long is taken to be lost and runs again (pg-boss: >= 10). */
  leaseSeconds: number;
  /** How often the supervisor looks for lost jobs (and cron for due schedules), in seconds. */
  superviseIntervalSeconds?: number;
  poolSize?: number;
};

/** pg-boss job ids are UUIDs: the same queue and key always give the same id, so a second send is a no-op. */
export function keyId(queue: string, key: string): string {
  const hex = createHash('sha256').update(`${queue}\u0000${key}`).digest('hex');
  // Shaped as a version-8 (custom) RFC 9562 UUID.
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A failed job's output: our fail() stores `{ message }`; pg-boss's own expiry `{ value: { message } }`. */
function errorText(output: { message?: unknown; value?: { message?: unknown } } | null) {
  const text = output?.message ?? output?.value?.message;
  return typeof text === 'string' ? text : output ? JSON.stringify(output) : null;
}

export class PgBossJobStore implements JobStore {
  readonly kind = 'postgresql' as const;
  readonly boss: PgBoss;
  private readonly queues = new Map<string, Promise<void>>();

  constructor(private readonly options: PgStoreOptions) {
    const supervise = options.superviseIntervalSeconds ?? 10;
    this.boss = new PgBoss({
      connectionString: options.connectionString,
      schema: PGBOSS_SCHEMA,
      max: options.poolSize ?? 4,
      application_name: 'aiv-jobs',
      migrate: true,
      supervise: options.worker,
      schedule: options.worker,
      superviseIntervalSeconds: supervise,
      monitorIntervalSeconds: supervise,
      cronMonitorIntervalSeconds: Math.min(supervise, 30),
      cronWorkerIntervalSeconds: Math.min(supervise, 5),
      registerInstance: false,
    });
    this.boss.on('error', (error) => console.error('[jobs] pg-boss', error));
  }

  async start() {
    await this.boss.start({ attempts: 3 });
  }

  async stop() {
    // The engine's workers have finished or given back their jobs already; nothing runs here.
    await this.boss.stop({ graceful: false, close: true });
  }

  /** pg-boss needs a queue before its first job; created once per process (a no-op if it exists). */
  private ensureQueue(queue: string): Promise<void> {
    let ready = this.queues.get(queue);
    if (!ready) {
      ready = this.boss
        .createQueue(queue, {
          retryLimit: 2,
          retryDelay: 1,
          retryBackoff: true,
          retryDelayMax: 3600,
          heartbeatSeconds: Math.max(10, Math.round(this.options.leaseSeconds)),
          expireInSeconds: DAY_SECONDS,
          deleteAfterSeconds: 7 * DAY_SECONDS,
        })
        .catch((error: unknown) => {
          this.queues.delete(queue);
          throw error;
        });
      this.queues.set(queue, ready);
    }
    return ready;
  }

  async enqueue(queue: string, data: unknown, options: EnqueueOptions) {
    await this.ensureQueue(queue);
    const retry = options.retry;
    return this.boss.send(
      queue,
      { value: data ?? null },
      {
        ...(options.key !== undefined ? { id: keyId(queue, options.key) } : {}),
        ...(options.runAt ? { startAfter: options.runAt } : {}),
        ...(retry
          ? {
              retryLimit: Math.max(0, retry.limit),
              // pg-boss counts retry delays in whole seconds.
              retryDelay: Math.max(1, Math.round(retry.delaySeconds ?? 1)),
              retryBackoff: retry.backoff ?? true,
            }
          : {}),
      },
    );
  }

  /**
   * pg-boss's batch insert (`insert`: one INSERT … SELECT FROM json_to_recordset per chunk, ON
   * CONFLICT DO NOTHING), with ids from the keys as `send` makes them, so a kept key is skipped.
   * Each queue's chunks go in one after another; the queues at once (each on a pool connection).
   */
  async enqueueMany(jobs: JobToEnqueue[]) {
    const byQueue = new Map<string, JobToEnqueue[]>();
    for (const job of dedupeKeys(jobs))
      byQueue.set(job.queue, [...(byQueue.get(job.queue) ?? []), job]);
    const counts = await Promise.all(
      [...byQueue].map(async ([queue, list]) => {
        await this.ensureQueue(queue);
        let stored = 0;
        for (let start = 0; start < list.length; start += ENQUEUE_CHUNK) {
          const ids = await this.boss.insert(
            queue,
            list.slice(start, start + ENQUEUE_CHUNK).map((job) => ({
              data: { value: job.data ?? null },
              ...(job.key !== undefined ? { id: keyId(queue, job.key) } : {}),
              ...(job.runAt ? { startAfter: job.runAt } : {}),
              ...(job.retry
                ? {
                    retryLimit: Math.max(0, job.retry.limit),
                    retryDelay: Math.max(1, Math.round(job.retry.delaySeconds ?? 1)),
                    retryBackoff: job.retry.backoff ?? true,
                  }
                : {}),
            })),
            { returnId: true },
          );
          stored += ids?.length ?? 0;
        }
        return stored;
      }),
    );
    return counts.reduce((sum, count) => sum + count, 0);
  }

  async schedule(queue: string, cron: string) {
    await this.ensureQueue(queue);
    await this.boss.schedule(queue, cron, { value: {} }, { tz: 'UTC' });
  }

  async unschedule(queue: string) {
    await this.ensureQueue(queue);
    await this.boss.unschedule(queue);
  }

  async tick() {}

  async claim(queue: string, max: number): Promise<ClaimedJob[]> {
    await this.ensureQueue(queue);
    const jobs: JobWithMetadata<{ value: unknown }>[] = await this.boss.fetch(queue, {
      batchSize: max,
      includeMetadata: true,
    });
    return jobs.map((job) => ({
      id: job.id,
      queue,
      data: job.data?.value ?? null,
      attempt: job.retryCount + 1,
      maxAttempts: job.retryLimit + 1,
      fence: job.retryCount,
    }));
  }

  private attempt(job: ClaimedJob): Pick<BossJob, 'id' | 'retryCount'> {
    return { id: job.id, retryCount: job.fence };
  }

  async complete(job: ClaimedJob) {
    await this.boss.complete(job.queue, this.attempt(job));
  }

  async fail(job: ClaimedJob, error: string, permanent: boolean) {
    if (permanent) {
      // No retry can fix it: spend the remaining ones, so pg-boss fails it for good.
      await this.sql(
        `UPDATE ${PGBOSS_SCHEMA}.job SET retry_limit = retry_count
          WHERE name = $1 AND id = $2 AND state = 'active' AND retry_count = $3`,
        [job.queue, job.id, job.fence],
      );
    }
    await this.boss.fail(job.queue, this.attempt(job), { message: error });
    return permanent || job.attempt >= job.maxAttempts ? 'failed' : 'retry';
  }

  /**
   * Back to waiting, as if never started: pg-boss counts an attempt when it hands out a job that
   * has `started_on` set, so clearing it gives the attempt back (pg-boss's own stop() would fail
   * the job instead, spending one of its retries).
   */
  async release(job: ClaimedJob) {
    await this.sql(
      `UPDATE ${PGBOSS_SCHEMA}.job
          SET state = 'retry', started_on = NULL, heartbeat_on = NULL, start_after = now()
        WHERE name = $1 AND id = $2 AND state = 'active' AND retry_count = $3`,
      [job.queue, job.id, job.fence],
    );
  }

  async heartbeat(jobs: ClaimedJob[]) {
    for (const job of jobs) await this.boss.touch(job.queue, this.attempt(job));
  }

  private async sql<T>(text: string, values: unknown[]): Promise<T[]> {
    const { rows } = await this.boss.getDb().executeSql(text, values);
    return rows as T[];
  }

  async queueStats(queues: string[], now: Date): Promise<QueueStat[]> {
    const rows = await this.sql<{
      name: string;
      waiting: string;
      running: string;
      failed: string;
      done: string;
    }>(
      `SELECT name,
              count(*) FILTER (WHERE state IN ('created', 'retry')) AS waiting,
              count(*) FILTER (WHERE state = 'active') AS running,
              count(*) FILTER (WHERE state = 'failed') AS failed,
              count(*) FILTER (WHERE state = 'completed' AND completed_on >= $1) AS done
         FROM ${PGBOSS_SCHEMA}.job
        WHERE name NOT LIKE '\\_\\_pgboss%'
        GROUP BY name`,
      [new Date(now.getTime() - DAY_SECONDS * 1000)],
    );
    const names = [...new Set([...queues, ...rows.map((row) => row.name)])];
    return names.sort().map((queue) => {
      const row = rows.find((r) => r.name === queue);
      return {
        queue,
        waiting: Number(row?.waiting ?? 0),
        running: Number(row?.running ?? 0),
        failed: Number(row?.failed ?? 0),
        doneLast24h: Number(row?.done ?? 0),
      };
    });
  }

  async listFailedJobs({ page, pageSize, queue }: FailedJobsQuery) {
    const filter = queue ? 'AND name = $1' : '';
    const params = queue ? [queue] : [];
    const [count] = await this.sql<{ total: string }>(
      `SELECT count(*) AS total FROM ${PGBOSS_SCHEMA}.job WHERE state = 'failed' ${filter}`,
      params,
    );
    const rows = await this.sql<{
      id: string;
      name: string;
      output: { message?: unknown; value?: { message?: unknown } } | null;
      retry_count: number;
      completed_on: Date | null;
      created_on: Date;
    }>(
      `SELECT id, name, output, retry_count, completed_on, created_on
         FROM ${PGBOSS_SCHEMA}.job WHERE state = 'failed' ${filter}
        ORDER BY completed_on DESC NULLS LAST, id DESC
        LIMIT ${Math.max(1, Math.floor(pageSize))} OFFSET ${(Math.max(1, Math.floor(page)) - 1) * Math.floor(pageSize)}`,
      params,
    );
    const items: FailedJob[] = rows.map((row) => ({
      id: row.id,
      queue: row.name,
      error: errorText(row.output),
      attempts: row.retry_count + 1,
      failedAt: row.completed_on ? new Date(row.completed_on) : null,
      createdAt: new Date(row.created_on),
    }));
    return { items, total: Number(count?.total ?? 0) };
  }

  async retryFailedJob(queue: string, id: string) {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return false;
    await this.ensureQueue(queue);
    const result = await this.boss.retry(queue, id);
    return (result as { affected?: number }).affected === 1;
  }
}
