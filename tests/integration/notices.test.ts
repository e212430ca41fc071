import { describe, expect, it } from 'vitest';
import { checkoutCompletedEvent } from '~/domain/payments/test-events.server';
import { applyPaymentEvent } from '~/domain/payments/webhook.server';
import { db } from '~/lib/db.server';
import { settleMail } from '~/lib/mail.server';
import { loader as adminLoader } from '~/routes/admin/route';
import { action as registerAction } from '~/routes/register';
import { args, BASE, createUser, formRequest, run, sessionCookieFor, uniqueEmail } from './helpers';

async function mailTo(email: string, kind: string) {
  await settleMail();
  // Messages written in the same millisecond keep their order by id (cuids grow within a process).
  return db.outboxMessage.findMany({
    where: { to: email, kind },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
}

describe('notices the site sends on its own', () => {
  it('welcomes a new account once, with a working link to the dashboard', async () => {
    const email = uniqueEmail('welcome');
    const res = await run(() =>
      registerAction(
        args(
          formRequest(
            '/register',
            {
              firstName: 'Wendy',
              lastName: '',
              email,
              password: 'long-enough-1',
              confirmPassword: 'long-enough-1',
              redirectTo: '',
            },
            { 'X-Forwarded-For': '192.0.2.150' },
          ),
        ),
      ),
    );
    expect(res.status).toBe(302);
    const [welcome, ...more] = await mailTo(email, 'welcome');
    expect(more).toHaveLength(0);
    expect(welcome).toMatchObject({ subject: 'Welcome to AI Visibility', status: 'held' });
    expect(welcome!.text).toContain('Hi Wendy,');
    expect(welcome!.text).toContain('http://localhost/dashboard');
  });

  it('tells the owner when a plan starts, changes and ends, once per change', async () => {
    const user = await createUser({ firstName: 'Pat' });
    const started = checkoutCompletedEvent(`evt_start_${user.id}`, user, 'diy');
    await applyPaymentEvent(started);
    await applyPaymentEvent(started); // redelivered: applied once, told once
    await applyPaymentEvent(checkoutCompletedEvent(`evt_up_${user.id}`, user, 'growth'));
    await applyPaymentEvent({
      id: `evt_end_${user.id}`,
      type: 'customer.subscription.deleted',
      created: Math.floor(Date.now() / 1000) + 10,
      data: {
        object: {
          id: 'sub_x',
          object: 'subscription',
          status: 'canceled',
          metadata: { userId: user.id, tier: 'growth' },
        },
      },
    });
    const notices = await mailTo(user.email, 'plan_changed');
    expect(notices.map((notice) => notice.subject)).toEqual([
      'Your AI Visibility DIY All-In plan has started',
      'Your AI Visibility plan changed to Growth',
      'Your AI Visibility Growth plan has ended',
    ]);
    expect(notices[0]!.text).toMatch(/Paid through: \w+ \d+, \d{4} \(UTC\)/);
    expect(notices[2]!.text).toContain('now on the Free plan');
  });
});

describe('admin panel: Outbox', () => {
  it('lists the messages newest first for admins, filters failures, and is refused to others', async () => {
    const admin = await createUser({ role: 'admin' });
    const user = await createUser();
    await db.outboxMessage.createMany({
      data: [
        {
          to: 'a@example.com',
          subject: 'Held one',
          text: 't',
          html: 'h',
          kind: 'welcome',
          status: 'held',
        },
        {
          to: 'b@example.com',
          subject: 'Failed one',
          text: 't',
          html: 'h',
          kind: 'welcome',
          status: 'failed',
          error: 'Connection refused',
          createdAt: new Date(Date.now() + 1000),
        },
      ],
    });
    const { cookie } = await sessionCookieFor(admin.id);
    const all = await run(() =>
      adminLoader(args(new Request(`${BASE}/admin?tab=outbox`, { headers: { Cookie: cookie } }))),
    );
    expect(all.status).toBe(200);
    const data = all.data as {
      messages: {
        items: { subject: string; error: string | null }[];
        total: number;
        failed: number;
      };
    };
    expect(data.messages.items[0]).toMatchObject({
      subject: 'Failed one',
      error: 'Connection refused',
    });
    expect(data.messages.total).toBeGreaterThanOrEqual(2);

    const failed = await run(() =>
      adminLoader(
        args(
          new Request(`${BASE}/admin?tab=outbox&status=failed`, { headers: { Cookie: cookie } }),
        ),
      ),
    );
    const failedData = failed.data as typeof data;
    expect(failedData.messages.items.every((item) => item.error)).toBe(true);
    expect(failedData.messages.total).toBe(failedData.messages.failed);

    const plain = await sessionCookieFor(user.id);
    const refused = await run(() =>
      adminLoader(
        args(new Request(`${BASE}/admin?tab=outbox`, { headers: { Cookie: plain.cookie } })),
      ),
    );
    expect(refused.status).toBe(302);
    expect(refused.headers.get('location')).toBe('/dashboard');
  });
});
