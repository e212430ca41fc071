// The sites behind the answers (issue 46), per business and range of days: every site the
// answers cited, with how many answers cite it (share and 95% interval clustered by question, as
// every rate), how many of those did not name the business, the businesses named with it, its
// cited pages, its kind, and whether the business is on its most cited page; then the action
// plan. Read from the per-day counts kept as answers are stored (counts.server.ts), never from the
// answers themselves, so it reaches past their retention.

import type { Prisma } from '~/generated/prisma/client';
import type { PublicUser } from '~/domain/accounts.server';
import { listingChecks } from '~/domain/listing-checks';
import { TIER_LABELS } from '~/domain/tiers';
import { db } from '~/lib/db.server';
import { clusteredRate } from '../figures/figures';
import { correctionsOf } from '../corrections/corrections.server';
import { countedKey } from '../corrections/corrections';
import { siteOf } from '../reading/domains';
import { ownedBusiness } from '../owned.server';
import { engineFilter, engineNames, simulatedFigures } from './visibility.server';
import { actionPlan, type ListingStatus, type SourceAction } from '../sources/actions';
import {
  competitorSites,
  kindOf,
  listEntry,
  type CorrectableKind,
  type SourceKind,
} from '../sources/kinds';
import { listingView, type ListingRow } from '../sources/listing-view';
import { gapSearches } from '../sources/searches.server';

const DAY_MS = 86_400_000;
export const SOURCES_DEFAULT_DAYS = 30;
export const SOURCES_MAX_DAYS = 366;
export const SOURCES_PER_PAGE = 20;
export const URLS_PER_SOURCE = 5;
export const COMPETITORS_PER_SOURCE = 5;
/** The most sites one report reads (a window's distinct cited sites; far more than a plan sees). */
const SITES_READ = 2000;
/** Directories and forums the plan weighs, besides the page's sites. */
const PLAN_SITES = 10;

export type SourceListing = {
  status: ListingStatus;
  url: string | null;
  checkedAt: string | null;
  reason: string | null;
};

export type SourceRow = {
  domain: string;
  kind: SourceKind;
  /** The site's name (the list's, or the competitor's), or null. */
  name: string | null;
  /** The owner corrected the kind. */
  corrected: boolean;
  answers: number;
  share: number;
  low: number;
  high: number;
  answersWithoutYou: number;
  competitors: string[];
  urls: { url: string; answers: number }[];
  listing: SourceListing;
};

export type SourcesReport = {
  business: { id: string; name: string };
  from: string;
  to: string;
  days: number;
  /** Answers in the range, and those that did not name the business. */
  samples: number;
  withoutYou: number;
  mentioned: number;
  /** Every cited site's count, and this page of them. */
  total: number;
  page: number;
  perPage: number;
  sources: SourceRow[];
  actions: SourceAction[];
  simulated: boolean;
  /** The plan's listing checks, or null when it has none. */
  listingPlan: { pages: number; everyDays: number } | null;
};

export type SourcesQuery = { days?: number; page?: number; perPage?: number; now?: Date };

type Owner = Pick<PublicUser, 'id' | 'subscriptionStatus' | 'subscriptionExpiry'>;

