import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { createBusiness, listBusinesses } from '~/domain/businesses.server';
import { requireApiUser } from '~/lib/auth.server';
import { domainErrorResponse, methodNotAllowed, readJsonPayload } from '~/lib/http.server';
import { BusinessSchema } from '~/schemas/business';

// GET /api/businesses → the caller's businesses (never anyone else's).
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  return Response.json(await listBusinesses(user));
}

// POST /api/businesses { name, description?, website?, industry?, location? } → 201 the business.
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST']);
  const user = await requireApiUser(request);
  const payload = await readJsonPayload(request, BusinessSchema);
  if (!payload.ok) return payload.response;
  try {
    return Response.json(await createBusiness(user, payload.value), { status: 201 });
  } catch (error) {
    return domainErrorResponse(error);
  }
}
