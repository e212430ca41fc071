import { getOrigin } from '~/http/origin.server';
import { signUp } from '~/domain/accounts.server';
import { createSession } from '~/domain/sessions.server';
import { getClientInfo, jsonPostAction, methodNotAllowed } from '~/http/http.server';
import { RegisterSchema } from '~/schemas/auth';

// POST /api/auth/register { email, password, firstName?, lastName? } → 201 { token, user }
export const action = jsonPostAction(RegisterSchema, async (input, { request, context }) => {
  const client = getClientInfo(request, context);
  const user = await signUp(input, client, getOrigin(request));
  const { token } = await createSession(user.id, client);
  return Response.json({ token, user }, { status: 201 });
});

export const loader = () => methodNotAllowed(['POST']);
