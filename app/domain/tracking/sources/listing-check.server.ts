// The weekly listing check (issue 46): for a business whose plan has it, fetch its most cited
// third-party pages and look for the business on each (listing-match.ts). Through safe-fetch (its
// SSRF rules, time limit and size cap), as ourselves (an honest user agent naming the check and
// where to read about it), and only where the site's robots.txt lets a crawler of our name fetch
// the page (RFC 9309, read by the audit's reader; a robots.txt that fails with 5xx or cannot be
// reached means "do not fetch"). At most the plan's pages, and never more than 10 fetches per
// business in 7 days. The Demo assistant's pages are made up and never fetched: only real
// engines' pages are candidates.

import { parseRobots, robotsVerdict } from '~/domain/audit/robots';
import { bodyText, looksLikeHtml } from '~/domain/audit/checks/shared.server';
import { listingChecks } from '~/domain/listing-checks';
import { env } from '~/lib/env.server';
import { db } from '~/lib/db.server';
import {
  DEFAULT_FETCH_LIMITS,
  parseAllowlist,
  safeFetch,
  type FetchOutcome,
  type FetchPolicy,
} from '~/lib/safe-fetch.server';
import { mailOrigin } from '~/mail/messages.server';
import { siteOf } from '../reading/domains';
import { competitorSites, kindOf, type CorrectableKind } from './kinds';
import { findBusiness } from './listing-match';

const DAY_MS = 86_400_000;
/** Never more page fetches than this per business in 7 days, whatever the plan. */
export const MAX_FETCHES_PER_WEEK = 10;
/** The cited pages weighed: those of the last 30 days. */
export const CANDIDATE_DAYS = 30;
/** The name robots.txt rules are matched against, and the user agent's product token. */
export const LISTING_TOKEN = 'AIVisibilityListingCheck';
/** Attempts per page when the failure may pass (time-out, network, 429, 5xx). */
const ATTEMPTS = 2;
/** One run stops starting pages after this long; the pages left wait for the next run. */
export const RUN_LIMIT_MS = 180_000;

export function listingUserAgent(): string {
  return `Mozilla/5.0 (compatible; ${LISTING_TOKEN}/1.0; +${mailOrigin()}/how-it-works)`;
}

export function listingFetchPolicy(overrides: Partial<FetchPolicy> = {}): FetchPolicy {
  return {
    ...DEFAULT_FETCH_LIMITS,
    allowPrivateHosts: parseAllowlist(env.AUDIT_ALLOWED_PRIVATE_HOSTS),
    userAgent: listingUserAgent(),
    ...overrides,
  };
}

export type ListingOutcome = {
  status: 'listed' | 'not_listed' | 'unknown';
  reason: string | null;
  found: string | null;
};

export const BLOCKED_REASON =
  "Blocked: the site's robots.txt asks crawlers like ours not to fetch this page";
export const ROBOTS_UNREACHABLE_REASON =
  "Not reachable: the site's robots.txt could not be read, so we did not fetch the page";