export async function sourcesReport(
  owner: Owner,
  businessId: string,
  query: SourcesQuery = {},
): Promise<SourcesReport> {
  const business = await ownedBusiness(owner, businessId);
  const now = query.now ?? new Date();
  const days = Math.min(Math.max(1, query.days ?? SOURCES_DEFAULT_DAYS), SOURCES_MAX_DAYS);
  const perPage = query.perPage ?? SOURCES_PER_PAGE;
  const lt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + DAY_MS);
  const gte = new Date(lt.getTime() - days * DAY_MS);
  const engine = engineFilter();
  const where = { businessId: business.id, engine, period: { gte, lt } };
  const simulated = simulatedFigures();

  const [questions, sites, competitors, kindRows, corrections] = await Promise.all([
    db.trackingPromptStat.groupBy({
      by: ['promptId'],
      where: { ...where, samples: { gt: 0 } },
      _sum: { samples: true, mentioned: true, sourcesCounted: true, sourcesWithoutYou: true },
    }),
    db.trackingSourceStat.groupBy({
      by: ['domain'],
      where,
      _sum: { answers: true, withoutYou: true },
      orderBy: [{ _sum: { withoutYou: 'desc' } }, { _sum: { answers: 'desc' } }, { domain: 'asc' }],
      take: SITES_READ,
    }),
    db.competitor.findMany({
      where: { businessId: business.id },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: 100,
      select: { name: true, key: true, website: true },
    }),
    db.sourceKindCorrection.findMany({
      where: { businessId: business.id },
      take: 1000,
      select: { domain: true, kind: true },
    }),
    correctionsOf(business.id),
  ]);
  const sum = (field: 'samples' | 'mentioned' | 'sourcesCounted' | 'sourcesWithoutYou') =>
    questions.reduce((sum, row) => sum + (row._sum[field] ?? 0), 0);
  // The sites' figures are out of the answers whose sites were counted (every answer stored
  // since they are); the competitors' out of every answer, as the name counts are.
  const samples = sum('sourcesCounted');
  const withoutYou = sum('sourcesWithoutYou');
  const mentioned = samples - withoutYou;
  const allSamples = sum('samples');
  const allMentioned = sum('mentioned');
  const context = {
    ownSite: business.website ? siteOf(business.website) : null,
    competitorSites: competitorSites(competitors),
    corrections: new Map(kindRows.map((row) => [row.domain, row.kind as CorrectableKind])),
  };
  const kinds = new Map(sites.map((site) => [site.domain, kindOf(site.domain, context)]));

  const total = sites.length;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const page = Math.min(Math.max(1, query.page ?? 1), lastPage);
  const shown = sites.slice((page - 1) * perPage, page * perPage).map((site) => site.domain);
  const planned = sites
    .filter((site) => ['directory', 'forum'].includes(kinds.get(site.domain)!.kind))
    .slice(0, PLAN_SITES)
    .map((site) => site.domain);
  const detailed = [...new Set([...shown, ...planned])];
  const detailWhere = { ...where, domain: { in: detailed } };

  const [perQuestion, pages, names, listings, competitorNames, searches] = await Promise.all([
    db.trackingSourceStat.groupBy({
      by: ['domain', 'promptId'],
      where: detailWhere,
      _sum: { answers: true },
    }),
    db.trackingSourcePageStat.groupBy({
      by: ['domain', 'key'],
      where: detailWhere,
      _sum: { answers: true },
      _min: { url: true },
      orderBy: [{ _sum: { answers: 'desc' } }, { key: 'asc' }],
      take: SITES_READ,
    }),
    db.trackingSourceNameStat.groupBy({
      by: ['domain', 'key'],
      where: detailWhere,
      _sum: { answers: true },
      _max: { name: true },
      orderBy: [{ _sum: { answers: 'desc' } }, { key: 'asc' }],
      take: SITES_READ,
    }),
    db.sourceListing.findMany({
      where: { businessId: business.id, domain: { in: detailed } },
      take: SITES_READ,
      select: { key: true, domain: true, url: true, status: true, reason: true, checkedAt: true },
    }),
    competitorFigures(business.id, where, competitors),
    gapSearches(business.id, where),
  ]);

  const samplesByQuestion = new Map(questions.map((q) => [q.promptId, q._sum.sourcesCounted ?? 0]));
  const byDomain = <T extends { domain: string }>(rows: readonly T[]) => {
    const map = new Map<string, T[]>();
    for (const row of rows) map.set(row.domain, [...(map.get(row.domain) ?? []), row]);
    return map;
  };
  const questionRows = byDomain(perQuestion);
  const pageRows = byDomain(pages);
  const nameRows = byDomain(names);
  const listingRows = byDomain(listings);
  const plan = listingChecks(owner, now);
  const knownKeys = new Set(competitors.map((competitor) => competitor.key));

  const rowOf = (site: (typeof sites)[number]): SourceRow => {
    const kind = kinds.get(site.domain)!;
    const answers = site._sum.answers ?? 0;
    // The clusters: every question of the range, its answers citing the site out of its samples.
    const cited = new Map(
      (questionRows.get(site.domain) ?? []).map((row) => [row.promptId, row._sum.answers ?? 0]),
    );
    const rate = clusteredRate(
      [...samplesByQuestion].map(([promptId, n]) => ({
        samples: n,
        successes: Math.min(n, cited.get(promptId) ?? 0),
      })),
    );
    const urls = (pageRows.get(site.domain) ?? []).slice(0, URLS_PER_SOURCE).map((row) => ({
      url: row._min.url ?? row.key,
      answers: row._sum.answers ?? 0,
    }));
    const named = new Map<string, string>();
    for (const row of nameRows.get(site.domain) ?? []) {
      const counted = countedKey(corrections, row.key);
      if (counted === null || named.has(counted)) continue;
      named.set(counted, corrections.into.get(row.key)?.name ?? row._max.name ?? row.key);
    }
    // The owner's competitors first, then the other businesses named with it.
    const competitorsNamed = [...named]
      .sort(([a], [b]) => Number(knownKeys.has(b)) - Number(knownKeys.has(a)))
      .slice(0, COMPETITORS_PER_SOURCE)
      .map(([, name]) => name);
    return {
      domain: site.domain,
      kind: kind.kind,
      name: kind.competitor ?? listEntry(site.domain)?.name ?? null,
      corrected: kind.corrected,
      answers,
      share: samples ? Math.min(1, answers / samples) : 0,
      low: rate.low,
      high: rate.high,
      answersWithoutYou: site._sum.withoutYou ?? 0,
      competitors: competitorsNamed,
      urls,
      listing: listingView({
        businessId: business.id,
        kind: kind.kind,
        urls,
        rows: (listingRows.get(site.domain) ?? []) as ListingRow[],
        simulated,
        plan,
        planNeeded: TIER_LABELS.diy,
      }),
    };
  };

  const rows = new Map(
    sites
      .filter((site) => detailed.includes(site.domain))
      .map((site) => [site.domain, rowOf(site)]),
  );
  const names_ = engineNames();
  const actions = actionPlan({
    samples,
    withoutYou,
    named: { samples: allSamples, mentioned: allMentioned },
    sources: planned.map((domain) => {
      const row = rows.get(domain)!;
      const checked = (listingRows.get(domain) ?? []) as ListingRow[];
      return {
        domain,
        name: row.name ?? domain,
        kind: row.kind,
        answers: row.answers,
        answersWithoutYou: row.answersWithoutYou,
        listings: simulated
          ? [{ status: row.listing.status, url: row.listing.url ?? domain }]
          : checked.map((listing) => ({
              status: listing.status as ListingStatus,
              url: listing.url,
            })),
        urls: row.urls,
      };
    }),
    competitors: competitorNames,
    searches: searches.map((search) => ({
      ...search,
      engine: names_.get(search.engine) ?? search.engine,
    })),
  });

  return {
    business: { id: business.id, name: business.name },
    from: gte.toISOString().slice(0, 10),
    to: new Date(lt.getTime() - DAY_MS).toISOString().slice(0, 10),
    days,
    samples,
    withoutYou,
    mentioned,
    total,
    page,
    perPage,
    sources: shown.map((domain) => rows.get(domain)!),
    actions,
    simulated,
    listingPlan: plan,
  };
}

