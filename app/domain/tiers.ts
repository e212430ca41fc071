// The subscription tiers and every rule that gates on them (spec sections 4 and 9). Pure: no I/O,
// no clock of its own (callers pass `now`), so it runs the same on the server, in the browser and
// in tests. Everything that gates on a plan asks this module.

import { FREE_PLAN_NAME, getPlan } from '~/content/plans';
import { ENTITLEMENTS, lowestTierWith, perPlan } from './plans/entitlements';

// The limits below are read from the one table of what each plan includes
// (~/domain/plans/entitlements): change a plan there, not here.

export const TIERS = ['free', 'diy', 'starter', 'growth', 'authority'] as const;
export type Tier = (typeof TIERS)[number];

export const PREMIUM_GPT_MIN_TIER: Tier = lowestTierWith(TIERS, 'premiumGpt');

/** Each tier's plan name, from the plans' one source (~/content/plans): "DIY All-In", … */
export const TIER_LABELS: Record<Tier, string> = {
  free: FREE_PLAN_NAME,
  diy: getPlan('diy').name,
  starter: getPlan('starter').name,
  growth: getPlan('growth').name,
  authority: getPlan('authority').name,
};

export type SubscriptionFacts = {
  subscriptionStatus: string;
  /** A Date, an ISO string (as PublicUser carries it) or null for "never expires". */
  subscriptionExpiry: Date | string | null;
};

export function isTier(value: unknown): value is Tier {
  return typeof value === 'string' && (TIERS as readonly string[]).includes(value);
}

/** A stored status we do not know (a typo, a retired plan) counts as free: it never unlocks anything. */
export function normalizeTier(value: string | null | undefined): Tier {
  return isTier(value) ? value : 'free';
}

/** Position in the order free < diy < starter < growth < authority. */
export function tierRank(tier: string): number {
  return TIERS.indexOf(normalizeTier(tier));
}

