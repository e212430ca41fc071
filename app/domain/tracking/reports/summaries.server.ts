import { Prisma } from '~/generated/prisma/client';
import { db } from '~/lib/db.server';
import { demoTracking } from '~/lib/env.server';
import {
  addCounts,
  addQuestionCounts,
  figuresFromCounts,
  NO_COUNTS,
  NO_QUESTION_COUNTS,
  type FigureCounts,
  type QuestionCounts,
  periodStart,
  type Figures,
  type PeriodKind,
} from '../figures/figures';
import { isoDay, periodEnd, type VisibilityPeriod } from './visibility.server';

// The dashboard card's AI visibility: for each business of a page, the latest period with answers
// against the one before, from the per-day counts (TrackingStat). A page costs two queries however
// many businesses it shows and however long each has been tracked: the latest day of each (a
// correlated subquery, latestDaySql, which the page's card query carries), then the counts of those
// periods, each business's own range of its (businessId, period) index (one range for the businesses
// whose latest day is the same), from both count tables in one statement, which also brings the
// facts their answers gave (TrackingFactStat) for the card's wrong-facts mark.

const DAY_MS = 86_400_000;

/** The dashboard card's line for each business on the page: latest period against the one before. */
export type VisibilitySummary = {
  current: Figures;
  previous: Figures | null;
  period: VisibilityPeriod;
};

/** The engines shown (as engineFilter says it, for raw SQL): the Demo assistant's alone, or the rest. */
function engineSql(column = Prisma.sql`"engine"`): Prisma.Sql {
  return demoTracking ? Prisma.sql`${column} = ${'demo'}` : Prisma.sql`${column} <> ${'demo'}`;
}

/** A row of the counts query, as either engine gives it back (integers may be bigint on SQLite). */
type CountRow = {
  question: number | bigint;
  businessId: string;
  period: Date | string;
  promptId: string | null;
  key: string | null;
  value: string | null;
} & Record<keyof FigureCounts | 'positionSquares', number | bigint>;

/**
 * SQL for the latest day with a kept answer of the engines shown (as the visibility page reads
 * it) of the business whose id is `businessId`: the newest row of its (businessId, period) index
 * that passes, or NULL.
 */
export function latestDaySql(businessId: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`(SELECT t."period" FROM "TrackingStat" t
    WHERE t."businessId" = ${businessId} AND ${engineSql(Prisma.sql`t."engine"`)} AND t."samples" > 0
    ORDER BY t."period" DESC LIMIT 1)`;
}

/** A fact an answer of a business gave (a row of TrackingFactStat), for its card's mark. */
export type CardFactRow = { businessId: string; kind: string; key: string; value: string };

/**
 * Each business's summary from its latest day (businesses never tracked are not in `latest`), and
 * the facts their answers gave from `factsSince` on (facts.server.ts judges them): one query for
 * the page, at most 100 businesses, never a user-grown list.
 */
