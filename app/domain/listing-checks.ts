// Listing checks (issue 46) by plan: a module of its own, not in tiers.ts, so the dashboard's
// shared tiers chunk does not carry Pricing's words. Pure.

import { effectiveTier, type SubscriptionFacts, type Tier } from './tiers';

/**
 * Listing checks (issue 46): how many of a business's most cited third-party pages the server
 * fetches to see whether the business is on them, and how often. Never more than 10 fetches per
 * business per week, whatever the plan. Free plans see their sources without the checks.
 */
export const LISTING_CHECKS: Record<Tier, { pages: number; everyDays: number } | null> = {
  free: null,
  diy: { pages: 3, everyDays: 28 },
  starter: { pages: 5, everyDays: 7 },
  growth: { pages: 10, everyDays: 7 },
  authority: { pages: 10, everyDays: 7 },
};

/** The plan's listing checks (an expired plan counts as Free: none). */
export function listingChecks(user: SubscriptionFacts, now: Date) {
  return LISTING_CHECKS[effectiveTier(user, now)];
}

/** What Pricing says of a plan's listing checks: "Listing checks: 5 cited pages every week". */
export function listingCheckWords(tier: Tier): string {
  const checks = LISTING_CHECKS[tier];
  if (!checks) return 'Listing checks: not included';
  const often = checks.everyDays === 7 ? 'every week' : `every ${checks.everyDays / 7} weeks`;
  return `Listing checks: are you on the ${checks.pages} most cited pages, ${often}`;
}
