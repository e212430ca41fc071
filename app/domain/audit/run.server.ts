import { env } from '~/lib/env.server';
import {
  DEFAULT_FETCH_LIMITS,
  parseAllowlist,
  safeFetch,
  type FetchPolicy,
} from '~/lib/safe-fetch.server';
import { mailOrigin } from '~/mail/messages.server';
import {
  evaluate,
  notChecked,
  readRobots,
  siteAddresses,
  unreachableOf,
  type BusinessFacts,
} from './checks.server';
import { buildFixes, unreachableFix } from './fixes.server';
import {
  scoreOf,
  type AuditOutcome,
  type Fix,
  type SignalResult,
  type Unreachable,
} from './signals';

// One audit of a website: fetch it (safely), check every signal, score it and write the fixes.
// Nothing is stored here (records.server.ts does that).

/** What one audit found, before it is stored. */
export type AuditRun = {
  url: string;
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

/**
 * Fetches the site (home page first; then robots.txt, llms.txt and the sitemap side by side, on
 * the origin the home page ended up at), all within one 10-second budget, and scores it. Never throws for anything the site does:
 * an unreachable site is an audit with outcome 'unreachable', nothing checked and one fix.
 */
export async function auditSite(
  business: BusinessFacts,
  policy: FetchPolicy = auditFetchPolicy(),
): Promise<AuditRun> {
  const started = performance.now();
  // One time budget for the whole audit (10 s): the later fetches get what the first left.
  policy = { ...policy, deadline: Date.now() + policy.timeoutMs };
  const home = await safeFetch(business.website, policy);
  // Nothing more to fetch, or to judge, on a site that cannot be reached (or that we may not reach).
  const unreachable = unreachableOf(home);
  if (unreachable) {
    return {
      url: business.website,
      score: 0,
      outcome: 'unreachable',
      unreachable,
      signals: notChecked(),
      fixes: [unreachableFix(unreachable, business)],
      durationMs: Math.round(performance.now() - started),
    };
  }
  let robots = null;
  let sitemap = null;
  let llms = null;
  {
    const addresses = siteAddresses(home.ok ? home.url : business.website);
    const defaultSitemap = safeFetch(addresses.sitemap, policy);
    [robots, llms] = await Promise.all([
      safeFetch(addresses.robots, policy),
      safeFetch(addresses.llms, policy),
    ]);
    // The sitemap robots.txt names, if it names one; the usual address otherwise.
    const listed = readRobots(robots, addresses.robots).sitemaps[0];
    sitemap = listed && listed !== addresses.sitemap ? await safeFetch(listed, policy) : null;
    sitemap ??= await defaultSitemap;
  }
  const signals = evaluate({ home, robots, sitemap, llms }, business);
  return {
    url: business.website,
    score: scoreOf(signals),
    outcome: 'complete',
    unreachable: null,
    signals,
    fixes: buildFixes(signals, business),
    durationMs: Math.round(performance.now() - started),
  };
}
