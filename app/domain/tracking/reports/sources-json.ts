// The sources report in the JSON API's shape (issue 46), which the MCP tool get_source_gaps
// returns too: { sources: [{ domain, kind, answers, share, low, high, answersWithoutYou,
// competitors, urls: [{ url, answers }], listing: { status, url, checkedAt, reason } }],
// actions: [{ kind, domain, text, answers, of }], simulated }. Pure.

import type { SourcesReport } from './sources.server';

export function sourcesJson(report: SourcesReport) {
  return {
    sources: report.sources.map((source) => ({
      domain: source.domain,
      kind: source.kind,
      answers: source.answers,
      share: source.share,
      low: source.low,
      high: source.high,
      answersWithoutYou: source.answersWithoutYou,
      competitors: source.competitors,
      urls: source.urls.map(({ url, answers }) => ({ url, answers })),
      listing: {
        status: source.listing.status,
        url: source.listing.url,
        checkedAt: source.listing.checkedAt,
        reason: source.listing.reason,
      },
    })),
    actions: report.actions.map(({ kind, domain, text, answers, of }) => ({
      kind,
      domain,
      text,
      answers,
      of,
    })),
    simulated: report.simulated,
  };
}

export type SourcesJson = ReturnType<typeof sourcesJson>;
