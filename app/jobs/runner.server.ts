import { PermanentJobError, type ClaimedJob, type JobHandler, type JobStore } from './types';

// The worker loop, written once for both back ends: claim as many due jobs as there are free
// slots, run each with its lease kept alive by a heartbeat, settle it (done, retry or failed), and
// claim again at once while there is work; otherwise wait for the poll interval, or for a wake-up
// (a job enqueued in this process, a slot set free).

export type RunnerOptions = { concurrency: number; pollIntervalMs: number; heartbeatMs: number };

type Running = { job: ClaimedJob; done: Promise<void>; controller: AbortController };

function message(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 2000);
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
  const beat = setInterval(() => {
    store
      .heartbeat([job])
      .catch((error: unknown) => console.error('[jobs] heartbeat failed', error));
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
    await store.complete(job);
    return 'done';
  } catch (error) {
    clearInterval(beat);
    if (released()) return 'released';
    const outcome = await store.fail(job, message(error), error instanceof PermanentJobError);
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
    while (!this.stopping) {
      const free = this.options.concurrency - this.running.size;
      let claimed = 0;
      if (free > 0) {
        try {
          const jobs = await this.store.claim(this.queue, free);
          claimed = jobs.length;
          for (const job of jobs) this.launch(job);
        } catch (error) {
          console.error(`[jobs] claiming from ${this.queue} failed`, error);
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
      await this.store
        .release(job)
        .catch((error: unknown) => console.error(`[jobs] releasing ${job.id} failed`, error));
    }
  }
}
