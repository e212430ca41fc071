import { z } from 'zod';
import { CRAWLER_DAYS_MAX, crawlerVisits } from '~/domain/tracking/visits/report.server';
import { crawlerVisitsJson } from '~/domain/tracking/visits/visits-json';
import { businessId, json, readOnly, run, type ToolGroup } from './shared.server';

// get_crawler_visits (issue 48): the AI crawlers' visits and the AI assistants' referrals read
// from the business's logs, in the JSON API's shape (GET /api/businesses/{id}/crawlers). Another
// owner's business is a tool error.

const DEFAULT_DAYS = 30;

export const registerCrawlerTools: ToolGroup = (server, user) => {
  server.registerTool(
    'get_crawler_visits',
    {
      title: 'AI crawler visits and AI referrals',
      description: `Which AI crawlers and agents visited the business's website over the last \`days\` days (default ${DEFAULT_DAYS}, at most ${CRAWLER_DAYS_MAX}), read from the access logs the owner uploaded or sent through a log drain or the Cloudflare Worker: per agent (its robots.txt name, vendor and purpose: training, answer, user, agent) the visits, \`verified\` (from the vendor's published addresses) and \`unverified\` (claiming the name from elsewhere, counted apart), the answers by status class (a share of 4xx or 5xx means the site turned it away), the last day seen and the pages fetched most; then the visits people made from AI assistants (by Referer or utm_source) with their landing pages; then the latest log imports. Returns { agents: [{ agent, vendor, purpose, visits, verified, unverified, statuses: { "2xx", "3xx", "4xx", "5xx" }, lastSeen, topPages: [{ path, visits }] }], referrals: [{ assistant, visits, topPages }], imports: [{ importId, status, lines, counted, skipped }] }.`,
      inputSchema: z.strictObject({
        businessId,
        days: z
          .number()
          .int()
          .min(1)
          .max(CRAWLER_DAYS_MAX)
          .optional()
          .describe(
            `The last N days up to today (UTC), 1 to ${CRAWLER_DAYS_MAX} (${DEFAULT_DAYS} by default)`,
          ),
      }),
      annotations: readOnly,
    },
    (input) =>
      run(async () =>
        json(
          crawlerVisitsJson(
            await crawlerVisits(user, input.businessId, input.days ?? DEFAULT_DAYS),
          ),
        ),
      ),
  );
};
