import type { PaidTier } from '~/content/plans';
import type { db } from '~/lib/db.server';
import { normalizeTier } from '../tiers';
import type { BillingNotice } from '~/mail/messages.server';
import {
  DAY_MS,
  graceMs,
  isPaidPlan,
  paidThrough,
  PROVISIONAL_PERIOD_DAYS,
  tierForPrice,
} from './config.server';
import { num, obj, ref, str, type EventOutcome, type Obj, type PaymentEvent } from './events';

// What each handled event does to the account it belongs to (inside applyPaymentEvent's
// transaction): checkout completions, subscription updates, schedules and invoices.

export type Tx = Parameters<Parameters<typeof db.$transaction>[0]>[0];

const userSelect = {
  id: true,
  email: true,
  subscriptionStatus: true,
  subscriptionExpiry: true,
  stripeCustomerId: true,
  lastSubscriptionEventAt: true,
  checkoutTier: true,
  scheduledTier: true,
  scheduledTierAt: true,
  stripeScheduleId: true,
  stripeSubscriptionId: true,
  subscriptionCancelAtPeriodEnd: true,
} as const;

async function findUser(
  tx: Tx,
  ids: { userId?: string | null; customerId?: string | null; email?: string | null },
) {
  if (ids.userId) {
    const user = await tx.user.findUnique({ where: { id: ids.userId }, select: userSelect });
    if (user) return user;
  }
  if (ids.customerId) {
    const user = await tx.user.findUnique({
      where: { stripeCustomerId: ids.customerId },
      select: userSelect,
    });
    if (user) return user;
  }
  if (ids.email) {
    return tx.user.findUnique({
      where: { email: ids.email.trim().toLowerCase() },
      select: userSelect,
    });
  }
  return null;
}

async function keepUnmatched(
  tx: Tx,
  event: PaymentEvent,
  details: {
    email?: string | null;
    tier?: string | null;
    customerId?: string | null;
    subscriptionId?: string | null;
  },
): Promise<EventOutcome> {
  await tx.unmatchedPayment.create({
    data: {
      eventId: event.id,
      eventType: event.type,
      email: details.email?.toLowerCase() ?? null,
      tier: details.tier ?? null,
      customerId: details.customerId ?? null,
      subscriptionId: details.subscriptionId ?? null,
    },
  });
  return { status: 'unmatched' };
}

/** The subscription's period end: on its items in current API versions, on itself in older ones. */
function periodEnd(subscription: Obj): Date | null {
  const items = obj(subscription.items).data;
  const fromItem = Array.isArray(items) ? num(obj(items[0]).current_period_end) : null;
  const seconds = fromItem ?? num(subscription.current_period_end);
  return seconds === null ? null : new Date(seconds * 1000);
}

/**
 * The plan a subscription (or a schedule's phase) is for: its price says it; the metadata is the
 * fallback (it is written at checkout and on our own changes, but a change made elsewhere, such as
 * the Customer Portal, leaves it behind).
 */
function subscriptionTier(subscription: Obj): PaidTier | null {
  const items = obj(subscription.items).data;
  const fromPrice = Array.isArray(items) ? tierForPrice(ref(obj(items[0]).price)) : null;
  if (fromPrice) return fromPrice;
  const fromMetadata = obj(subscription.metadata).tier;
  return isPaidPlan(fromMetadata) ? fromMetadata : null;
}

const noScheduledChange = { scheduledTier: null, scheduledTierAt: null } as const;

const ENDED_SCHEDULE = new Set(['released', 'canceled', 'completed']);

/**
 * subscription_schedule.*: a plan change scheduled for a later date (our downgrades, or one made
 * in the Customer Portal). The next phase that starts after now, on another plan, is stored so the
 * dashboard can show it; a schedule that ended (released, cancelled, completed) clears it, if it is
 * the schedule we know. Nothing here changes the plan itself: the subscription's own update does
 * when the phase starts.
 */
