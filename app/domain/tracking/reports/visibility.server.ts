// Room: reports (tracking/reports/). What owners and admins read: the visibility page and card
// (here, summaries, prompt-rows, sites, searches), the answers list, a range for the API and MCP,
// the weekly digest and the admin's Tracking tab. The top room: it may import every other
// (docs/decisions/0025-tracking-in-rooms.md).

import type { Prisma } from '~/generated/prisma/client';
import {
  configuredEngines,
  ENGINE_LABELS,
  engineName,
  type EngineId,
} from '~/lib/ai/engines.server';
import { db } from '~/lib/db.server';
import { demoTracking } from '~/lib/env.server';
import type { PublicUser } from '../../accounts.server';
import { effectiveTier } from '../../tiers';
import {
  addCounts,
  figuresFromCounts,
  NO_COUNTS,
  periodStart,
  trendOf,
  type CompetitorFigures,
  type DomainFigures,
  type FigureCounts,
  type Figures,
  type PeriodFigures,
  type PeriodKind,
  type Trend,
} from '../figures/figures';
import { correctedRows, mergedIn, NO_CORRECTIONS, offsetAt } from '../corrections/corrections';
import { correctionCounts, correctionsOf } from '../corrections/corrections.server';
import { ownedBusiness } from '../owned.server';
import { periodKindOf } from '../rounds/runs.server';
import {
  firstTrackedDay,
  questionIndex,
  reportingPeriod,
  type ScheduleChange,
} from '../figures/question-figures.server';
import { siteFigures, withShares } from './sites.server';

// What the visibility page, the dashboard card and the JSON API show: the figures of the latest
// period with answers (a day for daily plans, a week for the others), per engine and overall,
// with the previous period for the change and a trend over the periods kept. Everything is added
// up from the per-day counts kept as answers are stored (TrackingStat and its name and domain
// twins), so a business with a year of daily answers reads about as many rows as a new one.
// The Demo assistant's answers and real engines' are never added together: with the demo on only
// its answers count, and with it off they are left out.

const DAY_MS = 86_400_000;

/** The TrackingStat columns every figure is computed from (see FigureCounts). */
export const COUNT_FIELDS = {
  samples: true,
  mentioned: true,
  cited: true,
  positionSum: true,
  positionCount: true,
  otherNames: true,
  retrieved: true,
  citedOrRetrieved: true,
  citedNotNamed: true,
} as const;
/** Periods in the trend: 30 days, or 12 weeks. */
export const TREND_PERIODS: Record<PeriodKind, number> = { day: 30, week: 12 };
/**
 * The longest trend a caller may ask for (the JSON API's `?periods=`): a year and a day. It is
 * read from the per-day counts, which are kept after the raw answers are deleted
 * (TRACKING_ANSWER_RETENTION_DAYS), so it reaches back past them.
 */
export const MAX_TREND_PERIODS: Record<PeriodKind, number> = { day: 366, week: 53 };
export const ANSWERS_PER_PAGE = 10;
export const ANSWERS_MAX_PER_PAGE = 50;

export type EngineFigures = Figures & { engine: string; name: string };
export type VisibilityPeriod = { start: string; end: string; kind: PeriodKind };

export type EngineTrend = { engine: string; name: string; periods: PeriodFigures[] };

export type Visibility = {
  kind: PeriodKind;
  /** The latest period with answers; null before the first answer. */
  current: VisibilityPeriod | null;
  engines: EngineFigures[];
  overall: Figures;
  previous: Figures | null;
  competitors: CompetitorFigures[];
  /** The sites the period's answers cited most. */
  domains: DomainFigures[];
  /** The sites their searches returned most without the answers citing them. */
  retrievedDomains: DomainFigures[];
  /** Overall, one entry per period of the trend (empty periods included). */
  periods: PeriodFigures[];
  engineTrends: EngineTrend[];
  trend: Trend | null;
  /** Calls that failed in the current period (they count in no figure). */
  failed: number;
  /** The first period with answers: the trend starts there. */
  firstPeriod: string | null;
  /** The plan's schedule changed within the trend (the page keeps reporting in `kind`). */
  scheduleChange: ScheduleChange | null;
  /**
   * When a figure of the current period rests on fewer than 10 answers: the same figures pooled
   * over the last periods (4 weeks, or 7 days), every question and day together.
   */
  pooled: PooledFigures | null;
  /** Every figure comes from the Demo assistant's simulated answers (see simulatedFigures). */
  simulated: boolean;
};

