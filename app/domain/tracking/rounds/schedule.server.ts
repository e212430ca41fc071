// The schedule (tracking/rounds/): the hourly scan that queues each business's round for its
// period, and the round's fan-out into one ask job per (prompt, engine, sample). Split from
// runs.server.ts (issue 42), code unchanged.

import type { Prisma } from '~/generated/prisma/client';
import { jobEngine } from '~/jobs/engine.server';
import { env } from '~/lib/env.server';
import { db } from '~/lib/db.server';
import { effectiveTier, TIERS, TRACKING_SCHEDULE, type Tier } from '../../tiers';
import { periodStart, type PeriodKind } from '../figures/figures';
import { budgetStatus, trackingEngines } from './budget.server';
import { roundStart } from './round-start';
import {
  ASK_RETRY,
  askKey,
  roundPrompts,
  roundRetry,
  TRACKING_ROUND_QUEUE,
  trackingAskQueue,
  type AskJob,
  type RoundJob,
} from './round-jobs.server';

/** The period kind a plan's figures use: days for daily plans, weeks for the others. */
export function periodKindOf(tier: Tier): PeriodKind {
  return TRACKING_SCHEDULE[tier] === 'day' ? 'day' : 'week';
}

const SCHEDULED_TIERS = TIERS.filter((tier) => TRACKING_SCHEDULE[tier] !== null);

/**
 * The schedule's job (TRACKING_SCHEDULE_CRON, hourly): queues this period's round for every
 * business of an active daily or weekly plan that has prompts and whose round for the period is
 * not queued yet, in pages of `batch` (so 100 or 100,000 businesses cost the same per query).
 * Nothing is queued while the month's budget is used up. Each round starts at its business's own
 * offset within `spreadMinutes` of the scan (round-start.ts; 0: at once). Returns the rounds queued.
 */
export async function enqueueDueRounds({
  now = new Date(),
  batch = 500,
  spreadMinutes = env.TRACKING_ROUND_SPREAD_MINUTES,
}: { now?: Date; batch?: number; spreadMinutes?: number } = {}): Promise<number> {
  if ((await budgetStatus(now)).paused) return 0;
  if (!trackingEngines().length) return 0;
  let queued = 0;
  for (const kind of ['day', 'week'] as const) {
    const tiers = SCHEDULED_TIERS.filter((tier) => TRACKING_SCHEDULE[tier] === kind);
    const period = periodStart(now, kind);
    const where: Prisma.BusinessWhereInput = {
      OR: [{ trackingQueuedPeriod: null }, { trackingQueuedPeriod: { lt: period } }],
      prompts: { some: {} },
      user: {
        subscriptionStatus: { in: tiers },
        OR: [{ subscriptionExpiry: null }, { subscriptionExpiry: { gte: now } }],
      },
    };
    let cursor: string | undefined;
    for (;;) {
      const page = await db.business.findMany({
        where: cursor ? { AND: [where, { id: { gt: cursor } }] } : where,
        orderBy: { id: 'asc' },
        take: batch,
        select: { id: true },
      });
      if (!page.length) break;
      cursor = page.at(-1)!.id;
      // The page's rounds in one batch, then the page marked queued in one UPDATE (a round
      // queued twice is one job: the key names the business and the period).
      const round = `${kind}-${period.toISOString().slice(0, 10)}`;
      queued += await jobEngine().enqueueMany<RoundJob>(
        page.map(({ id }) => ({
          queue: TRACKING_ROUND_QUEUE,
          data: { businessId: id, round, trigger: 'scheduled' },
          key: `${id}:${round}`,
          retry: roundRetry(),
          ...(spreadMinutes > 0 ? { runAt: roundStart(id, now, spreadMinutes) } : {}),
        })),
      );
      await db.business.updateMany({
        where: { id: { in: page.map(({ id }) => id) } },
        data: { trackingQueuedPeriod: period },
      });
      if (page.length < batch) break;
    }
  }
  return queued;
}

/**
 * The `tracking-round` job: one ask job per (prompt, engine, sample). A business whose owner has
 * left a scheduled plan since the round was queued is skipped. Returns the questions queued.
 */
export async function fanOutRound(job: RoundJob, now = new Date()): Promise<number> {
  const business = await db.business.findUnique({
    where: { id: job.businessId },
    select: { user: { select: { subscriptionStatus: true, subscriptionExpiry: true } } },
  });
  if (!business) return 0;
  const tier = effectiveTier(
    {
      subscriptionStatus: business.user.subscriptionStatus,
      subscriptionExpiry: business.user.subscriptionExpiry,
    },
    now,
  );
  if (job.trigger === 'scheduled' && TRACKING_SCHEDULE[tier] === null) return 0;
  const prompts = await roundPrompts(job.businessId, tier);
  // The round's asks as one batch (decision 0019): a few statements, not a round trip and a
  // commit per job.
  const asks = trackingEngines().flatMap((engine) =>
    prompts.flatMap((prompt) =>
      Array.from({ length: env.TRACKING_SAMPLES }, (_, index) => {
        const sample = index + 1;
        return {
          queue: trackingAskQueue(engine.id),
          data: {
            businessId: job.businessId,
            promptId: prompt.id,
            engine: engine.id,
            sample,
            round: job.round,
          },
          key: askKey({ ...job, promptId: prompt.id, engine: engine.id, sample }),
          retry: ASK_RETRY,
        };
      }),
    ),
  );
  return jobEngine().enqueueMany<AskJob>(asks);
}
