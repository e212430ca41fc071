import type { AdminActor, Page, PageRequest } from '~/domain/admin.server';
import { API_MAX_LIMIT, pageParams } from '~/schemas/admin';
import { requireApiAdmin } from './auth.server';
import { domainErrorResponse } from './http.server';
import { pagedJsonResponse } from './paged-response.server';

/**
 * GET /api/admin/<list>: a plain array, the page in headers (see pagedJsonResponse).
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
  return pagedJsonResponse(
    url,
    { page: page.page, perPage: page.limit, total: page.total, pageCount: page.pageCount },
    page.items.map(toJson),
  );
}
