import type { Prisma } from '~/generated/prisma/client';
import { db } from '~/lib/db.server';
import { env } from '~/lib/env.server';
import {
  isExpired,
  isPaidTier,
  normalizeTier,
  TIERS,
  type SubscriptionFacts,
  type Tier,
} from '../tiers';

// The one definition of an active subscriber (issue 44, item 4): a paid plan (DIY All-In or
// above) whose expiry is not past: no expiry, or an expiry at or after now (the tier module's
// rule: expired means strictly past the expiry instant). A paid plan past its expiry is lapsed and
// counts as Free. Every count of subscribers reads these, so the admin's figures add up.

export const PAID_PLAN_TIERS: readonly Tier[] = TIERS.filter(isPaidTier);

/** Users with an active paid plan, as a query filter (indexed: subscriptionStatus, expiry). */
export function activeSubscriberWhere(now: Date): Prisma.UserWhereInput {
  return {
    subscriptionStatus: { in: [...PAID_PLAN_TIERS] },
    OR: [{ subscriptionExpiry: null }, { subscriptionExpiry: { gte: now } }],
  };
}

/** Users whose paid plan has lapsed (they count as Free). */
export function lapsedSubscriberWhere(now: Date): Prisma.UserWhereInput {
  return { subscriptionStatus: { in: [...PAID_PLAN_TIERS] }, subscriptionExpiry: { lt: now } };
}

/** Whether one user is an active subscriber, by the same rule. */
export function isActiveSubscriber(user: SubscriptionFacts, now: Date): boolean {
  return isPaidTier(normalizeTier(user.subscriptionStatus)) && !isExpired(user, now);
}

/** Lapsed paid plans per tier (one grouped, indexed query). */
export async function lapsedByTier(now: Date): Promise<Record<Tier, number>> {
  const rows = await db.user.groupBy({
    by: ['subscriptionStatus'],
    where: lapsedSubscriberWhere(now),
    _count: { _all: true },
  });
  const counts = Object.fromEntries(TIERS.map((tier) => [tier, 0])) as Record<Tier, number>;
  for (const row of rows) counts[normalizeTier(row.subscriptionStatus)] += row._count._all;
  return counts;
}

/** Days the site keeps a billed plan after its paid period ends (SUBSCRIPTION_GRACE_DAYS). */
export function graceDays(): number {
  return env.SUBSCRIPTION_GRACE_DAYS;
}
