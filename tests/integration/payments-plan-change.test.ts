import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// A subscriber who picks another plan changes their one subscription (issue 23): the exact calls
// the real SDK sends to a local fake of Stripe's API (tests/integration/stripe-fake.ts), what the
// database holds afterwards, and the webhook events Stripe sends next, applied once.
const port = await vi.hoisted(async () =>
  (await import('./stripe-env')).useStripeFake('whsec_plan_change_tests'),
);

const { db } = await import('~/lib/db.server');
const checkout = await import('~/routes/checkout.$tier');
const scheduledChange = await import('~/routes/billing_.scheduled-change');
const dashboard = await import('~/routes/dashboard/route');
const { args, BASE, formRequest, run } = await import('./helpers');
const { createStripeFake } = await import('./stripe-fake');
const { DAY_S, dateOf, flashOf, fresh, mailsTo, stripeKit } = await import('./stripe-kit');

const stripeApi = createStripeFake(port);
beforeAll(stripeApi.listen);
afterAll(stripeApi.close);

const { subscriber, deliver } = stripeKit(stripeApi, {
  secret: 'whsec_plan_change_tests',
  graceDays: 3,
});

const open = (tier: string, cookie: string) =>
  run(() =>
    checkout.loader(
      args(new Request(`${BASE}/checkout/${tier}`, { headers: { Cookie: cookie } }), { tier }),
    ),
  );

const submit = (tier: string, cookie: string, fields: Record<string, string> = {}) =>
  run(() =>
    checkout.action(args(formRequest(`/checkout/${tier}`, fields, { Cookie: cookie }), { tier })),
  );

const cancelChange = (cookie: string) =>
  run(() =>
    scheduledChange.action(args(formRequest('/billing/scheduled-change', {}, { Cookie: cookie }))),
  );

const dashboardOf = (cookie: string) =>
  run(() =>
    dashboard.loader(args(new Request(`${BASE}/dashboard`, { headers: { Cookie: cookie } }))),
  );

/** The subjects of the plan-changed e-mails the owner got. */
const planMails = async (email: string) =>
  (await mailsTo(email, 'plan_changed')).map((mail) => mail.subject);

