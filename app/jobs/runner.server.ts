import { setImmediate as nextTurn } from 'node:timers/promises';
import { isContentionError } from '~/lib/contention.server';
import type { Pacer } from './pacer.server';
import { PermanentJobError, type ClaimedJob, type JobHandler, type JobStore } from './types';

// The worker loop, written once for both back ends: claim as many due jobs as there are free
// slots, run each with its lease kept alive by a heartbeat, settle it (done, retry or failed), and
// claim again at once while there is work; otherwise wait for the poll interval, or for a wake-up
// (a job enqueued in this process, a slot set free). Between claims the loop lets the event loop
// turn (setImmediate), so requests waiting to be read are answered between two jobs: a queue of
// thousands of quick jobs never holds the server's thread in one unbroken chain of promises.
//
// Recording a job's outcome (done, retry, failed, given back) is retried through contention (a
// busy database, a time-out) with backoff; if it still fails, one line says so, and the job's lease
// runs out and it runs again (handlers are idempotent, decision 0008).

export type RunnerOptions = {
  concurrency: number;
  pollIntervalMs: number;
  heartbeatMs: number;
  /** Holds claims back while the event loop lags (pacer.server.ts). */
  pacer?: Pacer;
};

type Running = { job: ClaimedJob; done: Promise<void>; controller: AbortController };

/** An error as one line (Prisma's messages span several). */
export function message(error: unknown): string {
  return (error instanceof Error ? error.message : String(error))
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 2000);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Attempts to record a job's outcome, 0.1 s apart doubling (about 3 s of waiting, plus each try's own wait for the database). */
export const SETTLE_ATTEMPTS = 6;

/**
 * Runs a store operation on one job again while it fails for contention. Resolves to its result,
 * or to undefined after logging one line when it gave up (or failed otherwise).
 */
export async function settle<T>(
  what: string,
  job: Pick<ClaimedJob, 'queue' | 'id'>,
  operation: () => Promise<T>,
  { attempts = SETTLE_ATTEMPTS, delayMs = 100 } = {},
): Promise<T | undefined> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await operation();
    } catch (error) {
      if (isContentionError(error) && attempt < attempts) {
        await sleep(delayMs * 2 ** (attempt - 1));
        continue;
      }
      console.error(
        `[jobs] ${job.queue} job ${job.id}: could not record ${what} after ${attempt} attempt(s), it runs again once its lease ends: ${message(error)}`,
      );
      return undefined;
    }
  }
}

/** Runs one claimed job to its end: complete, or fail (retried by the store while attempts remain). */
export async function runJob(
  store: JobStore,
  job: ClaimedJob,
  handler: JobHandler,
  { heartbeatMs, controller = new AbortController(), released = () => false } = {} as {
    heartbeatMs: number;
    controller?: AbortController;
    released?: () => boolean;
  },
): Promise<'done' | 'retry' | 'failed' | 'released'> {
  // A missed beat is tried again at the next one; one line per job says the beats fail.
  let beatFailed = false;
  const beat = setInterval(() => {
    store.heartbeat([job]).then(
      () => (beatFailed = false),
      (error: unknown) => {
        if (beatFailed) return;
        beatFailed = true;
        console.error(`[jobs] ${job.queue} job ${job.id}: heartbeat failed: ${message(error)}`);
      },
    );
  }, heartbeatMs);
  beat.unref();
  try {
    await handler(job.data, {
      id: job.id,
      queue: job.queue,
      attempt: job.attempt,
      maxAttempts: job.maxAttempts,
      signal: controller.signal,
    });
    clearInterval(beat);
    if (released()) return 'released';
    await settle('its completion', job, () => store.complete(job));
    return 'done';
  } catch (error) {
    clearInterval(beat);
    if (released()) return 'released';
    const outcome =
      (await settle('its failure', job, () =>
        store.fail(job, message(error), error instanceof PermanentJobError),
      )) ?? 'retry';
    const note = outcome === 'retry' ? 'will retry' : 'failed for good';
    console.error(
      `[jobs] ${job.queue} job ${job.id} attempt ${job.attempt}/${job.maxAttempts} ${note}: ${message(error)}`,
    );
    return outcome;
  }
}

export class Runner {
  private readonly running = new Map<string, Running>();
  private readonly releasedIds = new Set<string>();
  private stopping = false;
  private loop: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;

  constructor(
    private readonly store: JobStore,
    readonly queue: string,
    private readonly handler: JobHandler,
    private readonly options: RunnerOptions,
  ) {}

  start() {
    this.loop ??= this.run();
  }

  /** Claim now instead of at the next poll. */
  wake() {
    this.wakeUp?.();
  }

  private async run() {
    let claimFailing = false;
    while (!this.stopping) {
      // Let the event loop turn first: requests read and answered between two claims; while it
      // lags (a busy machine), wait for it to catch up.
      await nextTurn();
      await this.options.pacer?.turn(() => this.stopping);
      if (this.stopping) break;
      // A lagging event loop (a busy machine): one job at a time until it keeps time again.
      const limit = this.options.pacer?.lagging ? 1 : this.options.concurrency;
      const free = limit - this.running.size;
      let claimed = 0;
      if (free > 0) {
        try {
          const jobs = await this.store.claim(this.queue, free);
          claimed = jobs.length;
          claimFailing = false;
          for (const job of jobs) this.launch(job);
        } catch (error) {
          // One line while claims keep failing (the next poll tries again), not one a poll.
          if (!claimFailing)
            console.error(`[jobs] claiming from ${this.queue} failed: ${message(error)}`);
          claimFailing = true;
        }
        // A full claim: more may be waiting, claim again as soon as a slot is free.
        if (claimed > 0 && claimed === free) continue;
      }
      if (this.stopping) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.options.pollIntervalMs);
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeUp = undefined;
    }
  }

  private launch(job: ClaimedJob) {
    const controller = new AbortController();
    const done = runJob(this.store, job, this.handler, {
      heartbeatMs: this.options.heartbeatMs,
      controller,
      released: () => this.releasedIds.has(job.id),
    })
      .then(() => undefined)
      .catch((error: unknown) => console.error(`[jobs] settling ${this.queue} job failed`, error))
      .finally(() => {
        this.running.delete(job.id);
        this.wake();
      });
    this.running.set(job.id, { job, done, controller });
  }

  /**
   * Stops claiming, lets the jobs under way finish within `timeoutMs`, and gives the rest back
   * (not counted as an attempt; their handlers are told through the abort signal).
   */
  async stop(timeoutMs: number) {
    this.stopping = true;
    this.wake();
    await this.loop;
    if (this.running.size) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...this.running.values()].map((entry) => entry.done)),
        new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs))),
      ]);
      clearTimeout(timer);
    }
    for (const { job, controller } of [...this.running.values()]) {
      this.releasedIds.add(job.id);
      controller.abort(new Error('job engine stopping'));
      await settle('its release', job, () => this.store.release(job), { attempts: 3 });
    }
  }
}
