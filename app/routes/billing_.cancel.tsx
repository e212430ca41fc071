import {
  Link,
  redirect,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { CancelPlanForm, CancelPlanText, ResumePlanForm } from '~/components/billing/cancel-plan';
import { resumeTermsFor } from '~/components/billing/resume-terms';
import { cancelledNote } from '~/components/billing/words';
import { buttonStyles } from '~/components/ui/styles';
import { getPlan } from '~/content/plans';
import { formatLongDate } from '~/domain/dates';
import { isDomainError } from '~/domain/errors';
import { cancelSubscription, cancelView } from '~/domain/payments/cancel.server';
import { requireUser } from '~/http/auth.server';
import { readFormData } from '~/http/http.server';
import { timeZoneOf } from '~/http/time-zone.server';
import { redirectWithToast } from '~/http/toast.server';
import { CancelFormSchema } from '~/schemas/payments';

export const meta: MetaFunction = () => [
  { title: 'Cancel your plan | AI Visibility' },
  { name: 'robots', content: 'noindex' },
];

type Toast = Parameters<typeof redirectWithToast>[1];

// GET /billing/cancel: the confirmation (what cancelling does, and when), which 'Cancel plan'
// leads to without JavaScript (with it, the same words open in a dialog). POST: the cancel, from
// that confirmation only: a post without the version the confirmation carries is sent to it.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const timeZone = timeZoneOf(request);
  try {
    const view = await cancelView(user.id);
    const plan = getPlan(view.tier);
    const endsOn = formatLongDate(view.endsAt, timeZone);
    return {
      planName: plan.name,
      endsOn,
      /** What resuming charges and when, before the Resume button (issue 44, item 6). */
      resumeTerms: view.cancelled ? resumeTermsFor(plan.name, plan.monthlyPrice, endsOn) : null,
      droppedPlanName: view.scheduled ? getPlan(view.scheduled.tier).name : null,
      cancelled: view.cancelled,
      version: view.version,
    };
  } catch (error) {
    if (!isDomainError(error)) throw error;
    throw await redirectWithToast(
      '/dashboard',
      { title: 'Nothing to cancel', description: error.message, variant: 'destructive' },
      { request },
    );
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = CancelFormSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!form.success || form.data.version === undefined) throw redirect('/billing/cancel');
  const timeZone = timeZoneOf(request);
  const back = (to: string, toast: Toast) => redirectWithToast(to, toast, { request });
  try {
    const result = await cancelSubscription(user.id, { version: form.data.version });
    switch (result.kind) {
      case 'cancelled':
      case 'already': {
        const name = getPlan(result.tier).name;
        const on = formatLongDate(result.endsAt.toISOString(), timeZone);
        return back('/dashboard', {
          title: result.kind === 'cancelled' ? 'Plan cancelled' : 'Already cancelled',
          description: cancelledNote(name, on),
        });
      }
      case 'stale':
        return back('/billing/cancel', {
          title: 'Your plan has changed',
          description: 'Your plan changed since this page was opened. Please read it again.',
          variant: 'destructive',
        });
      case 'busy':
        return back('/dashboard', {
          title: 'Cancel in progress',
          description: 'This cancel was already sent, so nothing was done twice.',
        });
    }
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return back('/dashboard', {
      title: 'Plan not cancelled',
      description: error.message,
      variant: 'destructive',
    });
  }
}

export default function CancelPlanPage() {
  const facts = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      {facts.cancelled ? (
        <>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">
            Your {facts.planName} plan is cancelled
          </h1>
          <p className="mt-4 text-slate-700">{cancelledNote(facts.planName, facts.endsOn)}</p>
          <div className="mt-6 flex flex-wrap gap-3">
            <ResumePlanForm planName={facts.planName} terms={facts.resumeTerms} />
            <Link to="/dashboard#billing" className={buttonStyles.secondary}>
              Back to dashboard
            </Link>
          </div>
        </>
      ) : (
        <>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">
            Cancel your {facts.planName} plan?
          </h1>
          <div className="mt-4 rounded-lg border border-red-200 bg-white p-6 shadow-sm">
            <CancelPlanText facts={facts} />
            <CancelPlanForm
              facts={facts}
              keep={
                <Link to="/dashboard#billing" className={buttonStyles.secondary}>
                  Keep my plan
                </Link>
              }
            />
          </div>
        </>
      )}
    </div>
  );
}
