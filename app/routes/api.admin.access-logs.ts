import type { LoaderFunctionArgs } from 'react-router';
import { listAccessLogs, type AccessLogView } from '~/domain/admin.server';
import { adminListResponse } from '~/http/admin-api.server';

// GET /api/admin/access-logs?page=&limit=&result=allowed|denied → premium-access checks, newest
// first. `wasAllowed` is the spec's text form ('true' / 'false'); `allowed` is the same as a boolean.
export function loader({ request }: LoaderFunctionArgs) {
  return adminListResponse(
    request,
    (actor, params, page) => {
      const result = params.get('result');
      return listAccessLogs(actor, {
        ...page,
        result: result === 'allowed' || result === 'denied' ? result : undefined,
      });
    },
    (log: AccessLogView) => ({
      ...log,
      wasAllowed: String(log.wasAllowed),
      allowed: log.wasAllowed,
    }),
  );
}
