import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { isDomainError } from '~/domain/errors';
import { interpretPremiumCheck } from '~/domain/premium-access-messages';
import { checkPremiumGptAccess } from '~/domain/premium-access.server';
import { requireUser } from '~/lib/auth.server';
import { redirectWithToast } from '~/lib/toast.server';

// GET /dashboard/premium-gpt: the premium GPT link for browsers without JavaScript (and for a click
// before the page has hydrated). Same check as GET /api/premium-gpt-access; an allowed check
// redirects to the premium GPT, anything else goes back to the dashboard with the matching toast.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  try {
    const granted = await checkPremiumGptAccess(user);
    return redirect(granted.premiumGptUrl, { headers: { 'Cache-Control': 'private, no-store' } });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    const outcome = interpretPremiumCheck(error.status, {
      message: error.message,
      ...error.details,
    });
    if (outcome.kind !== 'toast') throw error;
    return redirectWithToast('/dashboard', outcome.toast, { request });
  }
}
