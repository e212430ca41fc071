import type { PaidTier } from '~/content/plans';
import { DomainError } from '../errors';
import { stripe } from './config.server';
import { demoSubscription } from './demo.server';
import { ref, type PaymentEvent } from './events';
import {
  atStripe,
  changeEvent,
  claimPlanChange,
  liveSubscription,
  seconds,
  type LiveSubscription,
} from './subscription.server';
import { applyPaymentEvent } from './webhook.server';

// Cancelling a plan at the end of the period paid for, and resuming it (undoing the cancel) until
// then. On Stripe: the subscription's `cancel_at_period_end`; a subscription schedule (a
// downgrade waiting for the period's end) is released first, because Stripe does not let a
// subscription that a schedule manages change its cancellation, and because a cancelled plan has
// no next plan. The demo makes the same changes with the objects Stripe would answer with. Either
// way the answer is applied through applyPaymentEvent, which also tells the owner by e-mail.

export const NO_PLAN_TO_CANCEL_MESSAGE = 'There is no paid plan to cancel';
export const CANCEL_OFFLINE_MESSAGE =
  'This plan is billed through a payment link: write to us and we cancel it for you.';

/** What the cancel confirmation says, and the version its form sends back. */
export type CancelView = {
  tier: PaidTier;
  /** The end of the period paid for: the plan stays active until then. */
  endsAt: string;
  /** A plan change waiting for that date, which cancelling drops. */
  scheduled: { tier: PaidTier; at: string } | null;
  /** Cancelled already (the page offers to resume instead). */
  cancelled: boolean;
  version: number;
};

function cancellable(live: LiveSubscription | null): LiveSubscription {
  if (!live) throw new DomainError('invalid_input', NO_PLAN_TO_CANCEL_MESSAGE);
  if (live.via === 'offline') throw new DomainError('invalid_input', CANCEL_OFFLINE_MESSAGE);
  return live;
}

/** GET /billing/cancel: the confirmation, or invalid_input when there is nothing to cancel here. */
export async function cancelView(userId: string, now = new Date()): Promise<CancelView> {
  const live = cancellable(await liveSubscription(userId, now));
  return {
    tier: live.tier,
    endsAt: live.periodEnd.toISOString(),
    scheduled: live.scheduled,
    cancelled: live.row.subscriptionCancelAtPeriodEnd,
    version: live.row.planChangeVersion,
  };
}

export type CancelResult =
  | { kind: 'cancelled'; tier: PaidTier; endsAt: Date; dropped: PaidTier | null }
  | { kind: 'already'; tier: PaidTier; endsAt: Date }
  /** The plan changed since the confirmation was shown: nothing done, look again. */
  | { kind: 'stale' }
  /** Another submission of the same confirmation is (or was) the cancel: nothing done twice. */
  | { kind: 'busy' };

/**
 * POST /billing/cancel, from the confirmation: the plan ends at the end of the period paid for,
 * and a scheduled change is dropped with it. `seen.version` is the plan-change version the
 * confirmation was made at: claimed once, so a double click or a second tab cancels once, and a
 * confirmation shown before another change is stale.
 */
export async function cancelSubscription(
  userId: string,
  seen: { version?: number } = {},
  now = new Date(),
): Promise<CancelResult> {
  const live = cancellable(await liveSubscription(userId, now));
  if (live.row.subscriptionCancelAtPeriodEnd) {
    return { kind: 'already', tier: live.tier, endsAt: live.periodEnd };
  }
  if (seen.version !== undefined && seen.version < live.row.planChangeVersion) {
    return { kind: 'stale' };
  }
  const key = await claimPlanChange(live.row, seen.version);
  if (!key) return { kind: 'busy' };
  await setCancel(live, true, key, now);
  return {
    kind: 'cancelled',
    tier: live.tier,
    endsAt: live.periodEnd,
    dropped: live.scheduled?.tier ?? null,
  };
}

export type ResumeResult =
  | { kind: 'resumed'; tier: PaidTier; renewsAt: Date }
  /** Not cancelled (already resumed, or never cancelled): nothing to undo. */
  | { kind: 'not-cancelled'; tier: PaidTier }
  | { kind: 'busy' };

/** POST /billing/resume: the cancel is undone and the plan renews at the period's end. */
export async function resumeSubscription(userId: string, now = new Date()): Promise<ResumeResult> {
  const live = await liveSubscription(userId, now);
  if (!live) throw new DomainError('invalid_input', 'There is no plan to resume');
  if (live.via === 'offline') throw new DomainError('invalid_input', CANCEL_OFFLINE_MESSAGE);
  if (!live.row.subscriptionCancelAtPeriodEnd) return { kind: 'not-cancelled', tier: live.tier };
  const key = await claimPlanChange(live.row);
  if (!key) return { kind: 'busy' };
  await setCancel(live, false, key, now);
  return { kind: 'resumed', tier: live.tier, renewsAt: live.periodEnd };
}

/** Sets the cancel at Stripe (or on the demo) and applies the subscription it answers with. */
async function setCancel(live: LiveSubscription, cancel: boolean, key: string, now: Date) {
  const event =
    live.via === 'stripe'
      ? await atStripe(() => setCancelOnStripe(live, cancel, key, now))
      : demoCancelEvent(live, cancel, key, now);
  await applyPaymentEvent(event, now);
}

async function setCancelOnStripe(
  live: LiveSubscription,
  cancel: boolean,
  key: string,
  now: Date,
): Promise<PaymentEvent> {
  const subscriptionId = live.row.stripeSubscriptionId!;
  if (cancel) {
    const subscription = await stripe().subscriptions.retrieve(subscriptionId);
    const scheduleId = ref(subscription.schedule);
    if (scheduleId) {
      await stripe().subscriptionSchedules.release(
        scheduleId,
        {},
        { idempotencyKey: `${key}-release` },
      );
    }
  }
  const updated = await stripe().subscriptions.update(
    subscriptionId,
    { cancel_at_period_end: cancel },
    { idempotencyKey: key },
  );
  return changeEvent(key, 'customer.subscription.updated', updated, now);
}

function demoCancelEvent(
  live: LiveSubscription,
  cancel: boolean,
  key: string,
  now: Date,
): PaymentEvent {
  const subscription = demoSubscription(
    live.row,
    live.tier,
    { end: seconds(live.periodEnd) },
    { cancel_at_period_end: cancel, schedule: null },
  );
  return changeEvent(key, 'customer.subscription.updated', subscription, now);
}