export type PooledFigures = {
  /** The first and last day pooled, and how many periods. */
  start: string;
  end: string;
  periods: number;
  overall: Figures;
  engines: EngineFigures[];
};

/** Periods pooled where the current one is too thin: 4 weeks, or 7 days. */
export const POOL_PERIODS: Record<PeriodKind, number> = { day: 7, week: 4 };

/** The engine rows to read: the Demo assistant's alone, or every other engine's. */
export function engineFilter(): Prisma.StringFilter {
  return demoTracking ? { equals: 'demo' } : { not: 'demo' };
}

/**
 * The figures pages, mails and the API show come from the Demo assistant's simulated answers:
 * with DEMO_TRACKING on, they read its answers alone (engineFilter), so every figure is labelled.
 */
export function simulatedFigures(): boolean {
  return demoTracking;
}

/** An engine whose answers are simulated: the Demo assistant's. */
export function simulatedEngine(engine: string): boolean {
  return engine === 'demo';
}

/** Every engine's name on pages (the configured ones as configured, e.g. a renamed own model). */
export function engineNames(): Map<string, string> {
  const names = new Map<string, string>(
    (Object.keys(ENGINE_LABELS) as EngineId[]).map((id) => [id, engineName(id)]),
  );
  for (const engine of configuredEngines()) names.set(engine.id, engine.name);
  return names;
}

const ENGINE_ORDER: readonly string[] = Object.keys(ENGINE_LABELS);

/** Where an engine comes on pages: ChatGPT, Perplexity, Gemini, Claude, own model, demo; others last. */
export function engineRank(engine: string): number {
  const index = ENGINE_ORDER.indexOf(engine);
  return index < 0 ? ENGINE_ORDER.length : index;
}

export function periodEnd(start: Date, kind: PeriodKind): Date {
  return new Date(start.getTime() + (kind === 'day' ? 1 : 7) * DAY_MS);
}

export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function countsOfRow(row: FigureCounts): FigureCounts {
  return {
    samples: row.samples,
    mentioned: row.mentioned,
    cited: row.cited,
    positionSum: row.positionSum,
    positionCount: row.positionCount,
    otherNames: row.otherNames,
    retrieved: row.retrieved,
    citedOrRetrieved: row.citedOrRetrieved,
    citedNotNamed: row.citedNotNamed,
  };
}

/** The latest day with a kept answer of the engines shown, or null. */
async function latestDay(businessId: string): Promise<Date | null> {
  const row = await db.trackingStat.findFirst({
    where: { businessId, engine: engineFilter(), samples: { gt: 0 } },
    orderBy: { period: 'desc' },
    select: { period: true },
  });
  return row?.period ?? null;
}

/**
 * The figures of one business for a period kind (the owner's plan's by default). `businessId`
 * must already be known to be the caller's (see `visibilityFor`).
 */
