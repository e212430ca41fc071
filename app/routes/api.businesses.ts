import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import {
  BUSINESSES_MAX_PER_PAGE,
  createBusiness,
  listBusinesses,
} from '~/domain/businesses.server';
import { requireApiUser } from '~/http/auth.server';
import { idempotentCreate } from '~/http/idempotency.server';
import { domainErrorResponse, methodNotAllowed, readJsonPayload } from '~/http/http.server';
import { pagedJsonResponse } from '~/http/paged-response.server';
import { pageParams, searchParam } from '~/schemas/paging';
import { BusinessSchema } from '~/schemas/business';

// GET /api/businesses?page=&limit=&q= → the caller's businesses (never anyone else's), newest
// first, one page at a time like the admin lists: a plain array, the page in X-Total-Count, X-Page,
// X-Per-Page and Link. `limit` defaults to and is capped at 100; `q` matches part of the name.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const url = new URL(request.url);
  const { page, limit } = pageParams(url.searchParams, {
    defaultLimit: BUSINESSES_MAX_PER_PAGE,
    maxLimit: BUSINESSES_MAX_PER_PAGE,
  });
  const result = await listBusinesses(user, {
    page,
    perPage: limit,
    q: searchParam(url.searchParams),
    // Past the end a client gets an empty array (as from the admin lists), so "page until empty"
    // terminates.
    clampToLastPage: false,
  });
  return pagedJsonResponse(url, result, result.items);
}

// POST /api/businesses { name, description?, website?, industry?, location? } → 201 the business.
// With an Idempotency-Key, a retry answers what the first request answered and writes nothing.
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST']);
  const user = await requireApiUser(request);
  // The body as sent, for the Idempotency-Key's fingerprint (the server has already capped it).
  const rawBody = request.headers.has('idempotency-key') ? await request.clone().text() : '';
  const payload = await readJsonPayload(request, BusinessSchema);
  if (!payload.ok) return payload.response;
  try {
    return await idempotentCreate(request, user.id, rawBody, async (tx) => ({
      status: 201,
      body: await createBusiness(user, payload.value, tx),
    }));
  } catch (error) {
    return domainErrorResponse(error);
  }
}
