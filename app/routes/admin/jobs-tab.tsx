import { useDates } from '~/components/time-zone';
import { Form } from 'react-router';
import type { FailedJobView, Page, QueueStatsView } from '~/domain/admin.server';
import { Pagination } from '~/components/ui/pagination';
import { buttonStyles } from '~/components/ui/styles';
import { EmptyRow, TableScroller, Td, Th } from './table';

// The background work: per queue, what waits, runs, failed and finished in the last day; below, the
// jobs that used up their attempts (the dead letters), each with its last error and a Retry button.

const QUEUE_LABELS: Record<string, string> = {
  'mail-send': 'E-mail delivery',
  'mail-sweep': 'E-mail: re-queue stranded messages',
  'audit-scan': 'Weekly re-audit: finding due businesses',
  'audit-business': 'Weekly re-audit: one business',
  'tracking-scan': 'Tracking: finding due rounds',
  'tracking-round': 'Tracking: one round of a business',
  'tracking-digest-scan': 'Weekly digest: finding owners',
  'tracking-digest': 'Weekly digest: one e-mail',
};

const ASK_PREFIX = 'tracking-ask-';

export function queueLabel(queue: string): string {
  if (queue.startsWith(ASK_PREFIX)) return `Tracking: asking ${queue.slice(ASK_PREFIX.length)}`;
  return QUEUE_LABELS[queue] ?? queue;
}

/** The headers of QueueCells' columns, in their order. */
export function QueueHeads() {
  return (
    <>
      <Th>Queue</Th>
      <Th>Waiting</Th>
      <Th>Running</Th>
      <Th>Failed</Th>
    </>
  );
}

/** A queue's name and its waiting, running and failed counts: the cells both queue tables share. */
export function QueueCells({
  queue,
}: {
  queue: Pick<QueueStatsView, 'queue' | 'waiting' | 'running' | 'failed'>;
}) {
  const number = (n: number) => n.toLocaleString('en-US');
  return (
    <>
      <Td>
        <span className="font-medium">{queueLabel(queue.queue)}</span>
        <span className="block font-mono text-xs text-slate-600">{queue.queue}</span>
      </Td>
      <Td>{number(queue.waiting)}</Td>
      <Td>{number(queue.running)}</Td>
      <Td>
        <span className={queue.failed ? 'font-semibold text-red-800' : undefined}>
          {number(queue.failed)}
        </span>
      </Td>
    </>
  );
}

export function JobsTab({
  queues,
  failed,
  redirectTo,
}: {
  queues: QueueStatsView[];
  failed: Page<FailedJobView>;
  redirectTo: string;
}) {
  const dates = useDates();
  const number = (n: number) => n.toLocaleString('en-US');
  return (
    <div className="space-y-6">
      <section className="space-y-3">
        <h2 className="text-lg font-semibold text-slate-900">Queues</h2>
        <TableScroller label="Queues">
          <thead className="bg-slate-50">
            <tr>
              <QueueHeads />
              <Th>Done (24 h)</Th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {queues.length === 0 ? (
              <EmptyRow colSpan={5}>No queues yet</EmptyRow>
            ) : (
              queues.map((queue) => (
                <tr key={queue.queue} data-testid="admin-job-queue">
                  <QueueCells queue={queue} />
                  <Td>{number(queue.doneLast24h)}</Td>
                </tr>
              ))
            )}
          </tbody>
        </TableScroller>
      </section>

      <section className="space-y-3">
        <h2 className="text-lg font-semibold text-slate-900">
          Failed jobs ({number(failed.total)})
        </h2>
        <p className="text-sm text-slate-700">
          A job lands here once it has failed on its last attempt. Retry runs it again from the
          start.
        </p>
        <TableScroller label="Failed jobs">
          <thead className="bg-slate-50">
            <tr>
              <Th>Queue</Th>
              <Th>Failed</Th>
              <Th>Attempts</Th>
              <Th>Last error</Th>
              <Th>
                <span className="sr-only">Actions</span>
              </Th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {failed.items.length === 0 ? (
              <EmptyRow colSpan={5}>No failed jobs</EmptyRow>
            ) : (
              failed.items.map((job) => (
                <tr key={`${job.queue}:${job.id}`} data-testid="admin-failed-job">
                  <Td>
                    <span className="font-medium">{queueLabel(job.queue)}</span>
                    <span className="block font-mono text-xs text-slate-600">{job.id}</span>
                  </Td>
                  <Td>{job.failedAt ? dates.dateTime(job.failedAt) : '—'}</Td>
                  <Td>{number(job.attempts)}</Td>
                  <Td wide>
                    <span className="text-red-900">{job.error ?? 'No error recorded'}</span>
                  </Td>
                  <Td>
                    <Form method="post">
                      <input type="hidden" name="intent" value="retry-job" />
                      <input type="hidden" name="queue" value={job.queue} />
                      <input type="hidden" name="jobId" value={job.id} />
                      <input type="hidden" name="redirectTo" value={redirectTo} />
                      <button
                        type="submit"
                        className={buttonStyles.secondary}
                        aria-label={`Retry ${queueLabel(job.queue)} job ${job.id}`}
                      >
                        Retry
                      </button>
                    </Form>
                  </Td>
                </tr>
              ))
            )}
          </tbody>
        </TableScroller>
        <Pagination
          page={failed.page}
          pageCount={failed.pageCount}
          total={failed.total}
          noun={['failed job', 'failed jobs']}
        />
      </section>
    </div>
  );
}
