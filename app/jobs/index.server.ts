import {
  AUDIT_BUSINESS_QUEUE,
  AUDIT_SCAN_QUEUE,
  auditDueBusiness,
  enqueueDueAudits,
} from '~/domain/audits.server';
import { env } from '~/lib/env.server';
import {
  deliverOutboxMessage,
  MAIL_QUEUE,
  MAIL_SWEEP_CRON,
  MAIL_SWEEP_QUEUE,
  requeueStrandedMail,
} from '~/lib/mail.server';
import { declareQueues } from '~/domain/jobs.server';
import {
  askTracked,
  enqueueDueRounds,
  fanOutRound,
  parseAskJob,
  trackingAskQueue,
  trackingEngines,
  TRACKING_ROUND_QUEUE,
  TRACKING_SCAN_QUEUE,
  type RoundJob,
} from '~/domain/tracking/rounds/runs.server';
import {
  DIGEST_QUEUE,
  DIGEST_SCAN_QUEUE,
  enqueueDigests,
  sendDigest,
} from '~/domain/tracking/reports/digest.server';
import { deleteExpiredRows, RETENTION_QUEUE } from '~/domain/retention.server';
import { CRAWLER_IMPORT_QUEUE, runImport } from '~/domain/tracking/visits/import.server';
import { prepareScanThreads } from '~/domain/tracking/visits/scan-thread.server';
import {
  enqueueDueListingChecks,
  LISTING_BUSINESS_QUEUE,
  LISTING_SCAN_CRON,
  LISTING_SCAN_QUEUE,
  runListingCheck,
} from '~/domain/tracking/sources/listing-jobs.server';
import { isMainThread, type MessagePort } from 'node:worker_threads';
import { databaseEngine, db } from '~/lib/db.server';
import {
  createJobEngine,
  installJobEngine,
  resetJobEngine,
  type EngineOptions,
  type JobEngine,
} from './engine.server';
import { serveJobThread, startJobThread } from './thread.server';

// The app's background jobs: who runs which queue, and the schedules. The composition root of
// background work (like a route for a request): it wires domain handlers onto the engine, so it
// sits above domain/; the engine itself (engine, runner, stores, types) is infrastructure below it.

export type BackgroundJobsOptions = {
  /**
   * The server build's URL (server/index.ts): on PostgreSQL the workers then run on a thread of
   * their own that loads it (JOBS_THREAD, docs/decisions/0030). Without it they run here.
   */
  threadModuleUrl?: string;
  /** A module that thread imports first (tests: a TypeScript loader). */
  threadPreload?: string;
  /** Aborted when the process stops: a job thread still starting is ended at once. */
  signal?: AbortSignal;
};

/**
 * Starts the job engine of this process. With JOBS_WORKER on (the default) it also runs the
 * queues' workers (JOBS_CONCURRENCY jobs of each at a time) and, with AUDIT_SCHEDULER on, the
 * weekly re-audit's schedule: on PostgreSQL, given `threadModuleUrl`, on a thread of their own
 * while this thread only enqueues. With JOBS_WORKER=false (a web-only instance) it only connects:
 * requests still enqueue, and worker instances run the jobs. Resolves to an async stop: no new
 * jobs are claimed, those under way get up to 10 s to finish, the rest are handed back (not
 * counted as an attempt) for another instance or the next start.
 */
export async function startBackgroundJobs(
  options: BackgroundJobsOptions = {},
): Promise<() => Promise<void>> {
  if (
    env.JOBS_WORKER &&
    env.JOBS_THREAD &&
    databaseEngine === 'postgresql' &&
    options.threadModuleUrl &&
    isMainThread
  )
    return startOnThread(options.threadModuleUrl, options.threadPreload, options.signal);
  return (await startHere()).stop;
}

/** The request thread's side: an engine that enqueues, and the job thread that runs the workers. */
async function startOnThread(moduleUrl: string, preload?: string, signal?: AbortSignal) {
  const web = declareQueues(createJobEngine({ worker: false }));
  await installJobEngine(web)?.stop();
  // Connected (and pg-boss's schema migrated) before the thread's own pg-boss starts.
  await web.start();
  const thread = await startJobThread({
    moduleUrl,
    preload,
    signal,
    paceLagMs: env.JOBS_PACE_LAG_MS,
    stopTimeoutMs: web.options.stopTimeoutMs,
    onCrash: (error) => {
      // Without its workers the site would take work it never does: stop, so the process
      // manager restarts it (as when the engine cannot start).
      console.error('[jobs] the job thread died', error);
      process.exit(1);
    },
  }).catch(async (error: unknown) => {
    await web.stop();
    resetJobEngine(web);
    throw error;
  });
  return async () => {
    await thread.stop();
    await web.stop();
    resetJobEngine(web);
  };
}

/**
 * The job thread's program (thread.server.ts calls it through the server build): the workers as
 * `startBackgroundJobs` runs them in process, paced by the request thread's lag.
 */
export function runJobThread(port: MessagePort): Promise<void> {
  return serveJobThread(port, async () => {
    const running = await startHere({ followLag: true });
    return {
      engine: running.engine,
      stop: async () => {
        await running.stop();
        await db.$disconnect();
      },
    };
  });
}

