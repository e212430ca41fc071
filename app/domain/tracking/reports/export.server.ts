// The tracking part of "Download my data" (account-export.server.ts): each business's tracked
// questions and competitors, and every kept answer and per-period figure of the user's businesses.
// Read in keyset batches selected by the owner (a join on Business.userId), never by a list of the
// user's ids, so neither query parameters nor memory grow with the account.
import { db } from '~/lib/db.server';
import { storedSentences } from '../reading/sentiment';
import { storedLocation, storedPages, storedSearches } from '../reading/stored';

/** Rows read per query. */
const BATCH = 500;

export type ExportedQuestion = { text: string; addedAt: string; lastAskedAt: string | null };
export type ExportedCompetitor = { name: string; website: string | null; addedAt: string };

/**
 * The tracked questions and competitors of one batch of businesses (account-export's batch of at
 * most 500 ids, as it reads their audits; each has at most the plan's few), by business id.
 */
export async function questionsAndCompetitors(businessIds: string[]) {
  const [prompts, competitors] = await Promise.all([
    db.trackedPrompt.findMany({
      where: { businessId: { in: businessIds } },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: { businessId: true, text: true, createdAt: true, lastAskedAt: true },
    }),
    db.competitor.findMany({
      where: { businessId: { in: businessIds } },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: { businessId: true, name: true, website: true, createdAt: true },
    }),
  ]);
  const questions = new Map<string, ExportedQuestion[]>();
  for (const prompt of prompts) {
    const list = questions.get(prompt.businessId) ?? [];
    list.push({
      text: prompt.text,
      addedAt: prompt.createdAt.toISOString(),
      lastAskedAt: prompt.lastAskedAt?.toISOString() ?? null,
    });
    questions.set(prompt.businessId, list);
  }
  const named = new Map<string, ExportedCompetitor[]>();
  for (const competitor of competitors) {
    const list = named.get(competitor.businessId) ?? [];
    list.push({
      name: competitor.name,
      website: competitor.website,
      addedAt: competitor.createdAt.toISOString(),
    });
    named.set(competitor.businessId, list);
  }
  return {
    questionsOf: (id: string) => questions.get(id) ?? [],
    competitorsOf: (id: string) => named.get(id) ?? [],
  };
}

const answerSelect = {
  id: true,
  businessId: true,
  askedAt: true,
  prompt: true,
  engine: true,
  model: true,
  period: true,
  periodKind: true,
  status: true,
  error: true,
  text: true,
  sources: true,
  searches: true,
  location: true,
  mentioned: true,
  position: true,
  cited: true,
  retrieved: true,
  competitors: true,
  sentences: true,
} as const;

/** The other businesses an answer named, in order: [{ name, position }] ([] if unreadable). */
function namesOf(stored: string): { name: string; position: number | null }[] {
  try {
    const list: unknown = JSON.parse(stored);
    if (!Array.isArray(list)) return [];
    return list.flatMap((item: unknown) => {
      const { name, position } = (item ?? {}) as { name?: unknown; position?: unknown };
      return typeof name === 'string'
        ? [{ name, position: typeof position === 'number' ? position : null }]
        : [];
    });
  } catch {
    return [];
  }
}

/** Every kept answer of the user's businesses: business by business, oldest first. */
export async function* exportAnswers(userId: string) {
  let cursor: { id: string } | undefined;
  for (;;) {
    const batch = await db.trackingAnswer.findMany({
      where: { business: { userId } },
      orderBy: [{ businessId: 'asc' }, { askedAt: 'asc' }, { id: 'asc' }],
      take: BATCH,
      ...(cursor ? { cursor, skip: 1 } : {}),
      select: answerSelect,
    });
    for (const answer of batch) {
      yield {
        businessId: answer.businessId,
        askedAt: answer.askedAt.toISOString(),
        question: answer.prompt,
        assistant: answer.engine,
        model: answer.model,
        period: answer.period.toISOString().slice(0, 10),
        periodKind: answer.periodKind,
        status: answer.status,
        ...(answer.error ? { error: answer.error } : {}),
        text: answer.text,
        mentioned: answer.mentioned,
        position: answer.position,
        citedYourSite: answer.cited,
        foundYourSiteWithoutCiting: answer.retrieved,
        otherBusinessesNamed: namesOf(answer.competitors),
        sentences: storedSentences(answer.sentences),
        pages: storedPages(answer.sources),
        searches: storedSearches(answer.searches),
        askedFrom: storedLocation(answer.location),
      };
    }
    if (batch.length < BATCH) return;
    cursor = { id: batch[batch.length - 1]!.id };
  }
}

/**
 * The figures every page is computed from, per business, assistant and period: answers, how many
 * named the business, cited its site, its average position, failures (kept after the answers
 * themselves are deleted).
 */
export async function* exportFigures(userId: string) {
  let after: { businessId: string; engine: string; period: Date } | undefined;
  for (;;) {
    const batch = await db.trackingStat.findMany({
      where: {
        business: { userId },
        ...(after
          ? {
              OR: [
                { businessId: { gt: after.businessId } },
                { businessId: after.businessId, period: { gt: after.period } },
                {
                  businessId: after.businessId,
                  period: after.period,
                  engine: { gt: after.engine },
                },
              ],
            }
          : {}),
      },
      orderBy: [{ businessId: 'asc' }, { period: 'asc' }, { engine: 'asc' }],
      take: BATCH,
    });
    for (const stat of batch) {
      yield {
        businessId: stat.businessId,
        assistant: stat.engine,
        period: stat.period.toISOString().slice(0, 10),
        periodKind: stat.periodKind,
        answers: stat.samples,
        mentioned: stat.mentioned,
        citedYourSite: stat.cited,
        averagePosition:
          stat.positionCount > 0
            ? Math.round((stat.positionSum / stat.positionCount) * 10) / 10
            : null,
        otherBusinessesNamed: stat.otherNames,
        failed: stat.failed,
      };
    }
    if (batch.length < BATCH) return;
    const last = batch[batch.length - 1]!;
    after = { businessId: last.businessId, engine: last.engine, period: last.period };
  }
}
