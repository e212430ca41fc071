import { ANSWER_CRAWLERS, TRAINING_CRAWLERS } from './crawlers';
import type { BusinessFacts } from './checks.server';
import { UNREACHABLE_ADDRESS_CODE, type Fix, type SignalResult, type Unreachable } from './signals';

// The fix for each signal that did not pass, written from the business's own record: the owner
// copies it into their site (or hands it to whoever runs the site). Nothing here is invented:
// what the record does not hold is left out of the snippet and named in the help text.

/** schema.org type for what owners type as their industry ("dentist", "Plumbing", "law firm"). */
const INDUSTRY_TYPES: [RegExp, string][] = [
  [/dent|orthodont/i, 'Dentist'],
  [/plumb/i, 'Plumber'],
  [/electric/i, 'Electrician'],
  [/hvac|heating|air condition|cooling/i, 'HVACBusiness'],
  [/roof/i, 'RoofingContractor'],
  [/paint/i, 'HousePainter'],
  [/locksmith/i, 'Locksmith'],
  [/mov(ing|ers)/i, 'MovingCompany'],
  [/contract|construct|build|remodel|handyman|landscap/i, 'HomeAndConstructionBusiness'],
  [/auto|car |mechanic|garage/i, 'AutoRepair'],
  [/hair|barber/i, 'HairSalon'],
  [/nail/i, 'NailSalon'],
  [/spa\b|massage/i, 'DaySpa'],
  [/beauty|salon|cosmet/i, 'BeautySalon'],
  [/gym|fitness|yoga|pilates/i, 'ExerciseGym'],
  [/vet(erinar)?/i, 'VeterinaryCare'],
  [/doctor|physician|medical|clinic|health|therap|chiro|physio/i, 'MedicalClinic'],
  [/law|legal|attorney|solicitor/i, 'LegalService'],
  [/account|bookkeep|tax/i, 'AccountingService'],
  [/insur/i, 'InsuranceAgency'],
  [/real estate|realtor|property/i, 'RealEstateAgent'],
  [/restaurant|bistro|diner|pizza/i, 'Restaurant'],
  [/bak(ery|er)/i, 'Bakery'],
  [/caf[eé]|coffee/i, 'CafeOrCoffeeShop'],
  [/clean|laundr/i, 'DryCleaningOrLaundry'],
  [/child ?care|daycare|nursery/i, 'ChildCare'],
  [/hotel|inn\b|lodg/i, 'Hotel'],
  [/travel/i, 'TravelAgency'],
  [/financ|wealth|advis/i, 'FinancialService'],
  [/consult|agency|marketing|design|photograph/i, 'ProfessionalService'],
];

export function schemaTypeFor(industry: string | null): string {
  if (!industry) return 'LocalBusiness';
  return INDUSTRY_TYPES.find(([pattern]) => pattern.test(industry))?.[1] ?? 'LocalBusiness';
}

function origin(website: string) {
  return new URL(website).origin;
}

/** "Austin, TX" → locality Austin, region TX; "Austin, TX, US" adds the country. */
function postalAddress(location: string) {
  const [locality, region, country] = location.split(',').map((part) => part.trim());
  return {
    '@type': 'PostalAddress',
    ...(locality ? { addressLocality: locality } : {}),
    ...(region ? { addressRegion: region } : {}),
    ...(country ? { addressCountry: country } : {}),
  };
}

function summary(business: BusinessFacts): string {
  if (business.description) return business.description.replace(/\s+/g, ' ').trim();
  const what = business.industry ? `a ${business.industry.toLowerCase()} business` : 'a business';
  return `${business.name} is ${what}${business.location ? ` in ${business.location}` : ''}.`;
}

