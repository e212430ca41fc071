import type { ActionFunctionArgs } from 'react-router';
import { deletePrompt, updatePrompt } from '~/domain/tracking/rounds/prompts.server';
import { requireApiUser } from '~/http/auth.server';
import { domainErrorResponse, methodNotAllowed, readJsonPayload } from '~/http/http.server';
import { PromptSchema } from '~/schemas/tracking';

const ALLOWED = ['PUT', 'DELETE'];

// PUT /api/businesses/{id}/prompts/{promptId} { text } → the prompt; DELETE → 204 (its answers
// stay). Another user's business, or a prompt of another business → 404 and nothing changes.
export async function action({ request, params }: ActionFunctionArgs) {
  const businessId = params.id ?? '';
  const promptId = params.promptId ?? '';
  if (request.method === 'PUT') {
    const user = await requireApiUser(request);
    const payload = await readJsonPayload(request, PromptSchema);
    if (!payload.ok) return payload.response;
    try {
      return Response.json(await updatePrompt(user, businessId, promptId, payload.value));
    } catch (error) {
      return domainErrorResponse(error);
    }
  }
  if (request.method === 'DELETE') {
    const user = await requireApiUser(request);
    try {
      await deletePrompt(user, businessId, promptId);
      return new Response(null, { status: 204 });
    } catch (error) {
      return domainErrorResponse(error);
    }
  }
  return methodNotAllowed(ALLOWED);
}

export const loader = () => methodNotAllowed(ALLOWED);
