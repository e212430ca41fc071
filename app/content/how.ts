// The 'How It Works' page's copy, in its own module so other pages do not ship it.
import { type Step } from './marketing';

export const HOW_PAGE = {
  title: 'How It Works',
  lead: 'From a first assessment to ongoing monitoring: three steps, with figures that show whether anything changed.',
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
        'Quick wins first: the fixes that matter most',
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
        'Figures that say when something changed, and when nothing clearly did',
      ],
    },
  ] satisfies Step[],
  ctaTitle: 'Start with step one today',
  ctaLead: 'The free AI visibility check is the assessment in miniature.',
  ctaPrimary: 'Get Your Free AI Visibility Check',
  ctaSecondary: 'Book Strategy Call',
} as const;
