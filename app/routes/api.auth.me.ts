import type { LoaderFunctionArgs } from 'react-router';
import { requireApiUser } from '~/http/auth.server';
import { methodNotAllowed } from '~/http/http.server';

// GET /api/auth/me (Bearer token or session cookie) → the current user, or 401 { message }.
export async function loader({ request }: LoaderFunctionArgs) {
  return Response.json(await requireApiUser(request));
}

export const action = () => methodNotAllowed(['GET']);
