import type { LoaderFunctionArgs } from 'react-router';
import { exportAccountData } from '~/domain/account.server';
import { requireUser } from '~/lib/auth.server';
import { methodNotAllowed } from '~/lib/http.server';

// GET /account/export ("Download my data"): the signed-in user's account, businesses and sign-ins
// as a JSON file. Never stored by a cache (the server marks anything with a session private).
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const now = new Date();
  const body = JSON.stringify(await exportAccountData(user.id, now), null, 2);
  const day = now.toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="ai-visibility-data-${day}.json"`,
      'Cache-Control': 'private, no-store',
    },
  });
}

export const action = () => methodNotAllowed(['GET']);
