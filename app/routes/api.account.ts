import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import { deleteAccount, updateAccount } from '~/domain/account.server';
import { getSessionToken, requireApiUser } from '~/http/auth.server';
import { domainErrorResponse, methodNotAllowed, readJsonPayload } from '~/http/http.server';
import { attemptClient } from '~/http/device-cookie.server';
import { getOrigin } from '~/http/origin.server';
import { AccountUpdateSchema, DeleteAccountSchema } from '~/schemas/account';

const ALLOWED = ['GET', 'PUT', 'DELETE'];

// GET /api/account → the user.
// PUT /api/account { firstName?, lastName?, email?, newPassword?, currentPassword? } → the user.
//   A new e-mail or password needs currentPassword (400 with the reason otherwise); a new password
//   ends every other session, the calling one stays.
// DELETE /api/account { password } → 204; 409 { message } with a running paid plan or for the
//   last admin.
// An API key may read (GET) but PUT and DELETE answer it 403 { message }.
export async function loader({ request }: LoaderFunctionArgs) {
  return Response.json(await requireApiUser(request));
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'PUT' && request.method !== 'DELETE') return methodNotAllowed(ALLOWED);
  // An API key reads the account but changes none of it (its e-mail, password, or its end).
  const user = await requireApiUser(request, { apiKeys: 'refuse' });
  const client = await attemptClient(request, context, user.email);
  if (request.method === 'PUT') {
    const payload = await readJsonPayload(request, AccountUpdateSchema);
    if (!payload.ok) return payload.response;
    try {
      const token = await getSessionToken(request);
      return Response.json(
        await updateAccount(user, payload.value, token, client, getOrigin(request)),
      );
    } catch (error) {
      return domainErrorResponse(error);
    }
  }
  const payload = await readJsonPayload(request, DeleteAccountSchema);
  if (!payload.ok) return payload.response;
  try {
    await deleteAccount(user, payload.value.password, client);
    return new Response(null, { status: 204 });
  } catch (error) {
    return domainErrorResponse(error);
  }
}
