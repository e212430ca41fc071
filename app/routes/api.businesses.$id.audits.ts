import type { LoaderFunctionArgs } from 'react-router';
import { AUDITS_PER_PAGE, listAudits } from '~/domain/audits.server';
import { BUSINESS_NOT_FOUND_MESSAGE, findBusiness } from '~/domain/businesses.server';
import { requireApiUser } from '~/http/auth.server';
import { jsonMessage, methodNotAllowed } from '~/http/http.server';
import { pagedJsonResponse } from '~/http/paged-response.server';
import { pageParams } from '~/schemas/paging';

const MAX_PER_PAGE = 100;

// GET /api/businesses/{id}/audits?page=&limit= → the business's audits, newest first, as
// [{ id, score, outcome, auditedAt, trigger }] one page at a time (X-Total-Count, X-Page, X-Per-Page, Link),
// like the other lists. Another user's business → 404.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const id = params.id ?? '';
  if (!(await findBusiness(user, id))) return jsonMessage(404, BUSINESS_NOT_FOUND_MESSAGE);
  const url = new URL(request.url);
  const { page, limit } = pageParams(url.searchParams, {
    defaultLimit: AUDITS_PER_PAGE,
    maxLimit: MAX_PER_PAGE,
  });
  const result = await listAudits(id, { page, perPage: limit, clampToLastPage: false }, user);
  return pagedJsonResponse(url, result, result.items);
}

export const action = () => methodNotAllowed(['GET']);
