import { data } from 'react-router';
import { CRAWLER_PURPOSES } from '~/domain/agents/crawlers.server';
import { BUSINESS_NOT_FOUND_MESSAGE } from '~/domain/businesses.server';
import { isDomainError } from '~/domain/errors';
import { ownedBusiness } from '~/domain/tracking/owned.server';
import { citedInAnswers } from '~/domain/tracking/reports/crawl-chain.server';
import { crawlerConclusions } from '~/domain/tracking/visits/conclusions';
import { linesThisMonth } from '~/domain/tracking/visits/import.server';
import { DRAINS_PER_BUSINESS, listDrainTokens } from '~/domain/tracking/visits/drains.server';
import { crawlerVisits } from '~/domain/tracking/visits/report.server';
import { requireUser } from '~/http/auth.server';
import { PRIVATE_NO_STORE } from '~/http/cache-policy';

// The crawler visits page's loader: one business's AI crawler visits and AI referrals over 7, 30
// or 90 days, the conclusions in words, the chain (crawled → named in answers → visits from the
// assistants) and the latest imports. Another owner's business is a 404.

import { DAY_CHOICES } from './days';
const DEFAULT_DAYS = 30;

export function crawlersPath(id: string) {
  return `/dashboard/businesses/${encodeURIComponent(id)}/crawlers`;
}

function notFound(error: unknown): never {
  if (isDomainError(error) && error.code === 'not_found')
    throw new Response(BUSINESS_NOT_FOUND_MESSAGE, { status: 404 });
  throw error;
}

export async function loadCrawlersPage(request: Request, id: string) {
  const user = await requireUser(request);
  const asked = Number(new URL(request.url).searchParams.get('days'));
  const days = DAY_CHOICES.find((choice) => choice === asked) ?? DEFAULT_DAYS;
  const business = await ownedBusiness(user, id).catch(notFound);
  const [visits, cited, allowance, drains] = await Promise.all([
    crawlerVisits(user, business.id, days),
    citedInAnswers(business.id, days),
    linesThisMonth(user),
    listDrainTokens(user, business.id),
  ]);
  const crawled = visits.agents.reduce((sum, agent) => sum + agent.visits, 0);
  const verified = visits.agents.reduce((sum, agent) => sum + agent.verified, 0);
  const referred = visits.referrals.reduce((sum, row) => sum + row.visits, 0);
  return data(
    {
      business: { id: business.id, name: business.name },
      days,
      visits,
      purposes: CRAWLER_PURPOSES,
      conclusions: crawlerConclusions(visits.agents, visits.referrals, days),
      chain: { crawled, verified, cited, referred },
      allowance: { used: allowance.used, limit: allowance.limit },
      drains: { items: drains, limit: DRAINS_PER_BUSINESS },
      simulated: visits.imports.some((row) => row.source === 'demo'),
      working: visits.imports.some((row) =>
        ['receiving', 'queued', 'running'].includes(row.status),
      ),
    },
    { headers: { 'Cache-Control': PRIVATE_NO_STORE } },
  );
}
