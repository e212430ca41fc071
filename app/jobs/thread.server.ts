import { Worker, type MessagePort } from 'node:worker_threads';
import type { JobEngine } from './engine.server';
import { message } from './runner.server';
import { Pacer } from './pacer.server';

// The job workers on a thread of their own (PostgreSQL; docs/decisions/0030). Measured on the
// demo's rounds (issue 40): the work of a job is mostly CPU on the thread that runs it (Prisma
// building each query and reading its rows, pg-boss's claims, the reader), about 20 queries an
// answer; on the request thread every page waited behind it. Here the request thread only
// enqueues; a worker thread loads the same app (its own database pool, its own pg-boss) and runs
// every queue, so a page waits for neither the jobs' CPU nor their connections.
//
// A thread alone is not enough where the cores are busy: measured on a loaded machine, a job thread
// running flat out took CPU time from the request thread (pages slower than with the jobs beside
// them). So the job thread runs at a lower priority (JOB_THREAD_NICE: the kernel gives the request
// thread the CPU first, the jobs what is left), and the request thread still paces it: it measures
// its own event-loop lag (pacer.server.ts) and posts it every LAG_REPORT_MS; while it lags, the
// job thread's workers claim nothing new (up to a second) and run one job at a time.
//
// The thread program is an eval'd CommonJS string (no build change): it imports `moduleUrl` (the
// server build, or in tests a module of their own) and calls its `runJobThread(port)`.

/** How often the request thread tells the job thread its lag. */
export const LAG_REPORT_MS = 50;
/**
 * The job thread's nice value (Linux: per thread): when both want the CPU, the request thread
 * (nice 0) gets about nine tenths of it; when pages are idle the jobs get all of it.
 */
export const JOB_THREAD_NICE = 10;

type ToThread = { type: 'lag'; ms: number } | { type: 'stop' };
type FromThread = { type: 'started' } | { type: 'stopped' } | { type: 'failed'; message: string };

const THREAD_PROGRAM = `
const { parentPort, workerData } = require('node:worker_threads');
if (workerData.nice) {
  // Linux keeps a nice value per thread: this thread's, by its id in /proc/thread-self.
  try {
    const id = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
    require('node:os').setPriority(id, workerData.nice);
  } catch {
    // Not Linux: the thread keeps the process's priority (the pacing still holds it back).
  }
}
(workerData.preload ? import(workerData.preload) : Promise.resolve())
  .then(() => import(workerData.moduleUrl))
  .then((module) => {
    const entry = module.entry && module.entry.module ? module.entry.module : module;
    if (typeof entry.runJobThread !== 'function') throw new Error(workerData.moduleUrl + ' has no runJobThread');
    return entry.runJobThread(parentPort);
  })
  .catch((error) => {
    parentPort.postMessage({ type: 'failed', message: String((error && error.stack) || error) });
  });
`;

export type JobThreadOptions = {
  /** The module whose `runJobThread` (or `entry.module.runJobThread`: a server build) runs the jobs. */
  moduleUrl: string;
  /** Request-thread lag (ms) above which the job thread holds back; 0: no pacing. */
  paceLagMs: number;
  /** How long stop() waits for the thread to finish its jobs and give the rest back. */
  stopTimeoutMs: number;
  /** A module the thread imports first (tests: a TypeScript loader, 'tsx'). */
  preload?: string;
  /** The thread's nice value (JOB_THREAD_NICE; 0: the process's own). */
  nice?: number;
  /** The thread died after it started (an uncaught error): the process should not run on without its jobs. */
  onCrash: (error: Error) => void;
  /**
   * The process is stopping (a SIGTERM) while the thread still starts: it is ended at once (it has
   * claimed nothing yet) and the start rejects with JobThreadAbortedError, instead of the stop
   * waiting for a whole start (seconds on a busy machine) and then a stop.
   */
  signal?: AbortSignal;
};

export class JobThreadAbortedError extends Error {
  constructor() {
    super('the job thread was stopped before it started');
    this.name = 'JobThreadAbortedError';
  }
}

export type JobThread = {
  readonly threadId: number;
  stop(): Promise<void>;
};

/** Starts the job thread; resolves once its workers run (rejects with why they could not start). */
export async function startJobThread(options: JobThreadOptions): Promise<JobThread> {
  const worker = new Worker(THREAD_PROGRAM, {
    eval: true,
    workerData: {
      moduleUrl: options.moduleUrl,
      preload: options.preload,
      nice: options.nice ?? JOB_THREAD_NICE,
    },
  });
  let stopping = false;
  const exited = new Promise<number>((resolve) => worker.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    const onMessage = (reply: FromThread) => {
      if (reply.type === 'started') done(null);
      else if (reply.type === 'failed')
        done(new Error(`the job thread could not start: ${reply.message}`));
    };
    const onError = (error: Error) => done(error);
    const onExit = (code: number) =>
      done(new Error(`the job thread exited (code ${code}) before it started`));
    const onAbort = () => done(new JobThreadAbortedError());
    if (options.signal?.aborted) return onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    function done(error: Error | null) {
      options.signal?.removeEventListener('abort', onAbort);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      if (error) {
        void worker.terminate();
        reject(error);
      } else resolve();
    }
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
  });
  worker.on('error', (error) => {
    if (!stopping) options.onCrash(error);
  });

  // The request thread's lag, measured here and told to the job thread.
  const pacer = new Pacer(options.paceLagMs);
  pacer.start();
  let lastSent = -1;
  const reporter =
    options.paceLagMs > 0
      ? setInterval(() => {
          const ms = Math.round(pacer.currentLag);
          if (ms === lastSent) return;
          lastSent = ms;
          worker.postMessage({ type: 'lag', ms } satisfies ToThread);
        }, LAG_REPORT_MS)
      : undefined;
  reporter?.unref();

  return {
    threadId: worker.threadId,
    async stop() {
      if (stopping) return;
      stopping = true;
      clearInterval(reporter);
      pacer.stop();
      const stopped = new Promise<void>((resolve) => {
        worker.on('message', (reply: FromThread) => {
          if (reply.type === 'stopped') resolve();
        });
        void exited.then(() => resolve());
      });
      worker.postMessage({ type: 'stop' } satisfies ToThread);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        stopped,
        new Promise((resolve) => (timer = setTimeout(resolve, options.stopTimeoutMs + 5000))),
      ]);
      clearTimeout(timer);
      await worker.terminate();
    },
  };
}

/**
 * The job thread's side: starts the workers with `start` (an engine that follows the lag the
 * request thread reports), feeds it that lag, and stops them when told to.
 */
export async function serveJobThread(
  port: MessagePort,
  start: () => Promise<{ engine: JobEngine; stop: () => Promise<void> }>,
): Promise<void> {
  let running: Awaited<ReturnType<typeof start>>;
  try {
    running = await start();
  } catch (error) {
    port.postMessage({ type: 'failed', message: message(error) } satisfies FromThread);
    return;
  }
  port.on('message', (request: ToThread) => {
    if (request.type === 'lag') running.engine.reportLag(request.ms);
    else if (request.type === 'stop')
      void running
        .stop()
        .catch((error: unknown) =>
          console.error(`[jobs] stopping the job thread failed: ${message(error)}`),
        )
        .finally(() => port.postMessage({ type: 'stopped' } satisfies FromThread));
  });
  port.postMessage({ type: 'started' } satisfies FromThread);
}
