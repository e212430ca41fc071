// The sources room (decision 25, issue 46): the sites behind the answers. It owns the vendored
// list of directories and review sites (directory-list.ts), the kind of each cited site
// (here), the counts kept as answers are stored (counts.server.ts), the owner's kind corrections,
// the weekly listing checks (listing-check.server.ts, listing-jobs.server.ts) and the action plan
// (actions.ts). What owners read of it is put together in reports/sources.server.ts.
//
// What kind of site a cited domain is, for one business: its own site, a competitor's (the
// websites the owner gave for their competitors), or from the vendored list (directory-list.ts):
// a directory or review site, social, news or a forum; "other" otherwise. The owner's correction
// for the business wins over all of these. Pure.

import { approximateLocation } from '~/lib/ai/location';
import { SOURCE_KIND_CHOICES } from '~/schemas/tracking';
import { siteOf } from '../reading/domains';
import { DIRECTORY_LIST, type ListEntry, type Trade } from './directory-list';

export const SOURCE_KINDS = [
  'yours',
  'competitor',
  'directory',
  'social',
  'news',
  'forum',
  'other',
] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/** The kinds an owner may set a domain to ("yours" and "competitor" come from their records). */
export const CORRECTABLE_KINDS = SOURCE_KIND_CHOICES;
export type CorrectableKind = (typeof CORRECTABLE_KINDS)[number];

export const KIND_LABELS: Record<SourceKind, string> = {
  yours: 'Your site',
  competitor: "A competitor's site",
  directory: 'Directory or review site',
  social: 'Social network',
  news: 'News',
  forum: 'Forum',
  other: 'Other',
};

const BY_DOMAIN = new Map<string, ListEntry>(DIRECTORY_LIST.map((entry) => [entry.domain, entry]));

/** Words local and national papers put in their domains: "austinchronicle.com", "leedsnews.co.uk". */
const NEWS_WORDS =
  /(news|gazette|herald|tribune|chronicle|courier|dispatch|journal|times|observer)/;

/** The list's entry for a domain, if the list has it. */
export function listEntry(domain: string): ListEntry | null {
  return BY_DOMAIN.get(domain) ?? null;
}

export type KindContext = {
  /** The business's own site (siteOf its website), or null. */
  ownSite: string | null;
  /** Competitors' sites → their names. */
  competitorSites: ReadonlyMap<string, string>;
  /** The owner's corrections for this business: domain → kind. */
  corrections: ReadonlyMap<string, CorrectableKind>;
};

export type DomainKind = { kind: SourceKind; corrected: boolean; competitor?: string };

export function kindOf(domain: string, context: KindContext): DomainKind {
  const corrected = context.corrections.get(domain);
  if (corrected) return { kind: corrected, corrected: true };
  if (context.ownSite && domain === context.ownSite) return { kind: 'yours', corrected: false };
  const competitor = context.competitorSites.get(domain);
  if (competitor) return { kind: 'competitor', corrected: false, competitor };
  const listed = listEntry(domain);
  if (listed) return { kind: listed.kind, corrected: false };
  const label = domain.split('.')[0] ?? '';
  if (NEWS_WORDS.test(label)) return { kind: 'news', corrected: false };
  return { kind: 'other', corrected: false };
}

/** Competitors' websites as sites: "https://www.rival.com/x" → "rival.com" → its name. */
export function competitorSites(
  competitors: readonly { name: string; website: string | null }[],
): Map<string, string> {
  const sites = new Map<string, string>();
  for (const competitor of competitors) {
    const site = competitor.website ? siteOf(competitor.website) : null;
    if (site && !sites.has(site)) sites.set(site, competitor.name);
  }
  return sites;
}

const TRADES: [RegExp, Trade][] = [
  [
    /plumb|electric|hvac|heat|roof|paint|build|construct|remodel|handyman|landscap|garden|lock|clean|pest|mov(ing|ers)|carpet|floor|window|kitchen|bath/i,
    'home',
  ],
  [/dent|doctor|clinic|health|therap|chiro|physio|medic|vet|optic|pharm/i, 'health'],
  [/law|legal|attorney|solicitor|notary/i, 'legal'],
  [/restaurant|cafe|café|coffee|bakery|pizza|bar\b|pub\b|bistro|diner|food|catering/i, 'food'],
  [/hotel|inn\b|b&b|lodg|travel|tour/i, 'travel'],
  [/auto|car\b|mechanic|garage|tyre|tire/i, 'auto'],
  [/hair|barber|salon|nail|spa\b|beauty|massage/i, 'beauty'],
];

/** The list's trade for what owners type as their industry; `any` when none fits. */
export function tradeOf(industry: string | null | undefined): Trade {
  if (!industry) return 'any';
  return TRADES.find(([pattern]) => pattern.test(industry))?.[1] ?? 'any';
}

/**
 * The directories and review sites on the list for a business's country and trade (read from
 * its location and industry), the trade's own first: where it may want a listing.
 */
export function directoriesFor(business: {
  location: string | null;
  industry: string | null;
}): ListEntry[] {
  const country = approximateLocation(business.location)?.country ?? null;
  const trade = tradeOf(business.industry);
  const seen = new Set<string>();
  return DIRECTORY_LIST.filter(
    (entry) =>
      entry.kind === 'directory' &&
      (entry.countries.length === 0 || (country !== null && entry.countries.includes(country))) &&
      (entry.trades.includes('any') || entry.trades.includes(trade)),
  )
    .sort((a, b) => Number(b.trades.includes(trade)) - Number(a.trades.includes(trade)))
    .filter((entry) => (seen.has(entry.name) ? false : (seen.add(entry.name), true)));
}
