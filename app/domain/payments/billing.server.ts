import { getPlan } from '~/content/plans';
import { db } from '~/lib/db.server';
import { DomainError } from '../errors';
import { normalizeTier } from '../tiers';
import {
  checkoutMode,
  DAY_MS,
  graceMs,
  isPaidPlan,
  PROVISIONAL_PERIOD_DAYS,
  stripe,
} from './config.server';
import type { EventOutcome } from './events';
import type { ScheduledChange } from './subscription.server';
import { applyPaymentEvent } from './webhook.server';

// Billing self-service: what the dashboard says about the plan, the Customer Portal (or the demo
// billing page) and the demo's cancel.

export type BillingView = {
  tier: string;
  planName: string | null;
  monthlyPrice: number | null;
  expiresAt: string | null;
  /** The plan lapsed (its expiry has passed): it ended, and is offered for renewal. */
  expired: boolean;
  cancelAtPeriodEnd: boolean;
  /** A plan change waiting for the end of the period (a downgrade), which the user may cancel. */
  scheduled: (ScheduledChange & { planName: string; monthlyPrice: number }) | null;
  paymentFailed: boolean;
  /** A checkout was started and its confirmation has not arrived yet. */
  pending: { tier: string; since: string } | null;
  canManage: boolean;
};

/** How long "payment received, activating" is believed without the webhook's confirmation. */
export const PENDING_CHECKOUT_MS = 60 * 60 * 1000;

export async function getBilling(userId: string, now = new Date()): Promise<BillingView> {
  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: {
      subscriptionStatus: true,
      subscriptionExpiry: true,
      subscriptionCancelAtPeriodEnd: true,
      paymentFailedAt: true,
      stripeCustomerId: true,
      checkoutTier: true,
      checkoutStartedAt: true,
      scheduledTier: true,
      scheduledTierAt: true,
    },
  });
  const tier = normalizeTier(user.subscriptionStatus);
  const expired = user.subscriptionExpiry !== null && now > user.subscriptionExpiry;
  const scheduledPlan =
    !expired && isPaidPlan(user.scheduledTier) && user.scheduledTierAt
      ? getPlan(user.scheduledTier)
      : null;
  const plan = isPaidPlan(tier) ? getPlan(tier) : null;
  const pending =
    user.checkoutTier &&
    user.checkoutStartedAt &&
    now.getTime() - user.checkoutStartedAt.getTime() < PENDING_CHECKOUT_MS
      ? { tier: user.checkoutTier, since: user.checkoutStartedAt.toISOString() }
      : null;
  const mode = checkoutMode();
  return {
    tier,
    planName: plan?.name ?? null,
    monthlyPrice: plan?.monthlyPrice ?? null,
    expiresAt: user.subscriptionExpiry?.toISOString() ?? null,
    expired,
    cancelAtPeriodEnd: user.subscriptionCancelAtPeriodEnd,
    scheduled:
      scheduledPlan && user.scheduledTierAt
        ? {
            tier: scheduledPlan.tier,
            at: user.scheduledTierAt.toISOString(),
            planName: scheduledPlan.name,
            monthlyPrice: scheduledPlan.monthlyPrice,
          }
        : null,
    paymentFailed: user.paymentFailedAt !== null,
    pending,
    canManage:
      plan !== null && (mode === 'demo' || (mode === 'stripe' && user.stripeCustomerId !== null)),
  };
}

/**
 * 'Manage billing': a Stripe Customer Portal session (cancel, change plan, update card), or the
 * local demo billing page in demo mode.
 */
export async function openBillingPortal(userId: string, returnUrl: string): Promise<string> {
  if (checkoutMode() === 'demo') return '/billing/demo';
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { stripeCustomerId: true },
  });
  if (checkoutMode() !== 'stripe' || !user?.stripeCustomerId) {
    throw new DomainError('not_found', 'There is no billing account for this user yet');
  }
  const session = await stripe().billingPortal.sessions.create({
    customer: user.stripeCustomerId,
    return_url: returnUrl,
  });
  return session.url;
}

/**
 * Demo billing: cancel at the period end, as the Customer Portal would (a subscription update
 * applied like a real one). A user with no paid plan is refused (invalid_input).
 */
export async function cancelOnDemoBilling(userId: string, now = new Date()): Promise<EventOutcome> {
  if (checkoutMode() !== 'demo') throw new DomainError('not_found', 'Demo checkout is off');
  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: { id: true, subscriptionStatus: true, subscriptionExpiry: true },
  });
  const tier = normalizeTier(user.subscriptionStatus);
  if (!isPaidPlan(tier)) throw new DomainError('invalid_input', 'There is no paid plan to cancel');
  const end = user.subscriptionExpiry ?? new Date(now.getTime() + PROVISIONAL_PERIOD_DAYS * DAY_MS);
  return applyPaymentEvent(
    {
      id: `evt_demo_${crypto.randomUUID()}`,
      type: 'customer.subscription.updated',
      created: Math.floor(now.getTime() / 1000),
      data: {
        object: {
          id: `sub_demo_${user.id}`,
          object: 'subscription',
          status: 'active',
          cancel_at_period_end: true,
          metadata: { tier, userId: user.id },
          // The grace is added again when the event is applied: take it off here.
          items: {
            data: [{ current_period_end: Math.floor((end.getTime() - graceMs()) / 1000) }],
          },
        },
      },
    },
    now,
  );
}
