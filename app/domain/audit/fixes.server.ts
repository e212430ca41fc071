import type { FoundDirective } from './checks/page-directives.server';
import type { BusinessFacts } from './checks.server';
import { UA_NOT_IP } from './checks/edge-access.server';
import { AGENT_CRAWLERS, ANSWER_CRAWLERS } from '../agents/crawlers.server';
import { IDENTITY_FIELDS } from './checks/identity.server';
import { NO_SITE_FACTS, type SiteFacts } from './site-facts.server';
import {
  SIGNALS,
  UNREACHABLE_ADDRESS_CODE,
  type Fix,
  type SignalId,
  type SignalResult,
  type Unreachable,
} from './signals';

// The fix for each signal that did not pass, written from the business's own record and from
// what the site already has (site-facts.server.ts): a fix changes what is there ("add sameAs to
// your existing Dentist markup", "remove nosnippet from this tag") rather than pasting a second,
// poorer copy beside it. The owner copies it into their site (or hands it to whoever runs the
// site). Nothing is invented: what the record does not hold is left for the owner to fill in,
// marked "ADD:", and named in the help text; generated files link only pages that exist.

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

// US states and territories, Canadian provinces and Australian states: a region, not a country,
// when they follow the town ("Austin, TX", "Toronto, ON", "Perth, WA").
const REGION_CODES = new Set(
  (
    'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ ' +
    'NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR GU VI AS MP ' +
    'AB BC MB NB NL NS NT NU ON PE QC SK YT NSW VIC QLD SA TAS ACT'
  ).split(' '),
);

const COUNTRY_ALIASES: Record<string, string> = {
  uk: 'GB',
  'united kingdom': 'GB',
  'great britain': 'GB',
  britain: 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  usa: 'US',
  'u.s.': 'US',
  'u.s.a.': 'US',
  'united states': 'US',
  'united states of america': 'US',
};

/** Withdrawn or special codes that share a name with a current country (DD "Germany"). */
const NOT_COUNTRIES = new Set([
  'AN',
  'BU',
  'CS',
  'DD',
  'EU',
  'EZ',
  'FX',
  'NT',
  'QO',
  'SU',
  'TP',
  'UK',
  'UN',
  'YU',
  'ZR',
  'ZZ',
]);

let countryNames: Map<string, string> | null = null;

/** "France" → "FR", "UK" → "GB", "DE" → "DE"; null for what is not a country ("TX"). */
export function countryCode(text: string): string | null {
  const lower = text.trim().toLowerCase();
  if (COUNTRY_ALIASES[lower]) return COUNTRY_ALIASES[lower];
  if (!countryNames) {
    countryNames = new Map();
    const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    for (let a = 65; a <= 90; a++) {
      for (let b = 65; b <= 90; b++) {
        const code = String.fromCharCode(a, b);
        if (NOT_COUNTRIES.has(code)) continue;
        const name = names.of(code);
        if (name && !countryNames.has(name.toLowerCase()))
          countryNames.set(name.toLowerCase(), code);
      }
    }
  }
  const byName = countryNames.get(lower);
  if (byName) return byName;
  const upper = text.trim().toUpperCase();
  if (
    /^[A-Z]{2}$/.test(upper) &&
    !REGION_CODES.has(upper) &&
    [...countryNames.values()].includes(upper)
  ) {
    return upper;
  }
  return null;
}

/**
 * "Austin, TX" → locality Austin, region TX; "Leeds, West Yorkshire, UK" adds the country (GB);
 * "Leeds, UK" is a town and a country, not a region called UK.
 */