/** The owner's competitors: answers naming each, and the sites cited in those answers. */
async function competitorFigures(
  businessId: string,
  where: { businessId: string; engine: Prisma.StringFilter; period: { gte: Date; lt: Date } },
  competitors: readonly { name: string; key: string; website: string | null }[],
) {
  if (!competitors.length) return [];
  const keys = competitors.map((competitor) => competitor.key);
  const [mentions, sites] = await Promise.all([
    db.trackingNameStat.groupBy({
      by: ['key'],
      where: { ...where, businessId, key: { in: keys } },
      _sum: { mentions: true },
    }),
    db.trackingSourceNameStat.groupBy({
      by: ['key', 'domain'],
      where: { ...where, businessId, key: { in: keys } },
      _sum: { answers: true },
      orderBy: [{ _sum: { answers: 'desc' } }, { domain: 'asc' }],
      take: SITES_READ,
    }),
  ]);
  const counts = new Map(mentions.map((row) => [row.key, row._sum.mentions ?? 0]));
  return competitors.map((competitor) => ({
    name: competitor.name,
    website: competitor.website ? siteOf(competitor.website) : null,
    mentions: counts.get(competitor.key) ?? 0,
    sites: sites.filter((row) => row.key === competitor.key).map((row) => row.domain),
  }));
}
