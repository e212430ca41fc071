import type { LoaderFunctionArgs } from 'react-router';
import { listUsers, toApiUser } from '~/domain/admin.server';
import { isTier } from '~/domain/tiers';
import { adminListResponse } from '~/http/admin-api.server';
import { searchParam } from '~/schemas/admin';

// GET /api/admin/users?page=&limit=&q=&tier= → users, newest first (never password data).
export function loader({ request }: LoaderFunctionArgs) {
  return adminListResponse(
    request,
    (actor, params, page) => {
      const tier = params.get('tier');
      return listUsers(actor, {
        ...page,
        query: searchParam(params) || undefined,
        tier: isTier(tier) ? tier : undefined,
      });
    },
    toApiUser,
  );
}
