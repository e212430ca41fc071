import { AGENT_CRAWLERS, ANSWER_CRAWLERS } from '../../agents/crawlers.server';
import type { BusinessFacts } from '../checks.server';
import { IDENTITY_FIELDS } from '../checks/identity.server';
import type { SiteFacts } from '../site-facts.server';
import type { Fix, SignalId } from '../signals';
import { clip, listOf, origin, postalAddress, schemaTypeFor, summary } from './place.server';

// The files and blocks a fix hands the owner to paste: robots.txt lines, llms.txt, a JSON-LD
// block or the properties an existing one lacks, the FAQ block, the title and description.

/**
 * A robots.txt block that lets the AI answer crawlers, user fetchers and agents in; with
 * `everyone`, one that lets every crawler in (training ones too), to use in place of the rules
 * there now. The Sitemap line only when the site has a sitemap to point to.
 */
export function robotsFix(everyone: boolean, sitemapUrl: string | null): string {
  const groups = everyone
    ? ['# Let every crawler read this site, AI assistants and AI models included', 'User-agent: *']
    : [
        '# Let AI assistants read this site',
        ...[...ANSWER_CRAWLERS, ...AGENT_CRAWLERS].map((crawler) => `User-agent: ${crawler.token}`),
      ];
  return [...groups, 'Allow: /', ...(sitemapUrl ? ['', `Sitemap: ${sitemapUrl}`] : [])].join('\n');
}

export function llmsTxtFix(
  business: BusinessFacts,
  pages: { url: string; name: string }[] = [],
): string {
  const site = origin(business.website);
  const facts = [
    business.industry ? `- Industry: ${business.industry}` : null,
    business.location ? `- Location: ${business.location}` : null,
    `- Website: ${business.website}`,
  ].filter(Boolean);
  const links = pages.length ? pages : [{ url: `${site}/`, name: 'Home' }];
  return [
    `# ${business.name}`,
    '',
    `> ${summary(business)}`,
    '',
    ...facts,
    '',
    '## Pages',
    '',
    ...links.map((page) =>
      page.name === 'Home'
        ? `- [Home](${page.url}): who we are and what we do`
        : `- [${page.name.replace(/[[\]]/g, '')}](${page.url})`,
    ),
    '',
  ].join('\n');
}

/** A whole JSON-LD block, for a page that has none: what the record holds, nothing invented. */
export function jsonLdFix(business: BusinessFacts): { text: string; missing: string[] } {
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': schemaTypeFor(business.industry),
    name: business.name,
    url: origin(business.website) + '/',
  };
  if (business.description) data.description = summary(business);
  if (business.location) data.address = postalAddress(business.location);
  const missing = [
    ...(business.location ? ['street address and postal code'] : ['address']),
    'telephone',
    'openingHoursSpecification (your opening hours)',
    'sameAs (links to your Google, Facebook or Yelp profiles)',
  ];
  const json = JSON.stringify(data, null, 2);
  return {
    text: `<script type="application/ld+json">\n${json}\n</script>`,
    missing,
  };
}

/** The properties a business entity should have, each as the record fills it or for the owner to. */
function propertyFor(
  key: string,
  business: BusinessFacts,
): { value: unknown; fill: string | null } {
  switch (key) {
    case 'name':
      return { value: business.name, fill: null };
    case 'url':
      return { value: `${origin(business.website)}/`, fill: null };
    case 'address':
      return business.location
        ? {
            value: {
              ...postalAddress(business.location),
              streetAddress: 'ADD: street and number',
              postalCode: 'ADD: postal code',
            },
            fill: 'your street address and postal code',
          }
        : {
            value: {
              '@type': 'PostalAddress',
              streetAddress: 'ADD: street and number',
              addressLocality: 'ADD: town',
              postalCode: 'ADD: postal code',
            },
            fill: 'your address',
          };
    case 'telephone':
      return { value: 'ADD: your phone number, with the country code', fill: 'your phone number' };
    case 'openingHoursSpecification':
      return {
        value: [
          {
            '@type': 'OpeningHoursSpecification',
            dayOfWeek: ['ADD: the days you open, e.g. Monday'],
            opens: 'ADD: opening time, e.g. 09:00',
            closes: 'ADD: closing time, e.g. 17:00',
          },
        ],
        fill: 'your opening hours',
      };
    case 'sameAs':
      return {
        value: [
          'ADD: the address of your Google Business Profile',
          'ADD: your Facebook, Yelp or LinkedIn page',
        ],
        fill: 'the addresses of your profiles elsewhere',
      };
    default:
      return { value: null, fill: null };
  }
}

/** What each property tells an assistant, in the owner's words (the fix's title). */
const PLAIN_PROPERTY: Record<string, string> = {
  name: 'your name',
  address: 'your address',
  telephone: 'your phone number',
  url: 'your website address',
  openingHoursSpecification: 'your opening hours',
  sameAs: 'your other profiles',
};

/**
 * For a page that already describes the business: the properties it lacks, to add inside that
 * description. Never a second block: two entities for one business contradict each other.
 */
export function jsonLdAdditions(
  business: BusinessFacts,
  entity: NonNullable<SiteFacts['entity']>,
  signal: SignalId,
): Fix | null {
  const missing = IDENTITY_FIELDS.filter(
    (field) => !field.keys.some((key) => entity.properties.includes(key)),
  );
  if (missing.length === 0) return null;
  const keys = missing.map((field) => field.keys[0]!);
  const lines = keys.map((key) => {
    const json = JSON.stringify(propertyFor(key, business).value, null, 2);
    return `"${key}": ${json}`;
  });
  const fills = keys.map((key) => propertyFor(key, business).fill).filter(Boolean);
  return {
    signal,
    title: `Tell assistants ${listOf(keys.map((key) => PLAIN_PROPERTY[key] ?? key))}`,
    kind: 'code',
    text: lines.join(',\n'),
    help: `Your home page already describes your business for machines (the JSON-LD block with "@type": "${entity.type}"). Add ${keys.length === 1 ? `this property (${keys[0]})` : `these properties (${listOf(keys)})`} inside that block, next to the ones it has (a comma between each), and keep the rest as it is.${fills.length ? ` Replace each "ADD: …" with ${listOf(fills as string[])}.` : ''} Do not paste a second block: two descriptions of one business contradict each other.`,
  };
}

export function faqFix(business: BusinessFacts): string {
  const questions = [
    { q: `What does ${business.name} do?`, a: summary(business) },
    business.location
      ? { q: `Where is ${business.name}?`, a: `We serve customers in ${business.location}.` }
      : null,
    { q: `How do I book with ${business.name}?`, a: `Visit ${business.website} to contact us.` },
  ].filter((item): item is { q: string; a: string } => item !== null);
  const data = {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: questions.map((item) => ({
      '@type': 'Question',
      name: item.q,
      acceptedAnswer: { '@type': 'Answer', text: item.a },
    })),
  };
  return `<script type="application/ld+json">\n${JSON.stringify(data, null, 2)}\n</script>`;
}

export function titleFix(business: BusinessFacts): { title: string; description: string } {
  const what = [business.industry, business.location ? `in ${business.location}` : null]
    .filter(Boolean)
    .join(' ');
  const title = clip(what ? `${business.name} | ${what}` : business.name, 60);
  let description = summary(business);
  if (description.length < 70 && business.location) {
    description = `${description} Serving ${business.location}. Contact ${business.name} today.`;
  }
  return { title, description: clip(description, 155) };
}
