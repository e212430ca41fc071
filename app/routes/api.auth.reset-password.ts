import type { ActionFunctionArgs } from 'react-router';
import { resetPassword } from '~/domain/password-reset.server';
import { createSession } from '~/domain/sessions.server';
import {
  domainErrorResponse,
  getClientInfo,
  methodNotAllowed,
  readJsonPayload,
} from '~/http/http.server';
import { ResetPasswordSchema } from '~/schemas/account';

// POST /api/auth/reset-password { token, password } → { token, user }: the new password is set,
// every session of the user ends and a new one starts (as a login does). A used, expired or unknown
// link is 400 { message, reason: "used" | "expired" | "invalid" }.
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST']);
  const payload = await readJsonPayload(request, ResetPasswordSchema);
  if (!payload.ok) return payload.response;
  try {
    const user = await resetPassword(payload.value.token, payload.value.password);
    const { token } = await createSession(user.id, getClientInfo(request, context));
    return Response.json({ token, user });
  } catch (error) {
    return domainErrorResponse(error);
  }
}

export const loader = () => methodNotAllowed(['POST']);
