import type { Prisma } from '~/generated/prisma/client';
import { db } from '~/lib/db.server';

// The searches the assistants ran whose pages never held the business's site (cited or only
// found), most run first: what the business's site does not yet answer. Only answers counted
// since the per-search "found the site" count was kept (TrackingSearchStat.counted) say so.

export const GAP_SEARCHES = 3;

export async function gapSearches(
  businessId: string,
  where: { engine: Prisma.StringFilter; period: { gte: Date; lt: Date } },
): Promise<{ engine: string; query: string; answers: number }[]> {
  const rows = await db.trackingSearchStat.groupBy({
    by: ['key', 'engine'],
    where: { businessId, engine: where.engine, period: where.period, counted: { gt: 0 } },
    _sum: { counted: true, withSite: true },
    _max: { query: true },
    having: { withSite: { _sum: { equals: 0 } } },
    orderBy: [{ _sum: { counted: 'desc' } }, { key: 'asc' }],
    take: GAP_SEARCHES,
  });
  return rows.map((row) => ({
    engine: row.engine,
    query: row._max.query ?? row.key,
    answers: row._sum.counted ?? 0,
  }));
}
