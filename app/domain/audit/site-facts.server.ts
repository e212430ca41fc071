import { decidedPreferences, statedPreferences } from './checks/content-signals.server';
import { edgeVerdicts, type EdgeVerdict } from './checks/edge-access.server';
import { pageDirectives, type FoundDirective } from './checks/page-directives.server';
import type { AuditContext } from './checks/shared.server';
import type { UsageCategory, UsagePreference } from './content-signals';
import { businessEntity, jsonLdEntities, jsonLdText } from './page.server';

// What the fixes need to know about the site beyond each signal's result, so that a fix changes
// what is there instead of pasting something new beside it: the JSON-LD entity the page already
// has, the pages that exist, the sitemap, where each limiting directive was found, the content
// signals as written, and which crawlers the edge turned away.

export type SiteFacts = {
  /** The business's entity in the home page's JSON-LD, if it has one. */
  entity: {
    type: string;
    /** Its properties as written (no @context, @type or @id). */
    properties: string[];
    name: string | null;
  } | null;
  /** Pages that answered with a web page, the home page first, each with a name for links. */
  pages: { url: string; name: string }[];
  /** The address of the site's working sitemap, or null when it has none. */
  sitemapUrl: string | null;
  directives: FoundDirective[];
  /** The content preference that decides each category for the home page. */
  preferences: Partial<Record<UsageCategory, UsagePreference>>;
  edge: EdgeVerdict[];
};

/** What nothing was known about (a fix built without a site, in tests). */
export const NO_SITE_FACTS: SiteFacts = {
  entity: null,
  pages: [],
  sitemapUrl: null,
  directives: [],
  preferences: {},
  edge: [],
};

export function siteFacts(
  context: AuditContext,
  sitemapWorks: boolean,
  pages: { url: string; name: string }[],
): SiteFacts {
  const { page, fetches, robots, addresses, homeUrl, business } = context;
  const entity = page ? businessEntity(jsonLdEntities(page.facts.jsonLd)) : null;
  return {
    entity: entity
      ? {
          type: entity.types.find((type) => type !== 'Organization') ?? entity.types[0]!,
          properties: Object.keys(entity).filter((key) => !key.startsWith('@') && key !== 'types'),
          name: jsonLdText(entity.name) || null,
        }
      : null,
    pages: [{ url: `${new URL(homeUrl).origin}/`, name: 'Home' }, ...pages],
    sitemapUrl: sitemapWorks
      ? fetches.sitemap?.ok
        ? fetches.sitemap.url
        : (robots.sitemaps[0] ?? addresses.sitemap)
      : null,
    directives: page ? pageDirectives(page.home, page.facts, business) : [],
    preferences: decidedPreferences(statedPreferences(robots, fetches.home), homeUrl),
    edge: edgeVerdicts(fetches.crawlers ?? [], fetches.recheck ?? null),
  };
}
