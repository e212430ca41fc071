import type { ActionFunctionArgs } from 'react-router';
import { signIn } from '~/domain/accounts.server';
import { createSession } from '~/domain/sessions.server';
import {
  domainErrorResponse,
  getClientInfo,
  methodNotAllowed,
  readJsonPayload,
} from '~/http/http.server';
import { LoginSchema } from '~/schemas/auth';

// POST /api/auth/login { email, password } → { token, user }
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  const payload = await readJsonPayload(request, LoginSchema);
  if (!payload.ok) return payload.response;
  try {
    const client = getClientInfo(request, context);
    const user = await signIn(payload.value, client);
    const { token } = await createSession(user.id, client);
    return Response.json({ token, user });
  } catch (error) {
    return domainErrorResponse(error);
  }
}

export const loader = () => methodNotAllowed(['POST']);
