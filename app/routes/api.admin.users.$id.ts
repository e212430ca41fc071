import type { ActionFunctionArgs } from 'react-router';
import { toApiUser, updateUserAsAdmin } from '~/domain/admin.server';
import { requireApiAdmin } from '~/http/auth.server';
import { domainErrorResponse, methodNotAllowed, readJsonPayload } from '~/http/http.server';
import { AdminUserUpdateSchema } from '~/schemas/admin';

// PUT /api/admin/users/{id} { subscriptionStatus?, subscriptionExpiry?, role?, firstName?,
// lastName? } → the updated user. Unknown tier 400, unknown user 404, removing the last admin 409.
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'PUT') return methodNotAllowed(['PUT']);
  const actor = await requireApiAdmin(request);
  const payload = await readJsonPayload(request, AdminUserUpdateSchema);
  if (!payload.ok) return payload.response;
  try {
    return Response.json(toApiUser(await updateUserAsAdmin(actor, params.id ?? '', payload.value)));
  } catch (error) {
    return domainErrorResponse(error);
  }
}

export const loader = () => methodNotAllowed(['PUT']);
