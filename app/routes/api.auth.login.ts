import type { ActionFunctionArgs } from 'react-router';
import { signIn } from '~/domain/accounts.server';
import { createSession } from '~/domain/sessions.server';
import { attemptClient, issueDeviceCookie } from '~/http/device-cookie.server';
import { domainErrorResponse, methodNotAllowed, readJsonPayload } from '~/http/http.server';
import { LoginSchema } from '~/schemas/auth';

// POST /api/auth/login { email, password } → { token, user }
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  const payload = await readJsonPayload(request, LoginSchema);
  if (!payload.ok) return payload.response;
  try {
    const client = await attemptClient(request, context, payload.value.email);
    const user = await signIn(payload.value, client);
    const { token } = await createSession(user.id, client);
    // A browser calling the API is recognised at its next sign-in, as the login form's is.
    const headers = { 'Set-Cookie': await issueDeviceCookie(request, user.email) };
    return Response.json({ token, user }, { headers });
  } catch (error) {
    return domainErrorResponse(error);
  }
}

export const loader = () => methodNotAllowed(['POST']);
