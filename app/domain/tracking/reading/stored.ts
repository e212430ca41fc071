import { pageKey } from '~/lib/ai/pages';
import type { LocationSent } from '~/lib/ai/location';
import type { NameMatch } from './reader';

// Reading back what an answer kept beside its text (TrackingAnswer's JSON columns): its pages,
// each once, with how the answer used it; its searches; where it was asked from.

/**
 * How an answer used a page: it cited it, its search only returned it, or the answer was
 * recorded before the two were told apart.
 */
export type PageKind = 'cited' | 'retrieved' | 'cited-or-retrieved';

export type AnswerPage = { url: string; title: string | null; kind: PageKind };

export const PAGE_KIND_LABELS: Record<PageKind, string> = {
  cited: 'Cited',
  retrieved: 'Found by the search, not cited',
  'cited-or-retrieved': 'Cited or retrieved (recorded before this distinction)',
};

function parse(value: string | null): unknown {
  if (!value) return null;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return null;
  }
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
}

/**
 * The pages of an answer, each page once (pages.ts): cited when any of its addresses was cited,
 * else "cited or retrieved" when one was recorded before the distinction, else retrieved. The
 * first address kept for a page is its link. Cited pages first.
 */
export function storedPages(sources: string): AnswerPage[] {
  const rank: Record<PageKind, number> = { cited: 2, 'cited-or-retrieved': 1, retrieved: 0 };
  const pages = new Map<string, AnswerPage>();
  const list = parse(sources);
  for (const item of Array.isArray(list) ? list : []) {
    const page = record(item);
    if (!page || typeof page.url !== 'string' || !page.url) continue;
    const title = typeof page.title === 'string' && page.title.trim() ? page.title.trim() : null;
    const kind: PageKind =
      page.cited === true ? 'cited' : page.cited === false ? 'retrieved' : 'cited-or-retrieved';
    const key = pageKey(page.url);
    const known = pages.get(key);
    if (!known) pages.set(key, { url: page.url, title, kind });
    else {
      if (!known.title && title) known.title = title;
      if (rank[kind] > rank[known.kind]) known.kind = kind;
    }
  }
  return [...pages.values()].sort((a, b) => rank[b.kind] - rank[a.kind]);
}

/** The searches an answer kept (none for answers recorded before they were kept). */
export function storedSearches(searches: string): string[] {
  const list = parse(searches);
  return Array.isArray(list)
    ? list.filter((query): query is string => typeof query === 'string' && query.trim() !== '')
    : [];
}

/** Where the answer was asked from, as sent; null when no place was sent or none was kept. */
export function storedLocation(location: string | null): LocationSent | null {
  const value = record(parse(location));
  if (!value) return null;
  const text = (key: string) =>
    typeof value[key] === 'string' ? (value[key] as string) : undefined;
  const place = {
    ...(text('city') ? { city: text('city') } : {}),
    ...(text('region') ? { region: text('region') } : {}),
    ...(text('country') ? { country: text('country') } : {}),
  };
  if (value.via === 'search') return { ...place, via: 'search' };
  if (value.via === 'question') return { ...place, via: 'question', added: text('added') ?? null };
  return null;
}

/** Where the reader found the business's and competitors' names (`highlights`), [] if unreadable. */
export function storedMatches(value: string): NameMatch[] {
  try {
    const list: unknown = JSON.parse(value);
    return Array.isArray(list)
      ? list.filter(
          (match): match is NameMatch =>
            typeof match === 'object' &&
            match !== null &&
            typeof match.start === 'number' &&
            typeof match.end === 'number' &&
            (match.kind === 'business' || match.kind === 'competitor'),
        )
      : [];
  } catch {
    return [];
  }
}