export function postalAddress(location: string) {
  const parts = location
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const [locality, ...rest] = parts;
  const last = rest.at(-1);
  const country = last ? countryCode(last) : null;
  const region = country ? rest.slice(0, -1).join(', ') : rest.join(', ');
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

const listOf = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

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

/**
 * For a page that already describes the business: the properties it lacks, to add inside that
 * description. Never a second block: two entities for one business contradict each other.
 */
function jsonLdAdditions(
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
  const names = listOf(keys);
  return {
    signal,
    title: `Add ${names} to your existing ${entity.type} markup`,
    text: lines.join(',\n'),
    help: `Your home page already describes your business for machines (the JSON-LD block with "@type": "${entity.type}"). Add ${keys.length === 1 ? 'this property' : 'these properties'} inside that block, next to the ones it has (a comma between each), and keep the rest as it is.${fills.length ? ` Replace each "ADD: …" with ${listOf(fills as string[])}.` : ''} Do not paste a second block: two descriptions of one business contradict each other.`,
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

/** The edge fix: where such blocks are set, that robots.txt cannot undo them, whom to let in. */
function edgeFix(signal: SignalResult, business: BusinessFacts, facts: SiteFacts): Fix {
  const host = new URL(business.website).host;
  const turnedAway = facts.edge.filter(
    (verdict) => verdict.crawler.purpose !== 'training' && (verdict.block || verdict.robots),
  );
  const named = turnedAway.length
    ? turnedAway.map(
        (verdict) => `${verdict.crawler.token} (${verdict.block?.words ?? verdict.robots})`,
      )
    : (signal.evidence.items
        ?.filter(
          (item) =>
            !item.ok &&
            !item.label.endsWith('(training)') &&
            item.label !== 'Our browser-like visit',
        )
        .map((item) => item.label) ?? []);
  const tokens = turnedAway.length
    ? turnedAway.map((verdict) => verdict.crawler.token)
    : ANSWER_CRAWLERS.filter((crawler) => crawler.userAgent).map((crawler) => crawler.token);
  const payment = turnedAway.some((verdict) => verdict.block?.kind === 'payment');
  return {
    signal: signal.id,
    title: 'Let AI crawlers through your CDN, firewall or security plugin',
    text: [
      `${host} ${signal.status === 'fail' ? `turns away ${listOf(named)}` : 'may be turning AI crawlers away'} before they reach your pages, while browsers get them. The block is set outside your website's files, so robots.txt cannot undo it. Look in:`,
      '- Cloudflare: Security → Bots and AI Crawl Control. Turn off "Block AI bots" (or allow these crawlers) and make sure Bot Fight Mode or a custom rule does not challenge them.' +
        (payment ? ' A 402 means Pay per crawl charges them: set these crawlers to Allow.' : ''),
      '- Other CDNs and hosts (Akamai, Fastly, Vercel, Netlify, your web host): the bot management or firewall (WAF) rules that block or challenge these user agents.',
      '- WordPress security plugins (Wordfence, Sucuri, All-In-One Security, Jetpack): their bot blocking and rate limiting settings.',
      `Allow at least: ${tokens.join(', ')}. Blocking GPTBot and ClaudeBot (training) stays your choice.`,
    ].join('\n'),
    help: `Send this to whoever runs your hosting or CDN. ${UA_NOT_IP} If your firewall allows crawlers by address, use the IP ranges each company publishes (OpenAI, Anthropic and Perplexity list theirs in their crawler documentation).`,
  };
}

/** The content-signal fix: the same line with the answers allowed, the training choice kept. */
function contentSignalFix(signal: SignalResult, business: BusinessFacts, facts: SiteFacts): Fix {
  const site = origin(business.website);
  const against = [facts.preferences['ai-input'], facts.preferences.search].find(
    (preference) => preference && !preference.allowed,
  );
  const train = facts.preferences['ai-train'];
  const ietf = against?.text.toLowerCase().includes('content-usage');
  const trainNo = train ? !train.allowed : true;
  const text = ietf
    ? `Content-Usage: search=y, ai-use=y, train-ai=${trainNo ? 'n' : 'y'}`
    : `Content-Signal: search=yes, ai-input=yes, ai-train=${trainNo ? 'no' : 'yes'}`;
  const where = against?.source.startsWith('the Content-Usage header')
    ? 'Ask your web host to send this Content-Usage header instead of the one your home page sends now.'
    : `In ${site}/robots.txt, replace ${against ? `"${against.text}" (${against.source.replace(/^robots\.txt /, '')})` : 'the Content-Signal line'} with this line.`;
  return {
    signal: signal.id,
    title: 'Let assistants use your text in their answers (content signals)',
    text,
    help: `${where} If your CDN writes robots.txt for you (Cloudflare's managed robots.txt does), change the setting there instead: your edits to the file would be overwritten. "ai-train" stays as you chose it.`,
  };
}

/** The page-directive fix: each limiting directive, where it is and what to do about it. */
function directivesFix(signal: SignalResult, directives: FoundDirective[]): Fix {
  const counted = directives.filter((found) => !found.training);
  if (counted.length === 0) {
    return {
      signal: signal.id,
      title: 'Remove "noindex" and "nosnippet" from your home page',
      text: '<meta name="robots" content="index, follow">',
      help: "Replace the robots tag in your page's <head> with this one, and ask your web host to remove any X-Robots-Tag header that says noindex, nosnippet or noarchive.",
    };
  }
  const lines: string[] = [];
  const metaTags = [
    ...new Set(counted.filter((found) => found.source === 'meta').map((found) => found.where)),
  ];
  for (const tag of metaTags) {
    const replacement = tag.match(/name="([^"]+)"/i)?.[1] ?? 'robots';
    lines.push(`Replace ${tag}\nwith <meta name="${replacement}" content="index, follow">`);
  }
  const headers = [
    ...new Set(counted.filter((found) => found.source === 'header').map((found) => found.where)),
  ];
  for (const header of headers) {
    lines.push(
      `Stop sending the header "${header}" (your web host, CDN header rules or SEO plugin adds it).`,
    );
  }
  for (const found of counted.filter((item) => item.source === 'element')) {
    lines.push(`Remove data-nosnippet from the ${found.where}.`);
  }
  const names = [...new Set(counted.map((found) => `"${found.directive}"`))];
  return {
    signal: signal.id,
    title: `Remove ${listOf(names)} from your home page`,
    text: lines.join('\n\n'),
    help: 'These tell search engines and assistants to leave your page out or not to quote it. Change them where they are set; directives addressed only to training crawlers (GPTBot, Google-Extended) can stay.',
  };
}

function fixFor(
  signal: SignalResult,
  business: BusinessFacts,
  signals: SignalResult[],
  facts: SiteFacts,
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
        text: robotsFix(false, facts.sitemapUrl),
        help: `Add these lines to the file at ${site}/robots.txt (create it as a plain text file if you have none). If the file has "User-agent: *" followed by "Disallow: /", this block still lets the assistants in; if it has a group of its own for one of these crawlers with "Disallow: /", delete that group.`,
      };
    case 'edge_access':
      return edgeFix(signal, business, facts);
    case 'content_signals':
      return contentSignalFix(signal, business, facts);
    case 'training_bots':
      return trainingBlocked
        ? {
            signal: signal.id,
            title: 'Optional: let AI models learn about you (robots.txt)',
            text: robotsFix(true, facts.sitemapUrl),
            help: `Only if you want future AI models to know your business too: put this in ${site}/robots.txt in place of the crawler rules you have now (keep any rules that close private folders)${facts.edge.some((verdict) => verdict.crawler.purpose === 'training' && verdict.block) ? ', and allow GPTBot and ClaudeBot in your CDN or firewall, which turns them away now' : ''}.`,
            optional: true,
          }
        : null;
    case 'robots_meta':
      return directivesFix(signal, facts.directives);
    case 'sitemap': {
      const pages = facts.pages.length ? facts.pages : [{ url: `${site}/`, name: 'Home' }];
      return {
        signal: signal.id,
        title: 'Publish a sitemap and point robots.txt to it',
        text: [
          '<?xml version="1.0" encoding="UTF-8"?>',
          '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
          ...pages.map((page) => `  <url><loc>${escapeHtml(page.url)}</loc></url>`),
          '</urlset>',
        ].join('\n'),
        help: `Save this as ${site}/sitemap.xml, add a <url> line for each of your other pages, and add "Sitemap: ${site}/sitemap.xml" to robots.txt. Most website builders can make one for you.`,
      };
    }
    case 'llms_txt':
      return {
        signal: signal.id,
        title: 'Add an llms.txt',
        text: llmsTxtFix(business, facts.pages),
        help: `Save this as a plain text file at ${site}/llms.txt; it lists only pages we found on your site, so add your other main pages under "## Pages". Optional: few AI crawlers ask for it yet, and Google does not use it.`,
        optional: true,
      };
    case 'structured_data':
    case 'nap_consistency': {
      const entity = facts.entity;
      if (entity && signal.id === 'nap_consistency' && entity.name && signal.status === 'fail') {
        return {
          signal: signal.id,
          title: 'Use the same business name in your markup as everywhere',
          text: `"name": ${JSON.stringify(business.name)}`,
          help: `Your page's ${entity.type} markup names "${entity.name}", your dashboard "${business.name}". Change "name" in that markup to this, or, if "${entity.name}" is the name your customers know, change it on your dashboard so both match.`,
        };
      }
      if (
        entity &&
        signal.id === 'nap_consistency' &&
        signal.status === 'warn' &&
        business.location
      ) {
        return {
          signal: signal.id,
          title: `Say on your home page that you serve ${business.location}`,
          text: `<p>${escapeHtml(business.name)} serves customers in ${escapeHtml(business.location)}.</p>`,
          help: "Put a sentence like this in your home page's text (in your own words), so assistants connect you with your area.",
        };
      }
      if (entity) {
        return (
          jsonLdAdditions(business, entity, signal.id) ?? {
            signal: signal.id,
            title: 'Repair or remove the broken JSON-LD block',
            text: 'Find the <script type="application/ld+json"> block on your home page that is not valid JSON (often a comma after the last property, or a missing quote), and fix or delete it.',
            help: `Your ${entity.type} markup is complete, but another JSON-LD block on the page cannot be read. Fix its syntax (a validator such as validator.schema.org shows where), or delete it if it repeats what the ${entity.type} markup says.`,
          }
        );
      }
      const { text, missing } = jsonLdFix(business);
      return {
        signal: signal.id,
        title:
          signal.id === 'structured_data'
            ? 'Describe your business for machines (JSON-LD)'
            : 'Use the same name and location everywhere',
        text,
        help: `Paste this into your home page's <head>${signals.some((s) => s.id === 'structured_data' && s.evidence.snippet?.startsWith('Broken JSON-LD')) ? ', in place of the broken JSON-LD block' : ''}. Before you publish, add: ${missing.join('; ')}. Use exactly the name "${business.name}"${business.location ? ` and the location "${business.location}"` : ''} on your site and every profile.`,
      };
    }
    case 'faq':
      return {
        signal: signal.id,
        title: 'Mark up common questions (FAQPage)',
        text: faqFix(business),
        help: 'Show these questions and answers on your page too (edit them to match your business), and paste this into the same page.',
        optional: true,
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

/**
 * One fix per signal that did not pass (the robots.txt fix once, even if two signals need it):
 * those of failed checks first, then those that need attention, then the optional ones, each
 * group heaviest first.
 */
export function buildFixes(
  signals: SignalResult[],
  business: BusinessFacts,
  facts: SiteFacts = NO_SITE_FACTS,
): Fix[] {
  // A home page that does not load comes first: the other fixes cannot be checked until it does.
  const home = signals.find((signal) => signal.id === 'home_page');
  if (home && home.status === 'fail') {
    const fix = fixFor(home, business, signals, facts);
    return fix ? [fix] : [];
  }
  const rank = (signal: SignalResult, fix: Fix) =>
    (fix.optional ? 2 : signal.status === 'fail' ? 0 : 1) * 1000 - SIGNALS[signal.id].weight;
  const fixes: { fix: Fix; rank: number }[] = [];
  const seen = new Set<string>();
  for (const signal of signals) {
    if (signal.status === 'pass' || signal.status === 'not_checked') continue;
    const fix = fixFor(signal, business, signals, facts);
    if (!fix || seen.has(fix.text)) continue;
    seen.add(fix.text);
    fixes.push({ fix, rank: rank(signal, fix) });
  }
  return fixes.sort((a, b) => a.rank - b.rank).map((entry) => entry.fix);
}
