import type { ActionFunctionArgs } from 'react-router';
import { deleteCompetitor } from '~/domain/tracking/rounds/prompts.server';
import { requireApiUser } from '~/http/auth.server';
import { domainErrorResponse, methodNotAllowed } from '~/http/http.server';

const ALLOWED = ['DELETE'];

// DELETE /api/businesses/{id}/competitors/{competitorId} → 204. Another user's business, or a
// competitor of another business → 404 and nothing changes.
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'DELETE') return methodNotAllowed(ALLOWED);
  const user = await requireApiUser(request);
  try {
    await deleteCompetitor(user, params.id ?? '', params.competitorId ?? '');
    return new Response(null, { status: 204 });
  } catch (error) {
    return domainErrorResponse(error);
  }
}

export const loader = () => methodNotAllowed(ALLOWED);
