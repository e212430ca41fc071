import Stripe from 'stripe';
import type { Prisma } from '~/generated/prisma/client';
import { getPlan, PAID_TIERS, type PaidTier } from '~/content/plans';
import { db } from '~/lib/db.server';
import { env } from '~/lib/env.server';
import type { PublicUser } from './accounts.server';
import {
  ADMIN_REQUIRED_MESSAGE,
  pageOf,
  skip,
  type AdminActor,
  type Page,
  type PageRequest,
} from './admin.server';
import type { PlanChange } from '~/mail/messages.server';
import { PaymentEventSchema } from '~/schemas/payments';
import { DomainError } from './errors';
import { notifyPlanChange } from './notices.server';
import { hasTierAccess, normalizeTier, tierRank, type Tier } from './tiers';
import { isAdmin } from './users';

// Every plan change that money causes goes through this module: the checkout route, the Stripe
// webhook, the admin's webhook test and the demo checkout all end in `applyPaymentEvent`, and none
// of them changes a tier by itself. Stripe's rules: the signature is checked on the raw body, each
// event id is applied once (recorded in the same transaction as its effect), and events may arrive
// late, twice or out of order. Processing never calls Stripe: everything needed is in the event.

const DAY_MS = 24 * 60 * 60 * 1000;
export const PROVISIONAL_PERIOD_DAYS = 31;
export const PAYMENT_NOT_FOUND_MESSAGE = 'No user found with that email';
export const TEST_EMAIL_REQUIRED_MESSAGE = 'Email is required';

export function isPaidPlan(value: unknown): value is PaidTier {
  return typeof value === 'string' && (PAID_TIERS as readonly string[]).includes(value);
}

// ---------------------------------------------------------------------------------------------
// Configuration

const priceByTier: Record<PaidTier, string> = {
  diy: env.STRIPE_PRICE_DIY,
  starter: env.STRIPE_PRICE_STARTER,
  growth: env.STRIPE_PRICE_GROWTH,
  authority: env.STRIPE_PRICE_AUTHORITY,
};

const linkByTier: Record<PaidTier, string> = {
  diy: env.CHECKOUT_URL_DIY,
  starter: env.CHECKOUT_URL_STARTER,
  growth: env.CHECKOUT_URL_GROWTH,
  authority: env.CHECKOUT_URL_AUTHORITY,
};

export type CheckoutMode = 'demo' | 'stripe' | 'payment-link';

export function checkoutMode(): CheckoutMode {
  if (env.DEMO_CHECKOUT) return 'demo';
  return env.STRIPE_SECRET_KEY ? 'stripe' : 'payment-link';
}

/**
 * Only the endpoint's own signing secret authorises an event. The demo checkout does not go
 * through the public webhook route (it applies its events directly, after its own checks), so
 * without STRIPE_WEBHOOK_SECRET the route accepts nothing: a secret anyone can read in the source
 * would let anyone change anyone's plan.
 */
function webhookSecret(): string {
  return env.STRIPE_WEBHOOK_SECRET;
}

function tierForPrice(priceId: unknown): PaidTier | null {
  if (typeof priceId !== 'string' || !priceId) return null;
  return PAID_TIERS.find((tier) => priceByTier[tier] === priceId) ?? null;
}

