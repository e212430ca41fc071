import Stripe from 'stripe';
import type { Prisma } from '~/generated/prisma/client';
import { db } from '~/lib/db.server';
import type { PaidTier } from '~/content/plans';
import { DomainError } from '../errors';
import { hasTierAccess, normalizeTier } from '../tiers';
import {
  checkoutMode,
  DAY_MS,
  paidThrough,
  isPaidPlan,
  PROVISIONAL_PERIOD_DAYS,
} from './config.server';
import type { PaymentEvent } from './events';

// A user's live subscription as the plan-change code reads it, and what every change to it shares:
// the claimed plan-change version (one change per page), Stripe calls that fail as a message,
// and the event a change is applied as.

export type ScheduledChange = { tier: PaidTier; at: string };

const subscriptionSelect = {
  id: true,
  email: true,
  subscriptionStatus: true,
  subscriptionExpiry: true,
  subscriptionCancelAtPeriodEnd: true,
  stripeCustomerId: true,
  stripeSubscriptionId: true,
  stripeScheduleId: true,
  scheduledTier: true,
  scheduledTierAt: true,
  planChangeVersion: true,
} as const;

export type SubscriberRow = Prisma.UserGetPayload<{ select: typeof subscriptionSelect }>;

/** The user's live subscription (a paid plan that has not lapsed), or null. */
export type LiveSubscription = {
  row: SubscriberRow;
  tier: PaidTier;
  /** The end of the period paid for (paidThrough: the stored expiry less the grace days). */
  periodEnd: Date;
  /** The plan change waiting for the period's end; none once the plan is cancelled. */
  scheduled: ScheduledChange | null;
  /** Where the subscription lives: Stripe (changed through the API), the demo, or a payment link. */
  via: 'stripe' | 'demo' | 'offline';
};

export async function liveSubscription(
  userId: string,
  now: Date,
): Promise<LiveSubscription | null> {
  const row = await db.user.findUnique({ where: { id: userId }, select: subscriptionSelect });
  if (!row) return null;
  const tier = normalizeTier(row.subscriptionStatus);
  if (!isPaidPlan(tier) || !hasTierAccess(row, tier, now)) return null;
  const mode = checkoutMode();
  let via: LiveSubscription['via'];
  if (mode === 'demo') via = 'demo';
  else if (!row.stripeSubscriptionId)
    return null; // a plan given without a subscription: buy one
  else via = mode === 'stripe' ? 'stripe' : 'offline';
  const periodEnd = paidThrough(row) ?? new Date(now.getTime() + PROVISIONAL_PERIOD_DAYS * DAY_MS);
  const scheduled =
    !row.subscriptionCancelAtPeriodEnd && isPaidPlan(row.scheduledTier) && row.scheduledTierAt
      ? { tier: row.scheduledTier, at: row.scheduledTierAt.toISOString() }
      : null;
  return { row, tier, periodEnd, scheduled, via };
}

/**
 * Claims the next plan-change version: of two submissions that read the same state (two tabs, a
 * double click), exactly one gets it and calls Stripe; the other changes nothing. The version is
 * part of every idempotency key the change sends, so a retry of that one call is one call to
 * Stripe too.
 */
export async function claimPlanChange(row: SubscriberRow, seen?: number): Promise<string | null> {
  const from = seen ?? row.planChangeVersion;
  const next = from + 1;
  const claimed = await db.user.updateMany({
    where: { id: row.id, planChangeVersion: from },
    data: { planChangeVersion: next },
  });
  return claimed.count === 1 ? `plan-change-${row.id}-${next}` : null;
}

export const PLAN_CHANGE_FAILED_MESSAGE =
  'The payment provider could not make the change, so your plan was not changed. Please try again in a minute.';

/** A Stripe call that fails (refused, unreachable, timed out after its retry) is a message, not a 500. */
export async function atStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    console.error('Stripe plan change failed:', error.message);
    throw new DomainError('conflict', PLAN_CHANGE_FAILED_MESSAGE);
  }
}

export const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** An event built from the object Stripe answered with (or the demo's stand-in for it). */
export function changeEvent(key: string, type: string, object: unknown, now: Date): PaymentEvent {
  return { id: `evt_${key}`, type, created: seconds(now), data: { object } };
}

/** The subscription's first item: the one price every plan is. */
export function firstItem(subscription: Stripe.Subscription) {
  const item = subscription.items.data[0];
  if (!item) throw new Error(`Stripe subscription ${subscription.id} has no items`);
  return item;
}
