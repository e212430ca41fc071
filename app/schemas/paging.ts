// The parameters of every paged list (admin lists, the dashboard, /api/businesses).

import { SEARCH_MAX_LENGTH } from './limits';

export { SEARCH_MAX_LENGTH };

/** `?page=` and `?limit=` of the list calls: bad values fall back instead of failing. */
export function pageParams(
  params: URLSearchParams,
  { defaultLimit, maxLimit }: { defaultLimit: number; maxLimit: number },
) {
  const int = (value: string | null) => {
    const parsed = Number(value);
    return Number.isInteger(parsed) && parsed > 0 ? parsed : null;
  };
  const page = Math.min(int(params.get('page')) ?? 1, 1_000_000);
  const limit = Math.min(int(params.get('limit')) ?? defaultLimit, maxLimit);
  return { page, limit };
}

/** A search box's text: trimmed, bounded, control characters dropped. Empty means no search. */
export function searchParam(params: URLSearchParams, name = 'q'): string {
  return (params.get(name) ?? '')
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, SEARCH_MAX_LENGTH);
}
