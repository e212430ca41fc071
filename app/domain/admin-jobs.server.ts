import { DomainError } from './errors';
import {
  assertAdmin,
  pageOf,
  type AdminActor,
  type Page,
  type PageRequest,
} from './admin-access.server';
import { listFailedJobs, queueStats, retryFailedJob } from './jobs.server';

// The admin's Jobs tab (split from admin.server.ts, code unchanged): every queue's counts, the
// jobs that failed for good and a retry, for admins only. admin.server.ts re-exports them.

// ---------------------------------------------------------------------------------------------
// Background jobs (the Jobs tab)

export type QueueStatsView = {
  queue: string;
  waiting: number;
  running: number;
  failed: number;
  doneLast24h: number;
};

export type FailedJobView = {
  id: string;
  queue: string;
  error: string | null;
  attempts: number;
  failedAt: string | null;
  createdAt: string;
};

/** The Jobs tab: every queue's counts, and one page of the jobs that failed for good. */
export async function getJobsOverview(
  actor: AdminActor,
  options: PageRequest,
  now = new Date(),
): Promise<{ queues: QueueStatsView[]; failed: Page<FailedJobView> }> {
  assertAdmin(actor);
  const [queues, failed] = await Promise.all([
    queueStats(now),
    listFailedJobs({ page: options.page, pageSize: options.limit }),
  ]);
  return {
    queues,
    failed: pageOf(
      failed.items.map((job) => ({
        id: job.id,
        queue: job.queue,
        error: job.error,
        attempts: job.attempts,
        failedAt: job.failedAt?.toISOString() ?? null,
        createdAt: job.createdAt.toISOString(),
      })),
      failed.total,
      options,
    ),
  };
}

/** Runs a failed job once more; 404 when it is not (or no longer) a failed job. */
export async function retryJobAsAdmin(actor: AdminActor, queue: string, id: string) {
  assertAdmin(actor);
  if (!(await retryFailedJob(queue, id))) {
    throw new DomainError('not_found', 'That job is not waiting for a retry');
  }
}
