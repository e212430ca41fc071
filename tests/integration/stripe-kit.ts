import Stripe from 'stripe';
import { expect } from 'vitest';
import { db } from '~/lib/db.server';
import { settleMail } from '~/lib/mail.server';
import * as webhook from '~/routes/api.webhooks.stripe';
import { args, BASE, createUser, run, sessionCookieFor } from './helpers';
import type { createStripeFake } from './stripe-fake';

// What the payments tests against the Stripe fake share: a subscriber as Checkout leaves them,
// Stripe's signed webhook deliveries, the flash message a redirect carries and the e-mails sent.
// Import it after the test has set STRIPE_* (vi.hoisted), like the routes.

export const DAY_S = 24 * 60 * 60;

/** The date as the pages write it for a UTC reader: "December 23, 2026". */
export const dateOf = (unixSeconds: number) =>
  new Date(unixSeconds * 1000).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

export { toastOf as flashOf } from './helpers';

export const fresh = (id: string) => db.user.findUniqueOrThrow({ where: { id } });

/** The subjects of the e-mails of `kind` sent to `email`, oldest first. */
export async function mailsTo(email: string, kind: string) {
  await settleMail();
  const mails = await db.outboxMessage.findMany({
    where: { to: email, kind },
    orderBy: { createdAt: 'asc' },
  });
  return mails;
}

const sdk = new Stripe('sk_test_unused');

/** POST /api/webhooks/stripe with `payload` signed by `secret`, as Stripe delivers an event. */
export function postSignedEvent(payload: string, secret: string) {
  const signature = sdk.webhooks.generateTestHeaderString({ payload, secret });
  return run(() =>
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
}

export function stripeKit(
  stripeApi: ReturnType<typeof createStripeFake>,
  options: { secret: string; graceDays: number },
) {
  let counter = 0;

  /** A subscriber as Checkout and its webhooks leave them: a live subscription on Stripe. */
  async function subscriber(tier: 'diy' | 'starter' | 'growth' | 'authority') {
    const user = await createUser({ firstName: 'Sam' });
    const now = Math.floor(Date.now() / 1000);
    const sub = stripeApi.subscription({
      customer: `cus_${user.id}`,
      price: `price_${tier}`,
      metadata: { tier, userId: user.id },
      periodStart: now - 10 * DAY_S,
      periodEnd: now + 20 * DAY_S,
    });
    await db.user.update({
      where: { id: user.id },
      data: {
        subscriptionStatus: tier,
        subscriptionExpiry: new Date((now + 20 * DAY_S + options.graceDays * DAY_S) * 1000),
        stripeCustomerId: sub.customer,
        stripeSubscriptionId: sub.id,
        lastSubscriptionEventAt: new Date((now - 10 * DAY_S) * 1000),
      },
    });
    const { cookie } = await sessionCookieFor(user.id);
    return { user, cookie, sub, periodEnd: now + 20 * DAY_S };
  }

  /** Stripe's webhook delivery of `object`, signed, `offset` seconds after now. */
  async function deliver(type: string, object: unknown, offset = 5) {
    counter += 1;
    const payload = JSON.stringify({
      id: `evt_kit_${Date.now()}_${counter}`,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000) + offset,
      data: { object },
    });
    const result = await postSignedEvent(payload, options.secret);
    expect(result.status).toBe(200);
    return result.data as { outcome: string };
  }

  return { subscriber, deliver };
}
