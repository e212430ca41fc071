import { describe, expect, it } from 'vitest';
import { ANSWER_CRAWLERS, TRAINING_CRAWLERS } from '../agents/crawlers.server';
import type { BusinessFacts } from './checks.server';
import type { FoundDirective } from './checks/page-directives.server';
import { buildFixes, unreachableFix } from './fixes.server';
import { NO_SITE_FACTS, type SiteFacts } from './site-facts.server';
import {
  fixShowsCode,
  SIGNAL_IDS,
  UNREACHABLE_ADDRESS_CODE,
  type Fix,
  type SignalResult,
  type SignalStatus,
} from './signals';

// Issue 44, item 7: every fix the audit can write leads with what the owner gets and does, in
// plain words. The technical names (JSON-LD, robots.txt, canonical, schema.org properties) are
// for whoever builds the site and go in the help, never the title; and a code box holds code,
// never advice in words. This walks every signal × status × the kinds of site the fixes read.

/** Words a fix title must not use: each is for whoever builds the site. */
const TECHNICAL_TERMS = [
  'JSON-LD',
  'JSON',
  'schema',
  'markup',
  'canonical',
  'robots',
  'llms',
  'sitemap',
  'SSR',
  'server-side',
  'rendering',
  'noindex',
  'nosnippet',
  'noarchive',
  'nofollow',
  'User-agent',
  'Disallow',
  'Content-Signal',
  'Content-Usage',
  'content signal',
  'ai-input',
  'ai-train',
  'X-Robots-Tag',
  'FAQPage',
  'meta',
  'CDN',
  'WAF',
  'crawler',
  'HTTP',
  'HTML',
  'h1',
  '.txt',
  '.xml',
  '@type',
  '<',
  '(',
];

/** A schema.org property or type as written in code: "sameAs", "openingHoursSpecification". */
const CAMEL_CASE = /\b[a-z]+[A-Z][A-Za-z]*\b/;

const SITE = 'https://rapid-rooter.example';

const businesses: BusinessFacts[] = [
  {
    name: 'Rapid Rooter',
    website: `${SITE}/`,
    location: 'Springfield, IL',
    industry: 'Plumbing',
    description: null,
  },
  {
    name: 'Ada Studio',
    website: `${SITE}/`,
    location: null,
    industry: null,
    description: 'Design.',
  },
];

const directive = (found: Partial<FoundDirective>): FoundDirective => ({
  directive: 'noindex',
  severity: 'out',
  where: '<meta name="robots" content="noindex">',
  source: 'meta',
  crawler: null,
  training: false,
  effect: 'leaves the page out',
  ...found,
});

const [answerCrawler] = ANSWER_CRAWLERS;
const [trainingCrawler] = TRAINING_CRAWLERS;

/** The kinds of site a fix is written from. */
const sites: Record<string, SiteFacts> = {
  'nothing known': NO_SITE_FACTS,
  'markup lacking details, another name': {
    ...NO_SITE_FACTS,
    entity: { type: 'Plumber', properties: ['name', 'url'], name: 'Rapid Rooter LLC' },
    pages: [{ url: `${SITE}/`, name: 'Home' }],
    sitemapUrl: `${SITE}/sitemap.xml`,
  },
  'markup lacking its hours and profiles': {
    ...NO_SITE_FACTS,
    entity: {
      type: 'Plumber',
      properties: ['name', 'url', 'address', 'telephone'],
      name: null,
    },
  },
  'complete markup beside a broken block': {
    ...NO_SITE_FACTS,
    entity: {
      type: 'Plumber',
      properties: ['name', 'url', 'address', 'telephone', 'openingHours', 'sameAs'],
      name: null,
    },
  },
  'directives in a tag, a header and an element': {
    ...NO_SITE_FACTS,
    directives: [
      directive({}),
      directive({ directive: 'nosnippet', source: 'header', where: 'X-Robots-Tag: nosnippet' }),
      directive({ directive: 'nosnippet', source: 'element', where: '<div> of the reviews' }),
      directive({ directive: 'noai', training: true, crawler: 'gptbot' }),
    ],
  },
  'directives in a header only': {
    ...NO_SITE_FACTS,
    directives: [
      directive({ directive: 'noarchive', source: 'header', where: 'X-Robots-Tag: noarchive' }),
    ],
  },
  'blocked at the edge, content usage refused': {
    ...NO_SITE_FACTS,
    edge: [
      {
        crawler: answerCrawler!,
        block: { kind: 'payment', status: 402, evidence: 'crawler-price', words: 'HTTP 402' },
        unknown: null,
        robots: null,
      },
      {
        crawler: trainingCrawler!,
        block: { kind: 'forbidden', status: 403, evidence: 'x', words: 'HTTP 403' },
        unknown: null,
        robots: null,
      },
    ],
    preferences: {
      'ai-input': {
        category: 'ai-input',
        allowed: false,
        source: 'the Content-Usage header',
        text: 'Content-Usage: ai-use=n',
        path: '/',
        label: 'ai-use=n',
      },
    },
  },
  'content signal refused in robots.txt': {
    ...NO_SITE_FACTS,
    preferences: {
      search: {
        category: 'search',
        allowed: false,
        source: 'robots.txt line 4',
        text: 'Content-Signal: search=no',
        path: '/',
        label: 'search=no',
      },
      'ai-train': {
        category: 'ai-train',
        allowed: true,
        source: 'robots.txt line 4',
        text: 'Content-Signal: ai-train=yes',
        path: '/',
        label: 'ai-train=yes',
      },
    },
  },
};

