import type { PaidTier } from '~/content/plans';
import { demoSubscriptionId, priceByTier } from './config.server';
import type { Obj } from './events';

// The objects Stripe would answer with, as the demo checkout makes them: its changes are applied
// through applyPaymentEvent like Stripe's, so the demo and a real subscription behave alike.

/** The demo's stand-in for a Stripe Subscription of `tier`, with its period (Unix seconds). */
export function demoSubscription(
  row: { id: string; stripeCustomerId: string | null },
  tier: PaidTier,
  period: { end: number; start?: number },
  extra: Obj = {},
): Obj {
  return {
    id: demoSubscriptionId(row.id),
    object: 'subscription',
    customer: row.stripeCustomerId,
    status: 'active',
    metadata: { tier, userId: row.id },
    items: {
      data: [
        {
          price: { id: priceByTier[tier] || null },
          ...(period.start === undefined ? {} : { current_period_start: period.start }),
          current_period_end: period.end,
        },
      ],
    },
    ...extra,
  };
}
