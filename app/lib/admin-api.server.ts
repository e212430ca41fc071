import type { AdminActor, Page, PageRequest } from '~/domain/admin.server';
import { API_MAX_LIMIT, pageParams } from '~/schemas/admin';
import { requireApiAdmin } from './auth.server';
import { domainErrorResponse } from './http.server';

/**
 * GET /api/admin/<list>: the spec's client expects a plain array, so the page travels in headers:
 * X-Total-Count, X-Page, X-Per-Page and a Link header with rel="next" / rel="prev".
 * `?page=` (from 1) and `?limit=` (default and maximum 100).
 */
export async function adminListResponse<T, R = T>(
  request: Request,
  load: (actor: AdminActor, params: URLSearchParams, page: PageRequest) => Promise<Page<T>>,
  toJson: (item: T) => R = (item) => item as unknown as R,
): Promise<Response> {
  const actor = await requireApiAdmin(request);
  const url = new URL(request.url);
  const request_ = pageParams(url.searchParams, {
    defaultLimit: API_MAX_LIMIT,
    maxLimit: API_MAX_LIMIT,
  });
  let page: Page<T>;
  try {
    page = await load(actor, url.searchParams, request_);
  } catch (error) {
    return domainErrorResponse(error);
  }
  const link = (n: number) => {
    const target = new URL(url);
    target.searchParams.set('page', String(n));
    target.searchParams.set('limit', String(page.limit));
    return `<${target.pathname}${target.search}>`;
  };
  const links = [
    page.page < page.pageCount ? `${link(page.page + 1)}; rel="next"` : null,
    page.page > 1 ? `${link(Math.min(page.page - 1, page.pageCount))}; rel="prev"` : null,
  ].filter(Boolean);
  const headers = new Headers({
    'X-Total-Count': String(page.total),
    'X-Page': String(page.page),
    'X-Per-Page': String(page.limit),
    'Cache-Control': 'no-store',
  });
  if (links.length) headers.set('Link', links.join(', '));
  return Response.json(page.items.map(toJson), { headers });
}
