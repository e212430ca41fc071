import { describe, expect, it } from 'vitest';
import type { FetchSuccess } from '~/lib/safe-fetch.server';
import {
  checkAnswerBots,
  checkCanonical,
  checkFaq,
  checkH1,
  checkLang,
  checkLlmsTxt,
  checkNap,
  checkRobotsMeta,
  checkRobotsTxt,
  checkSitemap,
  checkStructuredData,
  checkTitleDescription,
  checkTrainingBots,
  readRobots,
  type BusinessFacts,
} from './checks.server';
import { AGENT_CRAWLERS, ANSWER_CRAWLERS, TRAINING_CRAWLERS } from '../agents/crawlers.server';
import {
  buildFixes,
  countryCode,
  postalAddress,
  schemaTypeFor,
  unreachableFix,
} from './fixes.server';
import { NO_SITE_FACTS, type SiteFacts } from './site-facts.server';
import { readPage } from './page.server';
import { parseRobots, robotsVerdict } from './robots';
import {
  SIGNAL_IDS,
  type Fix,
  type SignalId,
  type SignalResult,
  type SignalStatus,
} from './signals';

// The fixes the report offers, and what the checks say when an owner pastes them in.

const SITE = 'https://harborview.example';
const HOME = `${SITE}/`;
const ROBOTS = `${SITE}/robots.txt`;

const business = (facts: Partial<BusinessFacts> = {}): BusinessFacts => ({
  name: 'Harbor View Dental',
  website: HOME,
  location: 'Portland, OR',
  industry: 'Family dentistry',
  description: null,
  ...facts,
});

function served(
  body: string,
  url: string,
  contentType = 'text/plain; charset=utf-8',
): FetchSuccess {
  const buffer = Buffer.from(body);
  return {
    ok: true,
    requestedUrl: url,
    url,
    chain: [url],
    status: 200,
    headers: { 'content-type': contentType },
    contentType,
    body: buffer,
    wireBytes: buffer.length,
    elapsedMs: 80,
  };
}

/** Every signal passing, except those given. */
function signals(statuses: Partial<Record<SignalId, SignalStatus>> = {}): SignalResult[] {
  return SIGNAL_IDS.map((id) => ({
    id,
    status: statuses[id] ?? 'pass',
    evidence: {},
    reason: `${id} reason`,
  }));
}

function fixOf(fixes: Fix[], id: SignalId): Fix {
  const fix = fixes.find((entry) => entry.signal === id);
  if (!fix) throw new Error(`no fix for ${id}`);
  return fix;
}

function jsonInScript(text: string): Record<string, unknown> {
  const match = /^<script type="application\/ld\+json">\n([\s\S]*)\n<\/script>$/.exec(text);
  if (!match) throw new Error(`not a JSON-LD script: ${text}`);
  return JSON.parse(match[1]!) as Record<string, unknown>;
}

const onPage = (head: string, body = '') =>
  readPage(`<!doctype html><html lang="en"><head>${head}</head><body>${body}</body></html>`);

describe('buildFixes: which signals get a fix', () => {
  it('none when everything passes', () => {
    expect(buildFixes(signals(), business())).toEqual([]);
  });

  it('one for each signal that fails or warns, and none for the passing ones', () => {
    const fixes = buildFixes(
      signals({ sitemap: 'warn', h1: 'fail', canonical: 'warn', response_time: 'fail' }),
      business(),
    );
    // Failed checks first, then those that need attention, each heaviest first.
    expect(fixes.map((fix) => fix.signal)).toEqual(['h1', 'response_time', 'sitemap', 'canonical']);
    for (const fix of fixes) {
      expect(fix.title.trim()).not.toBe('');
      expect(fix.text.trim()).not.toBe('');
    }
  });

  it('every signal other than the home page has a fix of its own when it alone fails', () => {
    for (const id of SIGNAL_IDS.filter((signal) => signal !== 'home_page')) {
      const fixes = buildFixes(
        signals({ [id]: id === 'training_bots' ? 'warn' : 'fail' }),
        business(),
      );
      expect(fixes[0]?.text.trim(), id).not.toBe('');
      expect(
        fixes.map((fix) => fix.signal),
        id,
      ).toEqual([id]);
    }
  });

  it('the robots.txt fix once, when both the file and the answer crawlers fail', () => {
    const fixes = buildFixes(signals({ robots_txt: 'fail', answer_bots: 'fail' }), business());
    expect(fixes).toHaveLength(1);
    expect(fixes[0]?.signal).toBe('robots_txt');
  });

  it('the JSON-LD fix once, when both business details and name/location fail', () => {
    const fixes = buildFixes(
      signals({ structured_data: 'fail', nap_consistency: 'fail' }),
      business(),
    );
    expect(fixes.map((fix) => fix.signal)).toEqual(['structured_data']);
  });

  it('only the home-page fix when the home page fails, whatever else fails', () => {
    const failing = Object.fromEntries(SIGNAL_IDS.map((id) => [id, 'fail' as const]));
    const fixes = buildFixes(signals(failing), business());
    expect(fixes).toHaveLength(1);
    expect(fixes[0]).toMatchObject({ signal: 'home_page' });
    expect(fixes[0]?.text).toContain(HOME);

    const homeOnly = buildFixes(signals({ home_page: 'fail', h1: 'fail' }), business());
    expect(homeOnly.map((fix) => fix.signal)).toEqual(['home_page']);
  });
});

