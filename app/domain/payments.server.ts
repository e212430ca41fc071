import Stripe from 'stripe';
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
import { hasTierAccess, normalizeTier } from './tiers';
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

export type CheckoutView = { kind: 'already' | CheckoutMode; tier: PaidTier };

export type CheckoutStart = { kind: 'redirect'; url: string } | { kind: 'already'; tier: PaidTier };

type Buyer = Pick<PublicUser, 'id' | 'email' | 'subscriptionStatus' | 'subscriptionExpiry'>;

function alreadyOn(user: Buyer, tier: PaidTier, now: Date) {
  return normalizeTier(user.subscriptionStatus) === tier && hasTierAccess(user, tier, now);
}

/**
 * What GET /checkout/<tier> shows: the plan the user is already on, the local demo payment page,
 * or a review of the order whose button (a POST) starts the real checkout. Reading it changes
 * nothing, so a link from another site cannot make the dashboard claim a payment.
 */
export function checkoutView(user: Buyer, tier: PaidTier, now = new Date()): CheckoutView {
  return { kind: alreadyOn(user, tier, now) ? 'already' : checkoutMode(), tier };
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

function subscriptionTier(subscription: Obj): PaidTier | null {
  const fromMetadata = obj(subscription.metadata).tier;
  if (isPaidPlan(fromMetadata)) return fromMetadata;
  const items = obj(subscription.items).data;
  return Array.isArray(items) ? tierForPrice(obj(obj(items[0]).price).id) : null;
}

async function applyEffect(tx: Tx, event: PaymentEvent, now: Date): Promise<EventOutcome> {
  const object = obj(event.data?.object);
  const created = new Date(event.created * 1000);

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
      await tx.user.update({
        where: { id: user.id },
        data: {
          ...base,
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
 * POST /api/test-webhook and the admin's 'Webhook Testing' box: activates a paid plan (diy unless
 * named) for a month, through the same function as a real checkout completion.
 */
export async function activateTestSubscription(
  actor: AdminActor,
  input: { email: string; tier?: PaidTier },
  now = new Date(),
): Promise<{ email: string; tier: PaidTier; userId: string }> {
  if (!isAdmin(actor)) throw new DomainError('forbidden', ADMIN_REQUIRED_MESSAGE);
  const email = input.email.trim().toLowerCase();
  if (!email) throw new DomainError('invalid_input', TEST_EMAIL_REQUIRED_MESSAGE);
  const user = await db.user.findUnique({ where: { email }, select: { id: true, email: true } });
  if (!user) throw new DomainError('not_found', PAYMENT_NOT_FOUND_MESSAGE);
  const tier = input.tier ?? 'diy';
  await applyPaymentEvent(
    checkoutCompletedEvent(`evt_test_${crypto.randomUUID()}`, user, tier, now),
    now,
  );
  return { email: user.email, tier, userId: user.id };
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
  cancelAtPeriodEnd: boolean;
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
    },
  });
  const tier = normalizeTier(user.subscriptionStatus);
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
    cancelAtPeriodEnd: user.subscriptionCancelAtPeriodEnd,
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
