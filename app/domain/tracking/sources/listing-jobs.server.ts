import type { Prisma } from '~/generated/prisma/client';
import { jobEngine } from '~/jobs/engine.server';
import { db } from '~/lib/db.server';
import { LISTING_CHECKS } from '~/domain/listing-checks';
import { TIERS } from '~/domain/tiers';
import { CANDIDATE_DAYS, checkListings } from './listing-check.server';

// The listing checks' schedule: once a day the scan queues one job per business whose plan has
// listing checks, whose last check is at least a week old and whose answers cited pages in the
// last 30 days, under a key naming the business and the week, so however many instances look a
// business is queued once a week; the job checks what its plan makes due (checkListings).

export const LISTING_SCAN_QUEUE = 'listing-scan';
export const LISTING_BUSINESS_QUEUE = 'listing-business';
/** Every day at 04:25 UTC. */
export const LISTING_SCAN_CRON = '25 4 * * *';

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
const checkedTiers = TIERS.filter((tier) => LISTING_CHECKS[tier] !== null);

function dueWhere(now: Date): Prisma.BusinessWhereInput {
  return {
    OR: [
      { listingsCheckedAt: null },
      { listingsCheckedAt: { lte: new Date(now.getTime() - WEEK_MS) } },
    ],
    user: {
      subscriptionStatus: { in: checkedTiers },
      OR: [{ subscriptionExpiry: null }, { subscriptionExpiry: { gte: now } }],
    },
    sourcePageStats: {
      some: {
        engine: { not: 'demo' },
        period: { gte: new Date(now.getTime() - CANDIDATE_DAYS * DAY_MS) },
      },
    },
  };
}

/** The scan: queues the due businesses' checks, longest unchecked first, at most `limit`. */
export async function enqueueDueListingChecks({
  now = new Date(),
  limit = 500,
}: { now?: Date; limit?: number } = {}): Promise<number> {
  const due = await db.business.findMany({
    where: dueWhere(now),
    orderBy: [{ listingsCheckedAt: { sort: 'asc', nulls: 'first' } }, { id: 'asc' }],
    take: limit,
    select: { id: true },
  });
  return jobEngine().enqueueMany(
    due.map(({ id }) => ({
      queue: LISTING_BUSINESS_QUEUE,
      data: { businessId: id },
      key: `${id}:week-${Math.floor(now.getTime() / WEEK_MS)}`,
      retry: { limit: 2, delaySeconds: 300, backoff: true },
    })),
  );
}

/** The job: checks the business's due pages (none when its plan or the week's cap says so). */
export async function runListingCheck(data: { businessId: string }): Promise<number> {
  return checkListings(data.businessId);
}
