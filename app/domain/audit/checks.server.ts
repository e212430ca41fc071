import { readPage } from './page.server';
import { SIGNAL_IDS, SIGNALS, type SignalGroup, type SignalId, type SignalResult } from './signals';
import { accessChecks, readRobots } from './checks/crawler-access.server';
import { discoveryChecks } from './checks/discovery.server';
import { identityChecks } from './checks/identity.server';
import { basicsChecks, homeProblem } from './checks/page-basics.server';
import {
  bodyText,
  type AuditContext,
  type BusinessFacts,
  type GroupResults,
  type Result,
  type SiteFetches,
} from './checks/shared.server';

// The checks behind every signal, on what was fetched. Pure: no network, no clock, no database, so
// each one is unit-tested on fixture files. Each group of the report (SIGNAL_GROUPS) has its module
// under checks/; this one builds what they share and puts their results in the order of SIGNALS.

export type { BusinessFacts, SiteFetches } from './checks/shared.server';
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

/** Each group's checks; SIGNALS says which signals a group holds, and the types hold them to it. */
const GROUP_CHECKS: { [G in SignalGroup]: (context: AuditContext) => GroupResults<G> } = {
  access: accessChecks,
  discovery: discoveryChecks,
  identity: identityChecks,
  basics: basicsChecks,
};

/** Every signal, in the order of SIGNALS, from what was fetched. */
export function evaluate(fetches: SiteFetches, business: BusinessFacts): SignalResult[] {
  const { home } = fetches;
  const homeUrl = home.ok ? home.url : business.website;
  const addresses = siteAddresses(homeUrl);
  const problem = homeProblem(home);

  if (!home.ok && !fetches.robots) {
    // Not reachable at all: nothing else was fetched.
    const reason = problem!;
    return SIGNAL_IDS.map((id) => ({
      id,
      status: 'fail',
      evidence: { url: home.url, snippet: home.error },
      reason,
    }));
  }

  const context: AuditContext = {
    fetches,
    business,
    homeUrl,
    addresses,
    robots: readRobots(fetches.robots, addresses.robots),
    problem,
    page: problem || !home.ok ? null : { home, facts: readPage(bodyText(home)) },
  };
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
