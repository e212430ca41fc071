import { env } from '~/lib/env.server';
import { PLANS, type PaidTier, type PlanWithCheckout } from './plans';

// Checkout links are configuration (CHECKOUT_URL_*), one per plan; kept out of plans.ts so that
// module stays importable from the browser.
const checkoutUrlByTier: Record<PaidTier, string> = {
  diy: env.CHECKOUT_URL_DIY,
  starter: env.CHECKOUT_URL_STARTER,
  growth: env.CHECKOUT_URL_GROWTH,
  authority: env.CHECKOUT_URL_AUTHORITY,
};

export function checkoutUrlFor(tier: PaidTier): string {
  return checkoutUrlByTier[tier];
}

export function plansWithCheckout(): PlanWithCheckout[] {
  return PLANS.map((plan) => ({ ...plan, checkoutUrl: checkoutUrlFor(plan.tier) }));
}
