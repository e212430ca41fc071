import type { TransactionClient } from '~/lib/db.server';
import type { AnswerFact } from '../reading/facts';

// Counting the facts an answer states, in the transaction that keeps the answer
// (rounds/store.server.ts): one TrackingFactStat row per business, engine, UTC day, kind and
// version, so the fact check reads a few rows and outlives the answers.

/** Adds one answer's versions to the day's counts; the latest answer becomes each one's example. */
export async function countFacts(
  tx: TransactionClient,
  key: { businessId: string; engine: string; period: Date },
  answerId: string,
  askedAt: Date,
  facts: readonly AnswerFact[],
): Promise<void> {
  for (const fact of facts) {
    const where = { ...key, kind: fact.kind, key: fact.key };
    await tx.trackingFactStat.upsert({
      where: { businessId_engine_period_kind_key: where },
      create: {
        ...where,
        value: fact.value,
        answers: 1,
        firstSeen: askedAt,
        lastSeen: askedAt,
        answerId,
        quote: fact.quote,
      },
      update: {
        answers: { increment: 1 },
        value: fact.value,
        lastSeen: askedAt,
        answerId,
        quote: fact.quote,
      },
    });
  }
}

/** The facts kept with an answer (JSON), or null for one recorded before they were read. */
export function storedFacts(value: string | null): AnswerFact[] | null {
  if (value === null) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (fact): fact is AnswerFact =>
        typeof fact === 'object' &&
        fact !== null &&
        typeof fact.kind === 'string' &&
        typeof fact.value === 'string' &&
        typeof fact.key === 'string' &&
        typeof fact.quote === 'string',
    );
  } catch {
    return [];
  }
}
