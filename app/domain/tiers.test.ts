import { describe, expect, it } from 'vitest';
import {
  decideAccess,
  hasTierAccess,
  isExpired,
  isPaidTier,
  normalizeTier,
  PREMIUM_GPT_MIN_TIER,
  premiumGptAccess,
  TIER_LABELS,
  TIERS,
  tierRank,
} from './tiers';
import { FREE_PLAN_NAME, PLANS } from '~/content/plans';

const NOW = new Date('2026-06-15T12:00:00.000Z');
const PAST = new Date('2026-06-01T00:00:00.000Z');
const FUTURE = new Date('2026-07-01T00:00:00.000Z');

const expiries = [
  { label: 'no expiry', value: null, expired: false },
  { label: 'a future expiry', value: FUTURE, expired: false },
  { label: 'a past expiry', value: PAST, expired: true },
] as const;

describe('tier order', () => {
  it('is free < diy < starter < growth < authority', () => {
    expect(TIERS).toEqual(['free', 'diy', 'starter', 'growth', 'authority']);
    expect(TIERS.map(tierRank)).toEqual([0, 1, 2, 3, 4]);
  });

  it('treats an unknown stored status as free', () => {
    expect(normalizeTier('platinum')).toBe('free');
    expect(tierRank('platinum')).toBe(0);
    expect(
      hasTierAccess({ subscriptionStatus: 'platinum', subscriptionExpiry: null }, 'diy', NOW),
    ).toBe(false);
  });

  it('requires diy for the premium GPT', () => {
    expect(PREMIUM_GPT_MIN_TIER).toBe('diy');
    expect(TIERS.filter(isPaidTier)).toEqual(['diy', 'starter', 'growth', 'authority']);
  });
});

describe('isExpired', () => {
  const expiry = new Date('2026-06-15T12:00:00.000Z');

  it('never expires without an expiry date', () => {
    expect(isExpired({ subscriptionExpiry: null }, new Date('2100-01-01T00:00:00Z'))).toBe(false);
  });

  it('is not expired at the exact expiry instant, and is one millisecond later', () => {
    expect(isExpired({ subscriptionExpiry: expiry }, new Date(expiry.getTime()))).toBe(false);
    expect(isExpired({ subscriptionExpiry: expiry }, new Date(expiry.getTime() - 1))).toBe(false);
    expect(isExpired({ subscriptionExpiry: expiry }, new Date(expiry.getTime() + 1))).toBe(true);
  });

  it('reads the ISO string a PublicUser carries the same way as a Date', () => {
    const iso = expiry.toISOString();
    expect(isExpired({ subscriptionExpiry: iso }, expiry)).toBe(false);
    expect(isExpired({ subscriptionExpiry: iso }, new Date(expiry.getTime() + 1))).toBe(true);
  });
});

describe('hasTierAccess: every tier against every minimum tier', () => {
  for (const tier of TIERS) {
    for (const minTier of TIERS) {
      for (const expiry of expiries) {
        const expected = TIERS.indexOf(tier) >= TIERS.indexOf(minTier) && !expiry.expired;
        it(`${tier} with ${expiry.label} ${expected ? 'has' : 'has no'} access to ${minTier}`, () => {
          expect(
            hasTierAccess(
              { subscriptionStatus: tier, subscriptionExpiry: expiry.value },
              minTier,
              NOW,
            ),
          ).toBe(expected);
        });
      }
    }
  }

  it('keeps access up to and including the expiry instant', () => {
    const user = { subscriptionStatus: 'growth', subscriptionExpiry: NOW };
    expect(hasTierAccess(user, 'diy', NOW)).toBe(true);
    expect(hasTierAccess(user, 'diy', new Date(NOW.getTime() + 1))).toBe(false);
  });
});

describe('decideAccess / premiumGptAccess', () => {
  it('allows every paid tier that has not expired', () => {
    for (const tier of ['diy', 'starter', 'growth', 'authority'] as const) {
      for (const subscriptionExpiry of [null, FUTURE, NOW]) {
        expect(premiumGptAccess({ subscriptionStatus: tier, subscriptionExpiry }, NOW)).toEqual({
          allowed: true,
          reason: 'active_subscription',
          tier,
        });
      }
    }
  });

  it('says upgrade required for free, with or without an expiry', () => {
    expect(premiumGptAccess({ subscriptionStatus: 'free', subscriptionExpiry: null }, NOW)).toEqual(
      {
        allowed: false,
        reason: 'upgrade_required',
        tier: 'free',
        requiredTier: 'diy',
        expiredAt: null,
      },
    );
    expect(premiumGptAccess({ subscriptionStatus: 'free', subscriptionExpiry: PAST }, NOW)).toEqual(
      {
        allowed: false,
        reason: 'upgrade_required',
        tier: 'free',
        requiredTier: 'diy',
        expiredAt: PAST.toISOString(),
      },
    );
  });

  it('says expired for a paid tier past its expiry, with the expiry instant', () => {
    expect(premiumGptAccess({ subscriptionStatus: 'diy', subscriptionExpiry: PAST }, NOW)).toEqual({
      allowed: false,
      reason: 'expired',
      tier: 'diy',
      requiredTier: 'diy',
      expiredAt: PAST.toISOString(),
    });
  });

  it('names the minimum asked for', () => {
    const decision = decideAccess(
      { subscriptionStatus: 'starter', subscriptionExpiry: null },
      'growth',
      NOW,
    );
    expect(decision).toMatchObject({
      allowed: false,
      reason: 'upgrade_required',
      requiredTier: 'growth',
      tier: 'starter',
    });
  });
});

describe('plan names', () => {
  it('are the plans’ own names, one per tier, from ~/content/plans', () => {
    expect(TIER_LABELS).toEqual({
      free: FREE_PLAN_NAME,
      ...Object.fromEntries(PLANS.map((plan) => [plan.tier, plan.name])),
    });
    // The names of spec section 9.
    expect(Object.values(TIER_LABELS)).toEqual([
      'Free',
      'DIY All-In',
      'White Glove Starter',
      'Growth',
      'Authority',
    ]);
  });
});
