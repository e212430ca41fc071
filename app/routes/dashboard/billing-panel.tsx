import { Form, Link, useLoaderData, useRevalidator } from 'react-router';
import { useEffect, useState } from 'react';
import { useToast } from '~/components/toaster';
import { buttonStyles, linkStyles } from '~/components/ui/styles';
import { PAYMENT_SUCCESS_TOAST } from './page';
import type { loader } from './route';

/**
 * The plan, its renewal or end date, 'Manage billing', a failed payment, and a payment that is
 * being activated (with JavaScript the page checks again every few seconds until it lands; without,
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
              {billing.planName} plan
              {billing.renewsOn ? ` · renews on ${billing.renewsOn}` : ''}
              {billing.endsOn ? ` · ends on ${billing.endsOn}` : ''}
            </p>
          ) : null}
        </div>
        {billing.canManage ? (
          <Form method="post" action="/billing">
            <button type="submit" className={buttonStyles.secondary}>
              Manage billing
            </button>
          </Form>
        ) : null}
      </div>
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