/** A robots.txt as the audit reads it: isAllowed(address, crawler). */
function robotsFile(text: string) {
  const file = parseRobots(text);
  return {
    isAllowed: (address: string, token: string) => robotsVerdict(file, address, token).allowed,
  };
}

describe('the robots.txt fix', () => {
  const withSitemap: SiteFacts = { ...NO_SITE_FACTS, sitemapUrl: `${SITE}/sitemap.xml` };
  const robotsFixText = (facts = withSitemap) =>
    fixOf(buildFixes(signals({ answer_bots: 'fail' }), business(), facts), 'answer_bots').text;

  it('is a valid robots.txt: comments, User-agent, Allow and Sitemap lines only', () => {
    const text = robotsFixText();
    for (const line of text.split('\n')) {
      expect(line).toMatch(/^$|^#|^(Allow|Disallow|Sitemap): \S+$|^User-agent: \S.*$/);
    }
    expect(parseRobots(text).sitemaps).toEqual([`${SITE}/sitemap.xml`]);
    expect(checkRobotsTxt(served(text, ROBOTS), ROBOTS).status).toBe('pass');
  });

  it('points to a sitemap only when the site has one', () => {
    const text = robotsFixText(NO_SITE_FACTS);
    expect(parseRobots(text).sitemaps).toEqual([]);
    expect(text).not.toContain('Sitemap:');
  });

  it('on its own, lets every answer crawler read the home page', () => {
    const parser = robotsFile(robotsFixText());
    for (const crawler of ANSWER_CRAWLERS) {
      expect(parser.isAllowed(HOME, crawler.token), crawler.token).toBe(true);
    }
  });

  it('appended after "User-agent: *" + "Disallow: /", still lets every answer crawler in', () => {
    for (const separator of ['\n', '\n\n']) {
      const file = `User-agent: *\nDisallow: /${separator}${robotsFixText()}`;
      const parser = robotsFile(file);
      for (const crawler of ANSWER_CRAWLERS) {
        expect(parser.isAllowed(HOME, crawler.token), crawler.token).toBe(true);
      }
      // It opens the door for the answer crawlers and agents only.
      for (const crawler of AGENT_CRAWLERS) {
        expect(parser.isAllowed(HOME, crawler.token), crawler.token).toBe(true);
      }
      expect(parser.isAllowed(HOME, 'SomeOtherBot')).toBe(false);
      expect(parser.isAllowed(HOME, 'GPTBot')).toBe(false);

      const reading = readRobots(served(file, ROBOTS), ROBOTS);
      expect(checkAnswerBots(reading, ROBOTS, HOME).status).toBe('pass');
      expect(checkTrainingBots(reading, ROBOTS, HOME).status).toBe('warn');
    }
  });

  it('the optional training fix, in place of the rules there now, lets every crawler in', () => {
    const fixes = buildFixes(signals({ training_bots: 'warn' }), business());
    const fix = fixOf(fixes, 'training_bots');
    expect(fix.title).toBe('Let future AI models learn about your business');
    expect(fix.optional).toBe(true);
    const reading = readRobots(served(fix.text, ROBOTS), ROBOTS);
    expect(checkTrainingBots(reading, ROBOTS, HOME).status).toBe('pass');
    expect(checkAnswerBots(reading, ROBOTS, HOME).status).toBe('pass');
    for (const crawler of TRAINING_CRAWLERS) {
      expect(robotsVerdict(reading.file!, HOME, crawler.token).allowed, crawler.token).toBe(true);
    }
  });
});

describe('the JSON-LD fix', () => {
  const jsonLdFixOf = (facts: Partial<BusinessFacts> = {}) =>
    fixOf(buildFixes(signals({ structured_data: 'fail' }), business(facts)), 'structured_data');

  it('is JSON inside a <script type="application/ld+json">, with the business name and site', () => {
    const data = jsonInScript(jsonLdFixOf().text);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Dentist',
      name: 'Harbor View Dental',
      url: HOME,
    });
  });

  it('takes the schema.org type from the industry, LocalBusiness when unknown', () => {
    expect(jsonInScript(jsonLdFixOf({ industry: 'Emergency plumbing' }).text)['@type']).toBe(
      'Plumber',
    );
    expect(jsonInScript(jsonLdFixOf({ industry: 'Underwater basket weaving' }).text)['@type']).toBe(
      'LocalBusiness',
    );
    expect(jsonInScript(jsonLdFixOf({ industry: null }).text)['@type']).toBe('LocalBusiness');
    expect(schemaTypeFor('Family dentistry')).toBe('Dentist');
    expect(schemaTypeFor('Orthodontics')).toBe('Dentist');
    expect(schemaTypeFor('Hair & beauty')).toBe('HairSalon');
    expect(schemaTypeFor('Emergency plumbing')).toBe('Plumber');
    expect(schemaTypeFor('Law firm')).toBe('LegalService');
    expect(schemaTypeFor('Underwater basket weaving')).toBe('LocalBusiness');
    expect(schemaTypeFor(null)).toBe('LocalBusiness');
  });

  it('splits the location into addressLocality and addressRegion', () => {
    expect(jsonInScript(jsonLdFixOf().text).address).toEqual({
      '@type': 'PostalAddress',
      addressLocality: 'Portland',
      addressRegion: 'OR',
    });
    expect(
      jsonInScript(jsonLdFixOf({ location: 'Leeds, West Yorkshire, UK' }).text).address,
    ).toEqual({
      '@type': 'PostalAddress',
      addressLocality: 'Leeds',
      addressRegion: 'West Yorkshire',
      addressCountry: 'GB',
    });
  });

  it('never takes a country for a region: "Leeds, UK" is a town in GB', () => {
    expect(postalAddress('Leeds, UK')).toEqual({
      '@type': 'PostalAddress',
      addressLocality: 'Leeds',
      addressCountry: 'GB',
    });
    expect(postalAddress('Lyon, France')).toMatchObject({ addressCountry: 'FR' });
    expect(postalAddress('Lyon, France')).not.toHaveProperty('addressRegion');
    expect(postalAddress('Austin, TX, USA')).toEqual({
      '@type': 'PostalAddress',
      addressLocality: 'Austin',
      addressRegion: 'TX',
      addressCountry: 'US',
    });
    // Two-letter US states, Canadian provinces and Australian states stay regions.
    expect(postalAddress('Sacramento, CA')).toMatchObject({ addressRegion: 'CA' });
    expect(postalAddress('Dover, DE')).toMatchObject({ addressRegion: 'DE' });
    expect(postalAddress('Toronto, ON')).toMatchObject({ addressRegion: 'ON' });
    expect(countryCode('Germany')).toBe('DE');
    expect(countryCode('West Yorkshire')).toBeNull();
  });

  it('invents nothing: the help names what the owner must add', () => {
    const fix = jsonLdFixOf();
    const data = jsonInScript(fix.text);
    expect(data).not.toHaveProperty('telephone');
    expect(data).not.toHaveProperty('openingHoursSpecification');
    expect(fix.help).toContain('telephone');
    expect(fix.help).toContain('opening hours');
    expect(fix.help).toContain('street address and postal code');
    expect(fix.help).toContain('"Harbor View Dental"');
    expect(fix.help).toContain('"Portland, OR"');
  });

  it('without a location: no address in the JSON, and the help asks for one', () => {
    const fix = jsonLdFixOf({ location: null });
    expect(jsonInScript(fix.text)).not.toHaveProperty('address');
    expect(fix.help).toMatch(/add: address;/);
  });

  it('pasted into a page, it turns a failing structured-data check into a warning that names what is left', () => {
    const before = onPage('<title>Harbor View Dental</title>');
    expect(checkStructuredData(before).status).toBe('fail');
    const after = onPage(jsonLdFixOf().text, '<h1>Harbor View Dental</h1>');
    const result = checkStructuredData(after);
    expect(result.status).toBe('warn');
    expect(result.reason).toContain('telephone');
    expect(result.reason).toContain('opening hours');
    expect(result.reason).not.toMatch(/\baddress\b/);
    expect(checkNap(after, business()).status).toBe('pass');
  });
});

