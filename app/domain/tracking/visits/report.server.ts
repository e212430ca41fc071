import { db } from '~/lib/db.server';
import type { PublicUser } from '../../accounts.server';
import { CRAWLERS, type CrawlerPurpose } from '../../agents/crawlers.server';
import { publishesRanges } from '../../agents/addresses.server';
import { productToken } from '../../agents/tokens';
import { ownedBusiness } from '../owned.server';
import { STATUS_CLASSES, type StatusClass } from './tally';

// Crawler visits and AI referrals of a business over the last N days (issue 48), read from the
// per-day counts: each agent with its visits (verified and not), status classes, last day seen and
// top pages; referrals per assistant with their landing pages; the latest imports. A few grouped
// queries, whatever the size of the logs.

export const CRAWLER_DAYS_MAX = 366;
const TOP_PAGES = 5;
const IMPORTS_SHOWN = 10;

export type AgentVisits = {
  agent: string;
  vendor: string | null;
  purpose: CrawlerPurpose;
  /** Plain words for what the agent fetches for ("ChatGPT search"). */
  serves: string;
  visits: number;
  verified: number;
  unverified: number;
  /** Whether the vendor publishes its addresses (else no visit of it can be verified). */
  verifiable: boolean;
  statuses: Record<StatusClass, number>;
  lastSeen: string;
  topPages: { path: string; visits: number }[];
  /** Visits per UTC day seen (yyyy-mm-dd), oldest first (days without visits left out). */
  byDay: { day: string; visits: number }[];
};

export type Referrals = {
  assistant: string;
  visits: number;
  topPages: { path: string; visits: number }[];
};

export type ImportView = {
  importId: string;
  status: string;
  lines: number;
  counted: number;
  skipped: number;
  duplicates: number;
  source: string;
  createdAt: string;
  finishedAt: string | null;
  error: string | null;
};

export type CrawlerVisits = {
  from: string;
  to: string;
  agents: AgentVisits[];
  referrals: Referrals[];
  imports: ImportView[];
};

const BY_TOKEN = new Map(CRAWLERS.map((crawler) => [productToken(crawler.token), crawler]));
const VENDORS: Record<string, string> = {
  'oai-searchbot': 'OpenAI',
  'chatgpt-user': 'OpenAI',
  gptbot: 'OpenAI',
  'claude-searchbot': 'Anthropic',
  'claude-user': 'Anthropic',
  claudebot: 'Anthropic',
  'anthropic-ai': 'Anthropic',
  perplexitybot: 'Perplexity',
  'perplexity-user': 'Perplexity',
  googlebot: 'Google',
  bingbot: 'Microsoft',
  applebot: 'Apple',
  ccbot: 'Common Crawl',
  amazonbot: 'Amazon',
  bytespider: 'ByteDance',
  'meta-externalagent': 'Meta',
  'meta-externalfetcher': 'Meta',
  'mistralai-user': 'Mistral',
};

function vendorOf(token: string, serves: string): string | null {
  return VENDORS[productToken(token)] ?? (serves && serves !== token ? serves : null);
}

export function dayRange(days: number, now = new Date()): { from: Date; to: Date } {
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const from = new Date(to.getTime() - (days - 1) * 86_400_000);
  return { from, to };
}

/** The crawler visits of the owner's business over the last `days` days (UTC, today included). */
export async function crawlerVisits(
  owner: Pick<PublicUser, 'id'>,
  businessId: string,
  days: number,
  now = new Date(),
): Promise<CrawlerVisits> {
  await ownedBusiness(owner, businessId);
  const { from, to } = dayRange(days, now);
  const where = { businessId, day: { gte: from } };
  const [visitRows, dayRows, referralRows, imports] = await Promise.all([
    db.crawlerVisitStat.groupBy({
      by: ['agent', 'verification', 'status'],
      where,
      _sum: { visits: true },
    }),
    db.crawlerVisitStat.groupBy({
      by: ['agent', 'day'],
      where,
      _sum: { visits: true },
      orderBy: [{ agent: 'asc' }, { day: 'asc' }],
    }),
    db.referralStat.groupBy({
      by: ['assistant'],
      where,
      _sum: { visits: true },
      orderBy: { _sum: { visits: 'desc' } },
    }),
    db.crawlerLogImport.findMany({
      where: { businessId },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: IMPORTS_SHOWN,
    }),
  ]);
  const agents = new Map<string, AgentVisits>();
  for (const row of visitRows) {
    const crawler = BY_TOKEN.get(productToken(row.agent));
    let entry = agents.get(row.agent);
    if (!entry) {
      entry = {
        agent: row.agent,
        vendor: vendorOf(row.agent, crawler?.serves ?? ''),
        purpose: crawler?.purpose ?? 'training',
        serves: crawler?.serves ?? row.agent,
        visits: 0,
        verified: 0,
        unverified: 0,
        verifiable: publishesRanges(row.agent),
        statuses: Object.fromEntries(STATUS_CLASSES.map((s) => [s, 0])) as Record<
          StatusClass,
          number
        >,
        lastSeen: '',
        topPages: [],
        byDay: [],
      };
      agents.set(row.agent, entry);
    }
    const visits = row._sum.visits ?? 0;
    entry.visits += visits;
    if (row.verification === 'verified') entry.verified += visits;
    else entry.unverified += visits;
    if ((STATUS_CLASSES as readonly string[]).includes(row.status))
      entry.statuses[row.status as StatusClass] += visits;
  }
  for (const row of dayRows) {
    const entry = agents.get(row.agent);
    if (!entry) continue;
    const day = row.day.toISOString().slice(0, 10);
    entry.byDay.push({ day, visits: row._sum.visits ?? 0 });
    if (day > entry.lastSeen) entry.lastSeen = day;
  }
  const sorted = [...agents.values()].sort(
    (a, b) => b.visits - a.visits || a.agent.localeCompare(b.agent),
  );
  // Top pages: one small grouped query per agent shown (a business sees a few dozen agents at most).
  await Promise.all(
    sorted.map(async (entry) => {
      const pages = await db.crawlerPageStat.groupBy({
        by: ['path'],
        where: { ...where, agent: entry.agent },
        _sum: { visits: true },
        orderBy: [{ _sum: { visits: 'desc' } }, { path: 'asc' }],
        take: TOP_PAGES,
      });
      entry.topPages = pages.map((page) => ({ path: page.path, visits: page._sum.visits ?? 0 }));
    }),
  );
  const referrals = await Promise.all(
    referralRows.map(async (row) => {
      const pages = await db.referralStat.groupBy({
        by: ['path'],
        where: { ...where, assistant: row.assistant },
        _sum: { visits: true },
        orderBy: [{ _sum: { visits: 'desc' } }, { path: 'asc' }],
        take: TOP_PAGES,
      });
      return {
        assistant: row.assistant,
        visits: row._sum.visits ?? 0,
        topPages: pages.map((page) => ({ path: page.path, visits: page._sum.visits ?? 0 })),
      };
    }),
  );
  return {
    from: from.toISOString().slice(0, 10),
    to: to.toISOString().slice(0, 10),
    agents: sorted,
    referrals,
    imports: imports.map((row) => ({
      importId: row.id,
      status: row.status,
      lines: row.lines,
      counted: row.counted,
      skipped: row.skipped,
      duplicates: row.duplicates,
      source: row.source,
      createdAt: row.createdAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
      error: row.error,
    })),
  };
}
