import type { PublicUser } from '../accounts.server';
import { db } from '~/lib/db.server';
import type { PaidTier } from '~/content/plans';
import { DomainError } from '../errors';
import { hasTierAccess, normalizeTier, tierRank } from '../tiers';
import { checkoutMode, linkByTier, priceByTier, stripe, type CheckoutMode } from './config.server';
import { quoteUpgrade, type UpgradeQuote } from './quote.server';
import { liveSubscription, type ScheduledChange } from './subscription.server';

// Checkout: what GET /checkout/<tier> shows, and where its POST sends a new buyer.

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
  /** Upgrade: what is charged today and when the full price starts (null: not known now). */
  quote: UpgradeQuote | null;
};

export type CheckoutView =
  | { kind: CheckoutMode; tier: PaidTier }
  | {
      kind: 'already';
      tier: PaidTier;
      scheduled: ScheduledChange | null;
      /** The plan is cancelled: it ends then (and can be resumed until then). */
      cancelled: { endsAt: string; resumable: boolean } | null;
    }
  | { kind: 'scheduled'; tier: PaidTier; current: PaidTier; at: string }
  | { kind: 'change'; tier: PaidTier; change: PlanChangeView }
  /** Payment links cannot change a subscription: the page says how to change it instead. */
  | { kind: 'change-offline'; tier: PaidTier; current: PaidTier };

export type CheckoutStart = { kind: 'redirect'; url: string } | { kind: 'already'; tier: PaidTier };

type Buyer = Pick<PublicUser, 'id' | 'email' | 'subscriptionStatus' | 'subscriptionExpiry'>;

function alreadyOn(user: Buyer, tier: PaidTier, now: Date) {
  return normalizeTier(user.subscriptionStatus) === tier && hasTierAccess(user, tier, now);
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
    if (live.tier === tier) {
      const cancelled = live.row.subscriptionCancelAtPeriodEnd
        ? { endsAt: live.periodEnd.toISOString(), resumable: live.via !== 'offline' }
        : null;
      return { kind: 'already', tier, scheduled: live.scheduled, cancelled };
    }
    if (live.scheduled?.tier === tier) {
      return { kind: 'scheduled', tier, current: live.tier, at: live.scheduled.at };
    }
    if (live.via === 'offline') return { kind: 'change-offline', tier, current: live.tier };
    const direction = tierRank(tier) > tierRank(live.tier) ? 'upgrade' : 'downgrade';
    const quote = direction === 'upgrade' ? await quoteUpgrade(live, tier, now) : null;
    return {
      kind: 'change',
      tier,
      change: {
        direction,
        current: live.tier,
        effectiveAt: direction === 'downgrade' ? live.periodEnd.toISOString() : null,
        cancelled: live.row.subscriptionCancelAtPeriodEnd,
        version: live.row.planChangeVersion,
        quote,
      },
    };
  }
  if (alreadyOn(user, tier, now)) {
    return { kind: 'already', tier, scheduled: null, cancelled: null };
  }
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
