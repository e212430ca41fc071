// Marketing copy of the public pages (spec sections 1 and 2). Pages render this data; changing a
// sentence never touches a component. Figures come from the spec's marketing claims.

/** A figure; `source` names the published study it comes from (shown under it). */
export type Stat = { value: string; label: string; source?: string };
export type Card = { icon: string; title: string; description: string };
export type Step = { key: string; title: string; description: string; points: readonly string[] };

/**
 * The figures on the why-AI-visibility page (its route-table "Stats"), each from a published study
 * it names (issue 44, item 8). The spec's unsourced claims (85% invisible, 73% trust, 3x growth,
 * results in 30 days, first improvements in 2-3 weeks) are not used: nobody could check them, and
 * the visibility page's own "no clear change" contradicted the promised dates (README,
 * "Deviations from the spec").
 */
export const STATS: readonly Stat[] = [
  {
    value: 'Under 1%',
    label: 'chance that an AI assistant lists the same businesses twice for the same question',
    source: 'SparkToro and Gumshoe, January 2026: 2,961 answers collected by 600 volunteers',
  },
  {
    value: '55–77%',
    label: 'of those answers still named the leading brands of their category',
    source: 'SparkToro and Gumshoe, January 2026',
  },
  {
    value: '1,100 : 1',
    label: 'pages OpenAI’s crawlers read for every visitor its assistant sends back',
    source: 'Cloudflare Radar, crawl-to-referral ratios, July 2025',
  },
  {
    value: '38,000 : 1',
    label: 'the same ratio for Anthropic’s crawlers',
    source: 'Cloudflare Radar, crawl-to-referral ratios, July 2025',
  },
];

/**
 * The home page's figures: what the product does, each one checkable on the site itself. The
 * spec's survey-style claims name no source we could cite, so no page repeats them (see STATS).
 */
export const PRODUCT_FACTS: readonly Stat[] = [
  { value: 'Free', label: 'AI readiness check of your website' },
  { value: '4', label: 'AI assistants asked your customers’ questions' },
  { value: 'Weekly', label: 'visibility digest on paid plans' },
  { value: '3', label: 'fixes that matter most, from the free check' },
];

export const HERO = {
  eyebrow: 'AI visibility for service businesses',
  title: 'Get Your Business Recommended by AI',
  lead: `When customers ask ChatGPT, Gemini or Perplexity who to hire, make sure your name comes up. We ask the assistants your customers' questions and show how often they name you, with the answers behind every figure. Week by week you see whether anything changed, and we say so when nothing clearly did.`,
  primaryCta: 'Get Your Free AI Visibility Check',
  /** Leads to the tour on the page (#tour): no video, the product's own three steps. */
  tourCta: 'Take the Tour',
} as const;

/** The home page's short tour of Test, Fix, Track: what an owner sees, with an example of each. */
export const TOUR = {
  title: 'A short tour: Test, Fix, Track',
  lead: 'What you get once your business is added. The examples are written the way the dashboard writes them.',
  steps: [
    {
      key: 'test',
      title: 'Test: how ready is your site for AI?',
      description:
        'Add your business and its website. The AI readiness check reads your site as the assistants’ crawlers do: whether they may fetch it, whether it says who you are, where you are and when you are open in a form they understand. You get a score and the result of every check.',
      example:
        'AI readiness 72/100 · 3 checks failed: an AI crawler is blocked, no opening hours, no sameAs',
    },
    {
      key: 'fix',
      title: 'Fix: what keeps AI from recommending you',
      description:
        'The report lists the fixes, failed checks first, each saying in plain words what to change on your site: the details your site does not tell assistants yet, the assistants to let in, the pages to list. The code to paste comes with each, for whoever builds your site. Do them yourself or let us do them for you.',
      example:
        'Tell assistants your other profiles (your Google Business Profile and social pages)',
    },
    {
      key: 'track',
      title: 'Track: how often AI names you',
      description:
        'Add the questions your customers ask. We ask the assistants each question several times and show how often they name you, with the range the true rate likely lies in, the competitors they name instead and every answer in full.',
      example: 'All assistants: named in 4 of 12 answers (33%), likely between 14% and 61%',
    },
  ],
  cta: 'Create a free account',
} as const;

export const PROBLEM_SOLUTION = {
  title: 'Your customers are asking AI. Is it naming you?',
  problem: {
    title: 'The Problem',
    points: [
      'More customers ask an AI assistant who to hire, and most businesses do not know whether it names them.',
      'AI names only a handful of businesses per question, and your competitors may already be among them.',
      'Classic SEO alone does not decide what an AI assistant says.',
    ],
  },
  solution: {
    title: 'Our Solution',
    points: [
      'We test what AI assistants say about your business today.',
      'We fix the gaps that keep AI from recommending you.',
      'We track your visibility week by week, and say so when nothing clearly changed.',
      'Every figure comes with the answers behind it, so you see real change, not noise.',
    ],
  },
} as const;

export const THREE_STEPS = {
  title: 'Three steps to AI visibility',
  lead: 'A simple process, with figures that show what changed.',
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
  title: 'Prefer to ask in ChatGPT?',
  lead: 'Our custom GPT on ChatGPT talks you through how AI assistants see your business and what to fix first. It is free and takes about five minutes.',
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
      icon: '🔍',
      title: 'Every Answer, Word for Word',
      description: 'Read what each assistant said about you and who it named instead.',
    },
    {
      icon: '⏱️',
      title: 'Honest Figures',
      description:
        'Each week shows whether your figures moved, or says there is no clear change yet.',
    },
    {
      icon: '🏆',
      title: 'Ahead of Competitors',
      description:
        'See which competitors the assistants name, and take the places they have not claimed.',
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
  lead: 'Start with the free check today: your AI-readiness score and the three fixes that matter most, in about twenty seconds.',
  primary: 'Start Your Free AI Visibility Check',
  secondary: 'Book Strategy Call',
} as const;

/** A plan card's fixed words (the landing page's pricing section and the pricing page). */
export const PLAN_CARD = {
  mostPopular: 'Most Popular',
  perMonth: '/month',
  planCta: 'Get Started',
} as const;