export function expiryDate(user: Pick<SubscriptionFacts, 'subscriptionExpiry'>): Date | null {
  const { subscriptionExpiry } = user;
  if (subscriptionExpiry === null) return null;
  const date =
    subscriptionExpiry instanceof Date ? subscriptionExpiry : new Date(subscriptionExpiry);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Expired means `now` is strictly past the expiry instant; no expiry never expires. */
export function isExpired(user: Pick<SubscriptionFacts, 'subscriptionExpiry'>, now: Date): boolean {
  const expiry = expiryDate(user);
  return expiry !== null && now.getTime() > expiry.getTime();
}

/** The user's tier is `minTier` or higher and not expired. (Signed-out visitors never get here.) */
export function hasTierAccess(user: SubscriptionFacts, minTier: Tier, now: Date): boolean {
  return tierRank(user.subscriptionStatus) >= tierRank(minTier) && !isExpired(user, now);
}

/** A paid plan (diy or higher), whether or not it has lapsed. */
export function isPaidTier(tier: string): boolean {
  return tierRank(tier) >= tierRank(PREMIUM_GPT_MIN_TIER);
}

/**
 * A paid plan that a subscription bills (Stripe, a payment link or the demo checkout) and that has
 * not lapsed, cancelled or not: its plan follows the subscription's events. (Plans an admin gave
 * have no subscription.)
 */
export function billedBySubscription(
  user: SubscriptionFacts & { stripeSubscriptionId: string | null },
  now: Date,
): boolean {
  return (
    Boolean(user.stripeSubscriptionId) &&
    isPaidTier(user.subscriptionStatus) &&
    !isExpired(user, now)
  );
}

export type AccessDecision =
  | { allowed: true; reason: 'active_subscription'; tier: Tier }
  | {
      allowed: false;
      reason: 'upgrade_required';
      tier: Tier;
      requiredTier: Tier;
      expiredAt: string | null;
    }
  | { allowed: false; reason: 'expired'; tier: Tier; requiredTier: Tier; expiredAt: string };

/**
 * Whether the user may use something that needs `minTier`, and why not. A tier below the minimum
 * is "upgrade required" even if it also has a past expiry date: upgrading is what would help.
 */
export function decideAccess(user: SubscriptionFacts, minTier: Tier, now: Date): AccessDecision {
  const tier = normalizeTier(user.subscriptionStatus);
  const expiry = expiryDate(user);
  if (tierRank(tier) < tierRank(minTier)) {
    return {
      allowed: false,
      reason: 'upgrade_required',
      tier,
      requiredTier: minTier,
      expiredAt: expiry?.toISOString() ?? null,
    };
  }
  if (expiry && isExpired(user, now)) {
    return {
      allowed: false,
      reason: 'expired',
      tier,
      requiredTier: minTier,
      expiredAt: expiry.toISOString(),
    };
  }
  return { allowed: true, reason: 'active_subscription', tier };
}

export function premiumGptAccess(user: SubscriptionFacts, now: Date): AccessDecision {
  return decideAccess(user, PREMIUM_GPT_MIN_TIER, now);
}

/** The plan that counts now: an expired paid plan counts as free. */
export function effectiveTier(user: SubscriptionFacts, now: Date): Tier {
  const tier = normalizeTier(user.subscriptionStatus);
  return tier !== 'free' && isExpired(user, now) ? 'free' : tier;
}

/** AI-readiness audits an owner may run on each business per 24 hours, by plan. */
export const AUDITS_PER_BUSINESS_PER_DAY: Record<Tier, number> = perPlan('auditsPerDay');

/**
 * Businesses one account may hold, by plan (an expired plan counts as Free). Owners keep one
 * business or a handful of locations; the top plan is for agencies and chains. A cap keeps every
 * page, search, export and re-audit of an account bounded. A plan that goes down keeps the
 * businesses it has; only adding waits until the account is under the cap.
 */
export const BUSINESSES_PER_ACCOUNT: Record<Tier, number> = perPlan('businesses');

export function businessLimit(user: SubscriptionFacts, now: Date): number {
  return BUSINESSES_PER_ACCOUNT[effectiveTier(user, now)];
}

/** From this plan up (the done-for-you plans), the server re-audits every business weekly. */
export const WEEKLY_REAUDIT_MIN_TIER: Tier = lowestTierWith(TIERS, 'weeklyReaudit');

export function hasWeeklyReaudit(user: SubscriptionFacts, now: Date): boolean {
  return hasTierAccess(user, WEEKLY_REAUDIT_MIN_TIER, now);
}

/** Tracking: prompts each business may track, by plan (an expired plan counts as Free). */
export const TRACKED_PROMPTS_PER_BUSINESS: Record<Tier, number> = perPlan('trackedQuestions');

/** Competitors an owner may name for each business (every plan); the answers add the rest. */
export const COMPETITORS_PER_BUSINESS_BY_PLAN: Record<Tier, number> = perPlan('competitors');
/** The same on every plan today; the per-plan record above is what a plan-aware check reads. */
export const COMPETITORS_PER_BUSINESS = Math.max(
  ...Object.values(ENTITLEMENTS).map((e) => e.competitors),
);

/**
 * How often the server asks the engines a business's prompts, by plan: every day, every week, or
 * never (Free: only its one prompt, by "Run now", once a day).
 */
export const TRACKING_SCHEDULE: Record<Tier, 'day' | 'week' | null> = perPlan('trackingSchedule');

/** "Run now" on one business: at most once in this many hours (Free: a day). */
export const TRACKING_RUN_INTERVAL_HOURS: Record<Tier, number> = perPlan('runNowEveryHours');

/**
 * API keys one account may hold at once, by plan (an expired plan counts as Free). One for an
 * owner's assistant, more for an agency's several tools and people. Revoking one frees its place.
 */
export const API_KEYS_PER_ACCOUNT: Record<Tier, number> = perPlan('apiKeys');

export function apiKeyLimit(user: SubscriptionFacts, now: Date): number {
  return API_KEYS_PER_ACCOUNT[effectiveTier(user, now)];
}

/** From this plan up, the weekly e-mail of the tracked figures. */
export const WEEKLY_DIGEST_MIN_TIER: Tier = lowestTierWith(TIERS, 'weeklyDigest');
