import Stripe from 'stripe';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.STRIPE_WEBHOOK_SECRET = 'whsec_test_webhook_secret';
  process.env.STRIPE_PRICE_DIY = 'price_diy';
  process.env.STRIPE_PRICE_STARTER = 'price_starter';
  process.env.STRIPE_PRICE_GROWTH = 'price_growth';
  process.env.STRIPE_PRICE_AUTHORITY = 'price_authority';
  process.env.SUBSCRIPTION_GRACE_DAYS = '3';
});

const { db } = await import('~/lib/db.server');
const { hasTierAccess } = await import('~/domain/tiers');
const webhook = await import('~/routes/api.webhooks.stripe');
const testWebhook = await import('~/routes/api.test-webhook');
const { args, BASE, createUser, jsonRequest, run, sessionCookieFor, uniqueEmail } =
  await import('./helpers');

const SECRET = 'whsec_test_webhook_secret';
const DAY = 24 * 60 * 60 * 1000;
const sdk = new Stripe('sk_test_unused');
let counter = 0;

function event(type: string, object: Record<string, unknown>, created = Date.now()) {
  counter += 1;
  return {
    id: `evt_${Date.now()}_${counter}`,
    object: 'event',
    type,
    created: Math.floor(created / 1000),
    data: { object },
  };
}

async function deliver(
  payload: unknown,
  options: { secret?: string; timestamp?: number; raw?: string; signature?: string | null } = {},
) {
  const body = options.raw ?? JSON.stringify(payload);
  const signature =
    options.signature === undefined
      ? sdk.webhooks.generateTestHeaderString({
          payload: body,
          secret: options.secret ?? SECRET,
          timestamp: options.timestamp,
        })
      : options.signature;
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (signature !== null) headers['Stripe-Signature'] = signature;
  return run(() =>
    webhook.action(
      args(new Request(`${BASE}/api/webhooks/stripe`, { method: 'POST', headers, body })),
    ),
  );
}

const fresh = (id: string) => db.user.findUniqueOrThrow({ where: { id } });

function subscription(userId: string, overrides: Record<string, unknown> = {}) {
  const end = Math.floor((Date.now() + 30 * DAY) / 1000);
  return {
    id: 'sub_123',
    object: 'subscription',
    customer: `cus_${userId}`,
    status: 'active',
    cancel_at_period_end: false,
    metadata: { userId },
    items: { data: [{ price: { id: 'price_growth' }, current_period_end: end }] },
    ...overrides,
  };
}

beforeEach(() => {
  counter += 100;
});

describe('POST /api/webhooks/stripe refuses what is not a genuine event', () => {
  it('missing, forged or stale signatures and bodies that are not events: 400, nothing changes', async () => {
    const user = await createUser();
    const good = event('checkout.session.completed', {
      client_reference_id: user.id,
      payment_status: 'paid',
      metadata: { tier: 'growth' },
    });
    const before = await db.paymentEvent.count();
    for (const attempt of [
      await deliver(good, { signature: null }),
      await deliver(good, { secret: 'whsec_someone_else' }),
      await deliver(good, { timestamp: Math.floor(Date.now() / 1000) - 10 * 60 }),
      await deliver(null, { raw: '{not json' }),
      await deliver(null, { raw: JSON.stringify({ hello: 'world' }) }),
      await deliver(good, { signature: 't=1,v1=deadbeef' }),
    ]) {
      expect(attempt.status).toBe(400);
      expect(attempt.data).toHaveProperty('message');
    }
    expect(await db.paymentEvent.count()).toBe(before);
    expect((await fresh(user.id)).subscriptionStatus).toBe('free');
  });

  it('validly signed bodies that are not well-formed events: 400, nothing changes (never a 500)', async () => {
    const user = await createUser();
    const { id } = await db.user.update({
      where: { id: user.id },
      data: {
        subscriptionStatus: 'growth',
        subscriptionExpiry: new Date(Date.now() + 10 * DAY),
        stripeCustomerId: `cus_${user.id}`,
      },
    });
    const before = await db.paymentEvent.count();
    const bodies: unknown[] = [
      null,
      [],
      'evt',
      { ...event('checkout.session.completed', { client_reference_id: id }), created: 1e300 },
      event(
        'customer.subscription.updated',
        subscription(id, { items: { data: [{ current_period_end: 1e300 }] } }),
      ),
      event(
        'customer.subscription.updated',
        subscription(id, { items: undefined, current_period_end: 1e300 }),
      ),
      event('invoice.paid', { customer: `cus_${id}`, period_end: 1e300 }),
      event('invoice.paid', {
        customer: `cus_${id}`,
        lines: { data: [{ period: { end: -1e300 } }] },
      }),
      event('customer.subscription.updated', subscription(id, { metadata: 'growth' })),
      { ...event('invoice.paid', { customer: `cus_${id}` }), data: null },
    ];
    for (const body of bodies) {
      const attempt = await deliver(body);
      expect(attempt.status, JSON.stringify(body)).toBe(400);
      expect(attempt.data).toHaveProperty('message');
    }
    expect(await db.paymentEvent.count()).toBe(before);
    const after = await fresh(id);
    expect(after.subscriptionStatus).toBe('growth');
  });

  it('answers 200 and ignores event types the site does not use', async () => {
    const result = await deliver(event('charge.refunded', { id: 'ch_1' }));
    expect(result).toMatchObject({ status: 200, data: { received: true, outcome: 'ignored' } });
  });
});

