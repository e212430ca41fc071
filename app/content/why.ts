// The 'Why AI Visibility' page's copy, in its own module so other pages do not ship it.
import { type Card } from './marketing';

export const WHY_PAGE = {
  title: 'Why AI Visibility Matters',
  lead: 'Customers no longer scroll through ten blue links. They ask an AI assistant and call the business it names. If AI does not know you, those customers never hear of you.',
  statsTitle: 'The numbers',
  reasonsTitle: 'Four reasons to act now',
  reasons: [
    {
      icon: '💬',
      title: 'Customers ask AI first',
      description:
        'More people ask ChatGPT, Gemini or Perplexity who to hire, and the assistant answers with a few names instead of a page of links.',
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
      description:
        'Answers change from one asking to the next, yet the same leading names keep coming back. A site assistants can read is how you become one of them.',
    },
    {
      icon: '🤝',
      title: 'Trust carries over',
      description:
        'A recommendation from an assistant works like word of mouth: the customer arrives already thinking well of you.',
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
