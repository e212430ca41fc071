import type { LoaderFunctionArgs } from 'react-router';
import { listAllBusinesses } from '~/domain/admin.server';
import { adminListResponse } from '~/http/admin-api.server';
import { searchParam } from '~/schemas/admin';

// GET /api/admin/businesses?page=&limit=&q= → every business with its owner, newest first.
export function loader({ request }: LoaderFunctionArgs) {
  return adminListResponse(request, (actor, params, page) =>
    listAllBusinesses(actor, { ...page, query: searchParam(params) || undefined }),
  );
}
