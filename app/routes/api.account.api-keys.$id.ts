import type { ActionFunctionArgs } from 'react-router';
import { revokeApiKey } from '~/domain/api-keys.server';
import { requireApiUser } from '~/http/auth.server';
import { domainErrorResponse, methodNotAllowed } from '~/http/http.server';

// DELETE /api/account/api-keys/{id} → 204: the key is revoked, and the next request with it is
// refused (401). Someone else's key or an unknown id → 404. Signed-in only (an API key → 403).
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'DELETE') return methodNotAllowed(['DELETE']);
  const user = await requireApiUser(request, { apiKeys: 'refuse' });
  try {
    await revokeApiKey(user, params.id ?? '');
    return new Response(null, { status: 204 });
  } catch (error) {
    return domainErrorResponse(error);
  }
}

export const loader = () => methodNotAllowed(['DELETE']);
