import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import { addPrompt, listPrompts } from '~/domain/tracking/rounds/prompts.server';
import { requireApiUser } from '~/http/auth.server';
import { PRIVATE_NO_STORE } from '~/http/cache-policy';
import { domainErrorResponse, methodNotAllowed, readJsonPayload } from '~/http/http.server';
import { PromptSchema } from '~/schemas/tracking';

const ALLOWED = ['GET', 'POST'];

// GET /api/businesses/{id}/prompts → [{ id, text, createdAt }], oldest first (at most the plan's
// cap, 50, so one page). POST { text } → 201 the prompt; 400 bad text; 403 { message } past the
// plan's limit; 409 when the business tracks that question already. Another user's business → 404.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  try {
    const prompts = await listPrompts(user, params.id ?? '');
    return Response.json(prompts, { headers: { 'Cache-Control': PRIVATE_NO_STORE } });
  } catch (error) {
    return domainErrorResponse(error);
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(ALLOWED);
  const user = await requireApiUser(request);
  const payload = await readJsonPayload(request, PromptSchema);
  if (!payload.ok) return payload.response;
  try {
    const prompt = await addPrompt(user, params.id ?? '', payload.value);
    return Response.json(prompt, { status: 201 });
  } catch (error) {
    return domainErrorResponse(error);
  }
}
