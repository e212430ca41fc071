import type { LoaderFunctionArgs } from 'react-router';
import { checkPremiumGptAccess } from '~/domain/premium-access.server';
import { requireApiUser } from '~/http/auth.server';
import { domainErrorResponse, methodNotAllowed } from '~/http/http.server';

// GET /api/premium-gpt-access → 200 { hasAccess, accessGrantedAt, userEmail, premiumGptUrl,
// subscriptionTier }, or 403 { message, expiredAt, requiredTier, currentTier }, or 401.
// Every check (not the 401s) leaves an access-log row.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  try {
    const granted = await checkPremiumGptAccess(user);
    // The URL is only for this user, now: keep it out of shared caches.
    return Response.json(granted, { headers: { 'Cache-Control': 'private, no-store' } });
  } catch (error) {
    return domainErrorResponse(error);
  }
}

export const action = () => methodNotAllowed(['GET']);
