import { getPlan, type PaidTier } from '~/content/plans';
import { db } from '~/lib/db.server';
import { ADMIN_REQUIRED_MESSAGE, type AdminActor } from '../admin.server';
import { DomainError } from '../errors';
import { normalizeTier, tierRank, type Tier } from '../tiers';
import { isAdmin } from '../users';
import { checkoutMode, demoSubscriptionId, isPaidPlan } from './config.server';
import { demoSubscription } from './demo.server';
import { addMonths } from './proration';
import { changeEvent, seconds } from './subscription.server';
import type { EventOutcome, PaymentEvent } from './events';
import { applyPaymentEvent } from './webhook.server';

export const PAYMENT_NOT_FOUND_MESSAGE = 'No user found with that email';
export const TEST_EMAIL_REQUIRED_MESSAGE = 'Email is required';

// Building events: the admin's webhook test and the demo checkout's 'Pay'.

export function checkoutCompletedEvent(
  id: string,
  user: { id: string; email: string },
  tier: PaidTier,
  now = new Date(),
  subscriptionId?: string,
): PaymentEvent {
  return {
    id,
    type: 'checkout.session.completed',
    created: Math.floor(now.getTime() / 1000),
    data: {
      object: {
        id: `cs_${id}`,
        object: 'checkout.session',
        mode: 'subscription',
        payment_status: 'paid',
        status: 'complete',
        client_reference_id: user.id,
        customer_details: { email: user.email },
        metadata: { tier, userId: user.id },
        ...(subscriptionId ? { subscription: subscriptionId } : {}),
      },
    },
  };
}

/**
 * POST /api/test-webhook and the admin's 'Webhook Testing' box: a simulated payment for a plan,
 * through the same function as a real checkout completion. The plan is the one the admin chose,
 * or else the user's own paid plan (DIY for a free user): a test never lowers a paid plan unless
 * the admin asked for that plan, and the answer names the plan before and after.
 */
export async function activateTestSubscription(
  actor: AdminActor,
  input: { email: string; tier?: PaidTier },
  now = new Date(),
): Promise<{ email: string; tier: PaidTier; previousTier: Tier; userId: string }> {
  if (!isAdmin(actor)) throw new DomainError('forbidden', ADMIN_REQUIRED_MESSAGE);
  const email = input.email.trim().toLowerCase();
  if (!email) throw new DomainError('invalid_input', TEST_EMAIL_REQUIRED_MESSAGE);
  const user = await db.user.findUnique({
    where: { email },
    select: { id: true, email: true, subscriptionStatus: true },
  });
  if (!user) throw new DomainError('not_found', PAYMENT_NOT_FOUND_MESSAGE);
  const previousTier = normalizeTier(user.subscriptionStatus);
  const tier = input.tier ?? (isPaidPlan(previousTier) ? previousTier : 'diy');
  await applyPaymentEvent(
    checkoutCompletedEvent(`evt_test_${crypto.randomUUID()}`, user, tier, now),
    now,
  );
  return { email: user.email, tier, previousTier, userId: user.id };
}

/** What a webhook test did to the plan, in words: always said, and a lowered plan said as such. */
export function describeTestActivation(result: { tier: PaidTier; previousTier: Tier }): string {
  const name = getPlan(result.tier).name;
  const previous = isPaidPlan(result.previousTier) ? getPlan(result.previousTier).name : 'Free';
  if (result.previousTier === result.tier) return `Plan: ${name} (unchanged).`;
  if (tierRank(result.tier) < tierRank(result.previousTier)) {
    return `Plan lowered from ${previous} to ${name}, as chosen.`;
  }
  return `Plan: ${name} (was ${previous}).`;
}

/**
 * The demo checkout's 'Pay': what Stripe sends after a Checkout, for the signed-in buyer: the
 * session completed (with its subscription), then the subscription created with its first
 * month's period. Applied by the same function as real ones. It does not pass through the public
 * webhook route: that would need a signing secret the demo knows, and any secret in the source is
 * one everybody knows.
 */
export async function payOnDemoCheckout(
  user: { id: string; email: string },
  tier: PaidTier,
  now = new Date(),
): Promise<EventOutcome> {
  if (checkoutMode() !== 'demo') throw new DomainError('not_found', 'Demo checkout is off');
  const id = `demo_${crypto.randomUUID()}`;
  const subscriptionId = demoSubscriptionId(user.id);
  const paid = await applyPaymentEvent(
    checkoutCompletedEvent(`evt_${id}`, user, tier, now, subscriptionId),
    now,
  );
  const period = { start: seconds(now), end: seconds(addMonths(now, 1)) };
  const subscription = demoSubscription({ id: user.id, stripeCustomerId: null }, tier, period);
  await applyPaymentEvent(
    changeEvent(`${id}_subscription`, 'customer.subscription.created', subscription, now),
    now,
  );
  return paid;
}
