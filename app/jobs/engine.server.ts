import { db, databaseEngine } from '~/lib/db.server';
import { env } from '~/lib/env.server';
import { PgBossJobStore } from './pg-store.server';
import { Pacer } from './pacer.server';
import { Runner, runJob } from './runner.server';
import { SqliteJobStore } from './sqlite-store.server';
import type {
  EnqueueOptions,
  FailedJob,
  FailedJobsQuery,
  JobHandler,
  JobStore,
  JobToEnqueue,
  QueueStat,
} from './types';

// One job engine, two back ends, chosen by DATABASE_URL: pg-boss on PostgreSQL (several app
// instances share the queues), a table of the app's database on SQLite (one process). Everything
// above the back end (workers, concurrency, heartbeats, graceful stop, draining) is written once.

export type EngineOptions = {
  /** Runs workers' housekeeping: schedules (SQLite), pg-boss's supervisor and cron (PostgreSQL). */
  worker: boolean;
  pollIntervalMs: number;
  /** A running job unheard of for this long is taken to be lost and runs again. */
  leaseMs: number;
  /** PostgreSQL: how often pg-boss looks for lost jobs and due schedules. */
  superviseIntervalSeconds?: number;
  /** Jobs in flight are given this long to finish when the engine stops. */
  stopTimeoutMs: number;
  /** Event-loop lag (ms) above which workers claim no new job for a moment; 0: no pacing. */
  paceLagMs?: number;
  /**
   * Paces by the lag another thread reports (`reportLag`: the request thread's, when the jobs run
   * on a thread of their own) instead of this thread's own event loop.
   */
  followLag?: boolean;
};

export class JobEngine {
  private readonly runners = new Map<string, Runner>();
  private readonly knownQueues = new Set<string>();
  private starting: Promise<void> | undefined;
  private ticker: NodeJS.Timeout | undefined;
  private ticking = false;
  private stopped = false;
  private readonly pacer: Pacer;

  constructor(
    readonly store: JobStore,
    readonly options: EngineOptions,
  ) {
    this.pacer = new Pacer(options.paceLagMs ?? 0);
  }

  get kind() {
    return this.store.kind;
  }

  /** Connects (and, on PostgreSQL, creates pg-boss's tables if missing). Enqueueing starts it too. */
  start(): Promise<void> {
    this.starting ??= (async () => {
      await this.store.start();
      if (this.options.worker) {
        this.ticker = setInterval(() => void this.tick(), this.options.pollIntervalMs);
        this.ticker.unref();
        if (this.options.followLag) this.pacer.follow();
        else this.pacer.start();
      }
    })();
    return this.starting;
  }

  private async tick() {
    if (this.ticking || this.stopped) return;
    this.ticking = true;
    try {
      await this.store.tick(new Date());
    } catch (error) {
      console.error('[jobs] housekeeping failed', error);
    } finally {
      this.ticking = false;
    }
  }

  /** The request thread's event-loop lag (ms), for an engine that `followLag`s. */
  reportLag(ms: number) {
    this.pacer.report(ms);
  }

  /** Whether the workers hold back now (the loop they follow lags). */
  get pacing() {
    return this.pacer.lagging;
  }

  /** Names a queue for the admin's statistics before any job of it exists. */
  declareQueue(queue: string) {
    this.knownQueues.add(queue);
  }

  /** Stores a job; null when `key` names one already kept. */
  async enqueue<T>(queue: string, data: T, options: EnqueueOptions = {}): Promise<string | null> {
    if (this.stopped) throw new Error('The job engine has stopped');
    this.knownQueues.add(queue);
    await this.start();
    const id = await this.store.enqueue(queue, data, options);
    if (id && !options.runAt) this.runners.get(queue)?.wake();
    return id;
  }

  /**
   * Stores a batch of jobs, of one queue or several, at once: a tracking round's fan-out queues
   * thousands, and one statement per job (a round trip and a commit each) capped it at hundreds a
   * second. Keys work as with `enqueue` (a kept key is skipped). Returns how many were stored.
   */
  async enqueueMany<T>(jobs: JobToEnqueue<T>[]): Promise<number> {
    if (this.stopped) throw new Error('The job engine has stopped');
    const queues = new Set(jobs.map((job) => job.queue));
    for (const queue of queues) this.knownQueues.add(queue);
    if (!jobs.length) return 0;
    await this.start();
    const stored = await this.store.enqueueMany(jobs);
    if (stored) for (const queue of queues) this.runners.get(queue)?.wake();
    return stored;
  }

  /** A job on `queue` at every occurrence of `cron` (UTC), once per occurrence across instances. */
  async schedule(queue: string, cron: string): Promise<void> {
    this.knownQueues.add(queue);
    await this.start();
    await this.store.schedule(queue, cron);
    if (this.options.worker) await this.tick();
  }

