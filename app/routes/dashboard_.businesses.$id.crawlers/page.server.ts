import { CRAWLER_PURPOSES } from '~/domain/agents/crawlers.server';
import { citedInAnswers } from '~/domain/tracking/reports/crawl-chain.server';
import { crawlerConclusions } from '~/domain/tracking/visits/conclusions';
import { linesThisMonth } from '~/domain/tracking/visits/import.server';
import { DRAINS_PER_BUSINESS, listDrainTokens } from '~/domain/tracking/visits/drains.server';
import { crawlerVisits } from '~/domain/tracking/visits/report.server';
import { daysAsked } from '../dashboard/business-page';
import { ownerAndBusiness, privatePage } from '../dashboard/business-page.server';

// The crawler visits page's loader: one business's AI crawler visits and AI referrals over 7, 30
// or 90 days, the conclusions in words, the chain (crawled → named in answers → visits from the
// assistants) and the latest imports. Another owner's business is a 404.

const DEFAULT_DAYS = 30;

export async function loadCrawlersPage(request: Request, id: string) {
  const days = daysAsked(new URL(request.url), DEFAULT_DAYS);
  const { user, business } = await ownerAndBusiness(request, id);
  const [visits, cited, allowance, drains] = await Promise.all([
    crawlerVisits(user, business.id, days),
    citedInAnswers(business.id, days),
    linesThisMonth(user),
    listDrainTokens(user, business.id),
  ]);
  const crawled = visits.agents.reduce((sum, agent) => sum + agent.visits, 0);
  const verified = visits.agents.reduce((sum, agent) => sum + agent.verified, 0);
  const referred = visits.referrals.reduce((sum, row) => sum + row.visits, 0);
  return privatePage({
    business: { id: business.id, name: business.name },
    days,
    visits,
    purposes: CRAWLER_PURPOSES,
    conclusions: crawlerConclusions(visits.agents, visits.referrals, days),
    chain: { crawled, verified, cited, referred },
    allowance: { used: allowance.used, limit: allowance.limit },
    drains: { items: drains, limit: DRAINS_PER_BUSINESS },
    simulated: visits.imports.some((row) => row.source === 'demo'),
    working: visits.imports.some((row) => ['receiving', 'queued', 'running'].includes(row.status)),
  });
}
