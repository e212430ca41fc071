import Stripe from 'stripe';
import { PAID_TIERS, type PaidTier } from '~/content/plans';
import { env } from '~/lib/env.server';

// The payments configuration: which checkout runs (demo, Stripe, payment links), each plan's
// price and link, the SDK client, and the periods (provisional month, grace days).

export const DAY_MS = 24 * 60 * 60 * 1000;
export const PROVISIONAL_PERIOD_DAYS = 31;

export function isPaidPlan(value: unknown): value is PaidTier {
  return typeof value === 'string' && (PAID_TIERS as readonly string[]).includes(value);
}

export const priceByTier: Record<PaidTier, string> = {
  diy: env.STRIPE_PRICE_DIY,
  starter: env.STRIPE_PRICE_STARTER,
  growth: env.STRIPE_PRICE_GROWTH,
  authority: env.STRIPE_PRICE_AUTHORITY,
};

export const linkByTier: Record<PaidTier, string> = {
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
export function webhookSecret(): string {
  return env.STRIPE_WEBHOOK_SECRET;
}

export function tierForPrice(priceId: unknown): PaidTier | null {
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

export const graceMs = () => env.SUBSCRIPTION_GRACE_DAYS * DAY_MS;

/**
 * The end of the period paid for, the one date every page and e-mail shows. A subscription's
 * stored expiry carries the grace days after its period (access outlives a renewal that arrives
 * late), and those days are never shown as the period's end; a plan given without a subscription
 * ends on its expiry.
 */
export function paidThrough(user: {
  subscriptionExpiry: Date | null;
  stripeSubscriptionId: string | null;
}): Date | null {
  if (!user.subscriptionExpiry) return null;
  if (!user.stripeSubscriptionId) return user.subscriptionExpiry;
  return new Date(user.subscriptionExpiry.getTime() - graceMs());
}

/** The demo's subscription id for a user: what Checkout would have created. */
export const demoSubscriptionId = (userId: string) => `sub_demo_${userId}`;
