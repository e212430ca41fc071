import type { PaidTier } from '~/content/plans';
import { DomainError } from '../errors';
import { tierRank } from '../tiers';
import { demoSubscriptionId, PROVISIONAL_PERIOD_DAYS, priceByTier, stripe } from './config.server';
import { ref, type PaymentEvent } from './events';
import { demoSubscription } from './demo.server';
import { prorationDateOf } from './quote.server';
import { applyPaymentEvent } from './webhook.server';
import {
  atStripe,
  changeEvent,
  claimPlanChange,
  firstItem,
  liveSubscription,
  seconds,
  type LiveSubscription,
} from './subscription.server';

// Changing a live subscription: upgrades now (prorated), downgrades on a subscription schedule at
// the period's end, and dropping a scheduled change.

export type PlanChangeResult =
  | { kind: 'upgraded'; from: PaidTier; to: PaidTier }
  | { kind: 'scheduled'; from: PaidTier; to: PaidTier; at: Date }
  /** Nothing changed: already on that plan, or that change is already scheduled. */
  | { kind: 'already'; tier: PaidTier }
  | { kind: 'already-scheduled'; tier: PaidTier; at: Date }
  /** The plan changed since the page was shown (another tab): nothing done, look again. */
  | { kind: 'stale' }
  /** Another submission of this page's change was made (or is being made): nothing done. */
  | { kind: 'busy' };

/**
 * A subscriber picks another plan (POST /checkout/<tier>): the existing subscription changes.
 * Upgrade: the price is swapped now and the difference invoiced at once (proration). Downgrade: a
 * subscription schedule keeps the current plan until the period's end and moves to the new one
 * then. The result is applied through applyPaymentEvent like the webhook's events, which repeat it
 * later and change nothing more.
 * `seen` is what the page showed: the current plan and the plan-change version. A page's form
 * changes the plan at most once (its version is claimed; two tabs or a double click hold the same
 * one), and a page made before another change is refused as stale instead of doing something the
 * user did not read.
 * Returns null when the user has no live subscription to change (a new checkout is theirs).
 */
export async function changePlan(
  userId: string,
  tier: PaidTier,
  seen: { current?: string; version?: number; quotedAt?: number } = {},
  now = new Date(),
): Promise<PlanChangeResult | null> {
  const live = await liveSubscription(userId, now);
  if (!live) return null;
  if (live.via === 'offline') {
    throw new DomainError(
      'invalid_input',
      'Plan changes are made through billing for this account',
    );
  }
  if (live.tier === tier) return { kind: 'already', tier };
  if (live.scheduled?.tier === tier) {
    return { kind: 'already-scheduled', tier, at: new Date(live.scheduled.at) };
  }
  if (seen.current && seen.current !== live.tier) return { kind: 'stale' };
  // The page's version was claimed by another submission (a double click, another tab): that one
  // is the change, whether it is still being made or done.
  if (seen.version !== undefined && seen.version < live.row.planChangeVersion) {
    return { kind: 'busy' };
  }
  const key = await claimPlanChange(live.row, seen.version);
  if (!key) return { kind: 'busy' };
  const upgrade = tierRank(tier) > tierRank(live.tier);
  const event =
    live.via === 'stripe'
      ? await atStripe(() => changeOnStripe(live, tier, upgrade, key, now, seen.quotedAt))
      : demoChangeEvent(live, tier, upgrade, key, now);
  await applyPaymentEvent(event, now);
  return upgrade
    ? { kind: 'upgraded', from: live.tier, to: tier }
    : { kind: 'scheduled', from: live.tier, to: tier, at: live.periodEnd };
}