describe('checkout.session.completed', () => {
  it('gives the buyer the plan for a provisional month and keeps the Stripe ids; a replay changes nothing', async () => {
    const user = await createUser();
    const paid = event('checkout.session.completed', {
      client_reference_id: user.id,
      payment_status: 'paid',
      customer: 'cus_buyer1',
      subscription: 'sub_buyer1',
      customer_details: { email: user.email },
      metadata: { tier: 'growth' },
    });
    expect((await deliver(paid)).data).toMatchObject({ outcome: 'applied' });
    const after = await fresh(user.id);
    expect(after).toMatchObject({
      subscriptionStatus: 'growth',
      stripeCustomerId: 'cus_buyer1',
      stripeSubscriptionId: 'sub_buyer1',
    });
    expect(after.subscriptionExpiry!.getTime()).toBeGreaterThan(Date.now() + 30 * DAY);
    expect(hasTierAccess(after, 'growth', new Date())).toBe(true);

    // Stripe delivers it again: 200, no second effect.
    await db.user.update({ where: { id: user.id }, data: { subscriptionStatus: 'starter' } });
    expect((await deliver(paid)).data).toMatchObject({ outcome: 'duplicate' });
    expect((await fresh(user.id)).subscriptionStatus).toBe('starter');
    expect(await db.paymentEvent.count({ where: { id: paid.id } })).toBe(1);
  });

  it('the same event delivered twice at the same moment is applied once', async () => {
    const user = await createUser();
    const paid = event('checkout.session.completed', {
      client_reference_id: user.id,
      payment_status: 'paid',
      metadata: { tier: 'diy' },
    });
    const outcomes = await Promise.all([deliver(paid), deliver(paid)]);
    expect(outcomes.map((o) => o.status)).toEqual([200, 200]);
    expect(outcomes.map((o) => (o.data as { outcome: string }).outcome).sort()).toEqual([
      'applied',
      'duplicate',
    ]);
  });

  it('finds the buyer by Stripe customer, then by e-mail in any case; keeps a payment that matches nobody', async () => {
    const byCustomer = await createUser();
    await db.user.update({ where: { id: byCustomer.id }, data: { stripeCustomerId: 'cus_known' } });
    await deliver(
      event('checkout.session.completed', {
        customer: 'cus_known',
        payment_status: 'paid',
        metadata: { tier: 'starter' },
      }),
    );
    expect((await fresh(byCustomer.id)).subscriptionStatus).toBe('starter');

    const byEmail = await createUser();
    await deliver(
      event('checkout.session.completed', {
        customer: 'cus_new_by_email',
        payment_status: 'paid',
        customer_details: { email: byEmail.email.toUpperCase() },
        metadata: { tier: 'authority' },
      }),
    );
    expect(await fresh(byEmail.id)).toMatchObject({
      subscriptionStatus: 'authority',
      stripeCustomerId: 'cus_new_by_email',
    });

    const stranger = uniqueEmail('stranger');
    const lost = event('checkout.session.completed', {
      customer: 'cus_stranger',
      payment_status: 'paid',
      customer_details: { email: stranger },
      metadata: { tier: 'growth' },
    });
    expect((await deliver(lost)).data).toMatchObject({ outcome: 'unmatched' });
    expect(await db.unmatchedPayment.findUnique({ where: { eventId: lost.id } })).toMatchObject({
      email: stranger,
      tier: 'growth',
      customerId: 'cus_stranger',
    });
  });

  it('takes the plan the buyer started checking out when a payment link carries no tier', async () => {
    const user = await createUser();
    await db.user.update({
      where: { id: user.id },
      data: { checkoutTier: 'starter', checkoutStartedAt: new Date() },
    });
    await deliver(
      event('checkout.session.completed', { client_reference_id: user.id, payment_status: 'paid' }),
    );
    expect(await fresh(user.id)).toMatchObject({
      subscriptionStatus: 'starter',
      checkoutTier: null,
      checkoutStartedAt: null,
    });
  });
});