let client: Stripe | null = null;
/** The SDK: for API calls with the secret key (or STRIPE_API_URL's fake in tests). */
export function stripe(): Stripe {
  if (client) return client;
  const api = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : null;
  client = new Stripe(env.STRIPE_SECRET_KEY || 'sk_test_webhook_verification_only', {
    maxNetworkRetries: 1,
    timeout: 10_000,
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
          protocol: api.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
  return client;
}

// ---------------------------------------------------------------------------------------------
// Checkout

/**
 * A user with a live subscription who picks another plan changes that subscription; they never
 * get a second one. Upgrades are immediate and prorated, downgrades take effect at the end of the
 * period already paid for (the pricing page's promise).
 */
export type PlanChangeView = {
  direction: 'upgrade' | 'downgrade';
  current: PaidTier;
  /** Downgrade: when the new plan starts (the end of the current period). */
  effectiveAt: string | null;
  /** The current plan was cancelled at its period end: changing it resumes it. */
  cancelled: boolean;
  /** The plan-change version this view was made at; the form sends it back (see changePlan). */
  version: number;
};

export type ScheduledChange = { tier: PaidTier; at: string };

export type CheckoutView =
  | { kind: CheckoutMode; tier: PaidTier }
  | { kind: 'already'; tier: PaidTier; scheduled: ScheduledChange | null }
  | { kind: 'scheduled'; tier: PaidTier; current: PaidTier; at: string }
  | { kind: 'change'; tier: PaidTier; change: PlanChangeView }
  /** Payment links cannot change a subscription: the page says how to change it instead. */
  | { kind: 'change-offline'; tier: PaidTier; current: PaidTier };

export type CheckoutStart = { kind: 'redirect'; url: string } | { kind: 'already'; tier: PaidTier };

type Buyer = Pick<PublicUser, 'id' | 'email' | 'subscriptionStatus' | 'subscriptionExpiry'>;

function alreadyOn(user: Buyer, tier: PaidTier, now: Date) {
  return normalizeTier(user.subscriptionStatus) === tier && hasTierAccess(user, tier, now);
}

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

type SubscriberRow = Prisma.UserGetPayload<{ select: typeof subscriptionSelect }>;

/** The user's live subscription (a paid plan that has not lapsed), or null. */
type LiveSubscription = {
  row: SubscriberRow;
  tier: PaidTier;
  /** The end of the period paid for (the stored expiry less the grace days). */
  periodEnd: Date;
  scheduled: ScheduledChange | null;
  /** Where the subscription lives: Stripe (changed through the API), the demo, or a payment link. */
  via: 'stripe' | 'demo' | 'offline';
};

async function liveSubscription(userId: string, now: Date): Promise<LiveSubscription | null> {
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
  const periodEnd = row.subscriptionExpiry
    ? new Date(row.subscriptionExpiry.getTime() - graceMs())
    : new Date(now.getTime() + PROVISIONAL_PERIOD_DAYS * DAY_MS);
  const scheduled =
    isPaidPlan(row.scheduledTier) && row.scheduledTierAt
      ? { tier: row.scheduledTier, at: row.scheduledTierAt.toISOString() }
      : null;
  return { row, tier, periodEnd, scheduled, via };
}

/**
 * What GET /checkout/<tier> shows: the plan the user is already on, the change a subscriber would
 * make (named, with when it takes effect), the local demo payment page, or a review of the order
 * whose button (a POST) starts the real checkout. Reading it changes nothing, so a link from
 * another site cannot make the dashboard claim a payment.
 */
export async function checkoutView(
  user: Buyer,
  tier: PaidTier,
  now = new Date(),
): Promise<CheckoutView> {
  const live = await liveSubscription(user.id, now);
  if (live) {
    if (live.tier === tier) return { kind: 'already', tier, scheduled: live.scheduled };
    if (live.scheduled?.tier === tier) {
      return { kind: 'scheduled', tier, current: live.tier, at: live.scheduled.at };
    }
    if (live.via === 'offline') return { kind: 'change-offline', tier, current: live.tier };
    const direction = tierRank(tier) > tierRank(live.tier) ? 'upgrade' : 'downgrade';
    return {
      kind: 'change',
      tier,
      change: {
        direction,
        current: live.tier,
        effectiveAt: direction === 'downgrade' ? live.periodEnd.toISOString() : null,
        cancelled: live.row.subscriptionCancelAtPeriodEnd,
        version: live.row.planChangeVersion,
      },
    };
  }
  if (alreadyOn(user, tier, now)) return { kind: 'already', tier, scheduled: null };
  return { kind: checkoutMode(), tier };
}

/**
 * The user leaves for the payment page (POST /checkout/<tier>): a Stripe Checkout Session (with a
 * secret key) or the plan's hosted payment link (without). A user already on that plan is told
 * so. The start is remembered here, and only here, so the dashboard can say "payment received"
 * until the webhook confirms it. The demo checkout has no payment page to leave for: its 'Pay' is
 * payOnDemoCheckout.
 */
export async function startCheckout(
  user: Buyer,
  tier: PaidTier,
  origin: string,
  now = new Date(),
): Promise<CheckoutStart> {
  if (alreadyOn(user, tier, now)) return { kind: 'already', tier };
  const mode = checkoutMode();
  let url: string;
  if (mode === 'stripe') {
    const account = await db.user.findUnique({
      where: { id: user.id },
      select: { stripeCustomerId: true },
    });
    const session = await stripe().checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: priceByTier[tier], quantity: 1 }],
      client_reference_id: user.id,
      ...(account?.stripeCustomerId
        ? { customer: account.stripeCustomerId }
        : { customer_email: user.email }),
      metadata: { tier, userId: user.id },
      subscription_data: { metadata: { tier, userId: user.id } },
      success_url: `${origin}/dashboard?payment=success`,
      cancel_url: `${origin}/pricing`,
    });
    if (!session.url) throw new Error('Stripe returned a Checkout Session without a URL');
    url = session.url;
  } else if (mode === 'payment-link') {
    const link = new URL(linkByTier[tier]);
    link.searchParams.set('client_reference_id', user.id);
    link.searchParams.set('prefilled_email', user.email);
    url = link.toString();
  } else {
    throw new DomainError('not_found', 'The demo checkout is paid on its own page');
  }
  await db.user.update({
    where: { id: user.id },
    data: { checkoutTier: tier, checkoutStartedAt: now },
  });
  return { kind: 'redirect', url };
}