async function changeOnStripe(
  live: LiveSubscription,
  tier: PaidTier,
  upgrade: boolean,
  key: string,
  now: Date,
  quotedAt?: number,
): Promise<PaymentEvent> {
  const subscriptionId = live.row.stripeSubscriptionId!;
  const userId = live.row.id;
  const subscription = await stripe().subscriptions.retrieve(subscriptionId);
  const item = firstItem(subscription);
  const scheduleId = ref(subscription.schedule);
  if (upgrade) {
    // A downgrade scheduled earlier would undo the upgrade at the period's end: release it first
    // (the subscription stays as it is), then swap the price now, invoicing the prorated difference
    // from the moment the page quoted it (so the amount charged is the amount shown).
    if (scheduleId) {
      await stripe().subscriptionSchedules.release(
        scheduleId,
        {},
        { idempotencyKey: `${key}-release` },
      );
    }
    const prorationDate = prorationDateOf(
      quotedAt,
      { start: item.current_period_start, end: item.current_period_end },
      now,
    );
    const updated = await stripe().subscriptions.update(
      subscriptionId,
      {
        items: [{ id: item.id, price: priceByTier[tier] }],
        proration_behavior: 'always_invoice',
        ...(prorationDate === undefined ? {} : { proration_date: prorationDate }),
        cancel_at_period_end: false,
        metadata: { tier, userId },
      },
      { idempotencyKey: key },
    );
    return changeEvent(key, 'customer.subscription.updated', updated, now);
  }
  // A schedule cannot take over a subscription that is set to cancel: resume it first.
  if (subscription.cancel_at_period_end) {
    await stripe().subscriptions.update(
      subscriptionId,
      { cancel_at_period_end: false },
      { idempotencyKey: `${key}-resume` },
    );
  }
  const schedule = scheduleId
    ? scheduleId
    : (
        await stripe().subscriptionSchedules.create(
          { from_subscription: subscriptionId },
          { idempotencyKey: `${key}-schedule` },
        )
      ).id;
  const updated = await stripe().subscriptionSchedules.update(
    schedule,
    {
      end_behavior: 'release',
      metadata: { userId },
      phases: [
        {
          items: [{ price: item.price.id, quantity: 1 }],
          start_date: item.current_period_start,
          end_date: item.current_period_end,
          metadata: { tier: live.tier, userId },
          proration_behavior: 'none',
        },
        {
          items: [{ price: priceByTier[tier], quantity: 1 }],
          duration: { interval: 'month', interval_count: 1 },
          metadata: { tier, userId },
          proration_behavior: 'none',
        },
      ],
    },
    { idempotencyKey: key },
  );
  return changeEvent(key, 'subscription_schedule.updated', updated, now);
}

/** The demo checkout makes the same changes, with the objects Stripe would have answered. */
function demoChangeEvent(
  live: LiveSubscription,
  tier: PaidTier,
  upgrade: boolean,
  key: string,
  now: Date,
): PaymentEvent {
  const userId = live.row.id;
  const end = seconds(live.periodEnd);
  if (upgrade) {
    return changeEvent(
      key,
      'customer.subscription.updated',
      demoSubscription(live.row, tier, { end }, { cancel_at_period_end: false, schedule: null }),
      now,
    );
  }
  return changeEvent(
    key,
    'subscription_schedule.updated',
    {
      id: `sub_sched_demo_${userId}`,
      object: 'subscription_schedule',
      status: 'active',
      customer: live.row.stripeCustomerId,
      subscription: demoSubscriptionId(userId),
      end_behavior: 'release',
      metadata: { userId },
      phases: [
        {
          start_date: seconds(now),
          end_date: end,
          items: [{ price: priceByTier[live.tier] || null }],
          metadata: { tier: live.tier, userId },
        },
        {
          start_date: end,
          end_date: end + PROVISIONAL_PERIOD_DAYS * 24 * 60 * 60,
          items: [{ price: priceByTier[tier] || null }],
          metadata: { tier, userId },
        },
      ],
    },
    now,
  );
}

export type CancelScheduledResult =
  { kind: 'cancelled'; tier: PaidTier; kept: PaidTier } | { kind: 'none' } | { kind: 'busy' };

/**
 * 'Keep my plan' on the Billing panel: the scheduled change is dropped and the current plan
 * renews. On Stripe the schedule is released (the subscription stays on its current price).
 */
export async function cancelScheduledChange(
  userId: string,
  now = new Date(),
): Promise<CancelScheduledResult> {
  const live = await liveSubscription(userId, now);
  if (!live?.scheduled) return { kind: 'none' };
  const key = await claimPlanChange(live.row);
  if (!key) return { kind: 'busy' };
  let event: PaymentEvent;
  if (live.via === 'stripe' && live.row.stripeScheduleId) {
    const scheduleId = live.row.stripeScheduleId;
    const released = await atStripe(() =>
      stripe().subscriptionSchedules.release(scheduleId, {}, { idempotencyKey: key }),
    );
    event = changeEvent(key, 'subscription_schedule.released', released, now);
  } else if (live.via === 'demo') {
    event = changeEvent(
      key,
      'subscription_schedule.released',
      {
        id: live.row.stripeScheduleId ?? `sub_sched_demo_${userId}`,
        object: 'subscription_schedule',
        status: 'released',
        customer: live.row.stripeCustomerId,
        subscription: demoSubscriptionId(userId),
        metadata: { userId },
        phases: [],
      },
      now,
    );
  } else {
    throw new DomainError('invalid_input', 'The scheduled change is managed through billing');
  }
  await applyPaymentEvent(event, now);
  return { kind: 'cancelled', tier: live.scheduled.tier, kept: live.tier };
}
