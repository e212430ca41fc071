// Where the business's site stands among an answer's pages and links (reader.ts rule 6), and the
// links written in an answer's text as its cited pages (issue 43 item 5). Pure.

import type { Link } from './answer-structure';
import { hostOf, siteOf } from './domains';
import type { AnswerReading, AnswerSource } from './reader';

/** Two unknown names where one's words start the other's ("HubSpot", "HubSpot CRM"). */
export function sameStart(a: string, b: string): boolean {
  if (!a.startsWith('lead:') || !b.startsWith('lead:')) return false;
  const x = a.slice(5).split(' ');
  const y = b.slice(5).split(' ');
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  return short.length > 0 && short[0] !== '' && short.every((word, i) => long[i] === word);
}

export type SiteReading = Pick<
  AnswerReading,
  'cited' | 'retrieved' | 'citedOrRetrieved' | 'citedUrls'
>;
export const NO_SITE: SiteReading = {
  cited: false,
  retrieved: false,
  citedOrRetrieved: false,
  citedUrls: [],
};

/** Rule 6: where the business's site stands in the answer's pages and text. */
export function siteReading(
  sources: AnswerSource[],
  links: Link[],
  masked: string,
  businessSite: string,
): SiteReading {
  const onSite = sources.filter((source) => {
    if (siteOf(source.url) === businessSite) return true;
    // Gemini's pages are redirect addresses whose title is the site's domain.
    const title = source.title?.trim() ?? '';
    return Boolean(hostOf(title)) && siteOf(title) === businessSite;
  });
  const citedUrls: string[] = [];
  for (const url of [
    ...onSite.filter((source) => source.cited === true).map((source) => source.url),
    ...links.filter((link) => siteOf(link.href) === businessSite).map((link) => link.href),
    ...[...masked.matchAll(/(?<![\w@.-])(?:[a-z0-9-]+\.)+[a-z]{2,}(?:\/[^\s)\]]*)?/gi)]
      .map((found) => found[0].replace(/[.,;:]+$/, ''))
      .filter((address) => siteOf(address) === businessSite),
  ])
    if (!citedUrls.includes(url)) citedUrls.push(url);
  const cited = citedUrls.length > 0;
  const unsure = !cited && onSite.some((source) => source.cited === undefined);
  return {
    cited,
    citedOrRetrieved: unsure,
    retrieved: !cited && !unsure && onSite.length > 0,
    citedUrls,
  };
}