// ---------------------------------------------------------------------------------------------
// Changing a live subscription

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
 * Claims the next plan-change version: of two submissions that read the same state (two tabs, a
 * double click), exactly one gets it and calls Stripe; the other changes nothing. The version is
 * part of every idempotency key the change sends, so a retry of that one call is one call to
 * Stripe too.
 */
async function claimPlanChange(row: SubscriberRow, seen?: number): Promise<string | null> {
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
async function atStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    console.error('Stripe plan change failed:', error.message);
    throw new DomainError('conflict', PLAN_CHANGE_FAILED_MESSAGE);
  }
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** An event built from the object Stripe answered with (or the demo's stand-in for it). */
function changeEvent(key: string, type: string, object: unknown, now: Date): PaymentEvent {
  return { id: `evt_${key}`, type, created: seconds(now), data: { object } };
}

/** The subscription's first item: the one price every plan is. */
function firstItem(subscription: Stripe.Subscription) {
  const item = subscription.items.data[0];
  if (!item) throw new Error(`Stripe subscription ${subscription.id} has no items`);
  return item;
}

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
  seen: { current?: string; version?: number } = {},
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
      ? await atStripe(() => changeOnStripe(live, tier, upgrade, key, now))
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
): Promise<PaymentEvent> {
  const subscriptionId = live.row.stripeSubscriptionId!;
  const userId = live.row.id;
  const subscription = await stripe().subscriptions.retrieve(subscriptionId);
  const item = firstItem(subscription);
  const scheduleId = ref(subscription.schedule);
  if (upgrade) {
    // A downgrade scheduled earlier would undo the upgrade at the period's end: release it first
    // (the subscription stays as it is), then swap the price now, invoicing the prorated difference.
    if (scheduleId) {
      await stripe().subscriptionSchedules.release(
        scheduleId,
        {},
        { idempotencyKey: `${key}-release` },
      );
    }
    const updated = await stripe().subscriptions.update(
      subscriptionId,
      {
        items: [{ id: item.id, price: priceByTier[tier] }],
        proration_behavior: 'always_invoice',
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
      demoSubscription(live.row, tier, end, { cancel_at_period_end: false, schedule: null }),
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
      subscription: `sub_demo_${userId}`,
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

function demoSubscription(
  row: { id: string; stripeCustomerId: string | null },
  tier: PaidTier,
  periodEnd: number,
  extra: Obj,
): Obj {
  return {
    id: `sub_demo_${row.id}`,
    object: 'subscription',
    customer: row.stripeCustomerId,
    status: 'active',
    metadata: { tier, userId: row.id },
    items: { data: [{ price: { id: priceByTier[tier] || null }, current_period_end: periodEnd }] },
    ...extra,
  };
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
        subscription: `sub_demo_${userId}`,
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

// ---------------------------------------------------------------------------------------------
// Events

type Obj = Record<string, unknown>;
const obj = (value: unknown): Obj =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Obj) : {};
const str = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
/** An id field that may be a string or an expanded object. */
const ref = (value: unknown): string | null => str(value) ?? str(obj(value).id);

export type PaymentEvent = { id: string; type: string; created: number; data: { object: unknown } };

export type EventOutcome =
  | { status: 'applied'; userId: string; planChange?: PlanChange }
  | { status: 'duplicate' }
  | { status: 'ignored'; reason: string }
  | { status: 'unmatched' };

/** Verifies Stripe's signature on the raw body (5-minute tolerance). Bad or stale: 400. */
export async function verifyWebhook(
  rawBody: string,
  signature: string | null,
): Promise<PaymentEvent> {
  const secret = webhookSecret();
  if (!secret) throw new DomainError('invalid_input', 'Webhook signing secret is not configured');
  if (!signature) throw new DomainError('invalid_input', 'Missing Stripe-Signature header');
  let event: Stripe.Event;
  try {
    event = await stripe().webhooks.constructEventAsync(rawBody, signature, secret);
  } catch (error) {
    throw new DomainError(
      'invalid_input',
      `Webhook signature verification failed: ${error instanceof Error ? error.message : 'invalid'}`,
    );
  }
  return parsePaymentEvent(event);
}

/**
 * A signed body is still parsed before anything acts on it (PaymentEventSchema): an event whose
 * fields do not have Stripe's types and ranges is 400 and changes nothing.
 */
export function parsePaymentEvent(candidate: unknown): PaymentEvent {
  const parsed = PaymentEventSchema.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` (${issue.path.join('.')})` : '';
    throw new DomainError('invalid_input', `The body is not a Stripe event we can apply${where}`);
  }
  return parsed.data as PaymentEvent;
}

/** The webhook route: verify, then apply. */
export async function handleWebhook(
  rawBody: string,
  signature: string | null,
  now = new Date(),
): Promise<EventOutcome> {
  return applyPaymentEvent(await verifyWebhook(rawBody, signature), now);
}

type Tx = Parameters<Parameters<typeof db.$transaction>[0]>[0];

const HANDLED = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'subscription_schedule.created',
  'subscription_schedule.updated',
  'subscription_schedule.released',
  'subscription_schedule.canceled',
  'subscription_schedule.completed',
  'invoice.paid',
  'invoice.payment_failed',
]);

function isUniqueViolation(error: unknown) {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'P2002';
}

/**
 * Applies one event exactly once: the event id is claimed in PaymentEvent inside the same
 * transaction as the effect, so a redelivery (even at the same moment) is a no-op.
 */
export async function applyPaymentEvent(
  input: PaymentEvent,
  now = new Date(),
): Promise<EventOutcome> {
  const event = parsePaymentEvent(input);
  if (!HANDLED.has(event.type))
    return { status: 'ignored', reason: `unused event type ${event.type}` };
  try {
    const outcome = await db.$transaction(async (tx) => {
      const seen = await tx.paymentEvent.findUnique({
        where: { id: event.id },
        select: { id: true },
      });
      if (seen) return { status: 'duplicate' } as const;
      await tx.paymentEvent.create({ data: { id: event.id, type: event.type, processedAt: now } });
      return applyEffect(tx, event, now);
    });
    // The owner hears of a plan that started, changed or ended, once it is stored.
    if (outcome.status === 'applied' && outcome.planChange) {
      notifyPlanChange(outcome.userId, outcome.planChange);
    }
    return outcome;
  } catch (error) {
    if (isUniqueViolation(error)) return { status: 'duplicate' };
    throw error;
  }
}

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

const graceMs = () => env.SUBSCRIPTION_GRACE_DAYS * DAY_MS;

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

async function applyEffect(tx: Tx, event: PaymentEvent, now: Date): Promise<EventOutcome> {
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

// ---------------------------------------------------------------------------------------------
// Building events (the admin's test and the demo checkout)

export function checkoutCompletedEvent(
  id: string,
  user: { id: string; email: string },
  tier: PaidTier,
  now = new Date(),
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
 * The demo checkout's 'Pay': a checkout.session.completed for the signed-in buyer, applied by the
 * same function as a real one. It does not pass through the public webhook route: that would need
 * a signing secret the demo knows, and any secret in the source is one everybody knows.
 */
export async function payOnDemoCheckout(
  user: { id: string; email: string },
  tier: PaidTier,
  now = new Date(),
): Promise<EventOutcome> {
  if (checkoutMode() !== 'demo') throw new DomainError('not_found', 'Demo checkout is off');
  const event = checkoutCompletedEvent(`evt_demo_${crypto.randomUUID()}`, user, tier, now);
  return applyPaymentEvent(event, now);
}

// ---------------------------------------------------------------------------------------------
// Billing self-service

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

// ---------------------------------------------------------------------------------------------
// Admins: payments that matched no account

export type UnmatchedPaymentView = {
  id: string;
  eventId: string;
  eventType: string;
  email: string | null;
  tier: string | null;
  customerId: string | null;
  createdAt: string;
};

export async function listUnmatchedPayments(
  actor: AdminActor,
  options: PageRequest,
): Promise<Page<UnmatchedPaymentView>> {
  if (!isAdmin(actor)) throw new DomainError('forbidden', ADMIN_REQUIRED_MESSAGE);
  const [total, rows] = await Promise.all([
    db.unmatchedPayment.count(),
    db.unmatchedPayment.findMany({
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: skip(options),
      take: options.limit,
    }),
  ]);
  return pageOf(
    rows.map((row) => ({
      id: row.id,
      eventId: row.eventId,
      eventType: row.eventType,
      email: row.email,
      tier: row.tier,
      customerId: row.customerId,
      createdAt: row.createdAt.toISOString(),
    })),
    total,
    options,
  );
}
