import type { ReactNode } from 'react';
import {
  redirect,
  Form,
  Link,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { buttonStyles, linkStyles } from '~/components/ui/styles';
import { formatPrice, getPlan } from '~/content/plans';
import {
  checkoutMode,
  checkoutView,
  isPaidPlan,
  payOnDemoCheckout,
  startCheckout,
} from '~/domain/payments.server';
import { requireUser } from '~/http/auth.server';
import { getOrigin } from '~/http/origin.server';
import { readFormData } from '~/http/http.server';

export const meta: MetaFunction = () => [
  { title: 'Checkout | AI Visibility' },
  { name: 'robots', content: 'noindex' },
];

function planOf(params: LoaderFunctionArgs['params']) {
  const tier = params.tier;
  if (!isPaidPlan(tier)) throw new Response('Page Not Found', { status: 404 });
  return getPlan(tier);
}

/** Where a visitor goes first: sign up (the page links to sign in), then back here. */
function signUpFirst(request: Request) {
  const url = new URL(request.url);
  return redirect(`/register?${new URLSearchParams({ redirectTo: url.pathname })}`);
}

// GET /checkout/<tier>: every plan button points here. It only shows a page and changes nothing:
// the order to review (its button posts here), the local demo checkout (DEMO_CHECKOUT=true), or
// "already on this plan".
export async function loader({ request, params }: LoaderFunctionArgs) {
  const plan = planOf(params);
  const user = await requireUser(request).catch(() => {
    throw signUpFirst(request);
  });
  const view = checkoutView(user, plan.tier);
  return {
    kind: view.kind,
    plan: { tier: plan.tier, name: plan.name, price: formatPrice(plan.monthlyPrice) },
    email: user.email,
  };
}

// POST /checkout/<tier>: where the user leaves for the payment page (Stripe Checkout or the plan's
// payment link, 303), or, on the demo checkout, 'Pay'.
export async function action({ request, params }: ActionFunctionArgs) {
  const plan = planOf(params);
  const user = await requireUser(request);
  await readFormData(request);
  if (checkoutMode() === 'demo') {
    await payOnDemoCheckout(user, plan.tier);
    return redirect('/dashboard?payment=success', 303);
  }
  const start = await startCheckout(user, plan.tier, getOrigin(request));
  if (start.kind === 'already') return redirect(`/checkout/${plan.tier}`, 303);
  return new Response(null, { status: 303, headers: { Location: start.url } });
}

export default function CheckoutPage() {
  const { kind, plan, email } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const paying = navigation.state !== 'idle' && navigation.formMethod === 'POST';

  if (kind === 'already') {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">
          You are already on {plan.name}
        </h1>
        <p className="mt-4 text-slate-700">
          Your {plan.name} plan is active, so there is nothing to pay. To change or cancel it, open
          billing on your dashboard.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/dashboard#billing" className={buttonStyles.primary}>
            Manage billing
          </Link>
          <Link to="/pricing" className={buttonStyles.secondary}>
            See other plans
          </Link>
        </div>
      </div>
    );
  }

  if (kind !== 'demo') {
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Checkout</h1>
        <PlanCard plan={plan} email={email}>
          <p className="mt-2 text-sm text-slate-700">
            You pay on Stripe&apos;s secure payment page and come back here afterwards.
          </p>
          <PayButton
            pending={paying}
            label="Continue to payment"
            pendingLabel="Opening the payment page..."
          />
        </PlanCard>
        <CancelLink />
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <p
        role="note"
        className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm font-semibold text-amber-900"
      >
        Test payment: this is a demo checkout. No card is needed and nobody is charged.
      </p>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900">Checkout</h1>
      <PlanCard plan={plan} email={email}>
        <PayButton pending={paying} label={`Pay ${plan.price}`} pendingLabel="Processing..." />
      </PlanCard>
      <CancelLink />
    </div>
  );
}

/** The plan being bought, its price and who is billed, above the button that pays. */
function PlanCard({
  plan,
  email,
  children,
}: {
  plan: { name: string; price: string };
  email: string;
  children: ReactNode;
}) {
  return (
    <div className="mt-6 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h2 className="text-xl font-semibold text-slate-900">{plan.name}</h2>
      <p className="mt-2 text-slate-700">
        <span className="text-3xl font-bold text-slate-900" data-testid="checkout-price">
          {plan.price}
        </span>{' '}
        per month
      </p>
      <p className="mt-2 text-sm break-words text-slate-700">Billed to {email}</p>
      {children}
    </div>
  );
}

/** A plain form post: it works without JavaScript; with it, the button says it is busy. */
function PayButton({
  pending,
  label,
  pendingLabel,
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
}) {
  return (
    <Form method="post" className="mt-6">
      <button type="submit" className={`${buttonStyles.primary} w-full`} disabled={pending}>
        {pending ? pendingLabel : label}
      </button>
    </Form>
  );
}

function CancelLink() {
  return (
    <p className="mt-6 text-center text-sm">
      <Link to="/pricing" className={linkStyles}>
        Cancel and go back to pricing
      </Link>
    </p>
  );
}
