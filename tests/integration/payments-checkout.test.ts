import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// Stripe's API is a local fake: the SDK's host/port/protocol point at it (STRIPE_API_URL), and it
// records the form-encoded parameters each call sent.
const port = await vi.hoisted(async () =>
  (await import('./stripe-env')).useStripeFake('whsec_checkout_tests'),
);

const { db } = await import('~/lib/db.server');
const checkout = await import('~/routes/checkout.$tier');
const billing = await import('~/routes/billing');
const dashboard = await import('~/routes/dashboard/route');
const { args, BASE, createUser, formRequest, run, sessionCookieFor } = await import('./helpers');
const { toastOf: flashOf } = await import('./helpers');
const { createStripeFake } = await import('./stripe-fake');

const stripeApi = createStripeFake(port);
const calls = stripeApi.calls;
beforeAll(stripeApi.listen);
afterAll(stripeApi.close);

async function signedIn() {
  const user = await createUser();
  const { cookie } = await sessionCookieFor(user.id);
  return { user, cookie };
}

const open = (tier: string, cookie?: string) =>
  run(() =>
    checkout.loader(
      args(new Request(`${BASE}/checkout/${tier}`, { headers: cookie ? { Cookie: cookie } : {} }), {
        tier,
      }),
    ),
  );

/** 'Continue to payment': the POST where the user leaves for the payment page. */
const start = (tier: string, cookie: string) =>
  run(() =>
    checkout.action(args(formRequest(`/checkout/${tier}`, {}, { Cookie: cookie }), { tier })),
  );

describe('GET /checkout/<tier> with a secret key', () => {
  it('sends a visitor to sign up first and back here afterwards; an unknown plan is 404', async () => {
    const visitor = await open('growth');
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get('Location')).toBe('/register?redirectTo=%2Fcheckout%2Fgrowth');
    const unknown = await open('platinum');
    expect(unknown.status).toBe(404);
  });

  it('opening the page changes nothing: a review of the order whose button posts, no Stripe call, no pending checkout', async () => {
    const { user, cookie } = await signedIn();
    calls.length = 0;
    const page = await open('growth', cookie);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ kind: 'stripe', plan: { name: 'Growth' } });
    expect(calls).toHaveLength(0);
    expect(await db.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({
      checkoutTier: null,
      checkoutStartedAt: null,
    });
    // So the dashboard does not claim a payment that nobody made.
    const dashboardPage = await run(() =>
      dashboard.loader(
        args(new Request(`${BASE}/dashboard?payment=success`, { headers: { Cookie: cookie } })),
      ),
    );
    expect(JSON.stringify(dashboardPage.data)).not.toContain('Payment received');
  });

  it('creates a subscription Checkout Session with the plan’s price and the buyer, and answers 303 to it', async () => {
    const { user, cookie } = await signedIn();
    calls.length = 0;
    const result = await start('growth', cookie);
    expect(result.status).toBe(303);
    expect(result.headers.get('Location')).toBe('https://checkout.stripe.test/c/pay/cs_test_1');
    expect(calls).toHaveLength(1);
    const { params, auth, path } = calls[0]!;
    expect(path).toBe('/v1/checkout/sessions');
    expect(auth).toBe('Bearer sk_test_fake_key');
    expect(Object.fromEntries(params)).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_growth',
      'line_items[0][quantity]': '1',
      client_reference_id: user.id,
      customer_email: user.email,
      'metadata[tier]': 'growth',
      'metadata[userId]': user.id,
      'subscription_data[metadata][tier]': 'growth',
      'subscription_data[metadata][userId]': user.id,
      success_url: `${BASE}/dashboard?payment=success`,
      cancel_url: `${BASE}/pricing`,
    });
    expect(params.has('customer')).toBe(false);
    expect(await db.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({
      checkoutTier: 'growth',
    });
  });

  it('uses the known Stripe customer instead of the e-mail; a user already on the plan is told so', async () => {
    const { user, cookie } = await signedIn();
    await db.user.update({ where: { id: user.id }, data: { stripeCustomerId: 'cus_existing' } });
    calls.length = 0;
    await start('diy', cookie);
    expect(calls[0]!.params.get('customer')).toBe('cus_existing');
    expect(calls[0]!.params.has('customer_email')).toBe(false);

    await db.user.update({
      where: { id: user.id },
      data: { subscriptionStatus: 'diy', subscriptionExpiry: null },
    });
    calls.length = 0;
    const already = await open('diy', cookie);
    expect(already.status).toBe(200);
    expect(already.data).toMatchObject({ kind: 'already', plan: { name: 'DIY All-In' } });
    const again = await start('diy', cookie);
    expect(again.status).toBe(303);
    expect(again.headers.get('Location')).toBe('/checkout/diy');
    expect(calls).toHaveLength(0);
  });
});

