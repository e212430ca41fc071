import { Link, useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { CancelPlanButton, ResumePlanForm } from '~/components/billing/cancel-plan';
import { resumeTermsFor } from '~/components/billing/resume-terms';
import { cancelledNote, statusLine } from '~/components/billing/words';
import { buttonStyles } from '~/components/ui/styles';
import { formatPrice } from '~/content/plans';
import { useDates } from '~/components/time-zone';
import { getBilling } from '~/domain/payments/billing.server';
import { checkoutMode } from '~/domain/payments/config.server';
import { requireUser } from '~/http/auth.server';

export const meta: MetaFunction = () => [
  { title: 'Billing (demo) | AI Visibility' },
  { name: 'robots', content: 'noindex' },
];

// /billing/demo (DEMO_CHECKOUT=true only): what Stripe's Customer Portal shows, locally: the plan,
// its one date and what happens then. Cancelling (confirmed first, at /billing/cancel) and
// resuming go through the same payments functions as on the dashboard.
export async function loader({ request }: LoaderFunctionArgs) {
  if (checkoutMode() !== 'demo') throw new Response('Page Not Found', { status: 404 });
  const user = await requireUser(request);
  return getBilling(user.id);
}

export default function DemoBillingPage() {
  const billing = useLoaderData<typeof loader>();
  const on = useDates().longDate(billing.periodEnd);
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <p
        role="note"
        className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm font-semibold text-amber-900"
      >
        Demo billing: this page stands in for Stripe&apos;s customer portal.
      </p>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900">Billing</h1>
      {billing.planName ? (
        <div className="mt-6 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
          <h2 className="text-xl font-semibold text-slate-900">{billing.planName}</h2>
          <p className="mt-1 text-slate-700">{formatPrice(billing.monthlyPrice ?? 0)} per month</p>
          <p className="mt-1 text-slate-700" data-testid="billing-summary">
            {billing.state
              ? statusLine({
                  planName: billing.planName,
                  state: billing.state,
                  on,
                  scheduledPlanName: billing.scheduled?.planName,
                })
              : `${billing.planName} plan`}
          </p>
          {billing.state === 'ended' ? (
            <p className="mt-4 text-sm text-slate-700">Your plan has ended.</p>
          ) : null}
          {billing.canResume ? (
            <>
              <p className="mt-4 text-sm text-slate-700">{cancelledNote(billing.planName, on)}</p>
              <div className="mt-4">
                <ResumePlanForm
                  planName={billing.planName}
                  terms={resumeTermsFor(billing.planName, billing.monthlyPrice, on)}
                />
              </div>
            </>
          ) : null}
          {billing.canCancel ? (
            <div className="mt-6">
              <CancelPlanButton
                facts={{
                  planName: billing.planName,
                  endsOn: on,
                  droppedPlanName: billing.scheduled?.planName ?? null,
                  version: billing.version,
                }}
              />
            </div>
          ) : null}
        </div>
      ) : (
        <p className="mt-6 text-slate-700">You have no paid plan.</p>
      )}
      <p className="mt-6">
        <Link to="/dashboard" className={buttonStyles.secondary}>
          Back to dashboard
        </Link>
      </p>
    </div>
  );
}
