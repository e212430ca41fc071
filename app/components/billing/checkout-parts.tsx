// The checkout page's parts (routes/checkout.$tier.tsx): the demo's note, the plan card, the pay
// button and the way back. Split from the route (issue 42), code unchanged.
import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { buttonStyles, linkStyles } from '~/components/ui/styles';

export function DemoNote() {
  return (
    <p
      role="note"
      className="mb-6 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm font-semibold text-amber-900"
    >
      Test payment: this is a demo checkout. No card is needed and nobody is charged.
    </p>
  );
}

/** The plan being bought, its price and who is billed, above the button that pays. */
export function PlanCard({
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
export function PayButton({
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

export function CancelLink() {
  return (
    <p className="mt-6 text-center text-sm">
      <Link to="/pricing" className={linkStyles}>
        Cancel and go back to pricing
      </Link>
    </p>
  );
}
