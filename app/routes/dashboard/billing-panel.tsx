import { Form, Link, useLoaderData, useRevalidator } from 'react-router';
import { useEffect, useState } from 'react';
import { CancelPlanButton, ResumePlanForm } from '~/components/billing/cancel-plan';
import { CancelScheduledChange } from '~/components/billing/cancel-scheduled-change';
import { cancelledNote, FREE_AFTERWARDS, statusLine } from '~/components/billing/words';
import { useToast } from '~/components/toaster';
import { buttonStyles, linkStyles } from '~/components/ui/styles';
import { PAYMENT_SUCCESS_TOAST } from './page';
import type { loader } from './route';

/**
 * The plan, its one date (the end of the period paid for) and what happens then, 'Manage billing',
 * 'Cancel plan' (confirmed first) or 'Resume', a failed payment, and a payment that is being activated (with JavaScript the page checks again every few seconds until it lands; without,
 * a refresh link).
 */
export function BillingPanel() {
  const { billing, plan } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const { toast } = useToast();
  const pending = billing.pendingPlan !== null;
  const [wasPending, setWasPending] = useState(pending);

  useEffect(() => {
    if (!pending) return;
    const started = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - started > 90_000) clearInterval(timer);
      else if (revalidator.state === 'idle') revalidator.revalidate();
    }, 2000);
    return () => clearInterval(timer);
  }, [pending, revalidator]);

  useEffect(() => {
    if (wasPending && !pending) {
      if (plan.hasPremiumAccess) toast(PAYMENT_SUCCESS_TOAST);
      setWasPending(false);
    } else if (pending && !wasPending) {
      setWasPending(true);
    }
  }, [pending, wasPending, plan.hasPremiumAccess, toast]);

  if (!billing.planName && !pending) return null;
  return (
    <section
      id="billing"
      aria-labelledby="billing-title"
      className="rounded-xl border border-slate-200 bg-white p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h2 id="billing-title" className="text-xl font-semibold text-slate-900">
            Billing
          </h2>
          {billing.planName ? (
            <p className="mt-1 text-sm text-slate-700" data-testid="billing-summary">
              {billing.state
                ? statusLine({
                    planName: billing.planName,
                    state: billing.state,
                    on: billing.on,
                    scheduledPlanName: billing.scheduled?.planName,
                  })
                : `${billing.planName} plan`}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          {billing.renewPath ? (
            <Link to={billing.renewPath} className={buttonStyles.primary}>
              Renew {billing.planName}
            </Link>
          ) : null}
          {billing.canResume && billing.planName ? (
            <ResumePlanForm planName={billing.planName} terms={billing.resumeTerms} />
          ) : null}
          {billing.canManage ? (
            <Form method="post" action="/billing">
              <button type="submit" className={buttonStyles.secondary}>
                Manage billing
              </button>
            </Form>
          ) : null}
          {billing.canCancel && billing.planName ? (
            <CancelPlanButton
              facts={{
                planName: billing.planName,
                endsOn: billing.on,
                droppedPlanName: billing.scheduled?.planName ?? null,
                version: billing.version,
              }}
            />
          ) : null}
        </div>
      </div>
      {billing.state === 'ends' && billing.planName ? (
        <p
          className="mt-4 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950"
          data-testid="plan-ends-note"
        >
          {billing.canResume
            ? cancelledNote(billing.planName, billing.on)
            : `Your ${billing.planName} plan ends on ${billing.on ?? 'its expiry date'}. ${FREE_AFTERWARDS}`}
        </p>
      ) : null}
      {billing.scheduled && billing.planName ? (
        <div
          className="mt-4 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800"
          data-testid="scheduled-change"
        >
          <p>
            Scheduled change: {billing.scheduled.planName} ({billing.scheduled.price} a month) from{' '}
            {billing.scheduled.on}. You keep {billing.planName} until then.
          </p>
          <CancelScheduledChange keep={billing.planName} />
        </div>
      ) : null}
      {pending ? (
        <p
          role="status"
          className="mt-4 rounded-md border border-blue-200 bg-blue-50 p-3 text-sm text-blue-900"
          data-testid="payment-pending"
        >
          Payment received: we are activating your {billing.pendingPlan} plan.{' '}
          <Link to="/dashboard" className={linkStyles}>
            Refresh
          </Link>
        </p>
      ) : null}
      {billing.paymentFailed ? (
        <p
          role="alert"
          className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900"
        >
          Your last payment failed. Please update your card under Manage billing to keep your plan.
        </p>
      ) : null}
    </section>
  );
}
