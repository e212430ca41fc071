import { describe, expect, it } from 'vitest';
import { jobEngine } from '~/jobs/engine.server';
import { MAIL_QUEUE } from '~/lib/mail.server';
import { loadAdmin, postAdmin, signedIn } from './admin-helpers';
import { toastOf as flashOf } from './helpers';

// The admin's Jobs tab: every queue's counts, the jobs that failed for good (paged, with their
// error and attempts), and a Retry button that is a plain form post, for admins only.

const load = (cookie: string, path = '/admin?tab=jobs') => loadAdmin(cookie, path);
const post = (cookie: string, fields: Record<string, string>) =>
  postAdmin(cookie, fields, '/admin?tab=jobs');

type JobsData = {
  tab: 'jobs';
  jobs: {
    queues: Array<{ queue: string; waiting: number; running: number; failed: number }>;
    failed: {
      items: Array<{ id: string; queue: string; error: string | null; attempts: number }>;
      total: number;
      page: number;
      pageCount: number;
    };
  };
};

/** `count` e-mail jobs that fail on their only attempt, each with its own error. */
async function failMailJobs(count: number, tag: string) {
  const jobs = jobEngine();
  for (let i = 0; i < count; i += 1) {
    await jobs.enqueue(MAIL_QUEUE, { outboxId: `${tag}-${i}` }, { retry: { limit: 0 } });
  }
  await jobs.drain<{ outboxId: string }>(MAIL_QUEUE, async ({ outboxId }) => {
    throw new Error(`SMTP refused ${outboxId}`);
  });
}

const mailQueue = (data: JobsData) => data.jobs.queues.find((row) => row.queue === MAIL_QUEUE)!;

describe('/admin?tab=jobs', () => {
  it('shows every queue, and the failed jobs 50 a page with their error and attempts', async () => {
    const { cookie } = await signedIn();
    const empty = (await load(cookie)).data as JobsData;
    expect(empty.jobs.queues.map((row) => row.queue)).toEqual(
      expect.arrayContaining(['mail-send', 'audit-scan', 'audit-business']),
    );
    expect(mailQueue(empty)).toMatchObject({ waiting: 0, running: 0, failed: 0 });
    expect(empty.jobs.failed.total).toBe(0);

    await failMailJobs(55, 'paging');
    const first = (await load(cookie)).data as JobsData;
    expect(mailQueue(first).failed).toBe(55);
    expect(first.jobs.failed).toMatchObject({ total: 55, page: 1, pageCount: 2 });
    expect(first.jobs.failed.items).toHaveLength(50);
    expect(first.jobs.failed.items[0]).toMatchObject({
      queue: MAIL_QUEUE,
      attempts: 1,
      error: expect.stringMatching(/^SMTP refused paging-\d+$/),
    });
    const second = (await load(cookie, '/admin?tab=jobs&page=2')).data as JobsData;
    expect(second.jobs.failed.items).toHaveLength(5);
    const ids = new Set([...first.jobs.failed.items, ...second.jobs.failed.items].map((j) => j.id));
    expect(ids.size).toBe(55);
  }, 30_000); // 55 jobs failed one by one through the engine: 13 s of 15 on a loaded machine

  it('Retry puts a failed job back in its queue; a job that is not failed says so', async () => {
    const { cookie } = await signedIn();
    await failMailJobs(1, 'retry');
    const before = (await load(cookie)).data as JobsData;
    const job = before.jobs.failed.items.find((item) => item.error === 'SMTP refused retry-0')!;
    const failedBefore = mailQueue(before).failed;

    const retried = await post(cookie, {
      intent: 'retry-job',
      queue: job.queue,
      jobId: job.id,
      redirectTo: '/admin?tab=jobs',
    });
    expect(retried.status).toBe(302);
    expect(retried.headers.get('Location')).toBe('/admin?tab=jobs');
    expect(await flashOf(retried.headers)).toMatchObject({ title: 'Job queued to run again' });
    const after = (await load(cookie)).data as JobsData;
    expect(mailQueue(after)).toMatchObject({ failed: failedBefore - 1, waiting: 1 });
    expect(after.jobs.failed.items.some((item) => item.id === job.id)).toBe(false);

    // It runs again, and this time it succeeds.
    const ran: string[] = [];
    await jobEngine().drain<{ outboxId: string }>(MAIL_QUEUE, async ({ outboxId }) => {
      ran.push(outboxId);
    });
    expect(ran).toEqual(['retry-0']);

    const again = await post(cookie, { intent: 'retry-job', queue: job.queue, jobId: job.id });
    expect(await flashOf(again.headers)).toMatchObject({
      title: 'Retry failed',
      description: 'That job is not waiting for a retry',
      variant: 'destructive',
    });
    const missing = await post(cookie, { intent: 'retry-job', queue: '', jobId: '' });
    expect(await flashOf(missing.headers)).toMatchObject({ title: 'Retry failed' });
  });

  it('is for admins only: a user is sent away and their Retry changes nothing', async () => {
    const { cookie: adminCookie } = await signedIn();
    await failMailJobs(1, 'guard');
    const before = (await load(adminCookie)).data as JobsData;
    const job = before.jobs.failed.items.find((item) => item.error === 'SMTP refused guard-0')!;

    const { cookie } = await signedIn('user');
    const page = await load(cookie);
    expect(page.status).toBe(302);
    expect(page.headers.get('Location')).toBe('/dashboard');
    const posted = await post(cookie, { intent: 'retry-job', queue: job.queue, jobId: job.id });
    expect(posted.headers.get('Location')).toBe('/dashboard');

    const after = (await load(adminCookie)).data as JobsData;
    expect(after.jobs.failed.items.some((item) => item.id === job.id)).toBe(true);
    expect(mailQueue(after).failed).toBe(mailQueue(before).failed);
  });
});