describe('upgrade: the price is swapped on the existing subscription now, prorated', () => {
  it('names the current plan and what happens, then makes exactly these calls and no Checkout', async () => {
    const { user, cookie, sub } = await subscriber('diy');
    stripeApi.reset();
    const page = await open('starter', cookie);
    expect(page.data).toMatchObject({
      kind: 'change',
      current: { name: 'DIY All-In', price: '$249' },
      plan: { name: 'White Glove Starter', price: '$500' },
      change: { direction: 'upgrade', effectiveOn: null },
    });
    // Opening the page only reads: the subscription, and the preview of the upgrade's invoice.
    expect(stripeApi.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      `GET /v1/subscriptions/${sub.id}`,
      'POST /v1/invoices/create_preview',
    ]);
    stripeApi.reset();

    const result = await submit('starter', cookie, { current: 'diy' });
    expect(result.status).toBe(302);
    expect(result.headers.get('Location')).toBe('/dashboard');
    expect(await flashOf(result.headers)).toMatchObject({ title: 'Plan upgraded' });

    const calls = stripeApi.calls.map((call) => ({
      method: call.method,
      path: call.path,
      key: call.idempotencyKey,
      params: Object.fromEntries(call.params),
    }));
    const key = `plan-change-${user.id}-1`;
    expect(calls).toEqual([
      { method: 'GET', path: `/v1/subscriptions/${sub.id}`, key: undefined, params: {} },
      {
        method: 'POST',
        path: `/v1/subscriptions/${sub.id}`,
        key,
        params: {
          'items[0][id]': sub.items.data[0]!.id,
          'items[0][price]': 'price_starter',
          proration_behavior: 'always_invoice',
          cancel_at_period_end: 'false',
          'metadata[tier]': 'starter',
          'metadata[userId]': user.id,
        },
      },
    ]);
    expect(stripeApi.calls.some((call) => call.path === '/v1/checkout/sessions')).toBe(false);
    expect(stripeApi.subscriptions.get(sub.id)!.items.data[0]!.price.id).toBe('price_starter');
    expect(await fresh(user.id)).toMatchObject({
      subscriptionStatus: 'starter',
      stripeSubscriptionId: sub.id,
      scheduledTier: null,
    });

    // Stripe's own events follow: the subscription update, the prorated invoice paid. The plan
    // stays as it is and the owner is told of the change once.
    await deliver('customer.subscription.updated', stripeApi.subscriptions.get(sub.id));
    await deliver('invoice.paid', {
      customer: sub.customer,
      lines: { data: [{ period: { end: sub.items.data[0]!.current_period_end } }] },
    });
    expect((await fresh(user.id)).subscriptionStatus).toBe('starter');
    expect(await planMails(user.email)).toEqual([
      'Your AI Visibility plan changed to White Glove Starter',
    ]);
  });

  it("says what is charged today (Stripe's invoice preview) and when the full price starts; the upgrade is prorated from that moment", async () => {
    const { cookie, sub, periodEnd } = await subscriber('diy');
    const item = sub.items.data[0]!;
    stripeApi.reset();
    const page = await open('growth', cookie);
    const preview = stripeApi.calls.find((call) => call.path === '/v1/invoices/create_preview')!;
    const at = Number(preview.params.get('subscription_details[proration_date]'));
    expect(Object.fromEntries(preview.params)).toEqual({
      subscription: sub.id,
      'subscription_details[items][0][id]': item.id,
      'subscription_details[items][0][price]': 'price_growth',
      'subscription_details[proration_behavior]': 'always_invoice',
      'subscription_details[proration_date]': String(at),
    });
    // Growth for the rest of the period less the unused DIY: 20 of the period's 30 days are left.
    const left =
      (item.current_period_end - at) / (item.current_period_end - item.current_period_start);
    const cents = Math.round(100000 * left) - Math.round(24900 * left);
    expect(cents).toBeGreaterThan(49_900);
    expect(cents).toBeLessThan(50_200);
    const today = `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
    expect(page.data).toMatchObject({
      change: {
        direction: 'upgrade',
        today,
        quotedAt: at,
        fullPriceOn: dateOf(periodEnd),
      },
    });

    // The form sends the quote's moment back: Stripe prorates from it, so it charges that amount.
    stripeApi.reset();
    const result = await submit('growth', cookie, {
      current: 'diy',
      version: '0',
      quotedAt: String(at),
    });
    expect(await flashOf(result.headers)).toMatchObject({ title: 'Plan upgraded' });
    const update = stripeApi.calls.find(
      (call) => call.method === 'POST' && call.path === `/v1/subscriptions/${sub.id}`,
    )!;
    expect(update.params.get('proration_date')).toBe(String(at));
  });

  it('a quote from more than an hour ago, or from the future, is not used: Stripe prorates from the change', async () => {
    const { cookie, sub } = await subscriber('diy');
    const now = Math.floor(Date.now() / 1000);
    for (const [tier, current, quotedAt] of [
      ['starter', 'diy', now - 2 * 60 * 60],
      ['growth', 'starter', now + 600],
    ] as const) {
      stripeApi.reset();
      await submit(tier, cookie, { current, quotedAt: String(quotedAt) });
      const update = stripeApi.calls.find(
        (call) => call.method === 'POST' && call.path === `/v1/subscriptions/${sub.id}`,
      )!;
      expect(update.params.get('items[0][price]')).toBe(`price_${tier}`);
      expect(update.params.has('proration_date')).toBe(false);
    }
  });

  it('Stripe failing the preview: the page still opens, saying the difference is prorated, without an amount', async () => {
    const { cookie } = await subscriber('diy');
    stripeApi.reset();
    stripeApi.failNextWith(500);
    const page = await open('growth', cookie);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({
      kind: 'change',
      change: { direction: 'upgrade', today: null, quotedAt: null, fullPriceOn: null },
    });
  });

  it('a double submission (two tabs, a double click) bills once: one update reaches Stripe', async () => {
    const { user, cookie, sub } = await subscriber('starter');
    const page = await open('authority', cookie);
    expect(page.data).toMatchObject({ change: { version: 0 } });
    const form = { current: 'starter', version: '0' };
    stripeApi.reset();
    const [first, second] = await Promise.all([
      submit('authority', cookie, form),
      submit('authority', cookie, form),
    ]);
    // One of them makes the change; the other finds it claimed (still being made) or made.
    const titles = [(await flashOf(first.headers))?.title, (await flashOf(second.headers))?.title];
    expect(titles.filter((title) => title === 'Plan upgraded')).toHaveLength(1);
    expect(['Plan change in progress', 'You are already on Authority']).toContain(
      titles.find((title) => title !== 'Plan upgraded'),
    );
    const updates = stripeApi.calls.filter(
      (call) => call.method === 'POST' && call.path === `/v1/subscriptions/${sub.id}`,
    );
    expect(updates).toHaveLength(1);

    // The same form posted again once the change is made: already on that plan, nothing sent.
    stripeApi.reset();
    const again = await submit('authority', cookie, form);
    expect(again.headers.get('Location')).toBe('/checkout/authority');
    expect(await flashOf(again.headers)).toMatchObject({
      title: 'You are already on Authority',
      description: 'Nothing was changed.',
    });
    expect(stripeApi.calls).toHaveLength(0);
    expect(await fresh(user.id)).toMatchObject({
      subscriptionStatus: 'authority',
      planChangeVersion: 1,
    });
  });

  it('a submission whose page version another one already claimed (still in flight) sends nothing', async () => {
    const { user, cookie } = await subscriber('diy');
    // The first submission has claimed version 1 and is waiting for Stripe's answer.
    await db.user.update({ where: { id: user.id }, data: { planChangeVersion: 1 } });
    stripeApi.reset();
    const second = await submit('growth', cookie, { current: 'diy', version: '0' });
    expect(second.headers.get('Location')).toBe('/dashboard');
    expect(await flashOf(second.headers)).toMatchObject({ title: 'Plan change in progress' });
    expect(stripeApi.calls).toHaveLength(0);
    expect(await fresh(user.id)).toMatchObject({ subscriptionStatus: 'diy', planChangeVersion: 1 });
  });

  it('a page opened before another change is refused as stale, not acted on', async () => {
    const { user, cookie } = await subscriber('starter');
    // Tab one shows "downgrade to DIY"; tab two upgrades to Authority first. Tab one's form
    // would now be a different downgrade than the one it describes: shown again instead.
    const tabOne = await open('diy', cookie);
    expect(tabOne.data).toMatchObject({ change: { direction: 'downgrade', version: 0 } });
    await submit('authority', cookie, { current: 'starter', version: '0' });
    stripeApi.reset();
    const stale = await submit('diy', cookie, { current: 'starter', version: '0' });
    expect(stale.headers.get('Location')).toBe('/checkout/diy');
    expect(await flashOf(stale.headers)).toMatchObject({ title: 'Your plan has changed' });
    expect(stripeApi.calls).toHaveLength(0);
    expect(await fresh(user.id)).toMatchObject({
      subscriptionStatus: 'authority',
      scheduledTier: null,
    });
  });

  it('a retried call with the same idempotency key is one change at Stripe', async () => {
    const { user, sub } = await subscriber('diy');
    const { changePlan } = await import('~/domain/payments/plan-change.server');
    // The first attempt's answer is lost after Stripe made the change: the plan-change version it
    // claimed is given back, as if the request was repeated with the same key.
    stripeApi.reset();
    await changePlan(user.id, 'growth');
    await db.user.update({
      where: { id: user.id },
      data: { subscriptionStatus: 'diy', planChangeVersion: 0 },
    });
    await changePlan(user.id, 'growth');
    const updates = stripeApi.calls.filter(
      (call) => call.method === 'POST' && call.path === `/v1/subscriptions/${sub.id}`,
    );
    expect(updates.map((call) => call.idempotencyKey)).toEqual([
      `plan-change-${user.id}-1`,
      `plan-change-${user.id}-1`,
    ]);
    expect(updates.map((call) => call.replayed)).toEqual([false, true]);
  });

  it('Stripe refusing the change: a message, the plan unchanged, never a 500', async () => {
    const { user, cookie } = await subscriber('diy');
    stripeApi.reset();
    stripeApi.failNextWith(402);
    const result = await submit('growth', cookie, { current: 'diy' });
    expect(result.status).toBe(302);
    expect(result.headers.get('Location')).toBe('/checkout/growth');
    expect(await flashOf(result.headers)).toMatchObject({
      title: 'Plan not changed',
      variant: 'destructive',
    });
    expect((await fresh(user.id)).subscriptionStatus).toBe('diy');
  });

  it('picking the plan you already have says so and calls nothing', async () => {
    const { cookie } = await subscriber('growth');
    stripeApi.reset();
    expect((await open('growth', cookie)).data).toMatchObject({ kind: 'already' });
    const result = await submit('growth', cookie, { current: 'growth' });
    expect(result.headers.get('Location')).toBe('/checkout/growth');
    expect(await flashOf(result.headers)).toMatchObject({ title: 'You are already on Growth' });
    expect(stripeApi.calls).toHaveLength(0);
  });
});

describe('downgrade: scheduled for the end of the period on a subscription schedule', () => {
  it('says when, keeps the current plan until then, and makes exactly these calls', async () => {
    const { user, cookie, sub, periodEnd } = await subscriber('growth');
    stripeApi.reset();
    const page = await open('starter', cookie);
    expect(page.data).toMatchObject({
      kind: 'change',
      current: { name: 'Growth' },
      change: { direction: 'downgrade', effectiveOn: dateOf(periodEnd) },
    });

    const result = await submit('starter', cookie, { current: 'growth' });
    expect(result.headers.get('Location')).toBe('/dashboard');
    expect(await flashOf(result.headers)).toMatchObject({
      title: 'Plan change scheduled',
      description: `You keep Growth until ${dateOf(periodEnd)}, then move to White Glove Starter.`,
    });
    const item = sub.items.data[0]!;
    const key = `plan-change-${user.id}-1`;
    const schedule = [...stripeApi.schedules.values()].find((s) => s.subscription === sub.id)!;
    expect(
      stripeApi.calls.map((call) => ({
        method: call.method,
        path: call.path,
        key: call.idempotencyKey,
        params: Object.fromEntries(call.params),
      })),
    ).toEqual([
      { method: 'GET', path: `/v1/subscriptions/${sub.id}`, key: undefined, params: {} },
      {
        method: 'POST',
        path: '/v1/subscription_schedules',
        key: `${key}-schedule`,
        params: { from_subscription: sub.id },
      },
      {
        method: 'POST',
        path: `/v1/subscription_schedules/${schedule.id}`,
        key,
        params: {
          end_behavior: 'release',
          'metadata[userId]': user.id,
          'phases[0][items][0][price]': 'price_growth',
          'phases[0][items][0][quantity]': '1',
          'phases[0][start_date]': String(item.current_period_start),
          'phases[0][end_date]': String(periodEnd),
          'phases[0][metadata][tier]': 'growth',
          'phases[0][metadata][userId]': user.id,
          'phases[0][proration_behavior]': 'none',
          'phases[1][items][0][price]': 'price_starter',
          'phases[1][items][0][quantity]': '1',
          'phases[1][duration][interval]': 'month',
          'phases[1][duration][interval_count]': '1',
          'phases[1][metadata][tier]': 'starter',
          'phases[1][metadata][userId]': user.id,
          'phases[1][proration_behavior]': 'none',
        },
      },
    ]);
    // Nothing billed now: the subscription's price is still Growth's.
    expect(stripeApi.subscriptions.get(sub.id)!.items.data[0]!.price.id).toBe('price_growth');
    expect(await fresh(user.id)).toMatchObject({
      subscriptionStatus: 'growth',
      scheduledTier: 'starter',
      scheduledTierAt: new Date(periodEnd * 1000),
      stripeScheduleId: schedule.id,
    });
    const board = await dashboardOf(cookie);
    expect(board.data).toMatchObject({
      billing: {
        planName: 'Growth',
        scheduled: { planName: 'White Glove Starter', on: dateOf(periodEnd) },
      },
    });

    // Picking Starter again: already scheduled, nothing sent.
    stripeApi.reset();
    expect((await open('starter', cookie)).data).toMatchObject({ kind: 'scheduled' });
    const again = await submit('starter', cookie, { current: 'growth' });
    expect(await flashOf(again.headers)).toMatchObject({ title: 'Already scheduled' });
    expect(stripeApi.calls).toHaveLength(0);

    // Stripe's events that follow do not undo it or apply it early: the schedule's creation (one
    // phase, as from_subscription makes it), its update, the subscription now on the schedule, and
    // this period's invoice.
    const created = { ...schedule, phases: schedule.phases.slice(0, 1) };
    await deliver('subscription_schedule.created', created, 1);
    await deliver('subscription_schedule.updated', schedule, 2);
    await deliver('customer.subscription.updated', stripeApi.subscriptions.get(sub.id), 3);
    await deliver('invoice.paid', {
      customer: sub.customer,
      lines: { data: [{ period: { end: periodEnd } }] },
    });
    expect(await fresh(user.id)).toMatchObject({
      subscriptionStatus: 'growth',
      scheduledTier: 'starter',
      stripeScheduleId: schedule.id,
    });
    expect(await planMails(user.email)).toEqual([]);

    // The period ends: the next phase starts and Stripe updates the subscription to Starter.
    const moved = structuredClone(stripeApi.subscriptions.get(sub.id)!);
    moved.items.data[0]!.price.id = 'price_starter';
    moved.items.data[0]!.current_period_start = periodEnd;
    moved.items.data[0]!.current_period_end = periodEnd + 30 * DAY_S;
    await deliver('customer.subscription.updated', moved, 10);
    expect(await fresh(user.id)).toMatchObject({
      subscriptionStatus: 'starter',
      scheduledTier: null,
      scheduledTierAt: null,
    });
    expect(await planMails(user.email)).toEqual([
      'Your AI Visibility plan changed to White Glove Starter',
    ]);
  });

  it('an upgrade while a downgrade waits releases the schedule first, then swaps the price', async () => {
    const { user, cookie, sub } = await subscriber('growth');
    await submit('diy', cookie, { current: 'growth' });
    const scheduleId = stripeApi.subscriptions.get(sub.id)!.schedule!;
    expect(scheduleId).toBeTruthy();
    stripeApi.reset();
    const up = await submit('authority', cookie, { current: 'growth' });
    expect(await flashOf(up.headers)).toMatchObject({ title: 'Plan upgraded' });
    expect(stripeApi.calls.map((call) => [call.method, call.path, call.idempotencyKey])).toEqual([
      ['GET', `/v1/subscriptions/${sub.id}`, undefined],
      [
        'POST',
        `/v1/subscription_schedules/${scheduleId}/release`,
        `plan-change-${user.id}-2-release`,
      ],
      ['POST', `/v1/subscriptions/${sub.id}`, `plan-change-${user.id}-2`],
    ]);
    expect(stripeApi.schedules.get(scheduleId)!.status).toBe('released');
    expect(await fresh(user.id)).toMatchObject({
      subscriptionStatus: 'authority',
      scheduledTier: null,
      scheduledTierAt: null,
      stripeScheduleId: null,
    });
  });

  it('a cancelled plan is resumed before its downgrade; a second downgrade updates the same schedule', async () => {
    const { user, cookie, sub } = await subscriber('authority');
    stripeApi.subscriptions.get(sub.id)!.cancel_at_period_end = true;
    await db.user.update({
      where: { id: user.id },
      data: { subscriptionCancelAtPeriodEnd: true },
    });
    expect((await open('diy', cookie)).data).toMatchObject({ change: { cancelled: true } });
    stripeApi.reset();
    await submit('diy', cookie, { current: 'authority' });
    expect(stripeApi.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      `GET /v1/subscriptions/${sub.id}`,
      `POST /v1/subscriptions/${sub.id}`,
      'POST /v1/subscription_schedules',
      expect.stringMatching(/^POST \/v1\/subscription_schedules\/sub_sched_/),
    ]);
    expect(Object.fromEntries(stripeApi.calls[1]!.params)).toEqual({
      cancel_at_period_end: 'false',
    });
    expect(stripeApi.subscriptions.get(sub.id)!.cancel_at_period_end).toBe(false);
    // The account says so at once (not only when Stripe's own events arrive): no longer ending,
    // the change scheduled instead.
    expect(await fresh(user.id)).toMatchObject({
      scheduledTier: 'diy',
      subscriptionCancelAtPeriodEnd: false,
    });
    expect((await dashboardOf(cookie)).data).toMatchObject({
      billing: { state: 'changes', scheduled: { planName: 'DIY All-In' }, canResume: false },
    });

    // Authority → (DIY scheduled) → Growth... is a downgrade too: the schedule is updated, not a
    // second one created.
    stripeApi.reset();
    await submit('growth', cookie, { current: 'authority' });
    const scheduleId = stripeApi.subscriptions.get(sub.id)!.schedule!;
    expect(stripeApi.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      `GET /v1/subscriptions/${sub.id}`,
      `POST /v1/subscription_schedules/${scheduleId}`,
    ]);
    expect((await fresh(user.id)).scheduledTier).toBe('growth');
  });
});

describe('cancelling a scheduled change', () => {
  it('releases the schedule: the current plan renews; the events that follow keep it so', async () => {
    const { user, cookie, sub } = await subscriber('growth');
    await submit('diy', cookie, { current: 'growth' });
    const scheduleId = (await fresh(user.id)).stripeScheduleId!;
    const before = structuredClone(stripeApi.schedules.get(scheduleId)!);
    stripeApi.reset();

    const result = await cancelChange(cookie);
    expect(result.status).toBe(302);
    expect(result.headers.get('Location')).toBe('/dashboard');
    expect(await flashOf(result.headers)).toMatchObject({
      title: 'Scheduled change cancelled',
      description: 'You stay on Growth; the move to DIY All-In will not happen.',
    });
    expect(
      stripeApi.calls.map((call) => ({
        method: call.method,
        path: call.path,
        key: call.idempotencyKey,
        params: Object.fromEntries(call.params),
      })),
    ).toEqual([
      {
        method: 'POST',
        path: `/v1/subscription_schedules/${scheduleId}/release`,
        key: `plan-change-${user.id}-2`,
        params: {},
      },
    ]);
    expect(stripeApi.subscriptions.get(sub.id)).toMatchObject({ schedule: null });
    expect(await fresh(user.id)).toMatchObject({
      subscriptionStatus: 'growth',
      scheduledTier: null,
      scheduledTierAt: null,
      stripeScheduleId: null,
    });
    expect((await dashboardOf(cookie)).data).toMatchObject({ billing: { scheduled: null } });

    // Stripe's release event, and a late copy of the schedule's update from before: nothing comes
    // back.
    await deliver('subscription_schedule.released', stripeApi.schedules.get(scheduleId), 5);
    await deliver('customer.subscription.updated', stripeApi.subscriptions.get(sub.id), 6);
    expect((await deliver('subscription_schedule.updated', before, -60)).outcome).toBe('ignored');
    expect(await fresh(user.id)).toMatchObject({
      subscriptionStatus: 'growth',
      scheduledTier: null,
    });

    // Nothing left to cancel.
    stripeApi.reset();
    const nothing = await cancelChange(cookie);
    expect(await flashOf(nothing.headers)).toMatchObject({ title: 'Nothing to cancel' });
    expect(stripeApi.calls).toHaveLength(0);
  });

  it('needs a signed-in user, and only changes that user', async () => {
    const result = await run(() =>
      scheduledChange.action(args(formRequest('/billing/scheduled-change', {}))),
    );
    expect(result.status).toBe(302);
    expect(result.headers.get('Location')).toMatch(/^\/login/);
  });
});

describe('a subscriber without the Stripe API (payment links)', () => {
  it('is never sent to a second payment link', async () => {
    const { cookie, user } = await subscriber('diy');
    vi.resetModules();
    process.env.STRIPE_SECRET_KEY = '';
    try {
      const linkCheckout = await import('~/routes/checkout.$tier');
      const page = await run(() =>
        linkCheckout.loader(
          args(new Request(`${BASE}/checkout/growth`, { headers: { Cookie: cookie } }), {
            tier: 'growth',
          }),
        ),
      );
      expect(page.data).toMatchObject({ kind: 'change-offline', current: { name: 'DIY All-In' } });
      const posted = await run(() =>
        linkCheckout.action(
          args(formRequest('/checkout/growth', {}, { Cookie: cookie }), { tier: 'growth' }),
        ),
      );
      expect(posted.headers.get('Location')).toBe('/checkout/growth');
      expect((await fresh(user.id)).checkoutTier).toBeNull();
    } finally {
      process.env.STRIPE_SECRET_KEY = 'sk_test_fake_key';
      vi.resetModules();
    }
  });
});
