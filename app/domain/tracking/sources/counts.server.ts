// The sources report's counts, kept as each answer is stored (in its transaction, beside the
// other per-day counts): per question and site, the answers citing it and of those the answers
// that did not name the business; per cited page, its answers; per site, the businesses named
// with it. Only cited pages count (decision 18): a page the search returned but the answer did
// not cite is not a source the answer relies on. Pages recorded before cited and retrieved were
// told apart never reach here (this runs for new answers only).

import type { TransactionClient } from '~/lib/db.server';
import { pageKey } from '~/lib/ai/pages';
import { siteOf } from '../reading/domains';
import { normalizeName } from '../reading/names';

/** Besides the owner's competitors, the names an answer gives first are kept per site. */
export const FIRST_NAMES_KEPT = 3;

export type CitedPage = { key: string; domain: string; url: string };

/** An answer's cited pages, each once by its key (the first address given kept for the link). */
export function citedPages(
  sources: readonly { url: string; cited?: boolean }[],
  citedUrls: readonly string[],
): CitedPage[] {
  const pages = new Map<string, CitedPage>();
  const cited = [
    ...sources.filter((source) => source.cited === true).map((source) => source.url),
    ...citedUrls,
  ];
  for (const url of cited) {
    const domain = siteOf(url);
    if (!domain) continue;
    const key = pageKey(url).slice(0, 500);
    if (!pages.has(key)) pages.set(key, { key, domain, url: url.slice(0, 2000) });
  }
  return [...pages.values()];
}

/** The names kept with each cited site: the owner's competitors, and the first few named. */
export function namesKept(
  competitors: readonly { name: string; position: number | null; known?: boolean }[],
): Map<string, string> {
  const kept = new Map<string, string>();
  competitors.forEach((competitor, index) => {
    const first = index < FIRST_NAMES_KEPT;
    if (!competitor.known && !first) return;
    const key = normalizeName(competitor.name);
    if (key && !kept.has(key)) kept.set(key, competitor.name.slice(0, 200));
  });
  return kept;
}

export async function countSources(
  tx: TransactionClient,
  key: { businessId: string; engine: string; period: Date },
  answer: {
    promptId: string;
    mentioned: boolean;
    pages: readonly CitedPage[];
    names: ReadonlyMap<string, string>;
  },
): Promise<void> {
  const domains = [...new Set(answer.pages.map((page) => page.domain))];
  const withoutYou = answer.mentioned ? 0 : 1;
  // The report's denominators: this answer's sites were counted (its question's row of the day
  // was written just before, with the answer's other per-question counts).
  await tx.trackingPromptStat.updateMany({
    where: { ...key, promptId: answer.promptId },
    data: { sourcesCounted: { increment: 1 }, sourcesWithoutYou: { increment: withoutYou } },
  });
  for (const domain of domains) {
    await tx.trackingSourceStat.upsert({
      where: {
        businessId_promptId_engine_period_domain: { ...key, promptId: answer.promptId, domain },
      },
      create: { ...key, promptId: answer.promptId, domain, answers: 1, withoutYou },
      update: { answers: { increment: 1 }, withoutYou: { increment: withoutYou } },
    });
    for (const [nameKey, name] of answer.names)
      await tx.trackingSourceNameStat.upsert({
        where: { businessId_engine_period_domain_key: { ...key, domain, key: nameKey } },
        create: { ...key, domain, key: nameKey, name, answers: 1 },
        update: { answers: { increment: 1 } },
      });
  }
  for (const page of answer.pages)
    await tx.trackingSourcePageStat.upsert({
      where: { businessId_engine_period_key: { ...key, key: page.key } },
      create: { ...key, key: page.key, domain: page.domain, url: page.url, answers: 1 },
      update: { answers: { increment: 1 } },
    });
}
