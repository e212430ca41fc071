import { env } from '~/lib/env.server';
import {
  DEFAULT_FETCH_LIMITS,
  parseAllowlist,
  safeFetch,
  type FetchPolicy,
} from '~/lib/safe-fetch.server';
import { mailOrigin } from '~/mail/messages.server';
import {
  auditContext,
  evaluateContext,
  notChecked,
  readRobots,
  siteAddresses,
  unreachableOf,
  type AuditContext,
  type BusinessFacts,
  type CrawlerFetch,
} from './checks.server';
import { bodyText, looksLikeHtml } from './checks/shared.server';
import { FETCHING_CRAWLERS } from '../agents/crawlers.server';
import { readPage } from './page.server';
import { siteFacts } from './site-facts.server';
import { buildFixes, unreachableFix } from './fixes.server';
import {
  AUDIT_VERSION,
  scoreOf,
  type AuditOutcome,
  type Fix,
  type SignalId,
  type SignalResult,
  type Unreachable,
} from './signals';

// One audit of a website: fetch it (safely), check every signal, score it and write the fixes.
// Nothing is stored here (records.server.ts does that).

/** What one audit found, before it is stored. */
export type AuditRun = {
  url: string;
  /** AUDIT_VERSION: the signals checked and their weights. */
  version: number;
  score: number;
  outcome: AuditOutcome;
  unreachable: Unreachable | null;
  signals: SignalResult[];
  fixes: Fix[];
  durationMs: number;
};

/** The fetch rules of every audit; tests pass their own allowlist. */
export function auditFetchPolicy(overrides: Partial<FetchPolicy> = {}): FetchPolicy {
  return {
    ...DEFAULT_FETCH_LIMITS,
    allowPrivateHosts: parseAllowlist(env.AUDIT_ALLOWED_PRIVATE_HOSTS),
    userAgent: `Mozilla/5.0 (compatible; AIVisibilityAudit/1.0; +${mailOrigin()}/how-it-works)`,
    ...overrides,
  };
}

/** Requests one audit may send to the site, redirects included (issue 33: at most 30). */
export const AUDIT_REQUEST_LIMIT = 30;
/** Crawlers fetched as at the same time (each asks for the home page, then robots.txt). */
const CRAWLER_CONCURRENCY = 3;
/** Pages linked from the home page (or listed in its sitemap) checked before a fix links them. */
const PAGES_TO_CHECK = 4;