describe('the other fixes, fed back through the checks', () => {
  const fixesFor = (facts: Partial<BusinessFacts> = {}) =>
    buildFixes(
      signals({
        llms_txt: 'warn',
        faq: 'warn',
        title_description: 'warn',
        h1: 'fail',
        canonical: 'warn',
        lang: 'fail',
        robots_meta: 'fail',
        sitemap: 'fail',
      }),
      business(facts),
    );

  it('the llms.txt passes checkLlmsTxt when served back', () => {
    for (const facts of [
      {},
      { description: 'Gentle family dentistry by the river.' },
      { location: null, industry: null },
    ]) {
      const text = fixOf(fixesFor(facts), 'llms_txt').text;
      const result = checkLlmsTxt(served(text, `${SITE}/llms.txt`), `${SITE}/llms.txt`);
      expect(result.status, text).toBe('pass');
      expect(result.evidence.items?.[0]?.note).toBe('Harbor View Dental');
    }
    const described = fixOf(
      fixesFor({ description: 'Gentle family dentistry by the river.' }),
      'llms_txt',
    );
    expect(described.text).toContain('> Gentle family dentistry by the river.');
  });

  it('the FAQ, title, heading, canonical, language and robots tags pass their checks', () => {
    const fixes = fixesFor();
    const head = [
      fixOf(fixes, 'title_description').text,
      fixOf(fixes, 'canonical').text,
      fixOf(fixes, 'robots_meta').text,
      fixOf(fixes, 'faq').text,
    ].join('\n');
    const lang = /lang="([^"]+)"/.exec(fixOf(fixes, 'lang').text)?.[1];
    const page = `<!doctype html><html lang="${lang}"><head>${head}</head><body>${fixOf(fixes, 'h1').text}</body></html>`;
    const facts = readPage(page);
    const home = served(page, HOME, 'text/html');

    expect(checkTitleDescription(facts).status).toBe('pass');
    expect(checkH1(facts).status).toBe('pass');
    expect(checkCanonical(home, facts).status).toBe('pass');
    expect(checkLang(facts).status).toBe('pass');
    expect(checkRobotsMeta(home, facts).status).toBe('pass');
    const faq = checkFaq(facts);
    expect(faq.status).toBe('pass');
    expect(faq.evidence.snippet).toBe('FAQPage with 3 questions');
  });

  it('the sitemap is valid and, listed in robots.txt, passes', () => {
    const text = fixOf(fixesFor(), 'sitemap').text;
    const result = checkSitemap(
      served(text, `${SITE}/sitemap.xml`, 'application/xml'),
      `${SITE}/sitemap.xml`,
      true,
    );
    expect(result.status).toBe('pass');
    expect(result.evidence.snippet).toBe('1 entry');
  });
});

