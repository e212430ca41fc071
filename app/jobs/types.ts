// The job engine's interface, the same on both back ends (app/jobs/engine.server.ts picks one by
// DATABASE_URL): PostgreSQL runs on pg-boss, SQLite on a table of the app's own database.

/** Retries after the first attempt: `limit` more attempts, `delaySeconds` apart (doubling with backoff). */
export type RetryPolicy = { limit: number; delaySeconds?: number; backoff?: boolean };

export type EnqueueOptions = {
  /**
   * Enqueueing the same queue and key again is a no-op while the first job is kept (waiting,
   * running, failed, or done within the retention of 7 days): `enqueue` then resolves to null.
   */
  key?: string;
  /** Not before this time. */
  runAt?: Date;
  retry?: RetryPolicy;
};

/** One job of a batch (`enqueueMany`): its queue, its data and the same options as `enqueue`. */
export type JobToEnqueue<T = unknown> = { queue: string; data: T } & EnqueueOptions;

/** A batch naming one queue and key twice stores the first (as two enqueues would). */
export function dedupeKeys<T extends { queue: string; key?: string }>(jobs: T[]): T[] {
  const seen = new Set<string>();
  return jobs.filter((job) => {
    if (job.key === undefined) return true;
    const name = `${job.queue}\u0000${job.key}`;
    if (seen.has(name)) return false;
    seen.add(name);
    return true;
  });
}

export type JobContext = {
  id: string;
  queue: string;
  /** 1 for the first attempt. */
  attempt: number;
  /** Attempts allowed in all (the first plus the retries). */
  maxAttempts: number;
  /** Aborted when the engine stops and gives the job back before the handler returned. */
  signal: AbortSignal;
};

export type JobHandler<T = unknown> = (data: T, job: JobContext) => Promise<void>;

/** Throw it from a handler for a failure no retry can fix: the job fails at once. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

export type QueueStat = {
  queue: string;
  waiting: number;
  running: number;
  failed: number;
  doneLast24h: number;
};

/** One page of failed jobs (1-based), optionally of one queue. */
export type FailedJobsQuery = { page: number; pageSize: number; queue?: string };

export type FailedJob = {
  id: string;
  queue: string;
  error: string | null;
  attempts: number;
  failedAt: Date | null;
  createdAt: Date;
};

/** A job handed to this process to run. */
export type ClaimedJob = {
  id: string;
  queue: string;
  data: unknown;
  attempt: number;
  maxAttempts: number;
  /** The back end's own fencing value for this attempt (pg-boss's retry count, the SQLite lock). */
  fence: number;
};

/** What each back end provides; the engine and its workers are written once on top of it. */
export interface JobStore {
  readonly kind: 'sqlite' | 'postgresql';
  start(): Promise<void>;
  stop(): Promise<void>;
  enqueue(queue: string, data: unknown, options: EnqueueOptions): Promise<string | null>;
  /**
   * Stores many jobs (of one or more queues) in few statements (pg-boss's batch insert per queue;
   * multi-row INSERTs on SQLite). Jobs whose key names one kept already are skipped. Returns how
   * many were stored.
   */
  enqueueMany(jobs: JobToEnqueue[]): Promise<number>;
  schedule(queue: string, cron: string): Promise<void>;
  unschedule(queue: string): Promise<void>;
  /** Marks up to `max` due jobs of the queue as running under this instance and returns them. */
  claim(queue: string, max: number): Promise<ClaimedJob[]>;
  complete(job: ClaimedJob): Promise<void>;
  /** Back to waiting with backoff while attempts remain (unless permanent), else failed. */
  fail(job: ClaimedJob, error: string, permanent: boolean): Promise<'retry' | 'failed'>;
  /** Gives a running job back untouched (shutdown): it runs again, and the attempt is not counted. */
  release(job: ClaimedJob): Promise<void>;
  /** Keeps the lease of jobs still running. */
  heartbeat(jobs: ClaimedJob[]): Promise<void>;
  /** Periodic work of a worker instance (SQLite: schedules and retention; pg-boss does its own). */
  tick(now: Date): Promise<void>;
  queueStats(queues: string[], now: Date): Promise<QueueStat[]>;
  listFailedJobs(options: FailedJobsQuery): Promise<{ items: FailedJob[]; total: number }>;
  retryFailedJob(queue: string, id: string): Promise<boolean>;
}
