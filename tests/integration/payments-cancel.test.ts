import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// Cancelling a plan at its period's end, and resuming it (issue 34, item 1): the confirmation
// first, the exact calls the real SDK sends to the local Stripe fake, one date everywhere (the
// period's, never the grace days'), no scheduled change left on a cancelled plan, the e-mails, and
// Stripe's webhook events that follow.
const port = await vi.hoisted(async () =>
  (await import('./stripe-env')).useStripeFake('whsec_cancel_tests'),
);

const checkout = await import('~/routes/checkout.$tier');
const cancelRoute = await import('~/routes/billing_.cancel');
const resumeRoute = await import('~/routes/billing_.resume');
const dashboard = await import('~/routes/dashboard/route');
const { args, BASE, createUser, formRequest, run, sessionCookieFor } = await import('./helpers');
const { createStripeFake } = await import('./stripe-fake');
const { dateOf, flashOf, fresh, mailsTo, stripeKit } = await import('./stripe-kit');

const stripeApi = createStripeFake(port);
beforeAll(stripeApi.listen);
afterAll(stripeApi.close);

const { subscriber, deliver } = stripeKit(stripeApi, {
  secret: 'whsec_cancel_tests',
  graceDays: 3,
});

const get = (path: string, cookie: string) =>
  new Request(`${BASE}${path}`, { headers: { Cookie: cookie } });
const openCheckout = (tier: string, cookie: string) =>
  run(() => checkout.loader(args(get(`/checkout/${tier}`, cookie), { tier })));
const submitCheckout = (tier: string, cookie: string, fields: Record<string, string>) =>
  run(() =>
    checkout.action(args(formRequest(`/checkout/${tier}`, fields, { Cookie: cookie }), { tier })),
  );
const confirmation = (cookie: string) =>
  run(() => cancelRoute.loader(args(get('/billing/cancel', cookie))));
const cancel = (cookie: string, fields: Record<string, string>) =>
  run(() => cancelRoute.action(args(formRequest('/billing/cancel', fields, { Cookie: cookie }))));
const resume = (cookie: string) =>
  run(() => resumeRoute.action(args(formRequest('/billing/resume', {}, { Cookie: cookie }))));
const board = (cookie: string) => run(() => dashboard.loader(args(get('/dashboard', cookie))));

