import type { Prisma } from '~/generated/prisma/client';
import { db } from '~/lib/db.server';

// The searches the engines ran most for each prompt in a period, from the per-day counts
// (TrackingSearchStat): one grouped query over the period's rows (index businessId, period),
// whatever the number of prompts. A period holds a bounded number of rows (prompts x engines x
// searches x days); the most run GROUPS_READ are read, which keeps every prompt's top searches.

export const SEARCHES_PER_PROMPT = 3;
const GROUPS_READ = 2000;

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
  where: { engine: Prisma.StringFilter; period: { gte: Date; lt: Date } },
  perPrompt = SEARCHES_PER_PROMPT,
): Promise<Record<string, PromptSearch[]>> {
  const rows = await db.trackingSearchStat.groupBy({
    by: ['promptId', 'key', 'engine'],
    where: { businessId, ...where },
    _sum: { answers: true },
    _max: { query: true },
    orderBy: [{ _sum: { answers: 'desc' } }, { key: 'asc' }],
    take: GROUPS_READ,
  });
  const byPrompt = new Map<string, Map<string, PromptSearch>>();
  for (const row of rows) {
    const searches = byPrompt.get(row.promptId) ?? new Map<string, PromptSearch>();
    const search = searches.get(row.key) ?? {
      query: row._max.query ?? row.key,
      answers: 0,
      engines: [],
    };
    search.answers += row._sum.answers ?? 0;
    search.engines.push(row.engine);
    searches.set(row.key, search);
    byPrompt.set(row.promptId, searches);
  }
  const result: Record<string, PromptSearch[]> = {};
  for (const [promptId, searches] of byPrompt)
    result[promptId] = [...searches.entries()]
      .sort(([a, x], [b, y]) => y.answers - x.answers || a.localeCompare(b))
      .slice(0, perPrompt)
      .map(([, search]) => search);
  return result;
}
