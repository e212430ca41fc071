import { PRIVATE_NO_STORE } from './cache-policy';

/**
 * A JSON list answered one page at a time. The spec's clients expect a plain array, so the page
 * travels in headers: X-Total-Count, X-Page, X-Per-Page and a Link header with rel="next" /
 * rel="prev" (each link keeps the request's other parameters, e.g. a search).
 * Used by GET /api/businesses and the admin lists.
 */
export function pagedJsonResponse<R>(
  url: URL,
  page: { page: number; perPage: number; total: number; pageCount: number },
  body: R[],
): Response {
  const link = (n: number) => {
    const target = new URL(url);
    target.searchParams.set('page', String(n));
    target.searchParams.set('limit', String(page.perPage));
    return `<${target.pathname}${target.search}>`;
  };
  const links = [
    page.page < page.pageCount ? `${link(page.page + 1)}; rel="next"` : null,
    page.page > 1 ? `${link(Math.min(page.page - 1, page.pageCount))}; rel="prev"` : null,
  ].filter(Boolean);
  const headers = new Headers({
    'X-Total-Count': String(page.total),
    'X-Page': String(page.page),
    'X-Per-Page': String(page.perPage),
    'Cache-Control': PRIVATE_NO_STORE,
  });
  if (links.length) headers.set('Link', links.join(', '));
  return Response.json(body, { headers });
}