/** Runs `work` on each item, at most `limit` at a time, keeping the order of the results. */
async function inTurn<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>) {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** The home page and robots.txt as each AI crawler we fetch as gets them (its real user agent). */
function fetchAsCrawlers(homeUrl: string, robotsUrl: string, policy: FetchPolicy) {
  return inTurn(FETCHING_CRAWLERS, CRAWLER_CONCURRENCY, async (crawler): Promise<CrawlerFetch> => {
    const asCrawler = { ...policy, userAgent: crawler.userAgent };
    const home = await safeFetch(homeUrl, asCrawler);
    const robots = await safeFetch(robotsUrl, asCrawler);
    return { token: crawler.token, home, robots };
  });
}

const NOT_PAGES =
  /\.(pdf|jpe?g|png|gif|webp|svg|ico|css|js|mjs|json|xml|txt|zip|mp[34]|mov|docx?|xlsx?)$/i;

/**
 * Pages a generated file may link: the home page's own links on the same site, then the sitemap's
 * entries, each fetched (within the audit's requests) and kept only if it answers with a web page
 * of its own (not a redirect to the home page, not an error).
 */
async function existingPages(
  context: AuditContext,
  policy: FetchPolicy,
): Promise<{ url: string; name: string }[]> {
  const origin = new URL(context.homeUrl).origin;
  const home = new URL(context.homeUrl);
  const candidates = new Map<string, string>();
  const add = (href: string, name: string) => {
    let url: URL;
    try {
      url = new URL(href, context.homeUrl);
    } catch {
      return;
    }
    url.hash = '';
    if (url.origin !== origin || NOT_PAGES.test(url.pathname)) return;
    if (url.pathname === home.pathname && url.search === home.search) return;
    if (!candidates.has(url.href)) candidates.set(url.href, name);
  };
  for (const link of context.page?.facts.links ?? []) add(link.href, link.text);
  const sitemap = context.fetches.sitemap;
  if (sitemap?.ok && sitemap.status < 300) {
    for (const match of bodyText(sitemap).matchAll(/<loc>\s*([^<\s]+)\s*<\/loc>/gi)) {
      add(match[1]!, '');
    }
  }
  const checked = await inTurn(
    [...candidates.entries()].slice(0, PAGES_TO_CHECK),
    2,
    async ([url, linkText]) => {
      const page = await safeFetch(url, policy);
      if (!page.ok || page.status >= 300 || !looksLikeHtml(page)) return null;
      const landed = new URL(page.url);
      if (landed.origin !== origin || landed.pathname === home.pathname) return null;
      const title = readPage(bodyText(page))
        .title?.split(/\s[|–—-]\s/)[0]
        ?.trim();
      const name = (linkText.length <= 40 ? linkText : '') || title || landed.pathname;
      return { url: page.url, name };
    },
  );
  return checked.filter((page): page is { url: string; name: string } => page !== null);
}

/**
 * Fetches the site and scores it: the home page first; then, on the origin it ended up at,
 * robots.txt, llms.txt and the sitemap, and the home page and robots.txt as each AI crawler we
 * test (its real user agent); our own visit again if crawlers got 429 or 503; and, when a fix
 * will link pages, a few of the site's pages to be sure they exist. At most AUDIT_REQUEST_LIMIT
 * requests, each fetch at most 10 s and the whole audit at most 20 s, every one under the same
 * rules (safe-fetch: every address and redirect checked). Never throws for anything the site
 * does: an unreachable site is an audit with outcome 'unreachable', nothing checked and one fix.
 */
export async function auditSite(
  business: BusinessFacts,
  policy: FetchPolicy = auditFetchPolicy(),
): Promise<AuditRun> {
  const started = performance.now();
  // One time budget and one count of requests for the whole audit: later fetches get what is left.
  policy = {
    ...policy,
    deadline: Date.now() + 2 * policy.timeoutMs,
    requests: { remaining: AUDIT_REQUEST_LIMIT },
  };
  const home = await safeFetch(business.website, policy);
  // Nothing more to fetch, or to judge, on a site that cannot be reached (or that we may not reach).
  const unreachable = unreachableOf(home);
  if (unreachable) {
    return {
      url: business.website,
      version: AUDIT_VERSION,
      score: 0,
      outcome: 'unreachable',
      unreachable,
      signals: notChecked(),
      fixes: [unreachableFix(unreachable, business)],
      durationMs: Math.round(performance.now() - started),
    };
  }
  const landing = home.ok ? home.url : business.website;
  const addresses = siteAddresses(landing);
  const defaultSitemap = safeFetch(addresses.sitemap, policy);
  const asCrawlers = fetchAsCrawlers(landing, addresses.robots, policy);
  const [robots, llms] = await Promise.all([
    safeFetch(addresses.robots, policy),
    safeFetch(addresses.llms, policy),
  ]);
  // The sitemap robots.txt names, if it names one; the usual address otherwise.
  const listed = readRobots(robots, addresses.robots).sitemaps[0];
  let sitemap = listed && listed !== addresses.sitemap ? await safeFetch(listed, policy) : null;
  sitemap ??= await defaultSitemap;
  const crawlers = await asCrawlers;
  // A crawler got 429 or 503: was the site limiting everyone (us included) at that moment?
  const limited = crawlers.some(
    (fetched) => fetched.home?.ok && (fetched.home.status === 429 || fetched.home.status === 503),
  );
  const recheck = limited && home.ok && home.status < 400 ? await safeFetch(landing, policy) : null;

  const context = auditContext({ home, robots, sitemap, llms, crawlers, recheck }, business)!;
  const signals = evaluateContext(context);
  const statusOf = (id: SignalId) => signals.find((signal) => signal.id === id)?.status;
  const linksPages = statusOf('llms_txt') !== 'pass' || statusOf('sitemap') === 'fail';
  const pages = linksPages ? await existingPages(context, policy) : [];
  const facts = siteFacts(context, statusOf('sitemap') !== 'fail', pages);
  return {
    url: business.website,
    version: AUDIT_VERSION,
    score: scoreOf(signals),
    outcome: 'complete',
    unreachable: null,
    signals,
    fixes: buildFixes(signals, business, facts),
    durationMs: Math.round(performance.now() - started),
  };
}
