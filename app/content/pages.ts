import type { MetaDescriptor } from 'react-router';

// Titles and descriptions of the public pages, and the list the sitemap and the footer use.

export type PublicPage = { path: string; label: string; title: string; description: string };

export { SITE_NAME } from './site';
import { SITE_NAME } from './site';

export const PUBLIC_PAGES = {
  home: {
    path: '/',
    label: 'Home',
    title: 'AI Visibility: get your business recommended by AI assistants',
    description:
      'Test, fix and track how ChatGPT and other AI assistants recommend your service business: how often they name you, with the answers behind every figure, and results in 30 days.',
  },
  why: {
    path: '/why-ai-visibility',
    label: 'Why AI Visibility',
    title: 'Why AI Visibility Matters | AI Visibility',
    description:
      '73% of consumers trust AI recommendations. Learn why AI visibility matters for home services, legal, healthcare, real estate, hospitality and professional services.',
  },
  how: {
    path: '/how-it-works',
    label: 'How It Works',
    title: 'How It Works | AI Visibility',
    description:
      'Assessment, a custom optimization plan, then implementation and monitoring: how we get your business recommended by AI assistants.',
  },
  pricing: {
    path: '/pricing',
    label: 'Pricing',
    title: 'Pricing | AI Visibility',
    description:
      'Four monthly plans: DIY All-In $249, White Glove Starter $500, Growth $1,000 and Authority $2,000. Upgrade any time.',
  },
  contact: {
    path: '/contact',
    label: 'Contact',
    title: 'Contact Us | AI Visibility',
    description:
      'Contact the AI Visibility team. We answer sales questions within 4 hours, Mon-Fri 9AM-6PM EST.',
  },
  mcpHelp: {
    path: '/help/mcp',
    label: 'Use your data in AI assistants',
    title: 'Use your data in Claude, ChatGPT or Cursor | AI Visibility',
    description:
      'Connect ChatGPT and Claude to your AI Visibility account by signing in, or Cursor, VS Code and the APIs with an API key: the exact steps for each, and what the assistant can read and do.',
  },
  privacy: {
    path: '/privacy',
    label: 'Privacy Policy',
    title: 'Privacy Policy | AI Visibility',
    description:
      'What AI Visibility keeps about you, for how long, who else receives it, our cookies, and how to download or delete your data.',
  },
  terms: {
    path: '/terms',
    label: 'Terms of Service',
    title: 'Terms of Service | AI Visibility',
    description:
      'The terms of AI Visibility: the service, your account, monthly plans and payment, cancelling, acceptable use and liability.',
  },
} as const satisfies Record<string, PublicPage>;

/** Every public page, in sitemap order. */
export const SITEMAP_PAGES: readonly PublicPage[] = Object.values(PUBLIC_PAGES);

/** Title, description and Open Graph tags for a page; og:url when the origin is known. */
export function pageMeta(page: PublicPage, origin?: string | null): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [
    { title: page.title },
    { name: 'description', content: page.description },
    { property: 'og:title', content: page.title },
    { property: 'og:description', content: page.description },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: SITE_NAME },
    { name: 'twitter:card', content: 'summary' },
  ];
  if (origin) {
    const url = new URL(page.path, origin).toString();
    tags.push(
      { property: 'og:url', content: url },
      { tagName: 'link', rel: 'canonical', href: url },
    );
  }
  return tags;
}
