import type { LoaderFunctionArgs } from 'react-router';
import { getAnalytics } from '~/domain/admin.server';
import { requireApiAdmin } from '~/http/auth.server';

// GET /api/admin/analytics → exactly the seven Analytics fields of spec section 3.
export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireApiAdmin(request);
  return Response.json(await getAnalytics(actor), { headers: { 'Cache-Control': 'no-store' } });
}
