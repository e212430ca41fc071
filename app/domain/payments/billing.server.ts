import { getPlan } from '~/content/plans';
import { db } from '~/lib/db.server';
import { DomainError } from '../errors';
import { normalizeTier } from '../tiers';
import { checkoutMode, isPaidPlan, paidThrough, stripe } from './config.server';
import type { ScheduledChange } from './subscription.server';

// Billing self-service: what every page says about the plan (one date, what happens then, and
// what the owner can do about it), and the Customer Portal (or the demo billing page).

/**
 * What happens at the end of the period paid for: the plan renews, changes to the scheduled plan,
 * ends (cancelled, or a plan given without a subscription), or ended already (lapsed; offered
 * again).
 */
export type BillingState = 'renews' | 'changes' | 'ends' | 'ended';

export type BillingView = {
  tier: string;
  planName: string | null;
  monthlyPrice: number | null;
  /**
   * The end of the period paid for: the one date shown (renews on, changes on, ends on, ended on).
   * The grace days a subscription's access outlives it by are never shown.
   */
  periodEnd: string | null;
  state: BillingState | null;
  /** The plan lapsed (its expiry has passed): it ended, and is offered for renewal. */
  expired: boolean;
  cancelAtPeriodEnd: boolean;
  /** A plan change waiting for the end of the period (a downgrade); never on a cancelled plan. */
  scheduled: (ScheduledChange & { planName: string; monthlyPrice: number }) | null;
  paymentFailed: boolean;
  /** A checkout was started and its confirmation has not arrived yet. */
  pending: { tier: string; since: string } | null;
  canManage: boolean;
  /** The site can cancel the plan at its period's end (Stripe's API or the demo). */
  canCancel: boolean;
  /** The plan is cancelled and can be resumed until its period ends. */
  canResume: boolean;
  /** The plan-change version: the cancel confirmation sends it back. */
  version: number;
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
      stripeSubscriptionId: true,
      checkoutTier: true,
      checkoutStartedAt: true,
      scheduledTier: true,
      scheduledTierAt: true,
      planChangeVersion: true,
    },
  });
  const tier = normalizeTier(user.subscriptionStatus);
  const expired = user.subscriptionExpiry !== null && now > user.subscriptionExpiry;
  const cancelled = !expired && user.subscriptionCancelAtPeriodEnd;
  const scheduledPlan =
    !expired && !cancelled && isPaidPlan(user.scheduledTier) && user.scheduledTierAt
      ? getPlan(user.scheduledTier)
      : null;
  const plan = isPaidPlan(tier) ? getPlan(tier) : null;
  const pending =
    user.checkoutTier &&
    user.checkoutStartedAt &&
    now.getTime() - user.checkoutStartedAt.getTime() < PENDING_CHECKOUT_MS
      ? { tier: user.checkoutTier, since: user.checkoutStartedAt.toISOString() }
      : null;
  const periodEnd = paidThrough(user);
  function billingState(): BillingState | null {
    if (!plan) return null;
    if (expired) return 'ended';
    if (cancelled) return 'ends';
    if (scheduledPlan) return 'changes';
    // A plan given without a subscription renews by nobody: it ends on its expiry, if it has one.
    if (!user.stripeSubscriptionId) return periodEnd ? 'ends' : null;
    return 'renews';
  }
  const mode = checkoutMode();
  // Cancelling and resuming go through Stripe's API (a subscription it knows) or the demo.
  const managed =
    plan !== null &&
    !expired &&
    (mode === 'demo' || (mode === 'stripe' && user.stripeSubscriptionId !== null));
  return {
    tier,
    planName: plan?.name ?? null,
    monthlyPrice: plan?.monthlyPrice ?? null,
    periodEnd: periodEnd?.toISOString() ?? null,
    state: billingState(),
    expired,
    cancelAtPeriodEnd: cancelled,
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
    canCancel: managed && !cancelled,
    canResume: managed && cancelled,
    version: user.planChangeVersion,
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
