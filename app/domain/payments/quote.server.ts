import Stripe from 'stripe';
import { getPlan, type PaidTier } from '~/content/plans';
import { priceByTier, stripe } from './config.server';
import { addMonths, prorate } from './proration';
import { firstItem, seconds, type LiveSubscription } from './subscription.server';

// What an upgrade costs today, before it is made: with Stripe, its preview of the invoice the
// upgrade would create at once (`invoices.createPreview` with the new price and
// `proration_behavior: always_invoice`); on the demo, the same proration worked out here. The
// upgrade form carries the moment of the quote back, and the change is prorated from that moment,
// so what is charged is what the page said.

export type UpgradeQuote = {
  /** Cents charged today: the new price for the rest of the period less the unused old one. */
  amountToday: number;
  currency: string;
  /** The moment the proration is worked out for (Unix seconds); the form sends it back. */
  quotedAt: number;
  /** When the new plan's full monthly price is first charged: the end of this period. */
  fullPriceFrom: string;
};

/** A quote is kept to for this long after the page showed it. */
export const QUOTE_VALID_SECONDS = 60 * 60;

/**
 * The quote, or null when it cannot be had now (Stripe unreachable or refusing): the page then
 * says the difference is prorated without an amount, and nothing else is held up.
 */
export async function quoteUpgrade(
  live: LiveSubscription,
  tier: PaidTier,
  now: Date,
): Promise<UpgradeQuote | null> {
  if (live.via === 'demo') {
    const periodEnd = live.periodEnd;
    const { amount } = prorate({
      from: getPlan(live.tier).monthlyPrice * 100,
      to: getPlan(tier).monthlyPrice * 100,
      periodStart: addMonths(periodEnd, -1),
      periodEnd,
      at: now,
    });
    return {
      amountToday: amount,
      currency: 'usd',
      quotedAt: seconds(now),
      fullPriceFrom: periodEnd.toISOString(),
    };
  }
  if (live.via !== 'stripe') return null;
  try {
    // A page waits for this: one short attempt, no retries.
    const options = { timeout: 5000, maxNetworkRetries: 0 };
    const subscription = await stripe().subscriptions.retrieve(
      live.row.stripeSubscriptionId!,
      {},
      options,
    );
    const item = firstItem(subscription);
    const at = Math.min(Math.max(seconds(now), item.current_period_start), item.current_period_end);
    const preview = await stripe().invoices.createPreview(
      {
        subscription: subscription.id,
        subscription_details: {
          items: [{ id: item.id, price: priceByTier[tier] }],
          proration_behavior: 'always_invoice',
          proration_date: at,
        },
      },
      options,
    );
    // Stripe's advice: the proration lines are the ones marked so (a preview may also hold the
    // next period's renewal).
    const amountToday = preview.lines.data
      .filter((line) => line.parent?.subscription_item_details?.proration === true)
      .reduce((sum, line) => sum + line.amount, 0);
    return {
      amountToday,
      currency: preview.currency,
      quotedAt: preview.parent?.subscription_details?.subscription_proration_date ?? at,
      fullPriceFrom: new Date(item.current_period_end * 1000).toISOString(),
    };
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    console.error('Stripe upgrade preview failed:', error.message);
    return null;
  }
}

/**
 * The proration moment for an upgrade the page quoted: the quote's own, if it is recent, not in
 * the future and inside the period; otherwise none (Stripe prorates from the moment of the change).
 */
export function prorationDateOf(
  quotedAt: number | undefined,
  period: { start: number; end: number },
  now: Date,
): number | undefined {
  if (quotedAt === undefined) return undefined;
  const current = seconds(now);
  if (quotedAt > current || quotedAt < current - QUOTE_VALID_SECONDS) return undefined;
  if (quotedAt < period.start || quotedAt > period.end) return undefined;
  return quotedAt;
}
