import { UNREACHABLE_ADDRESS, type FetchOutcome } from '~/lib/safe-fetch.server';
import { readPage } from './page.server';
import {
  SIGNAL_IDS,
  SIGNALS,
  type SignalGroup,
  type SignalId,
  type SignalResult,
  type Unreachable,
  UNREACHABLE_ADDRESS_CODE,
} from './signals';
import { accessChecks, readRobots } from './checks/crawler-access.server';
import { discoveryChecks } from './checks/discovery.server';
import { identityChecks } from './checks/identity.server';
import { basicsChecks, homeProblem } from './checks/page-basics.server';
import {
  bodyText,
  hostOf,
  type AuditContext,
  type BusinessFacts,
  type GroupResults,
  type Result,
  type SiteFetches,
} from './checks/shared.server';

// The checks behind every signal, on what was fetched. Pure: no network, no clock, no database, so
// each one is unit-tested on fixture files. Each group of the report (SIGNAL_GROUPS) has its module
// under checks/; this one builds what they share and puts their results in the order of SIGNALS.

export type { AuditContext, BusinessFacts, SiteFetches } from './checks/shared.server';
export type { CrawlerFetch } from './checks/edge-access.server';
export { checkEdgeAccess, edgeBlockOf } from './checks/edge-access.server';
export { checkContentSignals } from './checks/content-signals.server';
export { pageDirectives } from './checks/page-directives.server';
export { LIMITS } from './checks/shared.server';
export {
  checkAnswerBots,
  checkRobotsMeta,
  checkRobotsTxt,
  checkTrainingBots,
  readRobots,
  type RobotsReading,
} from './checks/crawler-access.server';
export { checkLlmsTxt, checkSitemap } from './checks/discovery.server';
export {
  checkFaq,
  checkNap,
  checkStructuredData,
  IDENTITY_FIELDS,
  normalizeName,
} from './checks/identity.server';
export {
  checkCanonical,
  checkH1,
  checkHttps,
  checkLang,
  checkPageWeight,
  checkResponseTime,
  checkServerText,
  checkTitleDescription,
} from './checks/page-basics.server';

/** Where robots.txt, the sitemap and llms.txt live for a home page at `homeUrl`. */
export function siteAddresses(homeUrl: string) {
  const origin = new URL(homeUrl).origin;
  return {
    robots: `${origin}/robots.txt`,
    sitemap: `${origin}/sitemap.xml`,
    llms: `${origin}/llms.txt`,
  };
}

/**
 * Why the site could not be checked at all, or null if it answered. A home page too large or with
 * too many redirects did answer: those are checked (and fail) like any other page.
 */
export function unreachableOf(home: FetchOutcome): Unreachable | null {
  if (home.ok || home.code === 'too_large' || home.code === 'too_many_redirects') return null;
  return describeUnreachable(home.url, home.code, home.error);
}

/**
 * The words for a site we could not reach at `address`, from safe-fetch's code and reason. A host
 * we refused (a private network) or could not resolve is one thing to the owner, whichever it was
 * (and in audits stored before they were one): safe-fetch logs the difference, nobody is shown it.
 */
export function describeUnreachable(address: string, code: string, reason: string): Unreachable {
  const host = hostOf(address);
  if (code === 'refused_address' || code === 'dns' || code === UNREACHABLE_ADDRESS_CODE) {
    return {
      host,
      code: UNREACHABLE_ADDRESS_CODE,
      reason: UNREACHABLE_ADDRESS,
      message: `We could not reach ${host}: ${UNREACHABLE_ADDRESS}.`,
    };
  }
  return { host, code, reason, message: `We could not reach ${host}: ${reason}.` };
}

/** Every signal of an audit that could not reach the site: not checked, each saying so once. */
export function notChecked(): SignalResult[] {
  return SIGNAL_IDS.map((id) => ({
    id,
    status: 'not_checked',
    evidence: {},
    reason: 'Not checked: we could not reach the site.',
  }));
}

/** Each group's checks; SIGNALS says which signals a group holds, and the types hold them to it. */
const GROUP_CHECKS: { [G in SignalGroup]: (context: AuditContext) => GroupResults<G> } = {
  access: accessChecks,
  discovery: discoveryChecks,
  identity: identityChecks,
  basics: basicsChecks,
};

/**
 * What every group's checks run on, built once from what was fetched; null when the site could not
 * be reached at all (nothing else was fetched, and nothing can be judged).
 */
export function auditContext(fetches: SiteFetches, business: BusinessFacts): AuditContext | null {
  const { home } = fetches;
  if (unreachableOf(home)) return null;
  const homeUrl = home.ok ? home.url : business.website;
  const addresses = siteAddresses(homeUrl);
  const problem = homeProblem(home);
  return {
    fetches,
    business,
    homeUrl,
    addresses,
    robots: readRobots(fetches.robots, addresses.robots),
    problem,
    page: problem || !home.ok ? null : { home, facts: readPage(bodyText(home)) },
  };
}

/** Every signal, in the order of SIGNALS, from the context. */
export function evaluateContext(context: AuditContext): SignalResult[] {
  const results = new Map<SignalId, Result>();
  for (const group of Object.keys(GROUP_CHECKS) as SignalGroup[]) {
    const groupResults: Partial<Record<SignalId, Result>> = GROUP_CHECKS[group](context);
    for (const [id, result] of Object.entries(groupResults) as [SignalId, Result][]) {
      // The weights table decides where a signal belongs; a group module cannot claim another's.
      if (SIGNALS[id].group !== group) throw new Error(`${id} is not in the ${group} group`);
      results.set(id, result);
    }
  }
  return SIGNAL_IDS.map((id) => ({ id, ...results.get(id)! }));
}

/** Every signal, in the order of SIGNALS, from what was fetched. */
export function evaluate(fetches: SiteFetches, business: BusinessFacts): SignalResult[] {
  const context = auditContext(fetches, business);
  return context ? evaluateContext(context) : notChecked();
}
