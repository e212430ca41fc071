import type { Prisma } from '~/generated/prisma/client';
import { jobEngine } from '~/jobs/engine.server';
import { db } from '~/lib/db.server';
import type { FetchPolicy } from '~/lib/safe-fetch.server';
import { TIERS, tierRank, WEEKLY_REAUDIT_MIN_TIER } from '../tiers';
import { storeAudit } from './records.server';
import { auditSite } from './run.server';

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;
/** A claim of the previous release's scheduler older than this was abandoned (see dueWhere). */
const CLAIM_TTL_MS = 15 * 60 * 1000;

// ---------------------------------------------------------------------------------------------
// The weekly re-audit, on the job engine: a schedule (AUDIT_SCHEDULE_CRON, hourly) runs
// `enqueueDueAudits`, which queues one `audit-business` job per due business under a key naming the
// business and the week, so however many instances look, and however often, a business is queued
// once a week; the job audits it (each job runs once; a job whose instance died runs again).

export const AUDIT_SCAN_QUEUE = 'audit-scan';
export const AUDIT_BUSINESS_QUEUE = 'audit-business';

const premiumTiers = TIERS.filter((tier) => tierRank(tier) >= tierRank(WEEKLY_REAUDIT_MIN_TIER));

/**
 * Businesses of active premium plans with a website whose latest audit is a week old (or that
 * have none). `auditClaimedAt` is what instances of the previous release (a loop claiming each
 * business with a conditional UPDATE) still write during a rolling deploy: a business one of them
 * claimed less than 15 minutes ago is left to it. This release never sets it.
 */
function dueWhere(now: Date): Prisma.BusinessWhereInput {
  const weekAgo = new Date(now.getTime() - WEEK_MS);
  const claimExpired = new Date(now.getTime() - CLAIM_TTL_MS);
  return {
    website: { not: null },
    OR: [{ lastAuditAt: null }, { lastAuditAt: { lte: weekAgo } }],
    AND: [{ OR: [{ auditClaimedAt: null }, { auditClaimedAt: { lte: claimExpired } }] }],
    user: {
      subscriptionStatus: { in: premiumTiers },
      OR: [{ subscriptionExpiry: null }, { subscriptionExpiry: { gte: now } }],
    },
  };
}

/** The job key of a business's re-audit in the week `now` falls in. */
function weeklyKey(businessId: string, now: Date) {
  return `${businessId}:week-${Math.floor(now.getTime() / WEEK_MS)}`;
}

/**
 * The schedule's job: queues a re-audit for each due business, oldest first, at most `limit`.
 * Returns how many were queued (a business already queued this week is not queued again).
 */
export async function enqueueDueAudits({
  now = new Date(),
  limit = 500,
}: { now?: Date; limit?: number } = {}): Promise<number> {
  const candidates = await db.business.findMany({
    where: dueWhere(now),
    orderBy: [{ lastAuditAt: { sort: 'asc', nulls: 'first' } }, { id: 'asc' }],
    take: limit,
    select: { id: true },
  });
  let queued = 0;
  for (const { id } of candidates) {
    const jobId = await jobEngine().enqueue(
      AUDIT_BUSINESS_QUEUE,
      { businessId: id },
      { key: weeklyKey(id, now), retry: { limit: 2, delaySeconds: 60, backoff: true } },
    );
    if (jobId) queued += 1;
  }
  return queued;
}

/**
 * The `audit-business` job: audits the business if it is still due (it may have been audited by
 * its owner, lost its website or its plan since it was queued). Returns its id when audited.
 */
export async function auditDueBusiness(
  businessId: string,
  { now = new Date(), policy }: { now?: Date; policy?: FetchPolicy } = {},
): Promise<string | null> {
  const business = await db.business.findFirst({
    where: { id: businessId, ...dueWhere(now) },
    select: { name: true, website: true, location: true, industry: true, description: true },
  });
  if (!business?.website) return null;
  const result = await auditSite({ ...business, website: business.website }, policy);
  return (await storeAudit(businessId, null, 'scheduled', result, now)) ? businessId : null;
}

/**
 * One pass of the weekly re-audit in this process: queues the due businesses, then runs the
 * re-audit jobs due now here. Two instances doing this at once audit each business once.
 * Returns the ids audited by this call. (Tests; the schedule and the workers do this in service.)
 */
export async function runDueAudits({
  now = new Date(),
  limit = 20,
  policy,
}: { now?: Date; limit?: number; policy?: FetchPolicy } = {}): Promise<string[]> {
  await enqueueDueAudits({ now, limit });
  const done: string[] = [];
  await jobEngine().drain<{ businessId: string }>(AUDIT_BUSINESS_QUEUE, async ({ businessId }) => {
    const audited = await auditDueBusiness(businessId, { now, policy });
    if (audited) done.push(audited);
  });
  return done;
}