describe('customer.subscription.*', () => {
  it('active: tier from the price, expiry = period end + grace, cancel at period end recorded', async () => {
    const user = await createUser();
    const end = Date.UTC(2031, 5, 1, 12);
    await deliver(
      event(
        'customer.subscription.updated',
        subscription(user.id, {
          cancel_at_period_end: true,
          items: { data: [{ price: { id: 'price_growth' }, current_period_end: end / 1000 }] },
        }),
      ),
    );
    const after = await fresh(user.id);
    expect(after).toMatchObject({
      subscriptionStatus: 'growth',
      subscriptionCancelAtPeriodEnd: true,
    });
    expect(after.subscriptionExpiry).toEqual(new Date(end + 3 * DAY));
    // The grace period at the exact instant: access through it, none a millisecond later.
    expect(hasTierAccess(after, 'growth', new Date(end + 3 * DAY))).toBe(true);
    expect(hasTierAccess(after, 'growth', new Date(end + 3 * DAY + 1))).toBe(false);
  });

  it('reads the period end from the subscription itself in older API versions', async () => {
    const user = await createUser();
    const end = Date.UTC(2031, 0, 10);
    await deliver(
      event(
        'customer.subscription.created',
        subscription(user.id, {
          current_period_end: end / 1000,
          items: { data: [{ price: { id: 'price_authority' } }] },
        }),
      ),
    );
    expect(await fresh(user.id)).toMatchObject({
      subscriptionStatus: 'authority',
      subscriptionExpiry: new Date(end + 3 * DAY),
    });
  });

  it('ignores an older event arriving after a newer one (still recorded as processed)', async () => {
    const user = await createUser();
    const t = Date.now();
    const newer = event(
      'customer.subscription.updated',
      subscription(user.id, {
        items: {
          data: [
            {
              price: { id: 'price_growth' },
              current_period_end: Math.floor((t + 40 * DAY) / 1000),
            },
          ],
        },
      }),
      t,
    );
    const older = event(
      'customer.subscription.updated',
      subscription(user.id, {
        items: {
          data: [
            {
              price: { id: 'price_starter' },
              current_period_end: Math.floor((t + 10 * DAY) / 1000),
            },
          ],
        },
      }),
      t - 60_000,
    );
    await deliver(newer);
    expect((await deliver(older)).data).toMatchObject({ outcome: 'ignored' });
    expect((await fresh(user.id)).subscriptionStatus).toBe('growth');
    expect(await db.paymentEvent.count({ where: { id: older.id } })).toBe(1);
  });

  it('past_due keeps access until the expiry; canceled, unpaid, incomplete_expired and deleted make it free', async () => {
    const user = await createUser();
    const t = Date.now();
    await deliver(event('customer.subscription.updated', subscription(user.id), t - 5000));
    const granted = (await fresh(user.id)).subscriptionExpiry;
    await deliver(
      event(
        'customer.subscription.updated',
        subscription(user.id, { status: 'past_due' }),
        t - 4000,
      ),
    );
    expect(await fresh(user.id)).toMatchObject({
      subscriptionStatus: 'growth',
      subscriptionExpiry: granted,
    });

    for (const [i, status] of ['canceled', 'unpaid', 'incomplete_expired'].entries()) {
      await deliver(
        event('customer.subscription.updated', subscription(user.id), t - 3000 + i * 300),
      );
      expect((await fresh(user.id)).subscriptionStatus).toBe('growth');
      await deliver(
        event(
          'customer.subscription.updated',
          subscription(user.id, { status }),
          t - 2900 + i * 300,
        ),
      );
      expect(await fresh(user.id)).toMatchObject({
        subscriptionStatus: 'free',
        subscriptionExpiry: null,
      });
    }
    await deliver(event('customer.subscription.updated', subscription(user.id), t - 1000));
    await deliver(
      event('customer.subscription.deleted', subscription(user.id, { status: 'canceled' }), t),
    );
    expect((await fresh(user.id)).subscriptionStatus).toBe('free');
  });
});

describe('invoices', () => {
  it('payment_failed flags the account; paid extends the expiry and clears the flag', async () => {
    const user = await createUser();
    await db.user.update({
      where: { id: user.id },
      data: {
        stripeCustomerId: `cus_inv_${user.id}`,
        subscriptionStatus: 'diy',
        subscriptionExpiry: new Date(Date.now() + DAY),
      },
    });
    await deliver(event('invoice.payment_failed', { customer: `cus_inv_${user.id}` }));
    expect((await fresh(user.id)).paymentFailedAt).not.toBeNull();
    const periodEnd = Date.UTC(2032, 2, 1);
    await deliver(
      event('invoice.paid', {
        customer: `cus_inv_${user.id}`,
        lines: { data: [{ period: { end: periodEnd / 1000 } }] },
      }),
    );
    expect(await fresh(user.id)).toMatchObject({
      paymentFailedAt: null,
      subscriptionExpiry: new Date(periodEnd + 3 * DAY),
    });
  });
});

