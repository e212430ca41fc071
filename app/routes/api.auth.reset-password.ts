import { resetPassword } from '~/domain/password-reset.server';
import { createSession } from '~/domain/sessions.server';
import { getClientInfo, jsonPostAction, methodNotAllowed } from '~/http/http.server';
import { ResetPasswordSchema } from '~/schemas/account';

// POST /api/auth/reset-password { token, password } → { token, user }: the new password is set,
// every session of the user ends and a new one starts (as a login does). A used, expired or unknown
// link is 400 { message, reason: "used" | "expired" | "invalid" }.
export const action = jsonPostAction(ResetPasswordSchema, async (input, { request, context }) => {
  const user = await resetPassword(input.token, input.password);
  const { token } = await createSession(user.id, getClientInfo(request, context));
  return Response.json({ token, user });
});

export const loader = () => methodNotAllowed(['POST']);
