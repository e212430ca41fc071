// The owner's "Run now" (tracking/rounds/): when it may be pressed again, and the claim that queues
// one round. Split from runs.server.ts (issue 42), code unchanged.

import { jobEngine } from '~/jobs/engine.server';
import { env } from '~/lib/env.server';
import { db } from '~/lib/db.server';
import { withOwnerLock } from '~/lib/owner-lock.server';
import type { PublicUser } from '../../accounts.server';
import { BUSINESS_NOT_FOUND_MESSAGE } from '../../businesses.server';
import { DomainError } from '../../errors';
import { formatWait } from '../../audit/wait';
import { effectiveTier, TIER_LABELS, TRACKING_RUN_INTERVAL_HOURS } from '../../tiers';
import { trackingBlocked, trackingEngines } from './budget.server';
import { roundPrompts, roundRetry, TRACKING_ROUND_QUEUE, type RoundJob } from './round-jobs.server';

const HOUR_MS = 60 * 60 * 1000;

export const NO_PROMPTS_MESSAGE =
  'Add a question to track first: it is what the assistants are asked.';

export type RunAllowance = {
  /** Hours between two runs on this plan. */
  intervalHours: number;
  /** When "Run now" may be pressed again; null: now. */
  nextAt: string | null;
};

export function runAllowance(
  owner: Pick<PublicUser, 'subscriptionStatus' | 'subscriptionExpiry'>,
  lastRunAt: Date | null,
  now = new Date(),
): RunAllowance {
  const intervalHours = TRACKING_RUN_INTERVAL_HOURS[effectiveTier(owner, now)];
  const next = lastRunAt ? lastRunAt.getTime() + intervalHours * HOUR_MS : 0;
  return { intervalHours, nextAt: next > now.getTime() ? new Date(next).toISOString() : null };
}

/** The owner's business's allowance: when "Run now" may be pressed again (someone else's: not found). */
export async function runAllowanceFor(
  owner: Pick<PublicUser, 'id' | 'subscriptionStatus' | 'subscriptionExpiry'>,
  businessId: string,
  now = new Date(),
): Promise<RunAllowance> {
  const business = await db.business.findFirst({
    where: { id: businessId, userId: owner.id },
    select: { trackingRunAt: true },
  });
  if (!business) throw new DomainError('not_found', BUSINESS_NOT_FOUND_MESSAGE);
  return runAllowance(owner, business.trackingRunAt, now);
}

/**
 * The owner's "Run now": one round of every prompt the plan allows, of every engine,
 * TRACKING_SAMPLES times. At most once an hour per business (Free: once a day). The claim is a
 * single conditional UPDATE, so two clicks at the same moment queue one round. Returns the number
 * of answers asked for (`queued`) and what multiplies into it: prompts × engines × samples.
 */
export async function runNow(
  owner: Pick<PublicUser, 'id' | 'subscriptionStatus' | 'subscriptionExpiry'>,
  businessId: string,
  now = new Date(),
): Promise<{ queued: number; prompts: number; engines: number; samples: number }> {
  const business = await db.business.findFirst({
    where: { id: businessId, userId: owner.id },
    select: { id: true, trackingRunAt: true },
  });
  if (!business) throw new DomainError('not_found', BUSINESS_NOT_FOUND_MESSAGE);
  const blocked = await trackingBlocked(now);
  if (blocked) throw new DomainError('conflict', blocked);
  const engines = trackingEngines();
  const tier = effectiveTier(owner, now);
  const prompts = await roundPrompts(businessId, tier);
  if (!prompts.length) throw new DomainError('invalid_input', NO_PROMPTS_MESSAGE);

  const intervalHours = TRACKING_RUN_INTERVAL_HOURS[tier];
  const since = new Date(now.getTime() - intervalHours * HOUR_MS);
  // Under the owner's lock, like every limited write (the claim itself is one conditional UPDATE).
  const claimed = await withOwnerLock(owner.id, 'tracking.run-now', (tx) =>
    tx.business.updateMany({
      where: {
        id: businessId,
        userId: owner.id,
        OR: [{ trackingRunAt: null }, { trackingRunAt: { lte: since } }],
      },
      data: { trackingRunAt: now },
    }),
  );
  if (claimed.count !== 1) {
    const last = await db.business.findFirst({
      where: { id: businessId },
      select: { trackingRunAt: true },
    });
    const until = (last?.trackingRunAt ?? now).getTime() + intervalHours * HOUR_MS;
    const seconds = Math.max(1, Math.ceil((until - now.getTime()) / 1000));
    const allowance = intervalHours === 24 ? 'once a day' : 'once an hour';
    throw new DomainError(
      'rate_limited',
      `Your ${TIER_LABELS[tier]} plan can run this business's questions ${allowance}. You can run them again in ${formatWait(seconds)}.`,
      { retryAfterSeconds: seconds },
    );
  }
  await jobEngine().enqueue<RoundJob>(
    TRACKING_ROUND_QUEUE,
    { businessId, round: `run-${now.getTime()}`, trigger: 'owner' },
    { key: `${businessId}:run-${now.getTime()}`, retry: roundRetry() },
  );
  return {
    queued: prompts.length * engines.length * env.TRACKING_SAMPLES,
    prompts: prompts.length,
    engines: engines.length,
    samples: env.TRACKING_SAMPLES,
  };
}
