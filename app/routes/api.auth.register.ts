import type { ActionFunctionArgs } from 'react-router';
import { getOrigin } from '~/http/origin.server';
import { signUp } from '~/domain/accounts.server';
import { createSession } from '~/domain/sessions.server';
import {
  domainErrorResponse,
  getClientInfo,
  methodNotAllowed,
  readJsonPayload,
} from '~/http/http.server';
import { RegisterSchema } from '~/schemas/auth';

// POST /api/auth/register { email, password, firstName?, lastName? } → 201 { token, user }
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  const payload = await readJsonPayload(request, RegisterSchema);
  if (!payload.ok) return payload.response;
  try {
    const client = getClientInfo(request, context);
    const user = await signUp(payload.value, client, getOrigin(request));
    const { token } = await createSession(user.id, client);
    return Response.json({ token, user }, { status: 201 });
  } catch (error) {
    return domainErrorResponse(error);
  }
}

export const loader = () => methodNotAllowed(['POST']);