function signal(id: SignalResult['id'], status: SignalStatus, snippet?: string): SignalResult {
  return {
    id,
    status,
    reason: 'x',
    evidence: {
      ...(snippet ? { snippet } : {}),
      items: [{ label: 'PerplexityBot', ok: false, note: 'HTTP 403' }],
    },
  };
}

/** Every fix the audit can write for these sites: every signal failing, then needing attention. */
function everyFix(): { fix: Fix; where: string }[] {
  const all: { fix: Fix; where: string }[] = [];
  for (const business of businesses) {
    for (const [name, facts] of Object.entries(sites)) {
      for (const status of ['fail', 'warn'] as const) {
        const others = SIGNAL_IDS.filter((id) => id !== 'home_page');
        const signals = [
          ...others.map((id) =>
            signal(id, status, id === 'structured_data' ? 'Broken JSON-LD: x' : undefined),
          ),
          signal('home_page', 'pass'),
        ];
        for (const fix of buildFixes(signals, business, facts)) {
          all.push({ fix, where: `${business.name}, ${name}, ${status}` });
        }
        // Each signal on its own too: a fix one signal writes only when another passes.
        for (const id of others) {
          const alone = SIGNAL_IDS.map((each) => signal(each, each === id ? status : 'pass'));
          for (const fix of buildFixes(alone, business, facts)) {
            all.push({ fix, where: `${business.name}, ${name}, ${id} ${status} alone` });
          }
        }
      }
      const home = SIGNAL_IDS.map((id) => signal(id, id === 'home_page' ? 'fail' : 'pass'));
      for (const fix of buildFixes(home, business, facts)) all.push({ fix, where: 'home page' });
    }
    for (const code of [UNREACHABLE_ADDRESS_CODE, 'bad_url', 'tls', 'timeout', 'connect']) {
      all.push({
        fix: unreachableFix({ host: 'x.example', code, reason: 'r', message: 'm' }, business),
        where: `unreachable: ${code}`,
      });
    }
  }
  return all;
}

describe('the fixes the audit writes', () => {
  const fixes = everyFix();
  const titles = [...new Set(fixes.map(({ fix }) => fix.title))];

  it('covers every signal that has a fix, and many kinds of site', () => {
    const covered = new Set(fixes.map(({ fix }) => fix.signal));
    expect([...covered].sort()).toEqual([...SIGNAL_IDS].sort());
    // The markup fix, the name fix, the broken block, the directives as code and as steps…
    expect(titles.length).toBeGreaterThanOrEqual(24);
  });

  it('lead with what the owner gets and does: no technical term in any title', () => {
    const offending = titles.flatMap((title) => {
      const terms = TECHNICAL_TERMS.filter((term) =>
        /^[\w-]+$/.test(term)
          ? new RegExp(`\\b${term.replace('-', '\\-')}\\b`, 'i').test(title)
          : title.toLowerCase().includes(term.toLowerCase()),
      );
      const camel = CAMEL_CASE.exec(title)?.[0];
      return terms.length || camel ? [`${title}: ${[...terms, camel].filter(Boolean)}`] : [];
    });
    expect(offending).toEqual([]);
  });

  it('name what the markup lacks in plain words', () => {
    expect(titles).toContain('Tell assistants your opening hours and your other profiles');
    expect(titles).toContain(
      'Tell assistants your address, your phone number, your opening hours and your other profiles',
    );
    // The technical names are still there, in the help, for whoever builds the site.
    const markup = fixes.find(({ fix }) => fix.title.startsWith('Tell assistants your address'));
    expect(markup?.fix.help).toContain('openingHoursSpecification');
    expect(markup?.fix.help).toContain('JSON-LD');
  });

  it('say whether they are code or steps, and only code looks like code', () => {
    for (const { fix, where } of fixes) {
      expect(fix.kind, `${fix.title} (${where})`).toMatch(/^(code|steps)$/);
      const looksLikeCode = /^(<|"\w+":|#|User-agent:|Content-Signal:|Content-Usage:)/.test(
        fix.text,
      );
      expect(looksLikeCode, `${fix.title} (${where}): ${fix.text.slice(0, 60)}`).toBe(
        fix.kind === 'code',
      );
    }
  });

  it('say what the optional ones are once: the badge, not the title', () => {
    for (const { fix } of fixes.filter(({ fix }) => fix.optional)) {
      expect(fix.title).not.toMatch(/optional/i);
    }
  });
});

describe('fixShowsCode', () => {
  it('follows the kind a fix states', () => {
    expect(fixShowsCode({ kind: 'code', text: 'Ask your web host' })).toBe(true);
    expect(fixShowsCode({ kind: 'steps', text: '<p>x</p>' })).toBe(false);
  });

  it('reads a fix stored before fixes had a kind by how its text starts', () => {
    expect(fixShowsCode({ text: '<meta name="robots" content="index, follow">' })).toBe(true);
    expect(fixShowsCode({ text: '# Let AI assistants read this site\nUser-agent: *' })).toBe(true);
    expect(fixShowsCode({ text: '"sameAs": ["x"]' })).toBe(true);
    expect(fixShowsCode({ text: 'Ask your web host to turn on HTTPS.' })).toBe(false);
    expect(fixShowsCode({ text: 'Make sure your home page loads.' })).toBe(false);
  });
});
