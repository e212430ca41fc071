import {
  Form,
  Link,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { buttonStyles } from '~/components/ui/styles';
import { formatPrice } from '~/content/plans';
import { isDomainError } from '~/domain/errors';
import { useDates } from '~/components/time-zone';
import { cancelOnDemoBilling, getBilling } from '~/domain/payments/billing.server';
import { checkoutMode } from '~/domain/payments/config.server';
import { requireUser } from '~/http/auth.server';
import { readFormData } from '~/http/http.server';
import { redirectWithToast } from '~/http/toast.server';

export const meta: MetaFunction = () => [
  { title: 'Billing (demo) | AI Visibility' },
  { name: 'robots', content: 'noindex' },
];

// /billing/demo (DEMO_CHECKOUT=true only): what Stripe's Customer Portal does, locally. Cancelling
// applies a subscription update through the same payments function as a real one.
export async function loader({ request }: LoaderFunctionArgs) {
  if (checkoutMode() !== 'demo') throw new Response('Page Not Found', { status: 404 });
  const user = await requireUser(request);
  return getBilling(user.id);
}

export async function action({ request }: ActionFunctionArgs) {
  if (checkoutMode() !== 'demo') throw new Response('Page Not Found', { status: 404 });
  const user = await requireUser(request);
  await readFormData(request);
  try {
    await cancelOnDemoBilling(user.id);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return redirectWithToast(
      '/billing/demo',
      { title: 'Nothing to cancel', description: error.message, variant: 'destructive' },
      { request },
    );
  }
  return redirectWithToast(
    '/dashboard',
    { title: 'Plan cancelled', description: 'Your plan stays active until the end of the period.' },
    { request },
  );
}

export default function DemoBillingPage() {
  const billing = useLoaderData<typeof loader>();
  const ends = useDates().longDate(billing.expiresAt);
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
          <p className="mt-1 text-slate-700">
            {formatPrice(billing.monthlyPrice ?? 0)} per month
            {ends
              ? billing.expired
                ? ` · ended on ${ends}`
                : billing.cancelAtPeriodEnd
                  ? ` · ends on ${ends}`
                  : ` · renews on ${ends}`
              : ''}
          </p>
          {billing.expired ? (
            <p className="mt-4 text-sm text-slate-700">Your plan has ended.</p>
          ) : billing.cancelAtPeriodEnd ? (
            <p className="mt-4 text-sm text-slate-700">
              Your plan is cancelled and stays active until {ends}.
            </p>
          ) : (
            <Form method="post" className="mt-6">
              <button type="submit" className={buttonStyles.danger}>
                Cancel plan at period end
              </button>
            </Form>
          )}
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
