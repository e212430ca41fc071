import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import { createApiKey, listApiKeys } from '~/domain/api-keys.server';
import { requireApiUser } from '~/http/auth.server';
import { PRIVATE_NO_STORE } from '~/http/cache-policy';
import { domainErrorResponse, methodNotAllowed, readJsonPayload } from '~/http/http.server';
import { ApiKeyCreateSchema } from '~/schemas/api-keys';

const ALLOWED = ['GET', 'POST'];

// GET /api/account/api-keys → [{ id, name, prefix, createdAt, lastUsedAt }], newest first.
// POST { name } → 201 { id, name, prefix, createdAt, lastUsedAt: null, key }: `key` is the whole
// key, shown this once (only its hash is kept). 403 { message, limit, currentTier } past the
// plan's number of keys. Signed-in only: an API key is refused here (403), so a leaked key
// cannot make more keys or hide itself.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request, { apiKeys: 'refuse' });
  return Response.json(await listApiKeys(user), {
    headers: { 'Cache-Control': PRIVATE_NO_STORE },
  });
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(ALLOWED);
  const user = await requireApiUser(request, { apiKeys: 'refuse' });
  const payload = await readJsonPayload(request, ApiKeyCreateSchema);
  if (!payload.ok) return payload.response;
  try {
    const created = await createApiKey(user, payload.value);
    return Response.json(created, {
      status: 201,
      headers: { 'Cache-Control': PRIVATE_NO_STORE },
    });
  } catch (error) {
    return domainErrorResponse(error);
  }
}
