import { Prisma } from '~/generated/prisma/client';
import { db } from '~/lib/db.server';
import { demoTracking } from '~/lib/env.server';
import {
  addCounts,
  addQuestionCounts,
  figuresFromCounts,
  NO_COUNTS,
  NO_QUESTION_COUNTS,
  type QuestionCounts,
  periodStart,
  type Figures,
  type PeriodKind,
} from '../figures/figures';
import {
  COUNT_FIELDS,
  countsOfRow,
  engineFilter,
  isoDay,
  periodEnd,
  type VisibilityPeriod,
} from './visibility.server';

// The dashboard card's AI visibility: for each business of a page, the latest period with answers
// against the one before, from the per-day counts (TrackingStat). A page costs two queries however
// many businesses it shows and however long each has been tracked: the latest day of each (a
// correlated subquery, latestDaySql, which the page's card query carries), then the counts of those
// periods, each business's own range of its (businessId, period) index.

const DAY_MS = 86_400_000;

/** The dashboard card's line for each business on the page: latest period against the one before. */
export type VisibilitySummary = {
  current: Figures;
  previous: Figures | null;
  period: VisibilityPeriod;
};

/**
 * SQL for the latest day with a kept answer of the engines shown (as the visibility page reads
 * it) of the business whose id is `businessId`: the newest row of its (businessId, period) index
 * that passes, or NULL.
 */
export function latestDaySql(businessId: Prisma.Sql): Prisma.Sql {
  const engine = demoTracking
    ? Prisma.sql`t."engine" = ${'demo'}`
    : Prisma.sql`t."engine" <> ${'demo'}`;
  return Prisma.sql`(SELECT t."period" FROM "TrackingStat" t
    WHERE t."businessId" = ${businessId} AND ${engine} AND t."samples" > 0
    ORDER BY t."period" DESC LIMIT 1)`;
}

/**
 * Each business's summary from its latest day (businesses never tracked are not in `latest`): one
 * query for the page, at most 100 businesses, never a user-grown list.
 */
export async function visibilitySummaries(
  latest: Map<string, Date>,
  kind: PeriodKind,
): Promise<Record<string, VisibilitySummary>> {
  if (latest.size === 0) return {};
  const ranges = [...latest].map(([businessId, last]) => {
    const start = periodStart(last, kind);
    return {
      businessId,
      start,
      previousStart: periodStart(new Date(start.getTime() - DAY_MS), kind),
      end: periodEnd(start, kind),
    };
  });
  const where = {
    engine: engineFilter(),
    OR: ranges.map((range) => ({
      businessId: range.businessId,
      period: { gte: range.previousStart, lt: range.end },
    })),
  };
  // The per-question counts too: the change is tested with the clustering by question.
  const [rows, questionRows] = await Promise.all([
    db.trackingStat.findMany({
      where,
      select: { businessId: true, period: true, ...COUNT_FIELDS },
    }),
    db.trackingPromptStat.findMany({
      where: { ...where, samples: { gt: 0 } },
      select: {
        businessId: true,
        period: true,
        promptId: true,
        samples: true,
        mentioned: true,
        cited: true,
        positionSum: true,
        positionSquares: true,
        positionCount: true,
      },
    }),
  ]);
  const result: Record<string, VisibilitySummary> = {};
  for (const range of ranges) {
    let current = NO_COUNTS;
    let previous = NO_COUNTS;
    for (const row of rows) {
      if (row.businessId !== range.businessId) continue;
      if (row.period >= range.start) current = addCounts(current, countsOfRow(row));
      else previous = addCounts(previous, countsOfRow(row));
    }
    const currentQuestions = new Map<string, QuestionCounts>();
    const previousQuestions = new Map<string, QuestionCounts>();
    for (const { businessId, period, promptId, ...counts } of questionRows) {
      if (businessId !== range.businessId) continue;
      const into = period >= range.start ? currentQuestions : previousQuestions;
      into.set(promptId, addQuestionCounts(into.get(promptId) ?? NO_QUESTION_COUNTS, counts));
    }
    result[range.businessId] = {
      current: figuresFromCounts(current, [...currentQuestions.values()]),
      previous: previous.samples
        ? figuresFromCounts(previous, [...previousQuestions.values()])
        : null,
      period: {
        start: isoDay(range.start),
        end: isoDay(new Date(range.end.getTime() - DAY_MS)),
        kind,
      },
    };
  }
  return result;
}