export async function visibilitySummaries(
  latest: Map<string, Date>,
  kind: PeriodKind,
  factsSince: Date,
): Promise<{ visibility: Record<string, VisibilitySummary>; facts: CardFactRow[] }> {
  if (latest.size === 0) return { visibility: {}, facts: [] };
  const ranges = [...latest].map(([businessId, last]) => {
    const start = periodStart(last, kind);
    return {
      businessId,
      start,
      previousStart: periodStart(new Date(start.getTime() - DAY_MS), kind),
      end: periodEnd(start, kind),
    };
  });
  // Both tables' rows of those ranges in one round trip: the per-day counts (question 0) and,
  // for the change, which is tested with the clustering by question, the per-question counts of
  // the questions answered (question 1). A plain UNION ALL, the same on SQLite and PostgreSQL.
  // Businesses tracked on the same days share a range: one `IN` of their ids each (a page of a
  // plan's businesses usually has one or two), a shorter statement to prepare and plan than a
  // range per business (bench:dashboard).
  const shared = new Map<string, { previousStart: Date; end: Date; ids: string[] }>();
  for (const { businessId, previousStart, end } of ranges) {
    const key = `${previousStart.getTime()}/${end.getTime()}`;
    const range = shared.get(key) ?? { previousStart, end, ids: [] };
    range.ids.push(businessId);
    shared.set(key, range);
  }
  const inRanges = Prisma.join(
    [...shared.values()].map(
      (range) =>
        Prisma.sql`("businessId" IN (${Prisma.join(range.ids)}) AND "period" >= ${range.previousStart} AND "period" < ${range.end})`,
    ),
    ' OR ',
  );
  // The facts the answers gave (question 2: its kind in "promptId", with its key and value) come
  // in the same statement: the page waits for one round trip, not two (bench:dashboard).
  const engine = engineSql();
  const found = await db.$queryRaw<CountRow[]>`
    SELECT 0 AS "question", "businessId", "period", NULL AS "promptId", "samples", "mentioned",
      "cited", "positionSum", 0 AS "positionSquares", "positionCount", "otherNames", "retrieved",
      "citedOrRetrieved", "citedNotNamed", NULL AS "key", NULL AS "value"
    FROM "TrackingStat" WHERE ${engine} AND (${inRanges})
    UNION ALL
    SELECT 1, "businessId", "period", "promptId", "samples", "mentioned", "cited", "positionSum",
      "positionSquares", "positionCount", 0, 0, 0, 0, NULL, NULL
    FROM "TrackingPromptStat" WHERE ${engine} AND "samples" > 0 AND (${inRanges})
    UNION ALL
    SELECT 2, "businessId", "period", "kind", 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, "key", "value"
    FROM "TrackingFactStat"
    WHERE ${engine} AND "businessId" IN (${Prisma.join([...latest.keys()])})
      AND "period" >= ${factsSince}`;
  const rows: { businessId: string; period: Date; counts: FigureCounts }[] = [];
  const questionRows: ({ businessId: string; period: Date; promptId: string } & QuestionCounts)[] =
    [];
  const facts: CardFactRow[] = [];
  for (const row of found) {
    const period = new Date(row.period);
    const question = Number(row.question);
    if (question === 2)
      facts.push({
        businessId: row.businessId,
        kind: row.promptId!,
        key: row.key!,
        value: row.value!,
      });
    else if (question === 0)
      rows.push({
        businessId: row.businessId,
        period,
        counts: {
          samples: Number(row.samples),
          mentioned: Number(row.mentioned),
          cited: Number(row.cited),
          positionSum: Number(row.positionSum),
          positionCount: Number(row.positionCount),
          otherNames: Number(row.otherNames),
          retrieved: Number(row.retrieved),
          citedOrRetrieved: Number(row.citedOrRetrieved),
          citedNotNamed: Number(row.citedNotNamed),
        },
      });
    else
      questionRows.push({
        businessId: row.businessId,
        period,
        promptId: row.promptId!,
        samples: Number(row.samples),
        mentioned: Number(row.mentioned),
        cited: Number(row.cited),
        positionSum: Number(row.positionSum),
        positionSquares: Number(row.positionSquares),
        positionCount: Number(row.positionCount),
      });
  }
  const visibility: Record<string, VisibilitySummary> = {};
  for (const range of ranges) {
    let current = NO_COUNTS;
    let previous = NO_COUNTS;
    for (const row of rows) {
      if (row.businessId !== range.businessId) continue;
      if (row.period >= range.start) current = addCounts(current, row.counts);
      else previous = addCounts(previous, row.counts);
    }
    const currentQuestions = new Map<string, QuestionCounts>();
    const previousQuestions = new Map<string, QuestionCounts>();
    for (const { businessId, period, promptId, ...counts } of questionRows) {
      if (businessId !== range.businessId) continue;
      const into = period >= range.start ? currentQuestions : previousQuestions;
      into.set(promptId, addQuestionCounts(into.get(promptId) ?? NO_QUESTION_COUNTS, counts));
    }
    visibility[range.businessId] = {
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
  return { visibility, facts };
}
