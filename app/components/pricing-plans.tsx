import { PLAN_CARD } from '~/content/marketing';
import { CheckIcon } from './ui/icons';
import { checkoutPath, formatPrice, type PaidTier, type Plan } from '~/content/plans';
import { Link } from 'react-router';
import { buttonStyles } from './ui/styles';
import type { PlanStanding } from '~/domain/payments/standing.server';
import { listingCheckWords } from '~/domain/listing-checks';

/** Where the signed-in reader stands with one plan, its dates already written for them. */
export type CardStanding = PlanStanding;

type CardWords = {
  badge: string | null;
  cta: string;
  /** Said to screen readers after the button's text, so every button names its plan. */
  ctaSuffix: string | null;
  note: string | null;
  to: string;
};

/** A card's badge, button and the line that says what happens when, for a reader's standing. */
function cardWords(
  plan: Plan,
  standing: CardStanding | undefined,
  scheduledName: string | null,
): CardWords {
  const buy = {
    badge: null,
    cta: PLAN_CARD.planCta,
    ctaSuffix: ` with ${plan.name}`,
    note: null,
    to: checkoutPath(plan.tier),
  };
  switch (standing?.kind) {
    case undefined:
    case 'new':
      return buy;
    case 'current':
      return {
        badge: 'Current plan',
        cta: 'Manage billing',
        ctaSuffix: ` for your ${plan.name} plan`,
        to: '/dashboard#billing',
        note: !standing.on
          ? 'Your plan.'
          : standing.then === 'ends'
            ? `Cancelled: ends on ${standing.on}.`
            : standing.then === 'changes'
              ? `Yours until ${standing.on}, then ${scheduledName ?? 'the plan you chose'}.`
              : `Yours; renews on ${standing.on}.`,
      };
    case 'upgrade':
      return {
        badge: 'Upgrade',
        cta: `Upgrade to ${plan.name}`,
        ctaSuffix: null,
        to: checkoutPath(plan.tier),
        note: `Starts today: you pay the difference for the rest of this period now, then ${formatPrice(plan.monthlyPrice)} a month.`,
      };
    case 'downgrade':
      return {
        badge: 'Downgrade',
        cta: `Downgrade to ${plan.name}`,
        ctaSuffix: null,
        to: checkoutPath(plan.tier),
        note: `Starts on ${standing.at}, when the period you paid for ends. Nothing is charged today.`,
      };
    case 'scheduled':
      return {
        badge: 'Scheduled',
        cta: 'Review the change',
        ctaSuffix: ` to ${plan.name}`,
        to: checkoutPath(plan.tier),
        note: `Starts on ${standing.at}, as you chose.`,
      };
    case 'contact':
      return {
        badge: null,
        cta: `Change to ${plan.name}`,
        ctaSuffix: null,
        to: checkoutPath(plan.tier),
        note: 'We change your subscription for you.',
      };
  }
}

/**
 * The four plan cards; each plan's button leads to its own checkout (/checkout/<tier>). For a
 * subscriber (`standings`), their plan is marked 'Current plan' and the others say whether they
 * are an upgrade (now) or a downgrade (at the period's end), and when. Plain server-rendered
 * markup: links and text only.
 */
export function PricingPlans({
  plans,
  headingLevel,
  standings,
}: {
  plans: readonly Plan[];
  headingLevel: 2 | 3;
  standings?: Record<PaidTier, CardStanding> | null;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const scheduled = plans.find((plan) => standings?.[plan.tier]?.kind === 'scheduled');
  return (
    <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
      {plans.map((plan) => {
        const standing = standings?.[plan.tier];
        const words = cardWords(plan, standing, scheduled?.name ?? null);
        const current = standing?.kind === 'current';
        return (
          <li
            key={plan.tier}
            data-testid={`plan-${plan.tier}`}
            aria-current={current ? 'true' : undefined}
            className={`relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm ${
              current
                ? 'border-emerald-700 ring-2 ring-emerald-700'
                : plan.highlighted && !standings
                  ? 'border-brand-600 ring-brand-600 ring-2'
                  : 'border-slate-200'
            }`}
          >
            <Heading className="text-lg font-semibold text-slate-900">{plan.name}</Heading>
            {words.badge ? (
              <p
                data-testid={`plan-standing-${plan.tier}`}
                className={`absolute -top-3 right-6 rounded-full px-3 py-1 text-xs font-semibold tracking-wide text-white uppercase ${
                  current ? 'bg-emerald-800' : 'bg-slate-700'
                }`}
              >
                {words.badge}
              </p>
            ) : plan.highlighted && !standings ? (
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
              {[...plan.features, listingCheckWords(plan.tier)].map((feature) => (
                <li key={feature} className="flex gap-2">
                  <CheckIcon className="text-brand-700 mt-0.5 h-4 w-4" />
                  <span>{feature}</span>
                </li>
              ))}
            </ul>
            {words.note ? (
              <p
                className="mt-6 text-sm font-medium text-slate-800"
                data-testid={`plan-note-${plan.tier}`}
              >
                {words.note}
              </p>
            ) : null}
            <Link
              to={words.to}
              data-testid={`checkout-${plan.tier}`}
              className={`${
                (plan.highlighted && !standings) || standing?.kind === 'upgrade'
                  ? buttonStyles.primary
                  : buttonStyles.secondary
              } ${words.note ? 'mt-4' : 'mt-8'} w-full`}
            >
              {words.cta}
              {words.ctaSuffix ? <span className="sr-only">{words.ctaSuffix}</span> : null}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
