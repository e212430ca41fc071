import type { ActionFunctionArgs } from 'react-router';
import { getPlan } from '~/content/plans';
import { isDomainError } from '~/domain/errors';
import { cancelScheduledChange } from '~/domain/payments/plan-change.server';
import { requireUser } from '~/http/auth.server';
import { methodNotAllowed, readFormData } from '~/http/http.server';
import { redirectWithToast } from '~/http/toast.server';

// POST /billing/scheduled-change (the Billing panel's and the checkout page's cancel button): the
// plan change scheduled for the period's end is dropped, and the current plan renews. Always a
// redirect to the dashboard with a message.
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  await readFormData(request);
  const back = (toast: Parameters<typeof redirectWithToast>[1]) =>
    redirectWithToast('/dashboard', toast, { request });
  try {
    const result = await cancelScheduledChange(user.id);
    if (result.kind === 'cancelled') {
      return back({
        title: 'Scheduled change cancelled',
        description: `You stay on ${getPlan(result.kept).name}; the move to ${getPlan(result.tier).name} will not happen.`,
      });
    }
    if (result.kind === 'busy') {
      return back({
        title: 'Plan change in progress',
        description: 'This change is already being made.',
      });
    }
    return back({ title: 'Nothing to cancel', description: 'No plan change is scheduled.' });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return back({
      title: 'Change not cancelled',
      description: error.message,
      variant: 'destructive',
    });
  }
}

export const loader = () => methodNotAllowed(['POST']);
