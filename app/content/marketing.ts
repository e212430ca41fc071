// Marketing copy of the public pages (spec sections 1 and 2). Pages render this data; changing a
// sentence never touches a component. Figures come from the spec's marketing claims.

export type Stat = { value: string; label: string };
export type Card = { icon: string; title: string; description: string };
export type Step = { key: string; title: string; description: string; points: readonly string[] };

/** The marketing claims of spec section 1. */
export const CLAIMS = {
  invisible: { value: '85%', label: 'of businesses are invisible to AI' },
  trust: { value: '73%', label: 'of consumers trust AI recommendations' },
  growth: { value: '3x', label: 'growth for businesses AI recommends' },
  results: { value: '30 days', label: 'to results' },
  firstImprovements: '2-3 weeks',
} as const;

export const STATS: readonly Stat[] = [
  CLAIMS.invisible,
  CLAIMS.trust,
  CLAIMS.growth,
  CLAIMS.results,
];

export const HERO = {
  eyebrow: 'AI visibility for service businesses',
  title: 'Get Your Business Recommended by AI',
  lead: `${CLAIMS.invisible.value} of businesses are invisible to AI. When customers ask ChatGPT, Gemini or Perplexity who to hire, make sure your name comes up. Results in 30 days, with first improvements in ${CLAIMS.firstImprovements}.`,
  primaryCta: 'Get Your Free AI Visibility Check',
  demoCta: 'Watch Demo',
} as const;

export const DEMO_MODAL = {
  title: 'Coming Soon',
  body: 'Our demo video is in production. In the meantime, see how AI assistants describe your business with our free tool.',
  tryFreeTool: 'Try Free Tool',
  close: 'Close',
} as const;

export const PROBLEM_SOLUTION = {
  title: 'Your customers are asking AI. Is it naming you?',
  problem: {
    title: 'The Problem',
    points: [
      `${CLAIMS.invisible.value} of businesses are invisible to AI assistants.`,
      `${CLAIMS.trust.value} of consumers trust the businesses AI recommends.`,
      'AI names only a handful of businesses per question, and your competitors may already be among them.',
      'Classic SEO alone does not decide what an AI assistant says.',
    ],
  },
  solution: {
    title: 'Our Solution',
    points: [
      'We test what AI assistants say about your business today.',
      'We fix the gaps that keep AI from recommending you.',
      'We track your visibility so you see it grow, with first improvements in 2-3 weeks.',
      `Businesses AI recommends see up to ${CLAIMS.growth.value} growth.`,
    ],
  },
} as const;

export const THREE_STEPS = {
  title: 'Three steps to AI visibility',
  lead: 'A simple process that shows results in 30 days.',
  steps: [
    {
      key: 'test',
      title: 'Test',
      description:
        'Run the free AI visibility check and see how assistants describe your business today.',
      points: [],
    },
    {
      key: 'fix',
      title: 'Fix',
      description:
        'Follow a prioritised plan, or let us do it for you, so AI has the facts it needs to recommend you.',
      points: [],
    },
    {
      key: 'track',
      title: 'Track',
      description:
        'Re-test weekly and monthly to watch your visibility grow and stay ahead of competitors.',
      points: [],
    },
  ] satisfies Step[],
} as const;

export const AI_TOOL = {
  title: 'Try Our Free AI Visibility Tool',
  lead: 'Our custom GPT checks how AI assistants see your business and tells you what to fix first. It is free and takes about five minutes.',
  openTool: 'Open Free GPT',
  embeddedToggle: 'Try Embedded View (Experimental)',
  back: 'Back to Main Interface',
  embeddedTitle: 'Free AI Visibility Tool: embedded view (experimental)',
  embeddedBody:
    'The embedded view is an experiment. The tool runs on ChatGPT, which does not allow other websites to show it inside their pages yet, so the check itself opens in a new tab.',
  samplePrompts: [
    'How visible is my business to AI assistants?',
    'Which competitors does AI recommend instead of me?',
    'What should I fix first?',
  ],
} as const;

export const BENEFITS = {
  title: 'Why businesses choose us',
  items: [
    {
      icon: '🤖',
      title: 'Recommended by AI',
      description: 'Show up when customers ask ChatGPT, Gemini and Perplexity for a provider.',
    },
    {
      icon: '📈',
      title: 'Up to 3x Growth',
      description: 'Businesses that AI recommends win more calls, bookings and leads.',
    },
    {
      icon: '⏱️',
      title: 'Results in 30 Days',
      description: 'First improvements in 2-3 weeks, clear results within a month.',
    },
    {
      icon: '🏆',
      title: 'Ahead of Competitors',
      description: 'Most businesses are still invisible to AI. Be the one it names.',
    },
    {
      icon: '🛠️',
      title: 'DIY or Done for You',
      description: 'Use our tools and prompt kit yourself, or let our team do the work.',
    },
    {
      icon: '📊',
      title: 'Progress You Can See',
      description: 'Weekly and monthly checks show exactly how your visibility changes.',
    },
  ] satisfies Card[],
} as const;

