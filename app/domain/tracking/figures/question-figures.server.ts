import type { Prisma } from '~/generated/prisma/client';
import { db } from '~/lib/db.server';
import {
  addQuestionCounts,
  NO_QUESTION_COUNTS,
  periodStart,
  type PeriodKind,
  type QuestionCounts,
} from './figures';

// What the visibility page needs from the per-question counts (TrackingPromptStat, decision 20):
// the questions behind each engine's and each period's answers (every interval is clustered by
// question), where tracking began (the trend starts there), and which schedule the plan asked on
// in the window (the reporting period stays one across a change of schedule).

const DAY_MS = 86_400_000;

type Window = { gte: Date; lt: Date };

/** The per-question counts of a window, indexed by engine, period and question. */
export type QuestionIndex = {
  /** The questions of `engine` (null: every engine) over the periods starting at `starts`. */
  at(engine: string | null, starts: readonly number[]): QuestionCounts[];
};

export async function questionIndex(
  businessId: string,
  engine: Prisma.StringFilter,
  window: Window,
  kind: PeriodKind,
): Promise<QuestionIndex> {
  const rows = await db.trackingPromptStat.findMany({
    where: { businessId, engine, period: window, samples: { gt: 0 } },
    select: {
      engine: true,
      period: true,
      promptId: true,
      samples: true,
      mentioned: true,
      cited: true,
      positionSum: true,
      positionSquares: true,
      positionCount: true,
    },
  });
  // engine → period start → question → counts.
  const index = new Map<string, Map<number, Map<string, QuestionCounts>>>();
  for (const { engine: name, period, promptId, ...counts } of rows) {
    const start = periodStart(period, kind).getTime();
    const periods = index.get(name) ?? new Map<number, Map<string, QuestionCounts>>();
    const questions = periods.get(start) ?? new Map<string, QuestionCounts>();
    questions.set(
      promptId,
      addQuestionCounts(questions.get(promptId) ?? NO_QUESTION_COUNTS, counts),
    );
    periods.set(start, questions);
    index.set(name, periods);
  }
  return {
    at(name, starts) {
      const merged = new Map<string, QuestionCounts>();
      for (const [engineName, periods] of index) {
        if (name !== null && engineName !== name) continue;
        for (const start of starts)
          for (const [question, counts] of periods.get(start) ?? [])
            merged.set(
              question,
              addQuestionCounts(merged.get(question) ?? NO_QUESTION_COUNTS, counts),
            );
      }
      return [...merged.values()];
    },
  };
}

/** The first day with a kept answer of the engines shown: where the trend starts. */
export async function firstTrackedDay(
  businessId: string,
  engine: Prisma.StringFilter,
): Promise<Date | null> {
  const row = await db.trackingStat.findFirst({
    where: { businessId, engine, samples: { gt: 0 } },
    orderBy: { period: 'asc' },
    select: { period: true },
  });
  return row?.period ?? null;
}

/** When the plan's schedule changed within the trend's reach, and what the page does about it. */
export type ScheduleChange = {
  /** The schedule the answers were asked on before, and the plan's now. */
  from: PeriodKind;
  to: PeriodKind;
  /** The first day asked on the plan's schedule after the change. */
  since: string;
};

/** How many days back a change of schedule keeps the page reporting in weeks. */
const SETTLE_DAYS = 30;

/**
 * The reporting period: the plan's, except that a plan gone from weekly to daily questions keeps
 * reporting in weeks until its answers of the last 30 days are all daily (days with a weekly round
 * among them would read as empty days, and the trend would change unit overnight). A plan gone
 * from daily to weekly reports in weeks at once: days add up into weeks. Either way, the change is
 * returned for the page to say.
 */
export async function reportingPeriod(
  businessId: string,
  engine: Prisma.StringFilter,
  plan: PeriodKind,
  latest: Date | null,
): Promise<{ kind: PeriodKind; change: ScheduleChange | null }> {
  if (!latest) return { kind: plan, change: null };
  const other: PeriodKind = plan === 'day' ? 'week' : 'day';
  const reach = plan === 'day' ? SETTLE_DAYS : 12 * 7;
  const since = new Date(periodStart(latest, 'day').getTime() - (reach - 1) * DAY_MS);
  const earlier = await db.trackingPromptStat.findFirst({
    where: { businessId, engine, periodKind: other, samples: { gt: 0 }, period: { gte: since } },
    orderBy: { period: 'desc' },
    select: { period: true },
  });
  if (!earlier) return { kind: plan, change: null };
  const next = await db.trackingPromptStat.findFirst({
    where: {
      businessId,
      engine,
      periodKind: plan,
      samples: { gt: 0 },
      period: { gt: earlier.period },
    },
    orderBy: { period: 'asc' },
    select: { period: true },
  });
  return {
    kind: 'week',
    change: {
      from: other,
      to: plan,
      since: (next?.period ?? new Date(earlier.period.getTime() + DAY_MS))
        .toISOString()
        .slice(0, 10),
    },
  };
}

/** Per business, engine and question: the counts of `lt`..`gte`, for the digest's few businesses. */
export async function questionsBetween(
  businessIds: string[],
  engine: Prisma.StringFilter,
  gte: Date,
  lt: Date,
): Promise<Map<string, Map<string, Map<string, QuestionCounts>>>> {
  const rows = await db.trackingPromptStat.groupBy({
    by: ['businessId', 'engine', 'promptId'],
    where: { businessId: { in: businessIds }, engine, period: { gte, lt }, samples: { gt: 0 } },
    _sum: {
      samples: true,
      mentioned: true,
      cited: true,
      positionSum: true,
      positionSquares: true,
      positionCount: true,
    },
  });
  const result = new Map<string, Map<string, Map<string, QuestionCounts>>>();
  for (const row of rows) {
    const engines = result.get(row.businessId) ?? new Map<string, Map<string, QuestionCounts>>();
    const questions = engines.get(row.engine) ?? new Map<string, QuestionCounts>();
    questions.set(row.promptId, {
      samples: row._sum.samples ?? 0,
      mentioned: row._sum.mentioned ?? 0,
      cited: row._sum.cited ?? 0,
      positionSum: row._sum.positionSum ?? 0,
      positionSquares: row._sum.positionSquares ?? 0,
      positionCount: row._sum.positionCount ?? 0,
    });
    engines.set(row.engine, questions);
    result.set(row.businessId, engines);
  }
  return result;
}

/** The questions of every engine together, each question once. */
export function allEngines(engines: Map<string, Map<string, QuestionCounts>> | undefined) {
  const merged = new Map<string, QuestionCounts>();
  for (const questions of engines?.values() ?? [])
    for (const [id, counts] of questions)
      merged.set(id, addQuestionCounts(merged.get(id) ?? NO_QUESTION_COUNTS, counts));
  return [...merged.values()];
}
