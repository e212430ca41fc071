import { PLAN_CARD } from '~/content/marketing';
import { CheckIcon } from './ui/icons';
import { checkoutPath, formatPrice, type Plan } from '~/content/plans';
import { Link } from 'react-router';
import { buttonStyles } from './ui/styles';

/** The four plan cards; each plan's button leads to its own checkout (/checkout/<tier>). */
export function PricingPlans({
  plans,
  headingLevel,
}: {
  plans: readonly Plan[];
  headingLevel: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
      {plans.map((plan) => (
        <li
          key={plan.tier}
          data-testid={`plan-${plan.tier}`}
          className={`relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm ${
            plan.highlighted ? 'border-brand-600 ring-brand-600 ring-2' : 'border-slate-200'
          }`}
        >
          <Heading className="text-lg font-semibold text-slate-900">{plan.name}</Heading>
          {plan.highlighted ? (
            <p className="bg-brand-600 absolute -top-3 right-6 rounded-full px-3 py-1 text-xs font-semibold tracking-wide text-white uppercase">
              {PLAN_CARD.mostPopular}
            </p>
          ) : null}
          <p className="mt-4 flex items-baseline gap-1">
            <span className="text-4xl font-bold tracking-tight text-slate-900">
              {formatPrice(plan.monthlyPrice)}
            </span>
            <span className="text-sm text-slate-700">{PLAN_CARD.perMonth}</span>
          </p>
          <p className="mt-3 text-sm text-slate-700">{plan.tagline}</p>
          <ul className="mt-6 flex-1 space-y-2 text-sm text-slate-800">
            {plan.features.map((feature) => (
              <li key={feature} className="flex gap-2">
                <CheckIcon className="text-brand-700 mt-0.5 h-4 w-4" />
                <span>{feature}</span>
              </li>
            ))}
          </ul>
          <Link
            to={checkoutPath(plan.tier)}
            data-testid={`checkout-${plan.tier}`}
            className={`${plan.highlighted ? buttonStyles.primary : buttonStyles.secondary} mt-8 w-full`}
          >
            {PLAN_CARD.planCta}
            <span className="sr-only"> with {plan.name}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
