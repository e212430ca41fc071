import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { isDomainError } from '~/domain/errors';
import { openBillingPortal } from '~/domain/payments/billing.server';
import { requireUser } from '~/http/auth.server';
import { readFormData } from '~/http/http.server';
import { getOrigin } from '~/http/origin.server';
import { redirectWithToast } from '~/http/toast.server';

// POST /billing ('Manage billing' on the dashboard): to Stripe's Customer Portal (cancel, change
// plan, update card), or the local demo billing page in demo mode.
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  await readFormData(request);
  try {
    const url = await openBillingPortal(user.id, `${getOrigin(request)}/dashboard`);
    return new Response(null, { status: 303, headers: { Location: url } });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return redirectWithToast(
      '/dashboard',
      { title: 'Billing unavailable', description: error.message, variant: 'destructive' },
      { request },
    );
  }
}

/**
 * GET /billing (typed in the address bar, issue 44): billing lives on the dashboard, so the
 * browser goes there (after sign-in) instead of reading a JSON 405.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return redirect('/dashboard#billing');
}
