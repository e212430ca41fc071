// The four paid plans of spec section 9: one module shared by the landing page, the pricing page,
// payments and the admin panel. Every plan's button leads to /checkout/<tier>, which sends a
// signed-in buyer to Stripe (see app/domain/payments/).

export const PAID_TIERS = ['diy', 'starter', 'growth', 'authority'] as const;

/**
 * The name of the plan without a subscription. The paid plans' names are `PLANS[].name`: every
 * place that names a plan (the dashboard's badge, billing, the admin panel, e-mails, messages)
 * reads them through TIER_LABELS in ~/domain/tiers, so a plan has one name everywhere.
 */
export const FREE_PLAN_NAME = 'Free';
export type PaidTier = (typeof PAID_TIERS)[number];

export type Plan = {
  tier: PaidTier;
  name: string;
  /** Whole US dollars per month. */
  monthlyPrice: number;
  tagline: string;
  features: readonly string[];
  /** Marked 'Most Popular' on the pricing cards. */
  highlighted: boolean;
};

export const PLANS: readonly Plan[] = [
  {
    tier: 'diy',
    name: 'DIY All-In',
    monthlyPrice: 249,
    tagline: 'Everything you need to make your business visible to AI yourself.',
    features: [
      'Premium AI Visibility GPT',
      'Keys to Victory prompt kit (8 prompts)',
      'Dashboard for all your businesses',
      'Weekly and monthly tracking prompts',
      'Email support',
    ],
    highlighted: true,
  },
  {
    tier: 'starter',
    name: 'White Glove Starter',
    monthlyPrice: 500,
    tagline: 'We do the groundwork for you and show you what changed.',
    features: [
      'Everything in DIY All-In',
      'Done-for-you AI visibility audit',
      'Business profile and listing optimization',
      'Monthly progress report',
      'Priority email support',
    ],
    highlighted: false,
  },
  {
    tier: 'growth',
    name: 'Growth',
    monthlyPrice: 1000,
    tagline: 'For businesses ready to outrank competitors in AI answers.',
    features: [
      'Everything in White Glove Starter',
      'Content written for AI assistants',
      'Review and citation building',
      'Your tracked questions asked every day',
      'Strategy call every two weeks',
    ],
    highlighted: false,
  },
  {
    tier: 'authority',
    name: 'Authority',
    monthlyPrice: 2000,
    tagline: 'Become the business AI assistants name first in your market.',
    features: [
      'Everything in Growth',
      'Multi-location support',
      'Authority content campaign',
      'Dedicated account manager',
      'Weekly strategy calls',
    ],
    highlighted: false,
  },
];

/** "$249", "$1,000". */
export function formatPrice(dollars: number): string {
  return `$${dollars.toLocaleString('en-US')}`;
}

/** An amount in cents, as charged: "$583.33". */
export function formatAmount(cents: number, currency = 'usd'): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format(cents / 100);
}

export function getPlan(tier: PaidTier): Plan {
  const plan = PLANS.find((candidate) => candidate.tier === tier);
  if (!plan) throw new Error(`Unknown plan tier: ${tier}`);
  return plan;
}

/** Where a plan's button leads: our checkout route, which signs the buyer up first if needed. */
export function checkoutPath(tier: PaidTier): string {
  return `/checkout/${tier}`;
}

/**
 * The plan a sign-up or sign-in is on its way to buy: its redirect target is a plan's checkout
 * (a visitor who pressed a plan's button is sent to /register?redirectTo=/checkout/<tier>).
 */
export function planOfRedirect(redirectTo: string | null | undefined): Plan | null {
  const match = /^\/checkout\/([a-z]+)$/.exec(redirectTo ?? '');
  return PLANS.find((plan) => plan.tier === match?.[1]) ?? null;
}

/** "the Growth plan, $1,000 a month": how the sign-up and sign-in pages name it. */
export function planPhrase(plan: Plan): string {
  return `the ${plan.name} plan, ${formatPrice(plan.monthlyPrice)} a month`;
}
