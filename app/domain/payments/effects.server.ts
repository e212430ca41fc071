import type { PaidTier } from '~/content/plans';
import type { db } from '~/lib/db.server';
import { normalizeTier } from '../tiers';
import {
  DAY_MS,
  graceMs,
  isPaidPlan,
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
  stripeScheduleId: true,
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
    return { status: 'applied', userId: user.id };
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
  await tx.user.update({
    where: { id: user.id },
    data: {
      ...base,
      stripeScheduleId: scheduleId,
      ...(tier === current
        ? noScheduledChange
        : { scheduledTier: tier, scheduledTierAt: new Date(num(next.start_date)! * 1000) }),
    },
  });
  return { status: 'applied', userId: user.id };
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
    // A provisional month until the subscription's period end arrives (never shortening one).
    const provisional = new Date(now.getTime() + PROVISIONAL_PERIOD_DAYS * DAY_MS);
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
      ...(tier ? { planChange: { from: user.subscriptionStatus, to: tier, expiry } } : {}),
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
        planChange: { from: user.subscriptionStatus, to: 'free', expiry: null },
      };
    }
    if (status === 'active' || status === 'trialing') {
      const end = periodEnd(object);
      const expiry = end ? new Date(end.getTime() + graceMs()) : user.subscriptionExpiry;
      // The scheduled change took effect (the plan is now the scheduled one), or the subscription
      // no longer has a schedule (released): nothing is scheduled any more. A subscription that
      // still has its schedule keeps the scheduled change, whatever else this update says.
      const detached = 'schedule' in object && object.schedule === null;
      const arrived = tier !== null && tier === user.scheduledTier;
      await tx.user.update({
        where: { id: user.id },
        data: {
          ...base,
          ...(detached ? { ...noScheduledChange, stripeScheduleId: null } : {}),
          ...(arrived ? noScheduledChange : {}),
          ...(tier ? { subscriptionStatus: tier } : {}),
          ...(end ? { subscriptionExpiry: expiry } : {}),
          subscriptionCancelAtPeriodEnd: object.cancel_at_period_end === true,
        },
      });
      return {
        status: 'applied',
        userId: user.id,
        ...(tier ? { planChange: { from: user.subscriptionStatus, to: tier, expiry } } : {}),
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