/** The engine and, on a worker instance, every queue's worker, on this thread. */
async function startHere(overrides: Partial<EngineOptions> = {}) {
  const jobs = declareQueues(createJobEngine({ worker: env.JOBS_WORKER, ...overrides }));
  // An engine this process made earlier to enqueue (a request before start-up) gives way.
  await installJobEngine(jobs)?.stop();
  await jobs.start();
  if (env.JOBS_WORKER) await runWorkers(jobs);
  const where = isMainThread ? '' : ', on a thread of its own';
  console.log(
    `[jobs] ${jobs.kind} engine started (${env.JOBS_WORKER ? `worker${where}, ${env.JOBS_CONCURRENCY} per queue` : 'web only: enqueues, runs nothing'})`,
  );
  return {
    engine: jobs,
    stop: async () => {
      await jobs.stop();
      resetJobEngine(jobs);
    },
  };
}

/** Every queue's worker and the schedules. */
async function runWorkers(jobs: JobEngine) {
  const concurrency = env.JOBS_CONCURRENCY;
  await jobs.work(MAIL_QUEUE, deliverOutboxMessage, { concurrency });
  await jobs.work(
    MAIL_SWEEP_QUEUE,
    async () => {
      const queued = await requeueStrandedMail();
      if (queued) console.log(`[mail] ${queued} stranded message(s) queued again`);
    },
    { concurrency: 1 },
  );
  await jobs.schedule(MAIL_SWEEP_QUEUE, MAIL_SWEEP_CRON);
  // Retention: raw answers, access logs and login history past their settings, in batches.
  await jobs.work(
    RETENTION_QUEUE,
    async () => {
      const done = await deleteExpiredRows();
      if (done.batches)
        console.log(
          `[retention] deleted ${done.trackingAnswers} answer(s), ${done.accessLogs} access log row(s), ${done.authAttempts} sign-in attempt(s), ${done.sessions} ended sign-in(s) in ${done.batches} batch(es)`,
        );
    },
    { concurrency: 1 },
  );
  await jobs.schedule(RETENTION_QUEUE, env.RETENTION_CRON);
  await jobs.work<{ businessId: string }>(
    AUDIT_BUSINESS_QUEUE,
    async ({ businessId }) => {
      await auditDueBusiness(businessId);
    },
    { concurrency },
  );
  await jobs.work(
    AUDIT_SCAN_QUEUE,
    async () => {
      const queued = await enqueueDueAudits();
      if (queued) console.log(`[audit] weekly re-audit: ${queued} business(es) queued`);
    },
    { concurrency: 1 },
  );
  if (env.AUDIT_SCHEDULER) await jobs.schedule(AUDIT_SCAN_QUEUE, env.AUDIT_SCHEDULE_CRON);
  else await jobs.unschedule(AUDIT_SCAN_QUEUE);

  // Tracking: the schedule queues each due business's round; a round fans out into one job per
  // (prompt, engine, sample) on the engine's own queue, run at that engine's concurrency.
  await jobs.work(
    TRACKING_SCAN_QUEUE,
    async () => {
      const queued = await enqueueDueRounds();
      if (queued) console.log(`[tracking] ${queued} scheduled round(s) queued`);
    },
    { concurrency: 1 },
  );
  await jobs.work<RoundJob>(TRACKING_ROUND_QUEUE, (job) => fanOutRound(job).then(() => undefined), {
    concurrency: 2,
  });
  for (const engine of trackingEngines())
    await jobs.work(
      trackingAskQueue(engine.id),
      async (data, job) => {
        await askTracked(parseAskJob(data), job);
      },
      { concurrency: engine.concurrency },
    );
  if (env.TRACKING_SCHEDULER) await jobs.schedule(TRACKING_SCAN_QUEUE, env.TRACKING_SCHEDULE_CRON);
  else await jobs.unschedule(TRACKING_SCAN_QUEUE);
  await jobs.work(
    DIGEST_SCAN_QUEUE,
    async () => {
      const queued = await enqueueDigests();
      if (queued) console.log(`[tracking] ${queued} weekly digest(s) queued`);
    },
    { concurrency: 1 },
  );
  await jobs.work<{ userId: string; week: string }>(
    DIGEST_QUEUE,
    async (data) => {
      await sendDigest(data);
    },
    { concurrency: 2 },
  );
  // Crawler visits: an uploaded access log is read line by line, one import at a time.
  // An upload is read on threads that load the project's source, kept ready from here: a deploy
  // without the source stops here.
  prepareScanThreads();
  await jobs.work<{ importId: string }>(CRAWLER_IMPORT_QUEUE, (data, job) => runImport(data, job), {
    concurrency: 1,
  });
  if (env.TRACKING_SCHEDULER) await jobs.schedule(DIGEST_SCAN_QUEUE, env.TRACKING_DIGEST_CRON);
  else await jobs.unschedule(DIGEST_SCAN_QUEUE);

  // Listing checks (issue 46): whether the business is on the pages the answers cite, weekly.
  await jobs.work(
    LISTING_SCAN_QUEUE,
    async () => {
      const queued = await enqueueDueListingChecks();
      if (queued) console.log(`[sources] ${queued} listing check(s) queued`);
    },
    { concurrency: 1 },
  );
  await jobs.work<{ businessId: string }>(
    LISTING_BUSINESS_QUEUE,
    async (data) => {
      await runListingCheck(data);
    },
    { concurrency: 2 },
  );
  if (env.TRACKING_SCHEDULER) await jobs.schedule(LISTING_SCAN_QUEUE, LISTING_SCAN_CRON);
  else await jobs.unschedule(LISTING_SCAN_QUEUE);
}
