import { Prisma } from '~/generated/prisma/client';
import { databaseEngine, db } from '~/lib/db.server';
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
// against the one before, from the per-day counts (TrackingStat, and TrackingPromptStat for the
// clustering by question). A page costs one statement however many businesses it shows and however
// long each has been tracked: the latest day of each (a correlated subquery, latestDaySql), then
// from both count tables each business's own range of its (businessId, period) index.

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
  last: Date | string;
  promptId: string | null;
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

/**
 * SQL for the first day that can fall in the period before the one holding `last` (a day of the
 * period kind `kind`): `last` less 1 day, or less 13 (the Monday of the week before is at most 13
 * days back). The exact ranges are applied to the rows read (visibilitySummaries). Each engine
 * keeps dates its own way: a timestamp on PostgreSQL; on SQLite the adapter's ISO text
 * ("2026-11-28T00:00:00.000+00:00"), which strftime writes the same, so the index still compares.
 */
function earliestDaySql(last: Prisma.Sql, kind: PeriodKind): Prisma.Sql {
  const days = kind === 'day' ? 1 : 13;
  return databaseEngine === 'postgresql'
    ? Prisma.sql`${last} - ${Prisma.raw(`INTERVAL '${days} days'`)}`
    : Prisma.sql`strftime('%Y-%m-%dT%H:%M:%f', ${last}, ${`-${days} days`}) || '+00:00'`;
}

/**
 * Each summary of these businesses of the owner's (a page, at most 100 ids, never a user-grown
 * list) that has been tracked: the latest period with answers against the one before. One
 * statement finds each business's latest day and reads its counts, so the page waits for one round
 * trip, and each business reads only its own range of its (businessId, period) index.
 */
export async function visibilitySummaries(
  ownerId: string,
  ids: readonly string[],
  kind: PeriodKind,
): Promise<Record<string, VisibilitySummary>> {
  if (ids.length === 0) return {};
  // Both tables' rows from the first day that can count to the latest: the per-day counts
  // (question 0) and, for the change, which is tested with the clustering by question, the
  // per-question counts of the questions answered (question 1). Rows after the latest day hold no
  // answer (it is the latest with one), so they add nothing and are not read.
  const found = await db.$queryRaw<CountRow[]>`
    WITH "latest" AS (
      SELECT b."id" AS "businessId", ${latestDaySql(Prisma.sql`b."id"`)} AS "last"
      FROM "Business" b
      WHERE b."id" IN (${Prisma.join(ids)}) AND b."userId" = ${ownerId}
    )
    SELECT 0 AS "question", s."businessId", s."period", l."last", NULL AS "promptId", s."samples",
      s."mentioned", s."cited", s."positionSum", 0 AS "positionSquares", s."positionCount",
      s."otherNames", s."retrieved", s."citedOrRetrieved", s."citedNotNamed"
    FROM "latest" l JOIN "TrackingStat" s ON s."businessId" = l."businessId"
    WHERE ${engineSql(Prisma.sql`s."engine"`)}
      AND s."period" >= ${earliestDaySql(Prisma.sql`l."last"`, kind)} AND s."period" <= l."last"
    UNION ALL
    SELECT 1, p."businessId", p."period", l."last", p."promptId", p."samples", p."mentioned",
      p."cited", p."positionSum", p."positionSquares", p."positionCount", 0, 0, 0, 0
    FROM "latest" l JOIN "TrackingPromptStat" p ON p."businessId" = l."businessId"
    WHERE ${engineSql(Prisma.sql`p."engine"`)} AND p."samples" > 0
      AND p."period" >= ${earliestDaySql(Prisma.sql`l."last"`, kind)} AND p."period" <= l."last"`;
  const latest = new Map<string, Date>();
  for (const row of found)
    if (!latest.has(row.businessId)) latest.set(row.businessId, new Date(row.last));
  const ranges = [...latest].map(([businessId, last]) => {
    const start = periodStart(last, kind);
    return {
      businessId,
      start,
      previousStart: periodStart(new Date(start.getTime() - DAY_MS), kind),
      end: periodEnd(start, kind),
    };
  });
  const rows: { businessId: string; period: Date; counts: FigureCounts }[] = [];
  const questionRows: ({ businessId: string; period: Date; promptId: string } & QuestionCounts)[] =
    [];
  for (const row of found) {
    const period = new Date(row.period);
    if (Number(row.question) === 0)
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
  const result: Record<string, VisibilitySummary> = {};
  for (const range of ranges) {
    let current = NO_COUNTS;
    let previous = NO_COUNTS;
    const inRange = (row: { businessId: string; period: Date }) =>
      row.businessId === range.businessId &&
      row.period >= range.previousStart &&
      row.period < range.end;
    for (const row of rows) {
      if (!inRange(row)) continue;
      if (row.period >= range.start) current = addCounts(current, row.counts);
      else previous = addCounts(previous, row.counts);
    }
    const currentQuestions = new Map<string, QuestionCounts>();
    const previousQuestions = new Map<string, QuestionCounts>();
    for (const { businessId, period, promptId, ...counts } of questionRows) {
      if (!inRange({ businessId, period })) continue;
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