describe('POST /api/test-webhook', () => {
  const call = (body: unknown, headers: Record<string, string> = {}) =>
    run(() => testWebhook.action(args(jsonRequest('/api/test-webhook', { body, headers }))));

  it('visitor 401, non-admin 403, empty e-mail 400, unknown e-mail 404; nothing changes', async () => {
    const member = await createUser();
    const { token } = await sessionCookieFor(member.id);
    expect((await call({ email: member.email })).status).toBe(401);
    const denied = await call({ email: member.email }, { Authorization: `Bearer ${token}` });
    expect(denied).toMatchObject({ status: 403, data: { message: 'Admin access required' } });

    const admin = await createUser({ role: 'admin' });
    const { token: adminToken } = await sessionCookieFor(admin.id);
    const auth = { Authorization: `Bearer ${adminToken}` };
    expect((await call({ email: '' }, auth)).status).toBe(400);
    expect((await call({ email: '   ' }, auth)).status).toBe(400);
    expect((await call({ email: member.email, tier: 'platinum' }, auth)).status).toBe(400);
    const unknown = await call({ email: uniqueEmail('ghost') }, auth);
    expect(unknown).toMatchObject({
      status: 404,
      data: { message: 'No user found with that email' },
    });
    expect((await fresh(member.id)).subscriptionStatus).toBe('free');
  });

  it('activates DIY for a month (or the named tier), by e-mail in any case, through the checkout code', async () => {
    const member = await createUser();
    const admin = await createUser({ role: 'admin' });
    const { token } = await sessionCookieFor(admin.id);
    const auth = { Authorization: `Bearer ${token}` };
    const ok = await call({ email: member.email.toUpperCase() }, auth);
    expect(ok).toMatchObject({ status: 200, data: { email: member.email, tier: 'diy' } });
    const after = await fresh(member.id);
    expect(after.subscriptionStatus).toBe('diy');
    expect(after.subscriptionExpiry!.getTime()).toBeGreaterThan(Date.now() + 29 * DAY);
    expect(
      await db.paymentEvent.count({ where: { id: { startsWith: 'evt_test_' } } }),
    ).toBeGreaterThan(0);
    await call({ email: member.email, tier: 'authority' }, auth);
    expect((await fresh(member.id)).subscriptionStatus).toBe('authority');
  });

  it('without a tier, a paying customer keeps their plan (never lowered to DIY); a lower tier is named', async () => {
    const member = await createUser();
    await db.user.update({
      where: { id: member.id },
      data: { subscriptionStatus: 'growth', subscriptionExpiry: new Date(Date.now() + 2 * DAY) },
    });
    const admin = await createUser({ role: 'admin' });
    const { token } = await sessionCookieFor(admin.id);
    const auth = { Authorization: `Bearer ${token}` };
    const kept = await call({ email: member.email }, auth);
    expect(kept).toMatchObject({
      status: 200,
      data: {
        message: `Activated subscription for: ${member.email}`,
        tier: 'growth',
        previousTier: 'growth',
      },
    });
    expect(await fresh(member.id)).toMatchObject({ subscriptionStatus: 'growth' });
    const lowered = await call({ email: member.email, tier: 'starter' }, auth);
    expect(lowered.data).toMatchObject({
      tier: 'starter',
      previousTier: 'growth',
      plan: 'Plan lowered from Growth to White Glove Starter, as chosen.',
    });
  });
});

describe('POST /api/webhooks/stripe on a contended database', () => {
  it('an event that loses to contention past every retry: 503 with Retry-After, nothing applied; the redelivery applies it', async () => {
    const user = await createUser();
    const paid = event('customer.subscription.created', subscription(user.id, { id: 'sub_busy' }));
    // Every transaction aborts as PostgreSQL's serialization failure would (Prisma's P2034).
    const realTransaction = db.$transaction;
    let calls = 0;
    (db as { $transaction: unknown }).$transaction = () => {
      calls += 1;
      return Promise.reject(
        Object.assign(new Error('Transaction failed due to a write conflict'), { code: 'P2034' }),
      );
    };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let busy: Awaited<ReturnType<typeof deliver>>;
    try {
      busy = await deliver(paid);
    } finally {
      (db as { $transaction: unknown }).$transaction = realTransaction;
      warn.mockRestore();
    }
    expect(busy.status).toBe(503);
    expect(busy.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect(busy.data).toHaveProperty('message');
    expect(calls).toBeGreaterThan(1);
    expect(await db.paymentEvent.count({ where: { id: paid.id } })).toBe(0);
    expect((await fresh(user.id)).subscriptionStatus).toBe('free');

    // Stripe delivers it again: applied once.
    expect((await deliver(paid)).status).toBe(200);
    expect((await fresh(user.id)).subscriptionStatus).toBe('growth');
  });
});
