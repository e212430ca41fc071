import { CronExpressionParser } from 'cron-parser';
import { db } from '~/lib/db.server';
import { env } from '~/lib/env.server';
import { effectiveTier, TRACKING_SCHEDULE, type SubscriptionFacts } from '../../tiers';
import { periodStart, type PeriodKind } from '../figures/figures';
import { roundStart } from './round-start';

// When a business's next scheduled round starts (issue 44, item 9: the visibility page says it,
// in the business's time zone). The hourly scan (TRACKING_SCHEDULE_CRON, UTC) queues a period's
// round once, at the business's own offset after the scan (round-start.ts); so the next round is
// this period's if it is not queued yet (or queued and not started), else the next period's.

const DAY_MS = 86_400_000;

/** The scan at or after `from` (cron in UTC). */
function scanAtOrAfter(from: Date, cron: string): Date {
  return CronExpressionParser.parse(cron, { tz: 'UTC', currentDate: new Date(from.getTime() - 1) })
    .next()
    .toDate();
}

/** When the next scheduled round of a business starts (pure: the schedule as arguments). */
export function nextRoundAt({
  businessId,
  kind,
  queuedPeriod,
  now,
  cron,
  spreadMinutes,
}: {
  businessId: string;
  kind: PeriodKind;
  /** The period whose round was last queued (Business.trackingQueuedPeriod). */
  queuedPeriod: Date | null;
  now: Date;
  cron: string;
  spreadMinutes: number;
}): Date {
  const period = periodStart(now, kind);
  if (!queuedPeriod || queuedPeriod < period) {
    return roundStart(businessId, scanAtOrAfter(now, cron), spreadMinutes);
  }
  // Queued this period, as a rule by its first scan: that round may not have started yet.
  const pending = roundStart(businessId, scanAtOrAfter(period, cron), spreadMinutes);
  if (pending > now) return pending;
  const next = new Date(period.getTime() + (kind === 'day' ? 1 : 7) * DAY_MS);
  return roundStart(businessId, scanAtOrAfter(next, cron), spreadMinutes);
}

/**
 * The next scheduled round of the owner's business, or null when none is coming: the schedule
 * is off, the plan has none (Free), or no question is tracked.
 */
export async function nextRoundOf(
  owner: SubscriptionFacts,
  businessId: string,
  now = new Date(),
): Promise<Date | null> {
  const kind = TRACKING_SCHEDULE[effectiveTier(owner, now)];
  if (!env.TRACKING_SCHEDULER || !kind) return null;
  const business = await db.business.findUnique({
    where: { id: businessId },
    select: { trackingQueuedPeriod: true, _count: { select: { prompts: true } } },
  });
  if (!business?._count.prompts) return null;
  return nextRoundAt({
    businessId,
    kind,
    queuedPeriod: business.trackingQueuedPeriod,
    now,
    cron: env.TRACKING_SCHEDULE_CRON,
    spreadMinutes: env.TRACKING_ROUND_SPREAD_MINUTES,
  });
}