async function applyScheduleEvent(
  tx: Tx,
  event: PaymentEvent,
  object: Obj,
  created: Date,
  now: Date,
): Promise<EventOutcome> {
  const phases = Array.isArray(object.phases) ? object.phases.map(obj) : [];
  const userId =
    str(obj(object.metadata).userId) ??
    phases.map((phase) => str(obj(phase.metadata).userId)).find(Boolean) ??
    null;
  const user = await findUser(tx, { userId, customerId: ref(object.customer) });
  if (!user) return { status: 'ignored', reason: 'schedule of no known user' };
  if (user.lastSubscriptionEventAt && created < user.lastSubscriptionEventAt) {
    return { status: 'ignored', reason: 'older than the last subscription event applied' };
  }
  const scheduleId = str(object.id);
  const status = str(object.status);
  const base = { lastSubscriptionEventAt: created };
  const ended =
    (event.type !== 'subscription_schedule.created' &&
      event.type !== 'subscription_schedule.updated') ||
    (status !== null && ENDED_SCHEDULE.has(status));
  if (ended) {
    if (user.stripeScheduleId && user.stripeScheduleId !== scheduleId) {
      return { status: 'ignored', reason: 'a schedule that is not the current one' };
    }
    await tx.user.update({
      where: { id: user.id },
      data: { ...base, ...noScheduledChange, stripeScheduleId: null },
    });
    // A change that was waiting is dropped: the current plan renews (a cancel or an upgrade that
    // dropped it says so in its own message, and has cleared it by now).
    const plan = normalizeTier(user.subscriptionStatus);
    const notice: BillingNotice | undefined =
      isPaidPlan(user.scheduledTier) && isPaidPlan(plan)
        ? {
            kind: 'unscheduled',
            tier: plan,
            dropped: user.scheduledTier,
            renewsAt: paidThrough(user),
          }
        : undefined;
    return { status: 'applied', userId: user.id, ...(notice ? { notice } : {}) };
  }
  const next = phases.find((phase) => (num(phase.start_date) ?? 0) * 1000 > now.getTime());
  const tier = next ? subscriptionTier(next) : null;
  const current = normalizeTier(user.subscriptionStatus);
  if (!next || !tier) {
    // A schedule with nothing ahead (as Stripe creates one from a subscription): nothing to show
    // yet, and nothing already shown is dropped.
    await tx.user.update({
      where: { id: user.id },
      data: { ...base, stripeScheduleId: scheduleId },
    });
    return { status: 'applied', userId: user.id };
  }
  const at = new Date(num(next.start_date)! * 1000);
  await tx.user.update({
    where: { id: user.id },
    data: {
      ...base,
      stripeScheduleId: scheduleId,
      // A schedule with a phase ahead runs the subscription on: Stripe lets no subscription a
      // schedule manages be set to cancel, so a cancel it had was undone to make the schedule.
      subscriptionCancelAtPeriodEnd: false,
      ...(tier === current ? noScheduledChange : { scheduledTier: tier, scheduledTierAt: at }),
    },
  });
  // A change newly scheduled (or moved): the owner is told what happens when.
  const news =
    tier !== current &&
    isPaidPlan(current) &&
    (user.scheduledTier !== tier || user.scheduledTierAt?.getTime() !== at.getTime());
  return {
    status: 'applied',
    userId: user.id,
    ...(news ? { notice: { kind: 'scheduled', from: current, to: tier, at } } : {}),
  };
}