export async function visibilityOf(
  business: { id: string; website: string | null },
  planKind: PeriodKind,
  now = new Date(),
  /** Periods in the trend, up to MAX_TREND_PERIODS (TREND_PERIODS by default). */
  trendPeriods = TREND_PERIODS[planKind],
): Promise<Visibility> {
  const names = engineNames();
  const configured = configuredEngines().map((engine) => engine.id as string);
  const [last, first] = await Promise.all([
    latestDay(business.id),
    firstTrackedDay(business.id, engineFilter()),
  ]);
  // One reporting period across a change of the plan's schedule (question-figures.server.ts).
  const schedule = await reportingPeriod(business.id, engineFilter(), planKind, last);
  const kind = schedule.kind;
  const currentStart = periodStart(last ?? now, kind);
  const currentEnd = periodEnd(currentStart, kind);
  const previousStart = periodStart(new Date(currentStart.getTime() - DAY_MS), kind);
  // The trend starts where tracking began, never with periods before the first answer.
  const trendStart = new Date(
    Math.max(
      currentStart.getTime() -
        (Math.min(Math.max(1, trendPeriods), MAX_TREND_PERIODS[kind]) - 1) *
          (kind === 'day' ? 1 : 7) *
          DAY_MS,
      first ? periodStart(first, kind).getTime() : currentStart.getTime(),
    ),
  );

  const window = { gte: trendStart, lt: currentEnd };
  const current = { gte: currentStart, lt: currentEnd };
  const [stats, questions, nameRows, siteRows] = await Promise.all([
    db.trackingStat.findMany({
      where: { businessId: business.id, engine: engineFilter(), period: window },
      select: { engine: true, period: true, failed: true, ...COUNT_FIELDS },
    }),
    questionIndex(business.id, engineFilter(), window, kind),
    last
      ? db.trackingNameStat.groupBy({
          by: ['key'],
          where: { businessId: business.id, engine: engineFilter(), period: current },
          _sum: { mentions: true },
          _max: { name: true },
          orderBy: { _sum: { mentions: 'desc' } },
          take: 50,
        })
      : Promise.resolve([]),
    last
      ? siteFigures(business, { engine: engineFilter(), period: current })
      : Promise.resolve({ cited: [], retrieved: [] }),
  ]);

  // Known competitors: the owner's list, by normalised name (at most 10).
  const known = last
    ? await db.competitor.findMany({
        where: { businessId: business.id },
        select: { key: true, name: true },
        take: 10,
      })
    : [];
  const knownNames = new Map(known.map((row) => [row.key, row.name]));

  // The owner's corrections (hidden names, merged spellings), applied to the counts read.
  const corrections = last ? await correctionsOf(business.id) : NO_CORRECTIONS;
  const corrected = await correctionCounts(business.id, corrections, engineFilter(), window);
  if (corrected)
    for (const row of stats)
      row.otherNames = Math.max(
        0,
        row.otherNames - offsetAt(corrected.offsets, row.engine, row.period),
      );

  // Per engine, per period.
  const byEngine = new Map<string, Map<number, FigureCounts>>();
  let failed = 0;
  for (const row of stats) {
    const start = periodStart(row.period, kind).getTime();
    const periods = byEngine.get(row.engine) ?? new Map<number, FigureCounts>();
    periods.set(start, addCounts(periods.get(start) ?? NO_COUNTS, countsOfRow(row)));
    byEngine.set(row.engine, periods);
    if (start === currentStart.getTime()) failed += row.failed;
  }
  const engineIds = [...new Set([...configured, ...byEngine.keys()])].sort(
    (a, b) => engineRank(a) - engineRank(b) || a.localeCompare(b),
  );
  const starts: number[] = [];
  for (
    let t = periodStart(trendStart, kind).getTime();
    t < currentEnd.getTime();
    t = periodEnd(new Date(t), kind).getTime()
  )
    starts.push(t);

  const engineCounts = (engine: string, start: number) =>
    byEngine.get(engine)?.get(start) ?? NO_COUNTS;
  const totalAt = (start: number) =>
    engineIds.reduce((sum, engine) => addCounts(sum, engineCounts(engine, start)), NO_COUNTS);

  // Every figure with its answers' questions: the intervals are clustered by question.
  const engineFigures = (engine: string, at: readonly number[]) =>
    figuresFromCounts(
      at.reduce((sum, start) => addCounts(sum, engineCounts(engine, start)), NO_COUNTS),
      questions.at(engine, at),
    );
  const totalFigures = (at: readonly number[]) =>
    figuresFromCounts(
      at.reduce((sum, start) => addCounts(sum, totalAt(start)), NO_COUNTS),
      questions.at(null, at),
    );
  const currentOnly = [currentStart.getTime()];
  const engines = engineIds.map((engine) => ({
    engine,
    name: names.get(engine) ?? engine,
    ...engineFigures(engine, currentOnly),
  }));
  const overallCounts = totalAt(currentStart.getTime());
  const overall = totalFigures(currentOnly);
  const previousCounts = totalAt(previousStart.getTime());
  const periods = starts.map((start) => ({
    start: isoDay(new Date(start)),
    ...totalFigures([start]),
  }));
  const engineTrends = engineIds.map((engine) => ({
    engine,
    name: names.get(engine) ?? engine,
    periods: starts.map((start) => ({
      start: isoDay(new Date(start)),
      ...engineFigures(engine, [start]),
    })),
  }));
  // Too thin a period: the same figures over the last few periods, questions and days together.
  const poolStarts = starts.slice(-POOL_PERIODS[kind]);
  const thin = overall.lowSample || engines.some((engine) => engine.lowSample);
  const pooledOverall = totalFigures(poolStarts);
  const pooled: PooledFigures | null =
    last && thin && pooledOverall.samples > overall.samples
      ? {
          start: isoDay(new Date(poolStarts[0]!)),
          end: isoDay(new Date(currentEnd.getTime() - DAY_MS)),
          periods: poolStarts.length,
          overall: pooledOverall,
          engines: engineIds.map((engine) => ({
            engine,
            name: names.get(engine) ?? engine,
            ...engineFigures(engine, poolStarts),
          })),
        }
      : null;

  // Share of voice: this business's answers-named count against each other business's, with
  // hidden names left out and merged spellings counted as the name they were merged into.
  const others = correctedRows(
    nameRows.map((row) => ({
      key: row.key,
      name: row._max.name ?? row.key,
      mentions: row._sum.mentions ?? 0,
    })),
    corrections,
    corrected ? mergedIn(corrected.merged, currentStart, currentEnd) : new Map(),
  ).map((row) => ({
    ...row,
    name: knownNames.get(row.key) ?? row.name,
    known: knownNames.has(row.key),
  }));
  const voices = overall.mentioned + overallCounts.otherNames;
  const competitors: CompetitorFigures[] = others.map(({ name, known: isKnown, mentions }) => ({
    name,
    known: isKnown,
    mentions,
    shareOfVoice: voices ? mentions / voices : 0,
  }));
  // The owner's competitors no answer named still show, with none.
  for (const [key, name] of knownNames)
    if (!others.some((other) => other.key === key))
      competitors.push({ name, known: true, mentions: 0, shareOfVoice: 0 });

  const sites = withShares(siteRows, overall.samples);

  return {
    kind,
    current: last
      ? { start: isoDay(currentStart), end: isoDay(new Date(currentEnd.getTime() - DAY_MS)), kind }
      : null,
    engines,
    overall,
    previous: previousCounts.samples
      ? figuresFromCounts(previousCounts, questions.at(null, [previousStart.getTime()]))
      : null,
    competitors,
    domains: sites.cited,
    retrievedDomains: sites.retrieved,
    periods,
    engineTrends,
    trend: trendOf(periods),
    failed,
    firstPeriod: first ? isoDay(periodStart(first, kind)) : null,
    scheduleChange: schedule.change,
    pooled,
    simulated: simulatedFigures(),
  };
}

/** The owner's business's figures (someone else's is not found). */
export async function visibilityFor(
  owner: Pick<PublicUser, 'id' | 'subscriptionStatus' | 'subscriptionExpiry'>,
  businessId: string,
  now = new Date(),
  /** Periods in the trend, up to MAX_TREND_PERIODS of the plan's kind (TREND_PERIODS by default). */
  trendPeriods?: number,
): Promise<Visibility> {
  const business = await ownedBusiness(owner, businessId);
  const kind = periodKindOf(effectiveTier(owner, now));
  return visibilityOf(business, kind, now, trendPeriods ?? TREND_PERIODS[kind]);
}

// The prompts table: see prompt-rows.server.ts.
export { promptRows, type PromptRow } from './prompt-rows.server';
