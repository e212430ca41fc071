import type { LoaderFunctionArgs } from 'react-router';
import { listLoginHistory } from '~/domain/admin.server';
import { adminListResponse } from '~/http/admin-api.server';

// GET /api/admin/login-history?page=&limit= → login records (loginTime, logoutTime, ipAddress).
export function loader({ request }: LoaderFunctionArgs) {
  return adminListResponse(request, (actor, _params, page) => listLoginHistory(actor, page));
}
