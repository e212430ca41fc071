import { describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.DEMO_CHECKOUT = 'true';
  process.env.STRIPE_WEBHOOK_SECRET = '';
});

const { db } = await import('~/lib/db.server');
const checkout = await import('~/routes/checkout.$tier');
const demoBilling = await import('~/routes/billing_.demo');
const webhook = await import('~/routes/api.webhooks.stripe');
const { hasTierAccess } = await import('~/domain/tiers');
const { args, BASE, createUser, formRequest, run, sessionCookieFor } = await import('./helpers');

describe('demo checkout (DEMO_CHECKOUT=true)', () => {
  it('shows a test payment page; Pay activates the plan through the signed webhook path', async () => {
    const user = await createUser();
    const { cookie } = await sessionCookieFor(user.id);
    const page = await run(() =>
      checkout.loader(
        args(new Request(`${BASE}/checkout/growth`, { headers: { Cookie: cookie } }), {
          tier: 'growth',
        }),
      ),
    );
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ kind: 'demo', plan: { name: 'Growth', price: '$1,000' } });

    const before = await db.paymentEvent.count();
    const paid = await run(() =>
      checkout.action(
        args(formRequest('/checkout/growth', {}, { Cookie: cookie }), { tier: 'growth' }),
      ),
    );
    expect(paid.status).toBe(303);
    expect(paid.headers.get('Location')).toBe('/dashboard?payment=success');
    const after = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(hasTierAccess(after, 'growth', new Date())).toBe(true);
    expect(await db.paymentEvent.count()).toBe(before + 1);

    // Cancel at period end on the demo billing page: still active, now ending.
    const cancelled = await run(() =>
      demoBilling.action(args(formRequest('/billing/demo', {}, { Cookie: cookie }))),
    );
    expect(cancelled.headers.get('Location')).toBe('/dashboard');
    const ending = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(ending).toMatchObject({
      subscriptionStatus: 'growth',
      subscriptionCancelAtPeriodEnd: true,
    });
    // Stripe's times are whole seconds: the end stays the same to the second.
    expect(Math.floor(ending.subscriptionExpiry!.getTime() / 1000)).toBe(
      Math.floor(after.subscriptionExpiry!.getTime() / 1000),
    );
  });

  it('the demo secret does not make unsigned events acceptable to the webhook', async () => {
    const result = await run(() =>
      webhook.action(
        args(
          new Request(`${BASE}/api/webhooks/stripe`, {
            method: 'POST',
            body: '{"id":"evt_1","type":"checkout.session.completed","created":1,"data":{"object":{}}}',
          }),
        ),
      ),
    );
    expect(result.status).toBe(400);
  });
});
