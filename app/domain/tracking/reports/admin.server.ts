import { configuredEngines } from '~/lib/ai/engines.server';
import {
  EXTRACTION_LABEL,
  EXTRACTION_SPEND_KEY,
  extractionModel,
} from '~/lib/ai/extraction.server';
import { hasPrice } from '~/lib/ai/prices';
import { db } from '~/lib/db.server';
import type { PublicUser } from '../../accounts.server';
import { DomainError } from '../../errors';
import { queueStats } from '../../jobs.server';
import { isAdmin } from '../../users';
import { DIGEST_QUEUE, DIGEST_SCAN_QUEUE } from './digest.server';
import {
  budgetStatus,
  TRACKING_ASK_QUEUES,
  TRACKING_ROUND_QUEUE,
  TRACKING_SCAN_QUEUE,
} from '../rounds/runs.server';
import type { BudgetStatus } from '../rounds/runs.server';
import { engineFilter, engineNames, simulatedFigures } from './visibility.server';

// The admin's Tracking tab: what tracking costs and how it runs this month. Spend, calls,
// failures and skipped calls per engine (TrackingSpend: a row per engine and month) against the
// monthly budget; engines whose model has no price (their spend would read $0 and never reach the
// budget); the tracking queues; and the businesses asked about this month, one page at a time,
// added up in the database from the per-day counts (TrackingStat), never row by row here.

export const TRACKING_BUSINESSES_PER_PAGE = 20;
const ADMIN_REQUIRED_MESSAGE = 'Admin access required';

/** The queues the tab shows: the schedule, the rounds, each engine's asks and the digest. */
export const TRACKING_QUEUES: readonly string[] = [
  TRACKING_SCAN_QUEUE,
  TRACKING_ROUND_QUEUE,
  ...TRACKING_ASK_QUEUES,
  DIGEST_SCAN_QUEUE,
  DIGEST_QUEUE,
];

export type EngineSpendView = {
  engine: string;
  name: string;
  /** Configured now (a row of an engine removed since still shows its spend). */
  configured: boolean;
  model: string | null;
  /** The configured model has a price (built in or TRACKING_PRICES); null when not configured. */
  priced: boolean | null;
  calls: number;
  failures: number;
  skipped: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  lastError: string | null;
  lastErrorAt: string | null;
};

export type TrackingBusinessRow = {
  businessId: string;
  name: string;
  ownerEmail: string;
  answers: number;
  mentioned: number;
  cited: number;
  mentionRate: number;
  citationRate: number;
  lastAskedAt: string | null;
};

export type TrackingOverview = {
  budget: BudgetStatus;
  engines: EngineSpendView[];
  queues: { queue: string; waiting: number; running: number; failed: number }[];
  businesses: {
    items: TrackingBusinessRow[];
    page: number;
    limit: number;
    total: number;
    pageCount: number;
  };
  /** The businesses' rates come from the Demo assistant's simulated answers. */
  simulated: boolean;
};

function monthRange(month: string) {
  const start = new Date(`${month}-01T00:00:00.000Z`);
  const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
  return { gte: start, lt: end };
}

/** The Tracking tab (admins only). `page` is the page of the businesses table. */
export async function getTrackingOverview(
  actor: Pick<PublicUser, 'role'>,
  { page: requested = 1 }: { page?: number } = {},
  now = new Date(),
): Promise<TrackingOverview> {
  if (!isAdmin(actor)) throw new DomainError('forbidden', ADMIN_REQUIRED_MESSAGE);
  const limit = TRACKING_BUSINESSES_PER_PAGE;
  const budget = await budgetStatus(now);
  const period = monthRange(budget.month);
  const asked = { period, samples: { gt: 0 }, engine: engineFilter() };

  const [spend, stats, total] = await Promise.all([
    db.trackingSpend.findMany({ where: { month: budget.month } }),
    queueStats(now),
    db.business.count({ where: { trackingStats: { some: asked } } }),
  ]);
  const pageCount = Math.max(1, Math.ceil(total / limit));
  const page = Math.min(Math.max(1, Math.floor(requested) || 1), pageCount);

  const groups = await db.trackingStat.groupBy({
    by: ['businessId'],
    where: asked,
    _sum: { samples: true, mentioned: true, cited: true },
    orderBy: [{ _sum: { samples: 'desc' } }, { businessId: 'asc' }],
    skip: (page - 1) * limit,
    take: limit,
  });
  const ids = groups.map((group) => group.businessId);
  const [businesses, lastAsked] = ids.length
    ? await Promise.all([
        db.business.findMany({
          where: { id: { in: ids } },
          select: { id: true, name: true, user: { select: { email: true } } },
        }),
        db.trackingAnswer.groupBy({
          by: ['businessId'],
          where: { businessId: { in: ids }, status: 'answered', engine: engineFilter() },
          _max: { askedAt: true },
        }),
      ])
    : [[], []];
  const byId = new Map(businesses.map((business) => [business.id, business]));
  const lastById = new Map(lastAsked.map((row) => [row.businessId, row._max.askedAt]));

  const names = engineNames();
  names.set(EXTRACTION_SPEND_KEY, EXTRACTION_LABEL);
  const extraction = extractionModel();
  // The extraction model's spend is a row of its own, beside the engines'.
  const configured = [
    ...configuredEngines(),
    ...(extraction ? [{ id: EXTRACTION_SPEND_KEY, model: extraction.model }] : []),
  ];
  const engineIds = [
    ...new Set([
      ...configured.map((engine) => engine.id as string),
      ...spend.map((row) => row.engine),
    ]),
  ];
  const engines = engineIds.map((engine): EngineSpendView => {
    const row = spend.find((each) => each.engine === engine);
    const config = configured.find((each) => each.id === engine);
    return {
      engine,
      name: names.get(engine) ?? engine,
      configured: Boolean(config),
      model: config?.model ?? null,
      priced: config ? engine === 'demo' || hasPrice(config.model) : null,
      calls: row?.calls ?? 0,
      failures: row?.failures ?? 0,
      skipped: row?.skipped ?? 0,
      inputTokens: row?.inputTokens ?? 0,
      outputTokens: row?.outputTokens ?? 0,
      costUsd: row?.costUsd ?? 0,
      lastError: row?.lastError ?? null,
      lastErrorAt: row?.lastErrorAt?.toISOString() ?? null,
    };
  });

  return {
    budget,
    engines,
    queues: stats
      .filter((stat) => TRACKING_QUEUES.includes(stat.queue))
      .map(({ queue, waiting, running, failed }) => ({ queue, waiting, running, failed })),
    businesses: {
      items: groups.map((group) => {
        const business = byId.get(group.businessId);
        const answers = group._sum.samples ?? 0;
        const mentioned = group._sum.mentioned ?? 0;
        const cited = group._sum.cited ?? 0;
        return {
          businessId: group.businessId,
          name: business?.name ?? '(deleted)',
          ownerEmail: business?.user.email ?? '',
          answers,
          mentioned,
          cited,
          mentionRate: answers ? mentioned / answers : 0,
          citationRate: answers ? cited / answers : 0,
          lastAskedAt: lastById.get(group.businessId)?.toISOString() ?? null,
        };
      }),
      page,
      limit,
      total,
      pageCount,
    },
    simulated: simulatedFigures(),
  };
}
