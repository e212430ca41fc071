import type { ActionFunctionArgs } from 'react-router';
import { runNow } from '~/domain/tracking/rounds/runs.server';
import { requireApiUser } from '~/http/auth.server';
import { domainErrorResponse, methodNotAllowed } from '~/http/http.server';

// POST /api/businesses/{id}/visibility/runs → 202 { queued }: every prompt the plan allows asked
// of every engine TRACKING_SAMPLES times, in the background. 429 with Retry-After when run within
// the hour (Free: the day); 400 with no prompt; 409 with no engine configured or the month's
// budget used up. Another user's business → 404.
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  const user = await requireApiUser(request);
  try {
    const { queued } = await runNow(user, params.id ?? '');
    return Response.json({ queued }, { status: 202 });
  } catch (error) {
    return domainErrorResponse(error);
  }
}

export const loader = () => methodNotAllowed(['POST']);
