import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import { correctName, listNameCorrections } from '~/domain/tracking/corrections/corrections.server';
import { requireApiUser } from '~/http/auth.server';
import { PRIVATE_NO_STORE } from '~/http/cache-policy';
import { domainErrorResponse, methodNotAllowed, readJsonPayload } from '~/http/http.server';
import { NameCorrectionSchema } from '~/schemas/tracking';

const ALLOWED = ['GET', 'POST'];

// The owner's corrections to the names the answers were read for. GET → [{ id, action, name, key,
// into: { name, key } | null, createdAt }], newest first (at most 100). POST { action: "hide",
// name } or { action: "merge", name, into } → 201 the correction; 400 bad input or the business's
// own name; 409 a name on the competitor list, corrected already, a merge into a hidden name or
// back into itself, or 100 kept already. Every figure applies it at once. Another user's business
// → 404.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  try {
    const corrections = await listNameCorrections(user, params.id ?? '');
    return Response.json(corrections, { headers: { 'Cache-Control': PRIVATE_NO_STORE } });
  } catch (error) {
    return domainErrorResponse(error);
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(ALLOWED);
  const user = await requireApiUser(request);
  const payload = await readJsonPayload(request, NameCorrectionSchema);
  if (!payload.ok) return payload.response;
  try {
    const correction = await correctName(user, params.id ?? '', payload.value);
    return Response.json(correction, { status: 201 });
  } catch (error) {
    return domainErrorResponse(error);
  }
}
