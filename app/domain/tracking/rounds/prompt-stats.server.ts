import type { TransactionClient } from '~/lib/db.server';

// The per-question counts (TrackingPromptStat, decision 20), kept in the transaction that stores
// each answer or failure, beside the per-day counts. The intervals of the figures are computed
// from them (the repeats of one question are alike), and the prompts table reads them, so no
// figure needs the answers themselves once retention has deleted them.

type DayKey = { businessId: string; engine: string; period: Date };

/** The answer's contribution: one sample, whether it named and cited, and where it named. */
export type PromptAnswer = { mentioned: boolean; cited: boolean; position: number | null };

/** Adds one read answer to its question's counts for the engine and day. */
export async function addPromptAnswer(
  tx: TransactionClient,
  key: DayKey,
  promptId: string,
  periodKind: string,
  answer: PromptAnswer,
): Promise<void> {
  const named = answer.mentioned && answer.position !== null && answer.position > 0;
  const position = named ? answer.position! : 0;
  const id = { ...key, promptId };
  await tx.trackingPromptStat.upsert({
    where: { businessId_promptId_engine_period: id },
    create: {
      ...id,
      periodKind,
      samples: 1,
      mentioned: answer.mentioned ? 1 : 0,
      cited: answer.cited ? 1 : 0,
      positionSum: position,
      positionSquares: position * position,
      positionCount: named ? 1 : 0,
      positionBest: named ? position : null,
    },
    update: {
      periodKind,
      samples: { increment: 1 },
      mentioned: { increment: answer.mentioned ? 1 : 0 },
      cited: { increment: answer.cited ? 1 : 0 },
      positionSum: { increment: position },
      positionSquares: { increment: position * position },
      positionCount: { increment: named ? 1 : 0 },
    },
  });
  // The best position: one conditional update, so concurrent answers never lose a better one.
  if (named)
    await tx.trackingPromptStat.updateMany({
      where: { ...id, OR: [{ positionBest: null }, { positionBest: { gt: position } }] },
      data: { positionBest: position },
    });
}

/** Counts one failed call against its question (it counts in no figure, only as failed). */
export async function addPromptFailure(
  tx: TransactionClient,
  key: DayKey,
  promptId: string,
  periodKind: string,
): Promise<void> {
  const id = { ...key, promptId };
  await tx.trackingPromptStat.upsert({
    where: { businessId_promptId_engine_period: id },
    create: { ...id, periodKind, failed: 1 },
    update: { failed: { increment: 1 } },
  });
}