type Options = {
  now?: Date;
  policy?: FetchPolicy;
  /** First wait before a second attempt (doubles); tests shorten it. */
  retryDelayMs?: number;
  /** How long the run may start pages (RUN_LIMIT_MS); tests shorten it. */
  runLimitMs?: number;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A fetch that may pass on a second try: a time-out, a network failure, 429 or 5xx. */
function worthRetrying(outcome: FetchOutcome): boolean {
  if (!outcome.ok) return ['timeout', 'connect', 'network'].includes(outcome.code);
  return outcome.status === 429 || outcome.status >= 500;
}

async function fetchWithRetry(url: string, policy: FetchPolicy, delayMs: number) {
  let outcome = await safeFetch(url, policy);
  for (let attempt = 2; attempt <= ATTEMPTS && worthRetrying(outcome); attempt += 1) {
    await sleep(delayMs * 2 ** (attempt - 2) * (0.5 + Math.random()));
    outcome = await safeFetch(url, policy);
  }
  return outcome;
}

/** What one page says: listed, not listed, or unknown with why. */
export async function checkPage(
  url: string,
  business: { name: string; website: string | null; phones: readonly string[] },
  robots: (url: string) => Promise<'allowed' | 'blocked' | 'unreachable'>,
  policy: FetchPolicy,
  retryDelayMs = 1000,
): Promise<ListingOutcome> {
  if (!URL.canParse(url))
    return { status: 'unknown', reason: 'Not reachable: not a web address', found: null };
  const allowed = await robots(url);
  if (allowed === 'blocked') return { status: 'unknown', reason: BLOCKED_REASON, found: null };
  if (allowed === 'unreachable')
    return { status: 'unknown', reason: ROBOTS_UNREACHABLE_REASON, found: null };
  const page = await fetchWithRetry(url, policy, retryDelayMs);
  if (!page.ok) return { status: 'unknown', reason: `Not reachable: ${page.error}`, found: null };
  if ([401, 403, 429].includes(page.status) || page.status === 999)
    return {
      status: 'unknown',
      reason: `Refused: the site answered ${page.status} to our request`,
      found: null,
    };
  if (page.status >= 400)
    return {
      status: 'unknown',
      reason: `Not reachable: the page answered ${page.status}`,
      found: null,
    };
  if (!looksLikeHtml(page))
    return { status: 'unknown', reason: 'Not reachable: the page is not a web page', found: null };
  const match = findBusiness(bodyText(page), business);
  return {
    status: match.listed ? 'listed' : 'not_listed',
    reason: null,
    found: match.found.length ? match.found.join(',') : null,
  };
}

/** robots.txt once per site for one run: whether our token may fetch a path there. */
function robotsReader(policy: FetchPolicy, retryDelayMs: number) {
  const files = new Map<string, Promise<ReturnType<typeof parseRobots> | 'all' | null>>();
  return (url: string) => {
    const origin = new URL(url).origin;
    let file = files.get(origin);
    if (!file) {
      file = fetchWithRetry(`${origin}/robots.txt`, policy, retryDelayMs).then((fetched) => {
        if (!fetched.ok || fetched.status >= 500 || fetched.status === 429) return null;
        // 4xx: no robots.txt, every page may be fetched (RFC 9309 2.3.1.3).
        if (fetched.status >= 400) return 'all' as const;
        return parseRobots(bodyText(fetched));
      });
      files.set(origin, file);
    }
    return file.then((robots) =>
      robots === null
        ? ('unreachable' as const)
        : robots === 'all' || robotsVerdict(robots, url, LISTING_TOKEN).allowed
          ? ('allowed' as const)
          : ('blocked' as const),
    );
  };
}

/**
 * Checks the business's due pages now, within its plan and the weekly cap. Returns the pages
 * checked (0 when the plan has no checks, nothing is due, or the week's fetches are used).
 */
export async function checkListings(businessId: string, options: Options = {}): Promise<number> {
  const now = options.now ?? new Date();
  const policy = options.policy ?? listingFetchPolicy();
  const retryDelayMs = options.retryDelayMs ?? 1000;
  const business = await db.business.findUnique({
    where: { id: businessId },
    select: {
      id: true,
      name: true,
      website: true,
      listingsCheckedAt: true,
      user: { select: { subscriptionStatus: true, subscriptionExpiry: true } },
      competitors: { take: 100, select: { name: true, website: true } },
      sourceKinds: { take: 1000, select: { domain: true, kind: true } },
    },
  });
  if (!business) return 0;
  const plan = listingChecks(business.user, now);
  if (!plan) return 0;
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
  const dueBefore = new Date(now.getTime() - plan.everyDays * DAY_MS);
  if (business.listingsCheckedAt && business.listingsCheckedAt > dueBefore) return 0;
  const fetchedThisWeek = await db.sourceListing.count({
    where: { businessId, checkedAt: { gte: weekAgo } },
  });
  const budget = Math.min(plan.pages, MAX_FETCHES_PER_WEEK - fetchedThisWeek);
  if (budget <= 0) return 0;

  const pages = await db.trackingSourcePageStat.groupBy({
    by: ['key', 'domain'],
    where: {
      businessId,
      // Real assistants' pages only: the Demo assistant's are made up.
      engine: { not: 'demo' },
      period: { gte: new Date(now.getTime() - CANDIDATE_DAYS * DAY_MS) },
    },
    _sum: { answers: true },
    _min: { url: true },
    orderBy: [{ _sum: { answers: 'desc' } }, { key: 'asc' }],
    take: 200,
  });
  const context = {
    ownSite: business.website ? siteOf(business.website) : null,
    competitorSites: competitorSites(business.competitors),
    corrections: new Map(
      business.sourceKinds.map((row) => [row.domain, row.kind as CorrectableKind]),
    ),
  };
  const thirdParty = pages.filter(
    (page) => !['yours', 'competitor'].includes(kindOf(page.domain, context).kind),
  );
  const recent = await db.sourceListing.findMany({
    where: {
      businessId,
      key: { in: thirdParty.map((page) => page.key) },
      checkedAt: { gte: dueBefore },
    },
    select: { key: true },
  });
  const checkedRecently = new Set(recent.map((row) => row.key));
  const due = thirdParty.filter((page) => !checkedRecently.has(page.key)).slice(0, budget);

  const robots = robotsReader(policy, retryDelayMs);
  const facts = { name: business.name, website: business.website, phones: [] as string[] };
  const stopAt = Date.now() + (options.runLimitMs ?? RUN_LIMIT_MS);
  let checked = 0;
  for (const page of due) {
    // A slow site must not hold the job for ever: what is left waits for the next run.
    if (Date.now() > stopAt) break;
    checked += 1;
    const url = page._min.url ?? page.key;
    const outcome = await checkPage(url, facts, robots, policy, retryDelayMs);
    const checkedAt = now;
    await db.sourceListing.upsert({
      where: { businessId_key: { businessId, key: page.key } },
      create: { businessId, key: page.key, domain: page.domain, url, checkedAt, ...outcome },
      update: { url, checkedAt, ...outcome },
    });
  }
  await db.business.update({ where: { id: businessId }, data: { listingsCheckedAt: now } });
  return checked;
}
