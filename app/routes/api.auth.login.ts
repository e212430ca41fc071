import type { ActionFunctionArgs } from '@remix-run/node';
import { signIn } from '~/domain/accounts.server';
import { createSession } from '~/domain/sessions.server';
import {
  domainErrorResponse,
  getClientInfo,
  invalidPayload,
  methodNotAllowed,
  readJsonObject,
} from '~/lib/http.server';
import { LoginSchema } from '~/schemas/auth';

// POST /api/auth/login { email, password } → { token, user }
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  const body = await readJsonObject(request);
  if (!body.ok) return body.response;
  const parsed = LoginSchema.safeParse(body.body);
  if (!parsed.success) return invalidPayload(parsed.error, body.body);
  try {
    const client = getClientInfo(request);
    const user = await signIn(parsed.data, client);
    const { token } = await createSession(user.id, client);
    return Response.json({ token, user });
  } catch (error) {
    return domainErrorResponse(error);
  }
}

export const loader = () => methodNotAllowed(['POST']);