export const PRICING_SECTION = {
  title: 'Simple, transparent pricing',
  lead: 'Four monthly plans, from do-it-yourself to a team that does it all for you.',
  compareLink: 'Compare plans and read the FAQ',
} as const;

export const FINAL_CTA = {
  title: 'Ready to get recommended by AI?',
  lead: 'Start with the free check today. First improvements in 2-3 weeks, results in 30 days.',
  primary: 'Start Your Free AI Visibility Check',
  secondary: 'Book Strategy Call',
} as const;

export const WHY_PAGE = {
  title: 'Why AI Visibility Matters',
  lead: 'Customers no longer scroll through ten blue links. They ask an AI assistant and call the business it names. If AI does not know you, those customers never hear of you.',
  statsTitle: 'The numbers',
  reasonsTitle: 'Four reasons to act now',
  reasons: [
    {
      icon: '💬',
      title: 'Customers ask AI first',
      description: `${CLAIMS.trust.value} of consumers trust AI recommendations, and more of them start their search in ChatGPT every month.`,
    },
    {
      icon: '🎯',
      title: 'AI names only a few',
      description:
        'An assistant recommends a handful of businesses, not a page of results. Being one of them is what counts.',
    },
    {
      icon: '🚀',
      title: 'Early movers win',
      description: `${CLAIMS.invisible.value} of businesses are invisible to AI today. Those who act now take the places competitors have not claimed.`,
    },
    {
      icon: '🤝',
      title: 'Trust carries over',
      description: `A recommendation from AI works like word of mouth: businesses it names see up to ${CLAIMS.growth.value} growth.`,
    },
  ] satisfies Card[],
  industriesTitle: 'Built for service businesses',
  industries: [
    {
      icon: '🔧',
      title: 'Home Services',
      description: 'Plumbers, electricians, HVAC, roofers and cleaners.',
    },
    {
      icon: '⚖️',
      title: 'Legal Services',
      description: 'Law firms and attorneys people ask AI to recommend.',
    },
    {
      icon: '🦷',
      title: 'Healthcare and Dental',
      description: 'Clinics, dentists, chiropractors and therapists.',
    },
    {
      icon: '🏠',
      title: 'Real Estate',
      description: 'Agents, brokers and property managers.',
    },
    {
      icon: '🍽️',
      title: 'Restaurants and Hospitality',
      description: 'Restaurants, cafés, hotels and venues.',
    },
    {
      icon: '💼',
      title: 'Professional Services',
      description: 'Accountants, consultants, agencies and coaches.',
    },
  ] satisfies Card[],
  ctaTitle: 'Find out where you stand',
  ctaLead: 'The free check shows in minutes what AI assistants say about your business.',
  ctaPrimary: 'Get Your Free AI Visibility Check',
  ctaSecondary: 'See Pricing',
} as const;

export const HOW_PAGE = {
  title: 'How It Works',
  lead: 'From a first assessment to ongoing monitoring: three steps, first improvements in 2-3 weeks and results in 30 days.',
  steps: [
    {
      key: 'assessment',
      title: 'AI Visibility Assessment',
      description:
        'We ask the leading AI assistants the questions your customers ask and record whether, and how, they mention your business.',
      points: [
        'Visibility across ChatGPT, Gemini and Perplexity',
        'Which competitors AI names instead of you',
        'The facts AI gets wrong or is missing',
      ],
    },
    {
      key: 'plan',
      title: 'Custom Optimization Plan',
      description:
        'You get a prioritised plan for your business: what to fix first, where AI looks for information about you, and what to publish.',
      points: [
        'Quick wins for the first 2-3 weeks',
        'Profile, listing and review improvements',
        'Content that answers what customers ask AI',
      ],
    },
    {
      key: 'implementation',
      title: 'Implementation and Monitoring',
      description:
        'Do it yourself with our tools and prompt kit, or let our team implement the plan. Either way we re-test regularly and report progress.',
      points: [
        'Done-for-you or DIY implementation',
        'Weekly and monthly visibility checks',
        'Results in 30 days, then continuous improvement',
      ],
    },
  ] satisfies Step[],
  ctaTitle: 'Start with step one today',
  ctaLead: 'The free AI visibility check is the assessment in miniature.',
  ctaPrimary: 'Get Your Free AI Visibility Check',
  ctaSecondary: 'Book Strategy Call',
} as const;

export const PRICING_PAGE = {
  title: 'Choose Your AI Visibility Plan',
  lead: 'Monthly plans for every stage, from doing it yourself to a team that does it all for you.',
  mostPopular: 'Most Popular',
  perMonth: '/month',
  planCta: 'Get Started',
  actionPlan: {
    title: 'Not sure which plan fits?',
    lead: 'Book a short call and we will put together a free action plan for your business.',
    button: 'Get Your Free Action Plan',
  },
  sales: {
    title: 'Need something bigger?',
    lead: 'Several locations, an agency, or custom requirements? Talk to us.',
    contactSales: 'Contact Sales',
    bookCall: 'Book Strategy Call',
  },
  faqTitle: 'Frequently asked questions',
} as const;
