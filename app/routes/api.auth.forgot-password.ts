import type { ActionFunctionArgs } from 'react-router';
import { requestPasswordReset, RESET_REQUESTED_MESSAGE } from '~/domain/password-reset.server';
import {
  domainErrorResponse,
  getClientInfo,
  methodNotAllowed,
  readJsonPayload,
} from '~/http/http.server';
import { getOrigin } from '~/http/origin.server';
import { ForgotPasswordSchema } from '~/schemas/account';

// POST /api/auth/forgot-password { email } → 202 { message }, the same for every e-mail (a link is
// sent only if the account exists); 429 { message } with Retry-After when an address asks too often.
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  const payload = await readJsonPayload(request, ForgotPasswordSchema);
  if (!payload.ok) return payload.response;
  try {
    await requestPasswordReset(
      payload.value.email,
      getClientInfo(request, context),
      getOrigin(request),
    );
    return Response.json({ message: RESET_REQUESTED_MESSAGE }, { status: 202 });
  } catch (error) {
    return domainErrorResponse(error);
  }
}

export const loader = () => methodNotAllowed(['POST']);