function clip(text: string, max: number) {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 20))}…`;
}

export function robotsFix(business: BusinessFacts, includeTraining: boolean): string {
  const tokens = [...ANSWER_CRAWLERS, ...(includeTraining ? TRAINING_CRAWLERS : [])].map(
    (crawler) => `User-agent: ${crawler.token}`,
  );
  return [
    '# Let AI assistants read this site',
    ...tokens,
    'Allow: /',
    '',
    `Sitemap: ${origin(business.website)}/sitemap.xml`,
  ].join('\n');
}

export function llmsTxtFix(business: BusinessFacts): string {
  const site = origin(business.website);
  const facts = [
    business.industry ? `- Industry: ${business.industry}` : null,
    business.location ? `- Location: ${business.location}` : null,
    `- Website: ${business.website}`,
  ].filter(Boolean);
  return [
    `# ${business.name}`,
    '',
    `> ${summary(business)}`,
    '',
    ...facts,
    '',
    '## Pages',
    '',
    `- [Home](${site}/): who we are and what we do`,
    `- [Contact](${site}/contact): how to reach us and book`,
    '',
  ].join('\n');
}

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

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function fixFor(
  signal: SignalResult,
  business: BusinessFacts,
  signals: SignalResult[],
): Fix | null {
  const site = origin(business.website);
  const trainingBlocked = signals.find((s) => s.id === 'training_bots')?.status !== 'pass';
  switch (signal.id) {
    case 'home_page':
      return {
        signal: signal.id,
        title: 'Make sure your home page loads',
        text: `Open ${business.website} in a browser. If it does not load, ask your web host or web designer to fix it; until it loads, no assistant can read it.`,
      };
    case 'robots_txt':
    case 'answer_bots':
      return {
        signal: signal.id,
        title: 'Let AI search crawlers in (robots.txt)',
        text: robotsFix(business, false),
        help: `Add these lines to the file at ${site}/robots.txt (create it as a plain text file if you have none). If the file has "User-agent: *" followed by "Disallow: /", this block still lets the assistants in.`,
      };
    case 'training_bots':
      return trainingBlocked
        ? {
            signal: signal.id,
            title: 'Optional: let AI models learn about you (robots.txt)',
            text: robotsFix(business, true),
            help: `Only if you want future AI models to know your business: put this block in ${site}/robots.txt in place of the crawler rules you have now.`,
          }
        : null;
    case 'robots_meta':
      return {
        signal: signal.id,
        title: 'Remove "noindex" and "noai" from your home page',
        text: '<meta name="robots" content="index, follow">',
        help: 'Replace the robots tag in your page\'s <head> with this one, and ask your web host to remove any "X-Robots-Tag: noindex" header.',
      };
    case 'sitemap':
      return {
        signal: signal.id,
        title: 'Publish a sitemap and point robots.txt to it',
        text: [
          '<?xml version="1.0" encoding="UTF-8"?>',
          '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
          `  <url><loc>${escapeHtml(site)}/</loc></url>`,
          '</urlset>',
        ].join('\n'),
        help: `Save this as ${site}/sitemap.xml, add a <url> line for each of your pages, and add "Sitemap: ${site}/sitemap.xml" to robots.txt. Most website builders can make one for you.`,
      };
    case 'llms_txt':
      return {
        signal: signal.id,
        title: 'Add an llms.txt',
        text: llmsTxtFix(business),
        help: `Save this as a plain text file at ${site}/llms.txt and list your main pages under "## Pages". Optional: it helps some AI tools; Google does not use it.`,
      };
    case 'structured_data':
    case 'nap_consistency': {
      const { text, missing } = jsonLdFix(business);
      return {
        signal: signal.id,
        title:
          signal.id === 'structured_data'
            ? 'Describe your business for machines (JSON-LD)'
            : 'Use the same name and location everywhere',
        text,
        help: `Paste this into your home page's <head>. Before you publish, add: ${missing.join('; ')}. Use exactly the name "${business.name}"${business.location ? ` and the location "${business.location}"` : ''} on your site and every profile.`,
      };
    }
    case 'faq':
      return {
        signal: signal.id,
        title: 'Mark up common questions (FAQPage)',
        text: faqFix(business),
        help: 'Show these questions and answers on your page too (edit them to match your business), and paste this into the same page.',
      };
    case 'https':
      return {
        signal: signal.id,
        title: 'Switch your site to https://',
        text: `Ask your web host to turn on HTTPS (most offer a free certificate) and to redirect http://${new URL(site).host} to https://${new URL(site).host}. Then update the website address on your dashboard.`,
      };
    case 'title_description': {
      const suggestion = titleFix(business);
      return {
        signal: signal.id,
        title: 'Give your home page a clear title and description',
        text: `<title>${escapeHtml(suggestion.title)}</title>\n<meta name="description" content="${escapeHtml(suggestion.description)}">`,
        help: "Put these in your home page's <head>, in place of the ones there now.",
      };
    }
    case 'h1':
      return {
        signal: signal.id,
        title: 'Give your home page one main heading',
        text: `<h1>${escapeHtml(titleFix(business).title.replace(' | ', ': '))}</h1>`,
        help: 'Use one h1 at the top of the page; turn any other h1 into h2.',
      };
    case 'canonical':
      return {
        signal: signal.id,
        title: 'Name your home page as its own preferred address',
        text: `<link rel="canonical" href="${escapeHtml(site)}/">`,
        help: "Put this in your home page's <head>, in place of any other canonical link.",
      };
    case 'lang':
      return {
        signal: signal.id,
        title: 'Say which language your page is in',
        text: '<html lang="en">',
        help: 'Change the opening <html> tag of your pages to this (use your language code if not English).',
      };
    case 'server_text':
      return {
        signal: signal.id,
        title: 'Put your main text in the page itself',
        text: `Make sure your home page's HTML already contains who you are, what you do${business.location ? ` and that you serve ${business.location}` : ''}: at least a few paragraphs. If your site is built with a JavaScript framework, ask your developer to turn on server-side rendering or pre-rendering.`,
      };
    case 'page_weight':
      return {
        signal: signal.id,
        title: 'Make your home page lighter',
        text: 'Remove inline images and large embedded scripts or styles from the HTML; link to them as files instead. Aim for under 500 KB of HTML.',
      };
    case 'response_time':
      return {
        signal: signal.id,
        title: 'Make your site answer faster',
        text: 'Ask your web host about caching or a content delivery network (CDN). Aim for your home page to answer within one second.',
      };
  }
}

