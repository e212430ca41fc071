import type { ActionFunctionArgs } from 'react-router';
import { createAdminUser, toApiUser } from '~/domain/admin.server';
import { requireApiAdmin } from '~/http/auth.server';
import { domainErrorResponse, methodNotAllowed, readJsonPayload } from '~/http/http.server';
import { CreateAdminSchema } from '~/schemas/admin';

// POST /api/admin/create-admin { email, password, firstName, lastName } → 201 the created admin.
// A taken e-mail is 409.
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  const actor = await requireApiAdmin(request);
  const payload = await readJsonPayload(request, CreateAdminSchema);
  if (!payload.ok) return payload.response;
  try {
    return Response.json(toApiUser(await createAdminUser(actor, payload.value)), { status: 201 });
  } catch (error) {
    return domainErrorResponse(error);
  }
}

export const loader = () => methodNotAllowed(['POST']);