  /** Removes the queue's schedule (PostgreSQL keeps schedules in the database). */
  async unschedule(queue: string): Promise<void> {
    await this.start();
    await this.store.unschedule(queue);
  }

  /** Runs the queue's jobs in this process, `concurrency` at a time. */
  async work<T>(queue: string, handler: JobHandler<T>, { concurrency }: { concurrency: number }) {
    if (this.runners.has(queue)) throw new Error(`A worker for ${queue} is running already`);
    this.knownQueues.add(queue);
    await this.start();
    const runner = new Runner(this.store, queue, handler as JobHandler, {
      concurrency,
      pollIntervalMs: this.options.pollIntervalMs,
      heartbeatMs: Math.max(100, this.options.leaseMs / 3),
      pacer: this.pacer,
    });
    this.runners.set(queue, runner);
    runner.start();
  }

  /**
   * Runs, in this process and one at a time, every job of the queue that is due now, until none is
   * left (jobs waiting for a later retry stay). Returns how many ran. For tests and scripts.
   */
  async drain<T>(queue: string, handler: JobHandler<T>): Promise<number> {
    this.knownQueues.add(queue);
    await this.start();
    let count = 0;
    for (;;) {
      const [job] = await this.store.claim(queue, 1);
      if (!job) return count;
      count += 1;
      await runJob(this.store, job, handler as JobHandler, {
        heartbeatMs: Math.max(100, this.options.leaseMs / 3),
      });
    }
  }

  /**
   * Stops claiming, gives the jobs under way `stopTimeoutMs` to finish, hands the rest back to be
   * run again (by this or another instance), then disconnects.
   */
  async stop(timeoutMs = this.options.stopTimeoutMs): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.ticker);
    this.pacer.stop();
    await Promise.all([...this.runners.values()].map((runner) => runner.stop(timeoutMs)));
    this.runners.clear();
    if (this.starting) {
      await this.starting.catch(() => undefined);
      await this.store.stop();
    }
  }

  async queueStats(now = new Date()): Promise<QueueStat[]> {
    await this.start();
    return this.store.queueStats([...this.knownQueues], now);
  }

  async listFailedJobs(options: FailedJobsQuery) {
    await this.start();
    return this.store.listFailedJobs(options);
  }

  async retryFailedJob(queue: string, id: string): Promise<boolean> {
    await this.start();
    const retried = await this.store.retryFailedJob(queue, id);
    if (retried) this.runners.get(queue)?.wake();
    return retried;
  }
}

export type { FailedJob, QueueStat };

/** An engine on this process's database, configured from the environment (tests pass their own). */
export function createJobEngine(overrides: Partial<EngineOptions> = {}): JobEngine {
  const options: EngineOptions = {
    worker: env.JOBS_WORKER,
    pollIntervalMs: env.JOBS_POLL_INTERVAL_MS,
    leaseMs: env.JOBS_LEASE_SECONDS * 1000,
    stopTimeoutMs: 10_000,
    paceLagMs: env.JOBS_PACE_LAG_MS,
    ...overrides,
  };
  const store: JobStore =
    databaseEngine === 'postgresql'
      ? new PgBossJobStore({
          connectionString: env.DATABASE_URL,
          worker: options.worker,
          leaseSeconds: options.leaseMs / 1000,
          superviseIntervalSeconds: options.superviseIntervalSeconds,
          poolSize: Math.min(env.DATABASE_POOL_SIZE, env.JOBS_CONCURRENCY + 2),
        })
      : new SqliteJobStore(db, { leaseMs: options.leaseMs });
  return new JobEngine(store, options);
}

const globalForJobs = globalThis as unknown as { __jobEngine?: JobEngine };

/**
 * This process's engine. Until `startBackgroundJobs` installs the worker engine, the first use
 * creates one that only enqueues (and runs what `drain` is asked to run): web-only instances,
 * scripts and tests enqueue without starting any worker, supervisor or schedule.
 */
export function jobEngine(): JobEngine {
  return (globalForJobs.__jobEngine ??= createJobEngine({ worker: false }));
}

/** Makes `engine` the process's engine; returns the one it replaces (to be stopped). */
export function installJobEngine(engine: JobEngine): JobEngine | undefined {
  const previous = globalForJobs.__jobEngine;
  globalForJobs.__jobEngine = engine;
  return previous === engine ? undefined : previous;
}

/** Forgets the process's engine once it has stopped, so a later use makes a fresh one. */
export function resetJobEngine(engine: JobEngine) {
  if (globalForJobs.__jobEngine === engine) globalForJobs.__jobEngine = undefined;
}