describe('the one fix for a site that could not be reached', () => {
  const fixFor = (code: string, reason = 'why') =>
    unreachableFix(
      {
        host: 'harborview.example',
        code,
        reason,
        message: '',
      },
      business(),
    );

  it('names what to do for each reason, and never sends an unreachable address to a browser', () => {
    // A refused or unknown host: one fix, which says nothing of which it was.
    const address = fixFor('unreachable_address');
    expect(address.title).toBe('Check your website address');
    expect(address.text).toContain('We could not reach harborview.example from the internet');
    expect(address.text).not.toMatch(/private|does not exist|browser/);
    expect(fixFor('bad_url', 'it is not a valid web address').text).toContain(
      'it is not a valid web address',
    );
    expect(fixFor('tls').title).toBe("Renew your site's security certificate");
    for (const code of ['connect', 'timeout', 'network']) {
      expect(fixFor(code).title).toBe('Make sure your website is online');
    }
    for (const code of ['unreachable_address', 'bad_url', 'tls', 'timeout']) {
      expect(fixFor(code).signal).toBe('home_page');
    }
  });
});

describe('fixes change what the site already has (issue 34, item 6)', () => {
  // A home page whose JSON-LD describes the business fully, except sameAs.
  const complete = {
    '@context': 'https://schema.org',
    '@type': 'Dentist',
    name: 'Harbor View Dental',
    url: HOME,
    telephone: '+1-503-555-0100',
    address: {
      '@type': 'PostalAddress',
      streetAddress: '12 River St',
      addressLocality: 'Portland',
      addressRegion: 'OR',
      postalCode: '97201',
    },
    openingHours: 'Mo-Fr 08:00-17:00',
  };
  const page = onPage(
    `<script type="application/ld+json">${JSON.stringify(complete)}</script>`,
    '<h1>Harbor View Dental</h1>',
  );
  const facts: SiteFacts = {
    ...NO_SITE_FACTS,
    entity: {
      type: 'Dentist',
      properties: Object.keys(complete).filter((k) => !k.startsWith('@')),
      name: 'Harbor View Dental',
    },
  };

  it('asks to add sameAs to the existing Dentist markup, not to paste a second, poorer block', () => {
    const result = checkStructuredData(page);
    expect(result.status).toBe('warn');
    const fix = fixOf(
      buildFixes(signals({ structured_data: result.status }), business(), facts),
      'structured_data',
    );
    expect(fix.title).toBe('Tell assistants your other profiles');
    expect(fix.help).toContain('this property (sameAs)');
    expect(fix.help).toContain('"@type": "Dentist"');
    expect(fix.text).not.toContain('<script');
    expect(fix.text).not.toContain('@type');
    expect(fix.text).not.toContain('"name"');
    expect(fix.help).toContain('Do not paste a second block');
    // Added inside the existing block, the check passes, and the name and town still match.
    const merged = { ...complete, ...(JSON.parse(`{${fix.text}}`) as object) };
    const after = onPage(
      `<script type="application/ld+json">${JSON.stringify(merged)}</script>`,
      '<h1>Harbor View Dental</h1>',
    );
    expect(checkStructuredData(after).status).toBe('pass');
    expect(checkNap(after, business()).status).toBe('pass');
    // Still one description of the business.
    expect(after.jsonLd).toHaveLength(1);
  });

  it('fills what the record holds and marks what the owner must add', () => {
    const noPhone = {
      ...facts,
      entity: { ...facts.entity!, properties: ['name', 'url', 'sameAs'] },
    };
    const fix = fixOf(
      buildFixes(signals({ structured_data: 'fail' }), business(), noPhone),
      'structured_data',
    );
    expect(fix.title).toBe(
      'Tell assistants your address, your phone number and your opening hours',
    );
    expect(fix.help).toContain(
      'these properties (address, telephone and openingHoursSpecification) inside that block',
    );
    const added = JSON.parse(`{${fix.text}}`) as Record<string, Record<string, unknown>>;
    expect(added.address).toMatchObject({ addressLocality: 'Portland', addressRegion: 'OR' });
    expect(added.address?.streetAddress).toMatch(/^ADD: /);
    expect(String(added.telephone)).toMatch(/^ADD: /);
    expect(fix.help).toContain('Replace each "ADD: …"');
  });

  it('a different name in the markup: change that name (or the dashboard), nothing pasted', () => {
    const other = { ...facts, entity: { ...facts.entity!, name: 'Harbour View Dentistry' } };
    const fix = fixOf(
      buildFixes(signals({ nap_consistency: 'fail' }), business(), other),
      'nap_consistency',
    );
    expect(fix.text).toBe('"name": "Harbor View Dental"');
    expect(fix.help).toContain('"Harbour View Dentistry"');
  });

  it('failed checks come before the optional ones', () => {
    const fixes = buildFixes(
      signals({
        llms_txt: 'warn',
        faq: 'warn',
        training_bots: 'warn',
        sitemap: 'warn',
        h1: 'fail',
      }),
      business(),
    );
    expect(fixes.map((fix) => [fix.signal, Boolean(fix.optional)])).toEqual([
      ['h1', false],
      ['sitemap', false],
      ['training_bots', true],
      ['faq', true],
      ['llms_txt', true],
    ]);
  });

  it('generated files link only pages that exist', () => {
    const pages: SiteFacts = {
      ...NO_SITE_FACTS,
      pages: [
        { url: HOME, name: 'Home' },
        { url: `${SITE}/services`, name: 'Services' },
      ],
    };
    const fixes = buildFixes(signals({ llms_txt: 'warn', sitemap: 'fail' }), business(), pages);
    const llms = fixOf(fixes, 'llms_txt').text;
    expect(llms).toContain(`- [Services](${SITE}/services)`);
    expect(llms).not.toContain('/contact');
    const sitemap = fixOf(fixes, 'sitemap').text;
    expect(sitemap.match(/<loc>/g)).toHaveLength(2);
    expect(sitemap).not.toContain('/contact');
    // Knowing no other page, they link the home page only.
    const bare = buildFixes(signals({ llms_txt: 'warn' }), business());
    expect(fixOf(bare, 'llms_txt').text.match(/\]\(/g)).toHaveLength(1);
  });
});
