import { db } from '~/lib/db.server';
import { env } from '~/lib/env.server';
import type { PublicUser } from './accounts.server';
import { DomainError } from './errors';
import {
  SUBSCRIPTION_EXPIRED_MESSAGE,
  UPGRADE_REQUIRED_MESSAGE,
  upgradeRequiredReason,
} from './premium-access-messages';
import { premiumGptAccess, TIER_LABELS, type Tier } from './tiers';

// The premium GPT check (spec sections 3, 4 and 8). The server decides through the tier module,
// writes one access-log row for every check, allowed or not, and only an allowed check ever
// learns the premium GPT URL. The JSON route and the no-JS redirect route both call this.

export const PREMIUM_GPT_ACCESS_TYPE = 'premium_gpt';

export type PremiumAccessGranted = {
  hasAccess: true;
  accessGrantedAt: string;
  userEmail: string;
  premiumGptUrl: string;
  subscriptionTier: Tier;
};

/** The 403 body next to `message`. */
export type PremiumAccessDeniedDetails = {
  expiredAt: string | null;
  requiredTier: Tier;
  currentTier: Tier;
};

export async function checkPremiumGptAccess(
  actor: Pick<PublicUser, 'id' | 'email' | 'subscriptionStatus' | 'subscriptionExpiry'>,
  now = new Date(),
): Promise<PremiumAccessGranted> {
  const decision = premiumGptAccess(actor, now);
  const reason = decision.allowed
    ? `Active ${TIER_LABELS[decision.tier]} subscription`
    : decision.reason === 'expired'
      ? `${SUBSCRIPTION_EXPIRED_MESSAGE} on ${decision.expiredAt}`
      : upgradeRequiredReason(decision.tier, decision.requiredTier);

  await db.accessLog.create({
    data: {
      userId: actor.id,
      accessType: PREMIUM_GPT_ACCESS_TYPE,
      accessTime: now,
      // The stored status as it is (the admin's usage log shows it), not our normalised reading.
      subscriptionTier: actor.subscriptionStatus,
      wasAllowed: decision.allowed,
      reason,
    },
  });

  if (!decision.allowed) {
    const details: PremiumAccessDeniedDetails = {
      expiredAt: decision.expiredAt,
      requiredTier: decision.requiredTier,
      currentTier: decision.tier,
    };
    throw new DomainError(
      'forbidden',
      decision.reason === 'expired' ? SUBSCRIPTION_EXPIRED_MESSAGE : UPGRADE_REQUIRED_MESSAGE,
      details,
    );
  }

  return {
    hasAccess: true,
    accessGrantedAt: now.toISOString(),
    userEmail: actor.email,
    premiumGptUrl: env.PREMIUM_GPT_URL,
    subscriptionTier: decision.tier,
  };
}
