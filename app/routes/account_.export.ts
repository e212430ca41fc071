import type { LoaderFunctionArgs } from 'react-router';
import { exportAccountData } from '~/domain/account.server';
import { requireUser } from '~/http/auth.server';
import { methodNotAllowed } from '~/http/http.server';

// GET /account/export ("Download my data"): the signed-in user's account, businesses and sign-ins
// as a JSON file, streamed. Never stored by a cache (the server marks anything with a session private).
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const now = new Date();
  const pieces = await exportAccountData(user.id, now);
  const day = now.toISOString().slice(0, 10);
  // Streamed as it is read, batch by batch: a large account never sits in memory whole.
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await pieces.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await pieces.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="ai-visibility-data-${day}.json"`,
      'Cache-Control': 'private, no-store',
    },
  });
}

export const action = () => methodNotAllowed(['GET']);
