import { PAID_TIERS, type PaidTier } from '~/content/plans';
import { hasTierAccess, normalizeTier, tierRank, type SubscriptionFacts } from '../tiers';
import { liveSubscription } from './subscription.server';

// Where a signed-in user stands with each plan, for the plan cards (pricing): their own plan, the
// ones a change would move them to (upgrade now, downgrade at the period's end) and when, or a
// new purchase. The same rules as the checkout page each card leads to (checkoutView).

export type PlanStanding =
  /** Their plan; `ends`/`renews`/`changes` on `on` (the end of the period paid for), if it has one. */
  | { kind: 'current'; then: 'renews' | 'changes' | 'ends' | null; on: string | null }
  /** A higher plan: starts now, the difference for the rest of the period charged today. */
  | { kind: 'upgrade' }
  /** A lower plan: starts at the end of the period paid for; nothing charged today. */
  | { kind: 'downgrade'; at: string }
  /** The plan a change already scheduled moves to, then. */
  | { kind: 'scheduled'; at: string }
  /** A subscription on a payment link: we change it for them. */
  | { kind: 'contact' }
  /** No subscription to change: buying it starts one. */
  | { kind: 'new' };

/** Null: no plan of their own (a visitor, a free or lapsed account): every card is a new purchase. */
export async function planStandings(
  user: { id: string } & SubscriptionFacts,
  now = new Date(),
): Promise<Record<PaidTier, PlanStanding> | null> {
  const tier = normalizeTier(user.subscriptionStatus);
  if (tier === 'free' || !hasTierAccess(user, tier, now)) return null;
  const live = await liveSubscription(user.id, now);
  const standings = {} as Record<PaidTier, PlanStanding>;
  for (const each of PAID_TIERS) {
    standings[each] = standingOf(each);
  }
  return standings;

  function standingOf(each: PaidTier): PlanStanding {
    if (!live) {
      // A plan given without a subscription: that one is theirs, any other is bought anew.
      return each === tier ? { kind: 'current', then: null, on: null } : { kind: 'new' };
    }
    const on = live.periodEnd.toISOString();
    if (each === live.tier) {
      const then = live.row.subscriptionCancelAtPeriodEnd
        ? 'ends'
        : live.scheduled
          ? 'changes'
          : 'renews';
      return { kind: 'current', then, on };
    }
    if (live.scheduled?.tier === each) return { kind: 'scheduled', at: live.scheduled.at };
    if (live.via === 'offline') return { kind: 'contact' };
    return tierRank(each) > tierRank(live.tier)
      ? { kind: 'upgrade' }
      : { kind: 'downgrade', at: on };
  }
}
