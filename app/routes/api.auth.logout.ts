import type { ActionFunctionArgs } from 'react-router';
import { endSession } from '~/domain/sessions.server';
import { getSessionToken } from '~/http/auth.server';
import { methodNotAllowed } from '~/http/http.server';

// POST /api/auth/logout: ends the session of the Bearer token (or cookie) on the server → 204.
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  const token = await getSessionToken(request);
  if (token) await endSession(token);
  return new Response(null, { status: 204 });
}

export const loader = () => methodNotAllowed(['POST']);