describe('cancelling a plan with a downgrade scheduled (Stripe)', () => {
  it('asks first, then drops the schedule and cancels at the period end: one date everywhere, a way back, e-mails', async () => {
    const { user, cookie, sub, periodEnd } = await subscriber('growth');
    const end = dateOf(periodEnd);
    // Growth, then DIY scheduled for the period's end.
    await submitCheckout('diy', cookie, { current: 'growth' });
    const scheduleId = (await fresh(user.id)).stripeScheduleId!;
    expect(scheduleId).toBeTruthy();
    expect((await mailsTo(user.email, 'plan_change_scheduled')).map((m) => m.subject)).toEqual([
      `Your AI Visibility plan changes to DIY All-In on ${end}`,
    ]);

    // The confirmation says what happens and when: nothing changes by reading it.
    stripeApi.reset();
    const page = await confirmation(cookie);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({
      planName: 'Growth',
      endsOn: end,
      droppedPlanName: 'DIY All-In',
      cancelled: false,
    });
    const { version } = page.data as { version: number };

    // A post that did not come from the confirmation is sent to it; nothing is cancelled.
    const unconfirmed = await cancel(cookie, {});
    expect(unconfirmed.status).toBe(302);
    expect(unconfirmed.headers.get('Location')).toBe('/billing/cancel');
    expect(stripeApi.calls).toHaveLength(0);
    expect((await fresh(user.id)).subscriptionCancelAtPeriodEnd).toBe(false);

    const result = await cancel(cookie, { version: String(version) });
    expect(result.headers.get('Location')).toBe('/dashboard');
    expect(await flashOf(result.headers)).toMatchObject({
      title: 'Plan cancelled',
      description: expect.stringContaining(`stays active until ${end}`),
    });
    // Stripe does not let a schedule-managed subscription change its cancellation: the schedule is
    // released first, then the subscription is set to cancel at its period's end.
    const key = `plan-change-${user.id}-${version + 1}`;
    expect(
      stripeApi.calls.map((call) => [
        call.method,
        call.path,
        call.idempotencyKey,
        Object.fromEntries(call.params),
      ]),
    ).toEqual([
      ['GET', `/v1/subscriptions/${sub.id}`, undefined, {}],
      ['POST', `/v1/subscription_schedules/${scheduleId}/release`, `${key}-release`, {}],
      ['POST', `/v1/subscriptions/${sub.id}`, key, { cancel_at_period_end: 'true' }],
    ]);
    expect(stripeApi.subscriptions.get(sub.id)).toMatchObject({
      cancel_at_period_end: true,
      schedule: null,
    });
    expect(await fresh(user.id)).toMatchObject({
      subscriptionStatus: 'growth',
      subscriptionCancelAtPeriodEnd: true,
      scheduledTier: null,
      scheduledTierAt: null,
      stripeScheduleId: null,
    });

    // The dashboard: one date (the period's, not the grace days'), no next plan, resume offered.
    expect((await board(cookie)).data).toMatchObject({
      plan: { tier: 'growth', expiresOn: end },
      billing: {
        planName: 'Growth',
        state: 'ends',
        on: end,
        endsOn: end,
        renewsOn: null,
        scheduled: null,
        canResume: true,
        canCancel: false,
        // Issue 44, item 6: what resuming charges, and when, before the button.
        resumeTerms: `Resuming keeps Growth at $1,000 a month: nothing is charged today; the next $1,000 is charged on ${end}, then every month until you cancel.`,
      },
    });
    // The checkout page for the same plan says it is cancelled, when it ends, and offers resuming;
    // the confirmation now offers resuming too.
    // Issue 44, item 6: both say what resuming charges and when, in the dashboard's words.
    const terms = `Resuming keeps Growth at $1,000 a month: nothing is charged today; the next $1,000 is charged on ${end}, then every month until you cancel.`;
    expect((await openCheckout('growth', cookie)).data).toMatchObject({
      kind: 'already',
      scheduled: null,
      cancelled: { endsOn: end, resumable: true, resumeTerms: terms },
    });
    expect((await confirmation(cookie)).data).toMatchObject({
      cancelled: true,
      endsOn: end,
      resumeTerms: terms,
    });

    const cancelled = await mailsTo(user.email, 'plan_cancelled');
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]!.subject).toBe('Your AI Visibility Growth plan is cancelled');
    expect(cancelled[0]!.text).toContain(`It stays active until ${end} (UTC)`);
    expect(cancelled[0]!.text).toContain('Your scheduled move to DIY All-In will not happen.');
    expect(cancelled[0]!.text).toContain('Then your account moves to the Free plan');

    // Stripe's own events follow (the release, the subscription update): nothing comes back,
    // nobody is told twice.
    await deliver('subscription_schedule.released', stripeApi.schedules.get(scheduleId), -1);
    await deliver('customer.subscription.updated', stripeApi.subscriptions.get(sub.id), 0);
    expect(await fresh(user.id)).toMatchObject({
      subscriptionCancelAtPeriodEnd: true,
      scheduledTier: null,
    });
    expect(await mailsTo(user.email, 'plan_cancelled')).toHaveLength(1);
    expect(await mailsTo(user.email, 'plan_change_cancelled')).toHaveLength(0);

    // Resume: the cancel is undone; the plan renews on the same date; the owner is told.
    stripeApi.reset();
    const resumed = await resume(cookie);
    expect(await flashOf(resumed.headers)).toMatchObject({
      title: 'Plan resumed',
      description: `Your Growth plan is no longer cancelled: it renews on ${end}.`,
    });
    expect(
      stripeApi.calls.map((call) => [call.method, call.path, Object.fromEntries(call.params)]),
    ).toEqual([['POST', `/v1/subscriptions/${sub.id}`, { cancel_at_period_end: 'false' }]]);
    expect((await board(cookie)).data).toMatchObject({
      billing: { state: 'renews', renewsOn: end, endsOn: null, canCancel: true, canResume: false },
    });
    expect((await mailsTo(user.email, 'plan_resumed')).map((m) => m.subject)).toEqual([
      'Your AI Visibility Growth plan will renew',
    ]);
  });

  it('a double click or a second tab cancels once; a confirmation shown before another change is stale', async () => {
    const { user, cookie, sub } = await subscriber('starter');
    const { version } = (await confirmation(cookie)).data as { version: number };
    stripeApi.reset();
    const [first, second] = await Promise.all([
      cancel(cookie, { version: String(version) }),
      cancel(cookie, { version: String(version) }),
    ]);
    const titles = [(await flashOf(first.headers))?.title, (await flashOf(second.headers))?.title];
    expect(titles).toContain('Plan cancelled');
    expect(
      stripeApi.calls.filter(
        (call) => call.method === 'POST' && call.path === `/v1/subscriptions/${sub.id}`,
      ),
    ).toHaveLength(1);
    expect(await mailsTo(user.email, 'plan_cancelled')).toHaveLength(1);

    // Resumed in another tab; the old confirmation's version no longer holds.
    await resume(cookie);
    stripeApi.reset();
    const stale = await cancel(cookie, { version: String(version) });
    expect(stale.headers.get('Location')).toBe('/billing/cancel');
    expect(await flashOf(stale.headers)).toMatchObject({ title: 'Your plan has changed' });
    expect(stripeApi.calls).toHaveLength(0);
    expect((await fresh(user.id)).subscriptionCancelAtPeriodEnd).toBe(false);
  });

  it('Stripe refusing: a message, the plan not cancelled, never a 500', async () => {
    const { user, cookie } = await subscriber('diy');
    const { version } = (await confirmation(cookie)).data as { version: number };
    stripeApi.reset();
    stripeApi.failNextWith(402);
    const result = await cancel(cookie, { version: String(version) });
    expect(result.status).toBe(302);
    expect(await flashOf(result.headers)).toMatchObject({
      title: 'Plan not cancelled',
      variant: 'destructive',
    });
    expect((await fresh(user.id)).subscriptionCancelAtPeriodEnd).toBe(false);
  });

  it('a cancel made in the Customer Portal is told to the owner and shown the same way', async () => {
    const { user, cookie, sub, periodEnd } = await subscriber('authority');
    const portal = structuredClone(stripeApi.subscriptions.get(sub.id)!);
    portal.cancel_at_period_end = true;
    await deliver('customer.subscription.updated', portal, 5);
    expect((await board(cookie)).data).toMatchObject({
      billing: { state: 'ends', endsOn: dateOf(periodEnd), canResume: true },
    });
    const mails = await mailsTo(user.email, 'plan_cancelled');
    expect(mails.map((m) => m.subject)).toEqual(['Your AI Visibility Authority plan is cancelled']);
    expect(mails[0]!.text).toContain(`until ${dateOf(periodEnd)} (UTC)`);
  });

  it('needs a signed-in user; a user without a paid plan has nothing to cancel', async () => {
    const visitor = await run(() =>
      cancelRoute.action(args(formRequest('/billing/cancel', { version: '0' }))),
    );
    expect(visitor.headers.get('Location')).toMatch(/^\/login/);
    const free = await createUser();
    const { cookie } = await sessionCookieFor(free.id);
    const page = await confirmation(cookie);
    expect(page.headers.get('Location')).toBe('/dashboard');
    expect(await flashOf(page.headers)).toMatchObject({ title: 'Nothing to cancel' });
    stripeApi.reset();
    const posted = await cancel(cookie, { version: '0' });
    expect(await flashOf(posted.headers)).toMatchObject({ title: 'Plan not cancelled' });
    expect(stripeApi.calls).toHaveLength(0);
  });
});