describe('Manage billing', () => {
  it('opens a Customer Portal session for the customer, returning to the dashboard', async () => {
    const { user, cookie } = await signedIn();
    await db.user.update({
      where: { id: user.id },
      data: { stripeCustomerId: 'cus_portal', subscriptionStatus: 'growth' },
    });
    calls.length = 0;
    const result = await run(() =>
      billing.action(args(formRequest('/billing', {}, { Cookie: cookie }))),
    );
    expect(result.status).toBe(303);
    expect(result.headers.get('Location')).toBe('https://billing.stripe.test/p/session/bps_1');
    expect(calls[0]!.path).toBe('/v1/billing_portal/sessions');
    expect(Object.fromEntries(calls[0]!.params)).toEqual({
      customer: 'cus_portal',
      return_url: `${BASE}/dashboard`,
    });
  });

  it('a user without a Stripe customer is told there is no billing account yet', async () => {
    const { cookie } = await signedIn();
    const result = await run(() =>
      billing.action(args(formRequest('/billing', {}, { Cookie: cookie }))),
    );
    expect(result.headers.get('Location')).toBe('/dashboard');
    expect(await flashOf(result.headers)).toMatchObject({
      title: 'Billing unavailable',
      variant: 'destructive',
    });
  });
});

describe('/dashboard?payment=success tells the truth', () => {
  const back = (cookie: string) =>
    run(() =>
      dashboard.loader(
        args(new Request(`${BASE}/dashboard?payment=success`, { headers: { Cookie: cookie } })),
      ),
    );

  it('active plan: the spec’s toast', async () => {
    const { user, cookie } = await signedIn();
    await db.user.update({ where: { id: user.id }, data: { subscriptionStatus: 'growth' } });
    const result = await back(cookie);
    expect(result.headers.get('Location')).toBe('/dashboard');
    expect(await flashOf(result.headers)).toMatchObject({
      title: 'Payment Successful! 🎉',
      description: 'Your subscription is now active. Welcome to premium features!',
    });
  });

  it('checkout started but not confirmed: payment received, activating; the page shows it pending', async () => {
    const { user, cookie } = await signedIn();
    await db.user.update({
      where: { id: user.id },
      data: { checkoutTier: 'growth', checkoutStartedAt: new Date() },
    });
    const result = await back(cookie);
    expect(await flashOf(result.headers)).toMatchObject({ title: 'Payment received' });
    const page = await run(() =>
      dashboard.loader(args(new Request(`${BASE}/dashboard`, { headers: { Cookie: cookie } }))),
    );
    expect(page.data).toMatchObject({ billing: { pendingPlan: 'Growth' } });
  });

  it('a free user with no checkout: no toast at all', async () => {
    const { cookie } = await signedIn();
    const result = await back(cookie);
    expect(result.headers.get('Location')).toBe('/dashboard');
    expect(result.headers.get('set-cookie')).toBeNull();
  });
});

describe('the Billing panel says what the plan does next', () => {
  const board = (cookie: string) =>
    run(() =>
      dashboard.loader(args(new Request(`${BASE}/dashboard`, { headers: { Cookie: cookie } }))),
    );
  const longDate = (date: Date) =>
    date.toLocaleDateString('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });

  it('an expired plan ended and is offered again; it never reads as renewing', async () => {
    const { user, cookie } = await signedIn();
    const expiry = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000);
    await db.user.update({
      where: { id: user.id },
      data: { subscriptionStatus: 'growth', subscriptionExpiry: expiry, stripeCustomerId: null },
    });
    const page = await board(cookie);
    expect(page.data).toMatchObject({
      billing: {
        planName: 'Growth',
        endedOn: longDate(expiry),
        renewsOn: null,
        endsOn: null,
        renewPath: '/checkout/growth',
      },
    });
    // Renewing is a new checkout: the lapsed plan is not a live subscription to change.
    expect((await open('growth', cookie)).data).toMatchObject({ kind: 'stripe' });
  });

  it('a cancelled plan that is still active ends on its date; an active one renews', async () => {
    const { user, cookie } = await signedIn();
    // A subscription's expiry is its period's end plus the grace days (3 by default): the date
    // shown is the period's.
    const periodEnd = new Date(Date.now() + 10 * 24 * 60 * 60 * 1000);
    await db.user.update({
      where: { id: user.id },
      data: {
        subscriptionStatus: 'growth',
        subscriptionExpiry: new Date(periodEnd.getTime() + 3 * 24 * 60 * 60 * 1000),
        subscriptionCancelAtPeriodEnd: true,
        stripeSubscriptionId: `sub_${user.id}`,
      },
    });
    expect((await board(cookie)).data).toMatchObject({
      plan: { expiresOn: longDate(periodEnd) },
      billing: {
        state: 'ends',
        endsOn: longDate(periodEnd),
        renewsOn: null,
        endedOn: null,
        renewPath: null,
        canResume: true,
        canCancel: false,
      },
    });
    await db.user.update({
      where: { id: user.id },
      data: { subscriptionCancelAtPeriodEnd: false },
    });
    expect((await board(cookie)).data).toMatchObject({
      billing: {
        state: 'renews',
        renewsOn: longDate(periodEnd),
        endsOn: null,
        endedOn: null,
        canResume: false,
        canCancel: true,
      },
    });
  });

  it('a plan given without a subscription renews by nobody: it ends on its expiry, and is not cancelled', async () => {
    const { user, cookie } = await signedIn();
    const expiry = new Date(Date.now() + 10 * 24 * 60 * 60 * 1000);
    await db.user.update({
      where: { id: user.id },
      data: { subscriptionStatus: 'growth', subscriptionExpiry: expiry },
    });
    expect((await board(cookie)).data).toMatchObject({
      billing: {
        state: 'ends',
        endsOn: longDate(expiry),
        renewsOn: null,
        canCancel: false,
        canResume: false,
      },
    });
  });
});
