import { jobEngine, type FailedJob, type QueueStat } from '~/jobs/engine.server';
import type { FailedJobsQuery } from '~/jobs/types';
import { MAIL_QUEUE, MAIL_SWEEP_QUEUE } from '~/lib/mail.server';
import { AUDIT_BUSINESS_QUEUE, AUDIT_SCAN_QUEUE } from './audits.server';
import { RETENTION_QUEUE } from './retention.server';
import { LISTING_BUSINESS_QUEUE, LISTING_SCAN_QUEUE } from './tracking/sources/listing-jobs.server';
import { DIGEST_QUEUE, DIGEST_SCAN_QUEUE } from './tracking/reports/digest.server';
import {
  TRACKING_ASK_QUEUES,
  TRACKING_ROUND_QUEUE,
  TRACKING_SCAN_QUEUE,
} from './tracking/rounds/runs.server';
import { CRAWLER_IMPORT_QUEUE } from './tracking/visits/import.server';

// The app's queues and the admin's view of them. The engine (~/jobs/engine.server) is pg-boss on
// PostgreSQL and a table of the app's database on SQLite; nothing here depends on which. The
// workers that run these queues are wired up in ~/jobs/index.server (startBackgroundJobs).

/** Every queue of the app, shown in the admin's Jobs tab even before its first job. */
export const QUEUES = [
  MAIL_QUEUE,
  MAIL_SWEEP_QUEUE,
  AUDIT_SCAN_QUEUE,
  AUDIT_BUSINESS_QUEUE,
  TRACKING_SCAN_QUEUE,
  TRACKING_ROUND_QUEUE,
  ...TRACKING_ASK_QUEUES,
  DIGEST_SCAN_QUEUE,
  DIGEST_QUEUE,
  CRAWLER_IMPORT_QUEUE,
  LISTING_SCAN_QUEUE,
  LISTING_BUSINESS_QUEUE,
  RETENTION_QUEUE,
] as const;

/** This process's engine with every queue of the app declared. */
export function declareQueues<T extends ReturnType<typeof jobEngine>>(engine: T): T {
  for (const queue of QUEUES) engine.declareQueue(queue);
  return engine;
}

function engine() {
  return declareQueues(jobEngine());
}

// The admin's Jobs tab (admins only: the caller checks the role).

/** Every known queue with its waiting, running and failed jobs and those done in the last 24 h. */
export function queueStats(now?: Date): Promise<QueueStat[]> {
  return engine().queueStats(now);
}

/** Failed jobs, newest first, one page (server-side: a count query and a page query). */
export function listFailedJobs(
  options: FailedJobsQuery,
): Promise<{ items: FailedJob[]; total: number }> {
  return engine().listFailedJobs(options);
}

/** One more attempt, now, for a failed job; false when there is no such failed job. */
export function retryFailedJob(queue: string, id: string): Promise<boolean> {
  return engine().retryFailedJob(queue, id);
}

export type { FailedJob, QueueStat };
