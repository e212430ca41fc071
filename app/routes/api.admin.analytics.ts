import type { LoaderFunctionArgs } from 'react-router';
import { getAnalytics } from '~/domain/admin.server';
import { requireApiAdmin } from '~/http/auth.server';

// GET /api/admin/analytics → exactly the seven Analytics fields of spec section 3.
export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireApiAdmin(request);
  // The page's extra figure (lapsedPaid) stays off the spec's shape.
  const { lapsedPaid: _lapsed, ...analytics } = await getAnalytics(actor);
  return Response.json(analytics, { headers: { 'Cache-Control': 'no-store' } });
}
