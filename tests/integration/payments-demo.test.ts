import Stripe from 'stripe';
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

  it('no secret anyone can read authorises a plan change: the webhook takes no events without STRIPE_WEBHOOK_SECRET', async () => {
    // The probe's attack: knowing only a paying user's e-mail, claim their account for the
    // attacker's customer id, then cancel that customer's subscription.
    const victim = await createUser();
    await db.user.update({
      where: { id: victim.id },
      data: { subscriptionStatus: 'growth', subscriptionExpiry: new Date(Date.now() + 86400000) },
    });
    const sdk = new Stripe('sk_test_unused');
    const now = Math.floor(Date.now() / 1000);
    const forged = [
      {
        id: `evt_forged_1_${now}`,
        type: 'checkout.session.completed',
        created: now,
        data: {
          object: { customer: 'cus_attacker', customer_details: { email: victim.email } },
        },
      },
      {
        id: `evt_forged_2_${now}`,
        type: 'customer.subscription.deleted',
        created: now,
        data: { object: { id: 'sub_x', customer: 'cus_attacker', status: 'canceled' } },
      },
    ];
    // The secret that used to be written in the source, and any other guess.
    for (const secret of ['whsec_demo_checkout_only_not_for_real_payments', 'whsec_guess']) {
      for (const payload of forged.map((e) => JSON.stringify(e))) {
        const signature = sdk.webhooks.generateTestHeaderString({ payload, secret });
        const result = await run(() =>
          webhook.action(
            args(
              new Request(`${BASE}/api/webhooks/stripe`, {
                method: 'POST',
                headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
                body: payload,
              }),
            ),
          ),
        );
        expect(result.status).toBe(400);
      }
    }
    const after = await db.user.findUniqueOrThrow({ where: { id: victim.id } });
    expect(after).toMatchObject({ subscriptionStatus: 'growth', stripeCustomerId: null });
  });

  it('cancelling on the demo billing page without a paid plan: a flash message and a redirect', async () => {
    const user = await createUser();
    const { cookie } = await sessionCookieFor(user.id);
    const result = await run(() =>
      demoBilling.action(args(formRequest('/billing/demo', {}, { Cookie: cookie }))),
    );
    expect(result.status).toBe(302);
    expect(result.headers.get('Location')).toBe('/billing/demo');
    expect(result.headers.get('Set-Cookie')).toMatch(/toast/i);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).subscriptionStatus).toBe(
      'free',
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
