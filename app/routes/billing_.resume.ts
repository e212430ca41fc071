import type { ActionFunctionArgs } from 'react-router';
import { getPlan } from '~/content/plans';
import { formatLongDate } from '~/domain/dates';
import { isDomainError } from '~/domain/errors';
import { resumeSubscription } from '~/domain/payments/cancel.server';
import { requireUser } from '~/http/auth.server';
import { methodNotAllowed, readFormData } from '~/http/http.server';
import { timeZoneOf } from '~/http/time-zone.server';
import { redirectWithToast } from '~/http/toast.server';

// POST /billing/resume ('Resume <plan>' wherever a cancelled plan is shown): the cancel is undone
// and the plan renews at the end of its period. Always a redirect to the dashboard with a message.
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  await readFormData(request);
  const back = (toast: Parameters<typeof redirectWithToast>[1]) =>
    redirectWithToast('/dashboard', toast, { request });
  try {
    const result = await resumeSubscription(user.id);
    switch (result.kind) {
      case 'resumed':
        return back({
          title: 'Plan resumed',
          description: `Your ${getPlan(result.tier).name} plan is no longer cancelled: it renews on ${formatLongDate(result.renewsAt.toISOString(), timeZoneOf(request))}.`,
        });
      case 'not-cancelled':
        return back({
          title: 'Nothing to resume',
          description: `Your ${getPlan(result.tier).name} plan is not cancelled.`,
        });
      case 'busy':
        return back({ title: 'Change in progress', description: 'This was already sent.' });
    }
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return back({ title: 'Plan not resumed', description: error.message, variant: 'destructive' });
  }
}

export const loader = () => methodNotAllowed(['POST']);
