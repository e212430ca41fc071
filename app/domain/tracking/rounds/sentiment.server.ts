import type { Prisma } from '~/generated/prisma/client';
import { db, type TransactionClient } from '~/lib/db.server';
import {
  answerSentiment,
  countLabels,
  NO_SENTIMENT,
  sentimentFigures,
  type LabelledSentence,
  type SentimentFigures,
} from '../reading/sentiment';
import { storedMatches } from '../reading/stored';

// How the answers describe the business, kept and read back: each answer's labelled sentences
// are counted per business, engine and day (TrackingSentimentStat) in the transaction that
// stores the answer, so the visibility page, the API and the digest read a few rows, and the
// counts outlive the answers.

type StatKey = { businessId: string; engine: string; period: Date };

/** Adds one answer's labelled sentences to its day's counts (nothing for an answer without). */
export async function countSentences(
  tx: TransactionClient,
  key: StatKey,
  sentences: readonly LabelledSentence[],
): Promise<void> {
  if (!sentences.length) return;
  const counts = countLabels(sentences);
  await tx.trackingSentimentStat.upsert({
    where: { businessId_engine_period: key },
    create: { ...key, ...counts, answers: 1 },
    update: {
      positive: { increment: counts.positive },
      neutral: { increment: counts.neutral },
      negative: { increment: counts.negative },
      answers: { increment: 1 },
    },
  });
}

export type EngineSentiment = SentimentFigures & { engine: string };

/**
 * Per engine and overall, the shares of positive, neutral and negative sentences over the days
 * in `period`, with n. `engine` is the visibility page's engine filter (demo or real).
 */
export async function sentimentOf(
  businessId: string,
  engine: Prisma.StringFilter,
  period: { gte: Date; lt: Date },
): Promise<{ engines: EngineSentiment[]; overall: SentimentFigures }> {
  const rows = await db.trackingSentimentStat.groupBy({
    by: ['engine'],
    where: { businessId, engine, period },
    _sum: { positive: true, neutral: true, negative: true, answers: true },
  });
  const total = { ...NO_SENTIMENT, answers: 0 };
  const engines = rows.map((row) => {
    const counts = {
      positive: row._sum.positive ?? 0,
      neutral: row._sum.neutral ?? 0,
      negative: row._sum.negative ?? 0,
      answers: row._sum.answers ?? 0,
    };
    total.positive += counts.positive;
    total.neutral += counts.neutral;
    total.negative += counts.negative;
    total.answers += counts.answers;
    return { engine: row.engine, ...sentimentFigures(counts) };
  });
  return { engines, overall: sentimentFigures(total) };
}

const DAY_MS = 86_400_000;

/** Per business, the shares over the days in `period` (all engines of the filter together). */
export async function sentimentByBusiness(
  businessIds: readonly string[],
  engine: Prisma.StringFilter,
  period: { gte: Date; lt: Date },
): Promise<Map<string, SentimentFigures>> {
  const rows = businessIds.length
    ? await db.trackingSentimentStat.groupBy({
        by: ['businessId'],
        where: { businessId: { in: [...businessIds] }, engine, period },
        _sum: { positive: true, neutral: true, negative: true, answers: true },
      })
    : [];
  return new Map(
    rows.map((row) => [
      row.businessId,
      sentimentFigures({
        positive: row._sum.positive ?? 0,
        neutral: row._sum.neutral ?? 0,
        negative: row._sum.negative ?? 0,
        answers: row._sum.answers ?? 0,
      }),
    ]),
  );
}

export type PeriodSentiment = {
  engines: EngineSentiment[];
  overall: SentimentFigures;
  /**
   * The same over every period of the trend (from `since`), for when one period holds too few
   * sentences to say much: null before the first answer.
   */
  pooled: { since: string; engines: EngineSentiment[]; overall: SentimentFigures } | null;
};

/**
 * The shares of the period the visibility figures show (its first to its last day, as
 * "2026-11-23"), and pooled over the trend's periods from `since`; none before the first answer.
 */
export async function sentimentOfPeriod(
  businessId: string,
  engine: Prisma.StringFilter,
  current: { start: string; end: string } | null,
  since: string | null = null,
): Promise<PeriodSentiment> {
  if (!current)
    return {
      engines: [],
      overall: sentimentFigures({ ...NO_SENTIMENT, answers: 0 }),
      pooled: null,
    };
  const lt = new Date(Date.parse(`${current.end}T00:00:00.000Z`) + DAY_MS);
  const from = since && since < current.start ? since : current.start;
  const [shown, pooled] = await Promise.all([
    sentimentOf(businessId, engine, { gte: new Date(`${current.start}T00:00:00.000Z`), lt }),
    sentimentOf(businessId, engine, { gte: new Date(`${from}T00:00:00.000Z`), lt }),
  ]);
  return { ...shown, pooled: { since: from, ...pooled } };
}

/**
 * Reads the answers recorded before their sentences were kept (sentences null) with the
 * labeller, from their stored text and the highlights the reader kept, and adds them to the
 * counts of the day they were asked. Each answer is claimed by a conditional update in the
 * transaction that counts it, so two runs at once (or a run stopped half way and run again) count
 * each answer once. Returns the answers read.
 */
export async function backfillSentiment({ batch = 200 } = {}): Promise<number> {
  let read = 0;
  let cursor: string | undefined;
  for (;;) {
    const rows = await db.trackingAnswer.findMany({
      where: { sentences: null, status: 'answered', ...(cursor ? { id: { gt: cursor } } : {}) },
      orderBy: { id: 'asc' },
      take: batch,
      select: {
        id: true,
        businessId: true,
        engine: true,
        text: true,
        highlights: true,
        askedAt: true,
      },
    });
    for (const row of rows) {
      const { sentences, by } = answerSentiment(row.text, storedMatches(row.highlights));
      const counted = await db.$transaction(async (tx) => {
        const claimed = await tx.trackingAnswer.updateMany({
          where: { id: row.id, sentences: null },
          data: {
            sentences: JSON.stringify(sentences),
            sentimentBy: by,
          },
        });
        if (claimed.count !== 1) return false;
        await countSentences(
          tx,
          { businessId: row.businessId, engine: row.engine, period: dayOf(row.askedAt) },
          sentences,
        );
        return true;
      });
      if (counted) read += 1;
    }
    if (rows.length < batch) return read;
    cursor = rows.at(-1)!.id;
  }
}

function dayOf(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}
