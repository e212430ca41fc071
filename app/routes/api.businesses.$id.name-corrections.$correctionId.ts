import type { ActionFunctionArgs } from 'react-router';
import { undoNameCorrection } from '~/domain/tracking/corrections/corrections.server';
import { requireApiUser } from '~/http/auth.server';
import { domainErrorResponse, methodNotAllowed } from '~/http/http.server';

const ALLOWED = ['DELETE'];

// DELETE /api/businesses/{id}/name-corrections/{correctionId} → 204: the correction is undone
// (the name is shown again, or counted apart again) in every figure. Another user's business, or
// a correction of another business → 404 and nothing changes.
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'DELETE') return methodNotAllowed(ALLOWED);
  const user = await requireApiUser(request);
  try {
    await undoNameCorrection(user, params.id ?? '', params.correctionId ?? '');
    return new Response(null, { status: 204 });
  } catch (error) {
    return domainErrorResponse(error);
  }
}

export const loader = () => methodNotAllowed(ALLOWED);
