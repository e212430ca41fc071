import { signIn } from '~/domain/accounts.server';
import { createSession } from '~/domain/sessions.server';
import { attemptClient, issueDeviceCookie } from '~/http/device-cookie.server';
import { jsonPostAction, methodNotAllowed } from '~/http/http.server';
import { LoginSchema } from '~/schemas/auth';

// POST /api/auth/login { email, password } → { token, user }
export const action = jsonPostAction(LoginSchema, async (input, { request, context }) => {
  const client = await attemptClient(request, context, input.email);
  const user = await signIn(input, client);
  const { token } = await createSession(user.id, client);
  // A browser calling the API is recognised at its next sign-in, as the login form's is.
  const headers = { 'Set-Cookie': await issueDeviceCookie(request, user.email) };
  return Response.json({ token, user }, { headers });
});

export const loader = () => methodNotAllowed(['POST']);