/**
 * The one fix for a site we could not reach: what stops every check. A host we refused or could
 * not resolve gets one fix, whichever it was (see describeUnreachable): check the address.
 */
export function unreachableFix(
  problem: Unreachable,
  business: Pick<BusinessFacts, 'website'>,
): Fix {
  const edit =
    'Edit the business on your dashboard and enter the address your customers type, such as https://www.example.com.';
  switch (problem.code) {
    case UNREACHABLE_ADDRESS_CODE:
      return {
        signal: 'home_page',
        title: 'Check your website address',
        text: `We could not reach ${problem.host} from the internet, so neither can AI crawlers. Check its spelling: ${edit} If the address is right, ask whoever looks after your domain to point it at your public website.`,
      };
    case 'bad_url':
      return {
        signal: 'home_page',
        title: 'Correct your website address',
        text: `"${business.website}" cannot be checked: ${problem.reason}. ${edit}`,
      };
    case 'tls':
      return {
        signal: 'home_page',
        title: "Fix your site's HTTPS certificate",
        text: `${problem.host} answered, but its HTTPS certificate is not valid, so browsers warn visitors and AI crawlers turn away. Ask your web host to renew or install the certificate (most hosts do it for free).`,
      };
    default:
      return {
        signal: 'home_page',
        title: 'Make sure your website is online',
        text: `Open ${business.website} in a browser. If it does not load, ask your web host or web designer to fix it; until it loads, no assistant can read it. If the address is wrong, correct it on your dashboard.`,
      };
  }
}

/** One fix per signal that did not pass (the robots.txt fix once, even if two signals need it). */
export function buildFixes(signals: SignalResult[], business: BusinessFacts): Fix[] {
  // A home page that does not load comes first: the other fixes cannot be checked until it does.
  const home = signals.find((signal) => signal.id === 'home_page');
  if (home && home.status === 'fail') {
    const fix = fixFor(home, business, signals);
    return fix ? [fix] : [];
  }
  const fixes: Fix[] = [];
  const seen = new Set<string>();
  for (const signal of signals) {
    if (signal.status === 'pass' || signal.status === 'not_checked') continue;
    const fix = fixFor(signal, business, signals);
    if (!fix || seen.has(fix.text)) continue;
    seen.add(fix.text);
    fixes.push(fix);
  }
  return fixes;
}
