import { db } from '~/lib/db.server';
import { withOwnerLock } from '~/lib/owner-lock.server';
import type { PublicUser } from '../accounts.server';
import { BUSINESS_NOT_FOUND_MESSAGE } from '../businesses.server';
import { DomainError } from '../errors';
import { AUDITS_PER_BUSINESS_PER_DAY, effectiveTier, TIER_LABELS, TIERS, tierRank } from '../tiers';
import { formatWait } from './wait';

// How many audits an owner may run: a number per business per 24 hours (by plan), and at most
// AUDITS_PER_USER_PER_HOUR across all of their businesses.

/** Audits an owner may start across all of their businesses in an hour, whatever the plan. */
export const AUDITS_PER_USER_PER_HOUR = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

function retryAfter(until: Date, now: Date) {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
}

/** The next plan up with a larger allowance, for the "upgrade" hint of a refusal. */
function betterPlan(tier: (typeof TIERS)[number]) {
  return TIERS.find(
    (candidate) =>
      tierRank(candidate) > tierRank(tier) &&
      AUDITS_PER_BUSINESS_PER_DAY[candidate] > AUDITS_PER_BUSINESS_PER_DAY[tier],
  );
}

/**
 * Takes one audit from the business's 24-hour allowance, or refuses (429). The claim is a single
 * conditional UPDATE, so two requests at the same moment cannot both take the last audit.
 */
export async function claimAllowance(
  user: PublicUser,
  businessId: string,
  now: Date,
): Promise<void> {
  const tier = effectiveTier(user, now);
  const limit = AUDITS_PER_BUSINESS_PER_DAY[tier];
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const mine = { id: businessId, userId: user.id };

  const hourAgo = new Date(now.getTime() - 60 * 60 * 1000);
  // The hour's count and the day's claim run under the owner's lock (one of the limited writes,
  // like adding a business): an owner's clicks at the same moment are decided one after another,
  // and other owners' never wait for them.
  const claimed = await withOwnerLock(user.id, 'audit.claim', async (tx) => {
    const lastHour = await tx.audit.count({
      where: { userId: user.id, trigger: 'owner', createdAt: { gt: hourAgo } },
    });
    if (lastHour >= AUDITS_PER_USER_PER_HOUR) {
      throw new DomainError(
        'rate_limited',
        `You have run ${AUDITS_PER_USER_PER_HOUR} audits in the last hour. Please wait a little before the next one.`,
        { retryAfterSeconds: 15 * 60 },
      );
    }
    const fresh = await tx.business.updateMany({
      where: { ...mine, OR: [{ auditWindowStart: null }, { auditWindowStart: { lte: dayAgo } }] },
      data: { auditWindowStart: now, auditWindowCount: 1 },
    });
    if (fresh.count === 1) return true;
    const more = await tx.business.updateMany({
      where: { ...mine, auditWindowStart: { gt: dayAgo }, auditWindowCount: { lt: limit } },
      data: { auditWindowCount: { increment: 1 } },
    });
    return more.count === 1;
  });
  if (claimed) return;

  const business = await db.business.findFirst({
    where: mine,
    select: { auditWindowStart: true },
  });
  if (!business) throw new DomainError('not_found', BUSINESS_NOT_FOUND_MESSAGE);
  const until = new Date((business.auditWindowStart ?? now).getTime() + DAY_MS);
  const seconds = retryAfter(until, now);
  const upgrade = betterPlan(tier);
  const allowance =
    limit === 1 ? 'one audit per business a day' : `${limit} audits per business a day`;
  throw new DomainError(
    'rate_limited',
    `Your ${TIER_LABELS[tier]} plan includes ${allowance}. You can run the next one in ${formatWait(seconds)}.${
      upgrade
        ? ` The ${TIER_LABELS[upgrade]} plan includes ${AUDITS_PER_BUSINESS_PER_DAY[upgrade]}.`
        : ''
    }`,
    { retryAfterSeconds: seconds, limit, tier },
  );
}

/** Returns one audit to the business's current 24-hour window (never below none used). */
export async function giveBackAllowance(businessId: string, now: Date): Promise<void> {
  await db.business.updateMany({
    where: {
      id: businessId,
      auditWindowStart: { gt: new Date(now.getTime() - DAY_MS) },
      auditWindowCount: { gt: 0 },
    },
    data: { auditWindowCount: { decrement: 1 } },
  });
}

export type AuditAllowance = { limit: number; used: number; resetsAt: string | null };

/** What the owner may still run today on a business: for the button's hint. */
export async function auditAllowance(
  user: PublicUser,
  businessId: string,
  now = new Date(),
): Promise<AuditAllowance> {
  const all = await auditAllowances(user, [businessId], now);
  return (
    all[businessId] ?? {
      limit: AUDITS_PER_BUSINESS_PER_DAY[effectiveTier(user, now)],
      used: 0,
      resetsAt: null,
    }
  );
}

/** The same for each of these businesses of the owner's (a page of cards): one query. */
export async function auditAllowances(
  user: PublicUser,
  ids: string[],
  now = new Date(),
): Promise<Record<string, AuditAllowance>> {
  if (ids.length === 0) return {};
  const limit = AUDITS_PER_BUSINESS_PER_DAY[effectiveTier(user, now)];
  const rows = await db.business.findMany({
    where: { id: { in: ids }, userId: user.id },
    select: { id: true, auditWindowStart: true, auditWindowCount: true },
  });
  return Object.fromEntries(rows.map((row) => [row.id, allowanceOf(row, limit, now)]));
}

/** What is left of a business's 24-hour window of `limit` audits at `now` (its own columns). */
export function allowanceOf(
  row: { auditWindowStart: Date | null; auditWindowCount: number },
  limit: number,
  now: Date,
): AuditAllowance {
  const start = row.auditWindowStart;
  if (!start || start.getTime() <= now.getTime() - DAY_MS)
    return { limit, used: 0, resetsAt: null };
  return {
    limit,
    used: row.auditWindowCount,
    resetsAt: new Date(start.getTime() + DAY_MS).toISOString(),
  };
}
