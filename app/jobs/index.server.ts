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
import {
  enqueueDueListingChecks,
  LISTING_BUSINESS_QUEUE,
  LISTING_SCAN_CRON,
  LISTING_SCAN_QUEUE,
  runListingCheck,
} from '~/domain/tracking/sources/listing-jobs.server';
import { createJobEngine, installJobEngine, resetJobEngine } from './engine.server';

// The app's background jobs: who runs which queue, and the schedules. The composition root of
// background work (like a route for a request): it wires domain handlers onto the engine, so it
// sits above domain/; the engine itself (engine, runner, stores, types) is infrastructure below it.

/**
 * Starts the job engine of this process. With JOBS_WORKER on (the default) it also runs the
 * queues' workers (JOBS_CONCURRENCY jobs of each at a time) and, with AUDIT_SCHEDULER on, the
 * weekly re-audit's schedule. With JOBS_WORKER=false (a web-only instance) it only connects:
 * requests still enqueue, and worker instances run the jobs. Resolves to an async stop: no new
 * jobs are claimed, those under way get up to 10 s to finish, the rest are handed back (not
 * counted as an attempt) for another instance or the next start.
 */
export async function startBackgroundJobs(): Promise<() => Promise<void>> {
  const jobs = declareQueues(createJobEngine({ worker: env.JOBS_WORKER }));
  // An engine this process made earlier to enqueue (a request before start-up) gives way.
  await installJobEngine(jobs)?.stop();
  await jobs.start();
  if (env.JOBS_WORKER) {
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
    await jobs.work<RoundJob>(
      TRACKING_ROUND_QUEUE,
      (job) => fanOutRound(job).then(() => undefined),
      {
        concurrency: 2,
      },
    );
    for (const engine of trackingEngines())
      await jobs.work(
        trackingAskQueue(engine.id),
        async (data, job) => {
          await askTracked(parseAskJob(data), job);
        },
        { concurrency: engine.concurrency },
      );
    if (env.TRACKING_SCHEDULER)
      await jobs.schedule(TRACKING_SCAN_QUEUE, env.TRACKING_SCHEDULE_CRON);
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
    await jobs.work<{ importId: string }>(CRAWLER_IMPORT_QUEUE, (data) => runImport(data), {
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
  console.log(
    `[jobs] ${jobs.kind} engine started (${env.JOBS_WORKER ? `worker, ${env.JOBS_CONCURRENCY} per queue` : 'web only: enqueues, runs nothing'})`,
  );
  return async () => {
    await jobs.stop();
    resetJobEngine(jobs);
  };
}
