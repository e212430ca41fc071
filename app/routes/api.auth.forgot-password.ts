import { requestPasswordReset, RESET_REQUESTED_MESSAGE } from '~/domain/password-reset.server';
import { getClientInfo, jsonPostAction, methodNotAllowed } from '~/http/http.server';
import { getOrigin } from '~/http/origin.server';
import { ForgotPasswordSchema } from '~/schemas/account';

// POST /api/auth/forgot-password { email } → 202 { message }, the same for every e-mail (a link is
// sent only if the account exists); 429 { message } with Retry-After when an address asks too often.
export const action = jsonPostAction(
  ForgotPasswordSchema,
  async ({ email }, { request, context }) => {
    await requestPasswordReset(email, getClientInfo(request, context), getOrigin(request));
    return Response.json({ message: RESET_REQUESTED_MESSAGE }, { status: 202 });
  },
);

export const loader = () => methodNotAllowed(['POST']);
