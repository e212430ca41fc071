import type { Prisma } from '~/generated/prisma/client';
import {
  configuredEngines,
  ENGINE_LABELS,
  engineName,
  type EngineId,
} from '~/lib/ai/engines.server';
import type { LocationSent } from '~/lib/ai/location';
import { db } from '~/lib/db.server';
import { demoTracking } from '~/lib/env.server';
import type { PublicUser } from '../accounts.server';
import { effectiveTier } from '../tiers';
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
} from './figures';
import {
  correctedRows,
  correctNames,
  countedKey,
  mergedIn,
  NO_CORRECTIONS,
  offsetAt,
} from './corrections';
import { normalizeName } from './names';
import { correctionCounts, correctionsOf } from './corrections.server';
import { ownedBusiness } from './prompts.server';
import type { NameMatch } from './reader';
import { answersKeptSince } from '../retention.server';
import { periodKindOf } from './runs.server';
import { storedSentences, type LabelledSentence, type SentimentSource } from './sentiment';
import { siteFigures, withShares } from './sites.server';
import { storedLocation, storedPages, storedSearches, type AnswerPage } from './stored';

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
  /** Every figure comes from the Demo assistant's simulated answers (see simulatedFigures). */
  simulated: boolean;
};

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
  kind: PeriodKind,
  now = new Date(),
  /** Periods in the trend, up to MAX_TREND_PERIODS (TREND_PERIODS by default). */
  trendPeriods = TREND_PERIODS[kind],
): Promise<Visibility> {
  const names = engineNames();
  const configured = configuredEngines().map((engine) => engine.id as string);
  const last = await latestDay(business.id);
  const currentStart = periodStart(last ?? now, kind);
  const currentEnd = periodEnd(currentStart, kind);
  const previousStart = periodStart(new Date(currentStart.getTime() - DAY_MS), kind);
  const trendStart = new Date(
    currentStart.getTime() -
      (Math.min(Math.max(1, trendPeriods), MAX_TREND_PERIODS[kind]) - 1) *
        (kind === 'day' ? 1 : 7) *
        DAY_MS,
  );

  const window = { gte: trendStart, lt: currentEnd };
  const current = { gte: currentStart, lt: currentEnd };
  const [stats, nameRows, siteRows] = await Promise.all([
    db.trackingStat.findMany({
      where: { businessId: business.id, engine: engineFilter(), period: window },
      select: { engine: true, period: true, failed: true, ...COUNT_FIELDS },
    }),
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

  const engines = engineIds.map((engine) => ({
    engine,
    name: names.get(engine) ?? engine,
    ...figuresFromCounts(engineCounts(engine, currentStart.getTime())),
  }));
  const overallCounts = totalAt(currentStart.getTime());
  const overall = figuresFromCounts(overallCounts);
  const previousCounts = totalAt(previousStart.getTime());
  const periods = starts.map((start) => ({
    start: isoDay(new Date(start)),
    ...figuresFromCounts(totalAt(start)),
  }));
  const engineTrends = engineIds.map((engine) => ({
    engine,
    name: names.get(engine) ?? engine,
    periods: starts.map((start) => ({
      start: isoDay(new Date(start)),
      ...figuresFromCounts(engineCounts(engine, start)),
    })),
  }));

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
    previous: previousCounts.samples ? figuresFromCounts(previousCounts) : null,
    competitors,
    domains: sites.cited,
    retrievedDomains: sites.retrieved,
    periods,
    engineTrends,
    trend: trendOf(periods),
    failed,
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

// The prompts table ------------------------------------------------------------------------

export type PromptRow = {
  id: string;
  text: string;
  createdAt: string;
  /** Asked of the engines (false: past the plan's cap after a downgrade). */
  active: boolean;
  lastAskedAt: string | null;
  /** Per engine, in the current period: answers, how many named the business, best position. */
  engines: {
    engine: string;
    name: string;
    samples: number;
    mentioned: number;
    bestPosition: number | null;
  }[];
};

export async function promptRows(
  business: { id: string },
  limit: number,
  current: VisibilityPeriod | null,
): Promise<PromptRow[]> {
  const names = engineNames();
  const configured = configuredEngines().map((engine) => engine.id as string);
  const [prompts, answers] = await Promise.all([
    db.trackedPrompt.findMany({
      where: { businessId: business.id },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: 50,
      select: { id: true, text: true, createdAt: true, lastAskedAt: true },
    }),
    current
      ? db.trackingAnswer.findMany({
          where: {
            businessId: business.id,
            engine: engineFilter(),
            status: 'answered',
            askedAt: {
              gte: new Date(`${current.start}T00:00:00.000Z`),
              lt: new Date(new Date(`${current.end}T00:00:00.000Z`).getTime() + DAY_MS),
            },
          },
          select: { promptId: true, engine: true, mentioned: true, position: true },
        })
      : Promise.resolve([]),
  ]);
  return prompts.map((prompt, index) => {
    const mine = answers.filter((answer) => answer.promptId === prompt.id);
    const engineIds = [...new Set([...configured, ...mine.map((answer) => answer.engine)])].sort(
      (a, b) => engineRank(a) - engineRank(b),
    );
    return {
      id: prompt.id,
      text: prompt.text,
      createdAt: prompt.createdAt.toISOString(),
      active: index < limit,
      lastAskedAt: prompt.lastAskedAt?.toISOString() ?? null,
      engines: engineIds.map((engine) => {
        const of = mine.filter((answer) => answer.engine === engine);
        const positions = of
          .filter((answer) => answer.mentioned && answer.position)
          .map((answer) => answer.position!);
        return {
          engine,
          name: names.get(engine) ?? engine,
          samples: of.length,
          mentioned: of.filter((answer) => answer.mentioned).length,
          bestPosition: positions.length ? Math.min(...positions) : null,
        };
      }),
    };
  });
}

// Answers ----------------------------------------------------------------------------------

export type AnswerView = {
  id: string;
  engine: string;
  engineName: string;
  model: string;
  promptId: string | null;
  prompt: string;
  text: string;
  mentioned: boolean;
  position: number | null;
  /** The answer cited the business's site. */
  cited: boolean;
  /** Its search returned the site and it did not cite it. */
  retrieved: boolean;
  /** Recorded before cited and retrieved were told apart, with the site among its pages. */
  citedOrRetrieved: boolean;
  citedNotNamed: boolean;
  /** Each page once: cited ones first, then those the search only returned. */
  sources: AnswerPage[];
  /** The searches the engine ran for the prompt. */
  searches: string[];
  /** Where the question was asked from, as sent (null: no place, or not kept then). */
  location: LocationSent | null;
  competitors: { name: string; position: number }[];
  askedAt: string;
  /** Where the business's and the competitors' names are in `text`, for highlighting. */
  matches: NameMatch[];
  /** The sentences naming the business, labelled; null: not read for them (recorded before). */
  sentences: LabelledSentence[] | null;
  /** Who labelled them: the extraction model or the labeller. */
  sentimentBy: SentimentSource | null;
};

export type AnswerFilter = {
  engine?: string;
  promptId?: string;
  mentioned?: boolean;
  /** Answers asked from this day (inclusive) to this day (inclusive), as "2026-11-23". */
  from?: string;
  to?: string;
};

export type AnswersPage = {
  items: AnswerView[];
  total: number;
  page: number;
  perPage: number;
  pageCount: number;
};

function parseJson<T>(value: string, fallback: T): T {
  try {
    return JSON.parse(value) as T;
  } catch {
    return fallback;
  }
}

/** One page of the business's answers, newest first (failed calls are not answers). */
export async function listAnswers(
  owner: Pick<PublicUser, 'id'>,
  businessId: string,
  {
    page = 1,
    perPage = ANSWERS_PER_PAGE,
    filter = {} as AnswerFilter,
    clampToLastPage = true,
  } = {},
): Promise<AnswersPage> {
  await ownedBusiness(owner, businessId);
  const engine: Prisma.StringFilter =
    filter.engine && (filter.engine === 'demo') === demoTracking
      ? { equals: filter.engine }
      : engineFilter();
  const where: Prisma.TrackingAnswerWhereInput = {
    businessId,
    status: 'answered',
    engine,
    ...(filter.promptId ? { promptId: filter.promptId } : {}),
    ...(filter.from || filter.to
      ? {
          askedAt: {
            ...(filter.from ? { gte: new Date(`${filter.from}T00:00:00.000Z`) } : {}),
            ...(filter.to
              ? { lt: new Date(new Date(`${filter.to}T00:00:00.000Z`).getTime() + DAY_MS) }
              : {}),
          },
        }
      : {}),
    ...(filter.mentioned !== undefined ? { mentioned: filter.mentioned } : {}),
  };
  // The whole list (an engine at most): the per-day counts kept with every answer stored add up
  // to it in a row per engine and day, where counting the answers reads an index entry per answer
  // (a year of daily answers made the page 3x slower than a new business's; bench:tracking).
  // Only the days whose raw answers are still kept (TRACKING_ANSWER_RETENTION_DAYS) count: the
  // retention job deletes answers from the start of a UTC day, the days the counts are kept by.
  const wholeList =
    !filter.promptId && !filter.from && !filter.to && filter.mentioned === undefined;
  const total = wholeList
    ? ((
        await db.trackingStat.aggregate({
          where: { businessId, engine, period: { gte: answersKeptSince() } },
          _sum: { samples: true },
        })
      )._sum.samples ?? 0)
    : await db.trackingAnswer.count({ where });
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  const current = clampToLastPage ? Math.min(Math.max(1, page), pageCount) : Math.max(1, page);
  const rows = await db.trackingAnswer.findMany({
    where,
    orderBy: [{ askedAt: 'desc' }, { id: 'desc' }],
    skip: (current - 1) * perPage,
    take: perPage,
    select: {
      id: true,
      engine: true,
      model: true,
      promptId: true,
      prompt: true,
      text: true,
      mentioned: true,
      position: true,
      cited: true,
      retrieved: true,
      citedOrRetrieved: true,
      citedNotNamed: true,
      sources: true,
      searches: true,
      location: true,
      competitors: true,
      highlights: true,
      sentences: true,
      sentimentBy: true,
      askedAt: true,
    },
  });
  const names = engineNames();
  const corrections = rows.length ? await correctionsOf(businessId) : NO_CORRECTIONS;
  return {
    items: rows.map((row) => {
      // The owner's corrections: hidden names left out, merged ones under their other name.
      const named = correctNames(
        parseJson<{ name: string; position: number }[]>(row.competitors, []),
        corrections,
        normalizeName,
      );
      const matches = parseJson<NameMatch[]>(row.highlights, []).filter(
        (match) =>
          match.kind === 'business' ||
          countedKey(corrections, normalizeName(row.text.slice(match.start, match.end))) !== null,
      );
      return {
        id: row.id,
        engine: row.engine,
        engineName: names.get(row.engine) ?? row.engine,
        model: row.model,
        promptId: row.promptId,
        prompt: row.prompt,
        text: row.text,
        mentioned: row.mentioned,
        position: row.position,
        cited: row.cited,
        retrieved: row.retrieved,
        citedOrRetrieved: row.citedOrRetrieved,
        citedNotNamed: row.citedNotNamed,
        sources: storedPages(row.sources),
        searches: storedSearches(row.searches),
        location: storedLocation(row.location),
        competitors: named.map(({ name, position }) => ({ name, position })),
        askedAt: row.askedAt.toISOString(),
        matches,
        sentences: storedSentences(row.sentences),
        sentimentBy:
          row.sentimentBy === 'model' || row.sentimentBy === 'library' ? row.sentimentBy : null,
      };
    }),
    total,
    page: current,
    perPage,
    pageCount,
  };
}
