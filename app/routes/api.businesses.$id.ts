import type { ActionFunctionArgs } from 'react-router';
import { deleteBusiness, updateBusiness } from '~/domain/businesses.server';
import { requireApiUser } from '~/http/auth.server';
import { domainErrorResponse, methodNotAllowed, readJsonPayload } from '~/http/http.server';
import { BusinessUpdateSchema } from '~/schemas/business';

const ALLOWED = ['PUT', 'DELETE'];

// PUT /api/businesses/{id} { the fields to change } → the updated business.
// DELETE /api/businesses/{id} → 204.
// Another user's business (or an unknown id) → 404 { message } and nothing changes.
export async function action({ request, params }: ActionFunctionArgs) {
  const id = params.id ?? '';
  if (request.method === 'PUT') {
    const user = await requireApiUser(request);
    const payload = await readJsonPayload(request, BusinessUpdateSchema);
    if (!payload.ok) return payload.response;
    try {
      return Response.json(await updateBusiness(user, id, payload.value));
    } catch (error) {
      return domainErrorResponse(error);
    }
  }
  if (request.method === 'DELETE') {
    const user = await requireApiUser(request);
    try {
      await deleteBusiness(user, id);
      return new Response(null, { status: 204 });
    } catch (error) {
      return domainErrorResponse(error);
    }
  }
  return methodNotAllowed(ALLOWED);
}

export const loader = () => methodNotAllowed(ALLOWED);