export async function applyEffect(tx: Tx, event: PaymentEvent, now: Date): Promise<EventOutcome> {
  const object = obj(event.data?.object);
  const created = new Date(event.created * 1000);

  if (event.type.startsWith('subscription_schedule.')) {
    return applyScheduleEvent(tx, event, object, created, now);
  }

  if (event.type === 'checkout.session.completed') {
    if (object.payment_status === 'unpaid') return { status: 'ignored', reason: 'not paid yet' };
    const customerId = ref(object.customer);
    const subscriptionId = ref(object.subscription);
    const email = str(obj(object.customer_details).email) ?? str(object.customer_email);
    const metadataTier = obj(object.metadata).tier;
    const user = await findUser(tx, {
      userId: str(object.client_reference_id),
      customerId,
      email,
    });
    const tier = isPaidPlan(metadataTier)
      ? metadataTier
      : isPaidPlan(user?.checkoutTier)
        ? user.checkoutTier
        : null;
    if (!user) return keepUnmatched(tx, event, { email, tier, customerId, subscriptionId });
    // A provisional month until the subscription's period end arrives (never shortening one); a
    // subscription's expiry carries its grace days, as the period's own will.
    const provisional = new Date(
      now.getTime() + PROVISIONAL_PERIOD_DAYS * DAY_MS + (subscriptionId ? graceMs() : 0),
    );
    const current = user.subscriptionExpiry;
    const expiry = current && current > provisional ? current : provisional;
    await tx.user.update({
      where: { id: user.id },
      data: {
        ...(customerId ? { stripeCustomerId: customerId } : {}),
        ...(subscriptionId ? { stripeSubscriptionId: subscriptionId } : {}),
        ...(tier
          ? {
              subscriptionStatus: tier,
              subscriptionExpiry: expiry,
            }
          : {}),
        subscriptionCancelAtPeriodEnd: false,
        paymentFailedAt: null,
        checkoutTier: null,
        checkoutStartedAt: null,
      },
    });
    return {
      status: 'applied',
      userId: user.id,
      ...(tier
        ? {
            planChange: {
              from: user.subscriptionStatus,
              to: tier,
              paidThrough: paidThrough({
                subscriptionExpiry: expiry,
                stripeSubscriptionId: subscriptionId ?? user.stripeSubscriptionId,
              }),
            },
          }
        : {}),
    };
  }

  if (event.type.startsWith('customer.subscription.')) {
    const customerId = ref(object.customer);
    const user = await findUser(tx, {
      userId: str(obj(object.metadata).userId),
      customerId,
    });
    const tier = subscriptionTier(object);
    if (!user) {
      return keepUnmatched(tx, event, { tier, customerId, subscriptionId: str(object.id) });
    }
    // Out of order: an older subscription event than the last one applied changes nothing.
    if (user.lastSubscriptionEventAt && created < user.lastSubscriptionEventAt) {
      return { status: 'ignored', reason: 'older than the last subscription event applied' };
    }
    const base = {
      lastSubscriptionEventAt: created,
      ...(customerId ? { stripeCustomerId: customerId } : {}),
      stripeSubscriptionId: str(object.id),
    };
    const status = str(object.status);
    if (
      event.type === 'customer.subscription.deleted' ||
      status === 'canceled' ||
      status === 'unpaid' ||
      status === 'incomplete_expired'
    ) {
      await tx.user.update({
        where: { id: user.id },
        data: {
          ...base,
          subscriptionStatus: 'free',
          subscriptionExpiry: null,
          subscriptionCancelAtPeriodEnd: false,
          ...noScheduledChange,
          stripeScheduleId: null,
        },
      });
      return {
        status: 'applied',
        userId: user.id,
        planChange: { from: user.subscriptionStatus, to: 'free', paidThrough: null },
      };
    }
    if (status === 'active' || status === 'trialing') {
      const end = periodEnd(object);
      const expiry = end ? new Date(end.getTime() + graceMs()) : user.subscriptionExpiry;
      // The scheduled change took effect (the plan is now the scheduled one), or the subscription
      // no longer has a schedule (released): nothing is scheduled any more. A subscription that
      // still has its schedule keeps the scheduled change, whatever else this update says.
      // A plan cancelled at its period's end has no next plan either.
      const detached = 'schedule' in object && object.schedule === null;
      const arrived = tier !== null && tier === user.scheduledTier;
      const cancelling = object.cancel_at_period_end === true;
      await tx.user.update({
        where: { id: user.id },
        data: {
          ...base,
          ...(detached ? { ...noScheduledChange, stripeScheduleId: null } : {}),
          ...(arrived || cancelling ? noScheduledChange : {}),
          ...(tier ? { subscriptionStatus: tier } : {}),
          ...(end ? { subscriptionExpiry: expiry } : {}),
          subscriptionCancelAtPeriodEnd: cancelling,
        },
      });
      const paidUntil = end ?? paidThrough(user);
      const plan = tier ?? normalizeTier(user.subscriptionStatus);
      const changed = tier !== null && tier !== normalizeTier(user.subscriptionStatus);
      // The owner hears of a cancel and of its undoing (made here, in the Customer Portal or by
      // the demo), once: the events that repeat the state find nothing flipped. A plan change
      // has its own message, which says all.
      const notice: BillingNotice | undefined =
        changed || !isPaidPlan(plan)
          ? undefined
          : cancelling && !user.subscriptionCancelAtPeriodEnd
            ? {
                kind: 'cancelled',
                tier: plan,
                endsAt: paidUntil,
                dropped: isPaidPlan(user.scheduledTier) ? user.scheduledTier : null,
              }
            : !cancelling && user.subscriptionCancelAtPeriodEnd
              ? { kind: 'resumed', tier: plan, renewsAt: paidUntil }
              : undefined;
      return {
        status: 'applied',
        userId: user.id,
        ...(tier
          ? { planChange: { from: user.subscriptionStatus, to: tier, paidThrough: paidUntil } }
          : {}),
        ...(notice ? { notice } : {}),
      };
    }
    // past_due: access continues until the expiry already granted; incomplete: nothing yet.
    await tx.user.update({ where: { id: user.id }, data: base });
    return { status: 'applied', userId: user.id };
  }

  // invoice.paid / invoice.payment_failed
  const customerId = ref(object.customer);
  const email = str(object.customer_email);
  const user = await findUser(tx, { customerId, email });
  if (!user) return keepUnmatched(tx, event, { email, customerId });
  if (event.type === 'invoice.payment_failed') {
    await tx.user.update({ where: { id: user.id }, data: { paymentFailedAt: now } });
    return { status: 'applied', userId: user.id };
  }
  const lines = obj(object.lines).data;
  const lineEnd = Array.isArray(lines) ? num(obj(obj(lines[0]).period).end) : null;
  const seconds = lineEnd ?? num(object.period_end);
  const paidUntil = seconds === null ? null : new Date(seconds * 1000 + graceMs());
  const extend =
    paidUntil && (!user.subscriptionExpiry || paidUntil > user.subscriptionExpiry)
      ? paidUntil
      : null;
  await tx.user.update({
    where: { id: user.id },
    data: { paymentFailedAt: null, ...(extend ? { subscriptionExpiry: extend } : {}) },
  });
  return { status: 'applied', userId: user.id };
}
