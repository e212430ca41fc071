import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { createBusiness, listBusinesses } from '~/domain/businesses.server';
import { requireApiUser } from '~/lib/auth.server';
import {
  domainErrorResponse,
  invalidPayload,
  methodNotAllowed,
  readJsonObject,
} from '~/lib/http.server';
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
  const body = await readJsonObject(request);
  if (!body.ok) return body.response;
  const parsed = BusinessSchema.safeParse(body.body);
  if (!parsed.success) return invalidPayload(parsed.error, body.body);
  try {
    return Response.json(await createBusiness(user, parsed.data), { status: 201 });
  } catch (error) {
    return domainErrorResponse(error);
  }
}
