import type { MetaDescriptor } from 'react-router';
import { DAY_CHOICES } from '~/components/days-picker';

// What the pages of one business (its AI readiness report, AI visibility, the sites the assistants
// look at, its crawler visits) share on the server and in the browser: their addresses, their
// <title> and the days a report covers. Their header is business-page-header.tsx; their loaders'
// preamble (the owner, the business or a 404) is business-page.server.ts.

export type BusinessPageName = 'audit' | 'visibility' | 'sources' | 'crawlers';

/** The business's other pages a page links to under "← Back to dashboard": [page, link text]. */
export type BusinessPageLinks = [BusinessPageName, string][];

/** /dashboard/businesses/{id}/{page}, with an optional #hash (or ?query) after it. */
export function businessPath(id: string, page: BusinessPageName, hash = '') {
  return `/dashboard/businesses/${encodeURIComponent(id)}/${page}${hash}`;
}

/**
 * The page's <title> ("<title>: <business name> | AI Visibility", or "<title> | AI Visibility"
 * when the loader gave nothing, as on an error page) and noindex: a signed-in page is nobody's
 * search result.
 */
export function businessPageMeta(
  title: string,
  businessName: string | undefined,
): MetaDescriptor[] {
  return [
    {
      title:
        businessName === undefined
          ? `${title} | AI Visibility`
          : `${title}: ${businessName} | AI Visibility`,
    },
    { name: 'robots', content: 'noindex' },
  ];
}

/** ?days=7, 30 or 90 (the days picker's choices); anything else is the page's default. */
export function daysAsked(url: URL, fallback: number): number {
  const asked = Number(url.searchParams.get('days'));
  return DAY_CHOICES.find((choice) => choice === asked) ?? fallback;
}
