import type { LoaderFunctionArgs } from 'react-router';
import { suggestPrompts } from '~/domain/tracking/rounds/prompts.server';
import { requireApiUser } from '~/http/auth.server';
import { PRIVATE_NO_STORE } from '~/http/cache-policy';
import { domainErrorResponse, methodNotAllowed } from '~/http/http.server';

// GET /api/businesses/{id}/prompt-suggestions → [string]: questions a customer might ask, written
// from the business's industry and location, less the ones it tracks already.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  try {
    const suggestions = await suggestPrompts(user, params.id ?? '');
    return Response.json(suggestions, { headers: { 'Cache-Control': PRIVATE_NO_STORE } });
  } catch (error) {
    return domainErrorResponse(error);
  }
}

export const action = () => methodNotAllowed(['GET']);
