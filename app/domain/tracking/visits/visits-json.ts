import type { CrawlerVisits } from './report.server';

// Crawler visits in the JSON API's shape (issue 48), which the MCP tool get_crawler_visits
// returns too: { agents: [{ agent, vendor, purpose, visits, verified, unverified, statuses:
// { "2xx", "3xx", "4xx", "5xx" }, lastSeen, topPages: [{ path, visits }] }], referrals:
// [{ assistant, visits, topPages }], imports: [{ importId, status, lines, counted, skipped }] }.
// Pure.

export function crawlerVisitsJson(visits: CrawlerVisits) {
  return {
    agents: visits.agents.map((agent) => ({
      agent: agent.agent,
      vendor: agent.vendor,
      purpose: agent.purpose,
      visits: agent.visits,
      verified: agent.verified,
      unverified: agent.unverified,
      statuses: agent.statuses,
      lastSeen: agent.lastSeen,
      topPages: agent.topPages,
    })),
    referrals: visits.referrals,
    imports: visits.imports.map((row) => ({
      importId: row.importId,
      status: row.status,
      lines: row.lines,
      counted: row.counted,
      skipped: row.skipped,
    })),
  };
}
