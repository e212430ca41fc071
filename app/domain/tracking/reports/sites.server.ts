import type { Prisma } from '~/generated/prisma/client';
import { db } from '~/lib/db.server';
import { siteOf } from '../reading/domains';
import type { DomainFigures } from '../figures/figures';

// The sites of a period's answers, from the per-day counts (TrackingDomainStat): the sites the
// answers cited most, and apart from them the sites their searches returned most without the
// answers citing them ("found by the search, not cited"). Each figure counts answers, not pages:
// an answer citing three pages of one site counts once for it.

export const SITES_SHOWN = 10;

export type SiteFigures = {
  /** The sites cited by the most answers (answers recorded before the distinction after them). */
  cited: DomainFigures[];
  /** The sites the searches returned without the answer citing them, most often first. */
  retrieved: DomainFigures[];
};

type Row = {
  domain: string;
  _sum: { answers: number | null; cited: number | null; retrieved: number | null };
};

/** The sites' counts; `share` is filled in by `withShares` once the period's samples are known. */
export async function siteFigures(
  business: { id: string; website: string | null },
  where: { engine: Prisma.StringFilter; period: { gte: Date; lt: Date } },
): Promise<SiteFigures> {
  const ownSite = business.website ? siteOf(business.website) : null;
  const base = { businessId: business.id, ...where };
  const sums = { answers: true, cited: true, retrieved: true } as const;
  const [cited, retrieved] = await Promise.all([
    db.trackingDomainStat.groupBy({
      by: ['domain'],
      where: base,
      _sum: sums,
      orderBy: [{ _sum: { cited: 'desc' } }, { _sum: { answers: 'desc' } }, { domain: 'asc' }],
      take: SITES_SHOWN * 2,
    }),
    db.trackingDomainStat.groupBy({
      by: ['domain'],
      where: base,
      having: { retrieved: { _sum: { gt: 0 } } },
      _sum: sums,
      orderBy: [{ _sum: { retrieved: 'desc' } }, { domain: 'asc' }],
      take: SITES_SHOWN,
    }),
  ]);
  const figures = (row: Row): DomainFigures => {
    const answers = row._sum.answers ?? 0;
    const citedAnswers = row._sum.cited ?? 0;
    const retrievedAnswers = row._sum.retrieved ?? 0;
    return {
      domain: row.domain,
      cited: citedAnswers,
      share: 0,
      retrieved: retrievedAnswers,
      citedOrRetrieved: Math.max(0, answers - citedAnswers - retrievedAnswers),
      own: row.domain === ownSite,
    };
  };
  return {
    cited: cited
      .map(figures)
      .filter((site) => site.cited > 0 || site.citedOrRetrieved > 0)
      .slice(0, SITES_SHOWN),
    retrieved: retrieved.map(figures),
  };
}

/** Each site's share: the period's answers citing it, out of all its answers. */
export function withShares(sites: SiteFigures, samples: number): SiteFigures {
  const share = (site: DomainFigures) => ({ ...site, share: samples ? site.cited / samples : 0 });
  return { cited: sites.cited.map(share), retrieved: sites.retrieved.map(share) };
}
