import type { Prisma } from '~/generated/prisma/client';
import { db } from '~/lib/db.server';

// The searches the engines ran most for each prompt in a period, from the per-day counts
// (TrackingSearchStat): one small indexed query per prompt shown (the page shows at most 50).

export const SEARCHES_PER_PROMPT = 3;

export type PromptSearch = {
  /** The search as an engine first wrote it. */
  query: string;
  /** Answers whose engine ran it. */
  answers: number;
  /** The engines that ran it, by id. */
  engines: string[];
};

export async function topSearches(
  businessId: string,
  promptIds: string[],
  where: { engine: Prisma.StringFilter; period: { gte: Date; lt: Date } },
  perPrompt = SEARCHES_PER_PROMPT,
): Promise<Record<string, PromptSearch[]>> {
  const result: Record<string, PromptSearch[]> = {};
  await Promise.all(
    promptIds.map(async (promptId) => {
      const rows = await db.trackingSearchStat.groupBy({
        by: ['key', 'engine'],
        where: { businessId, promptId, ...where },
        _sum: { answers: true },
        _max: { query: true },
        orderBy: [{ _sum: { answers: 'desc' } }, { key: 'asc' }],
        take: perPrompt * 10,
      });
      const byKey = new Map<string, PromptSearch>();
      for (const row of rows) {
        const search = byKey.get(row.key) ?? {
          query: row._max.query ?? row.key,
          answers: 0,
          engines: [],
        };
        search.answers += row._sum.answers ?? 0;
        search.engines.push(row.engine);
        byKey.set(row.key, search);
      }
      result[promptId] = [...byKey.entries()]
        .sort(([a, x], [b, y]) => y.answers - x.answers || a.localeCompare(b))
        .slice(0, perPrompt)
        .map(([, search]) => search);
    }),
  );
  return result;
}
