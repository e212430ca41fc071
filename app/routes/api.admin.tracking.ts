import type { LoaderFunctionArgs } from 'react-router';
import { getTrackingOverview } from '~/domain/tracking/reports/admin.server';
import { requireApiAdmin } from '~/http/auth.server';
import { pageParams } from '~/schemas/admin';
import { TRACKING_BUSINESSES_PER_PAGE } from '~/domain/tracking/reports/admin.server';

// GET /api/admin/tracking → the admin panel's Tracking tab as JSON: this month's budget, calls and
// spend per engine, the tracking queues, and one page (`?page=`, 20 a page) of the businesses
// asked about this month, most answers first.
export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireApiAdmin(request);
  const { page } = pageParams(new URL(request.url).searchParams, {
    defaultLimit: TRACKING_BUSINESSES_PER_PAGE,
    maxLimit: TRACKING_BUSINESSES_PER_PAGE,
  });
  return Response.json(await getTrackingOverview(actor, { page }), {
    headers: { 'Cache-Control': 'no-store' },
  });
}
