import { readFileSync } from 'node:fs';
import path from 'node:path';
import robotsParser from 'robots-parser';
import { describe, expect, it } from 'vitest';
import type { FetchFailure, FetchSuccess } from '~/lib/safe-fetch.server';
import {
  checkAnswerBots,
  checkCanonical,
  checkFaq,
  checkH1,
  checkHttps,
  checkLang,
  checkLlmsTxt,
  checkNap,
  checkPageWeight,
  checkResponseTime,
  checkRobotsMeta,
  checkRobotsTxt,
  checkServerText,
  checkSitemap,
  checkStructuredData,
  checkTitleDescription,
  checkTrainingBots,
  evaluate,
  readRobots,
  type BusinessFacts,
} from './checks.server';
import { ANSWER_CRAWLERS, TRAINING_CRAWLERS } from './crawlers';
import { buildFixes, jsonLdFix, llmsTxtFix, robotsFix, schemaTypeFor } from './fixes.server';
import { readPage } from './page.server';
import { SIGNAL_IDS, type SignalResult } from './signals';

// Every signal's check on fixture files (tests/fixtures/audit-signals), without a network.

const FIXTURES = path.resolve(import.meta.dirname, '../../../tests/fixtures/audit-signals');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name), 'utf8');

const SITE = 'https://harborview.example';
const HOME = `${SITE}/`;
const ROBOTS = `${SITE}/robots.txt`;

function fetched(
  body: string,
  {
    url = HOME,
    status = 200,
    contentType = 'text/plain',
    headers = {},
    elapsedMs = 50,
    chain,
  }: {
    url?: string;
    status?: number;
    contentType?: string;
    headers?: Record<string, string>;
    elapsedMs?: number;
    chain?: string[];
  } = {},
): FetchSuccess {
  const buffer = Buffer.from(body);
  return {
    ok: true,
    requestedUrl: url,
    url,
    chain: chain ?? [url],
    status,
    headers: { 'content-type': contentType, ...headers },
    contentType,
    body: buffer,
    wireBytes: buffer.length,
    elapsedMs,
  };
}

const failed = (url: string, error = 'the server refused the connection'): FetchFailure => ({
  ok: false,
  requestedUrl: url,
  url,
  code: 'connect',
  error,
  elapsedMs: 5,
});

const html = (body: string) => fetched(body, { contentType: 'text/html; charset=utf-8' });
const robots = (text: string) => readRobots(fetched(text, { url: ROBOTS }), ROBOTS);
const item = (result: ReturnType<typeof checkAnswerBots>, token: string) =>
  result.evidence.items?.find((entry) => entry.label === token);

const business: BusinessFacts = {
  name: 'Harbor View Dental',
  website: HOME,
  location: 'Seattle, WA',
  industry: 'Family dentistry',
  description: null,
};

describe('robots.txt', () => {
  it('a plain text file passes; a web page at its address fails; a server error fails', () => {
    expect(checkRobotsTxt(fetched('User-agent: *\nAllow: /', { url: ROBOTS }), ROBOTS).status).toBe(
      'pass',
    );
    const page = checkRobotsTxt(
      fetched('<!doctype html><html><body>Home</body></html>', {
        url: ROBOTS,
        contentType: 'text/html',
      }),
      ROBOTS,
    );
    expect(page.status).toBe('fail');
    expect(page.reason).toContain('web page instead of a plain text file');
    expect(checkRobotsTxt(fetched('oops', { url: ROBOTS, status: 503 }), ROBOTS)).toMatchObject({
      status: 'fail',
      evidence: { status: 503 },
    });
  });

  it('a missing robots.txt warns, and every crawler may enter', () => {
    const missing = fetched('Not found', { url: ROBOTS, status: 404 });
    expect(checkRobotsTxt(missing, ROBOTS).status).toBe('warn');
    const reading = readRobots(missing, ROBOTS);
    expect(checkAnswerBots(reading, ROBOTS, HOME).status).toBe('pass');
    expect(checkTrainingBots(reading, ROBOTS, HOME).status).toBe('pass');
  });

  it('an unreachable or failing robots.txt keeps every crawler out (RFC 9309)', () => {
    for (const outcome of [failed(ROBOTS), fetched('', { url: ROBOTS, status: 500 })]) {
      const reading = readRobots(outcome, ROBOTS);
      expect(reading.mode).toBe('disallow_all');
      expect(checkAnswerBots(reading, ROBOTS, HOME).status).toBe('fail');
    }
  });

  it('a blanket "User-agent: * / Disallow: /" blocks every answer crawler, naming the line', () => {
    const result = checkAnswerBots(robots('User-agent: *\nDisallow: /\n'), ROBOTS, HOME);
    expect(result.status).toBe('fail');
    for (const crawler of ANSWER_CRAWLERS) {
      expect(item(result, crawler.token)).toEqual({
        label: crawler.token,
        ok: false,
        note: 'blocked by line 2 in the group for all crawlers (*): Disallow: /',
      });
    }
    expect(result.reason).toContain('OAI-SearchBot, ChatGPT-User, Claude-SearchBot');
  });

  it("an agent's own group overrides *, whatever the case of its name", () => {
    const reading = robots(fixture('robots-agent-group.txt'));
    const answer = checkAnswerBots(reading, ROBOTS, HOME);
    expect(item(answer, 'OAI-SearchBot')).toEqual({
      label: 'OAI-SearchBot',
      ok: true,
      note: 'allowed by line 7 in its own group: Allow: /',
    });
    // "user-agent: perplexitybot" with an empty Disallow: its own group, nothing forbidden.
    expect(item(answer, 'PerplexityBot')).toMatchObject({ ok: true });
    expect(item(answer, 'PerplexityBot')?.note).toContain('its own group');
    // ChatGPT-User has no group of its own: the * group's Disallow applies.
    expect(item(answer, 'ChatGPT-User')).toMatchObject({
      ok: false,
      note: 'blocked by line 3 in the group for all crawlers (*): Disallow: /',
    });
    expect(answer.status).toBe('fail');
    const training = checkTrainingBots(reading, ROBOTS, HOME);
    expect(item(training, 'GPTBot')?.ok).toBe(true);
    expect(item(training, 'ClaudeBot')?.ok).toBe(false);
    expect(training.status).toBe('warn');
  });

  it('* and $ patterns: "Allow: /$" beats "Disallow: /" for the home page only', () => {
    const reading = robots(fixture('robots-wildcards.txt'));
    const answer = checkAnswerBots(reading, ROBOTS, HOME);
    expect(answer.status).toBe('pass');
    expect(item(answer, 'Googlebot')?.note).toBe(
      'allowed by line 4 in the group for all crawlers (*): Allow: /$',
    );
    // ClaudeBot's own "Disallow: /$" blocks exactly the home page.
    expect(item(checkTrainingBots(reading, ROBOTS, HOME), 'ClaudeBot')).toMatchObject({
      ok: false,
      note: 'blocked by line 8 in its own group: Disallow: /$',
    });
    const parser = reading.parser!;
    expect(parser.isAllowed(`${SITE}/menu.pdf`, 'PerplexityBot')).toBe(false);
    expect(parser.isAllowed(`${SITE}/?utm=1`, 'PerplexityBot')).toBe(false);
    expect(parser.isAllowed(`${SITE}/about`, 'PerplexityBot')).toBe(false);
    expect(parser.isAllowed(`${SITE}/about`, 'ClaudeBot')).toBe(true);
  });

  it('a versioned agent name ("GPTBot/1.1") is still the crawler\'s own group, and an empty own group does not fall back to *', () => {
    const versioned = checkTrainingBots(
      robots('User-agent: GPTBot/1.1\nDisallow: /\n'),
      ROBOTS,
      HOME,
    );
    expect(item(versioned, 'GPTBot')).toEqual({
      label: 'GPTBot',
      ok: false,
      note: 'blocked by line 2 in its own group: Disallow: /',
    });
    const empty = checkTrainingBots(
      robots(
        'User-agent: *\nDisallow: /\n\nUser-agent: GPTBot\nSitemap: https://harborview.example/s.xml\n',
      ),
      ROBOTS,
      HOME,
    );
    expect(item(empty, 'GPTBot')).toEqual({
      label: 'GPTBot',
      ok: true,
      note: 'allowed: no rule in its own group covers the home page',
    });
    expect(item(empty, 'CCBot')?.ok).toBe(false);
  });

  it('the longest matching rule wins between Allow and Disallow', () => {
    const reading = robots(fixture('robots-longest-match.txt'));
    expect(checkAnswerBots(reading, ROBOTS, HOME).status).toBe('fail');
    const english = checkAnswerBots(reading, ROBOTS, `${SITE}/en/`);
    expect(english.status).toBe('pass');
    expect(item(english, 'OAI-SearchBot')?.note).toContain('line 4');
  });

  it('training crawlers blocked is only ever a warning, never a failure', () => {
    const reading = robots(
      TRAINING_CRAWLERS.map((crawler) => `User-agent: ${crawler.token}`).join('\n') +
        '\nDisallow: /\n',
    );
    expect(checkTrainingBots(reading, ROBOTS, HOME)).toMatchObject({ status: 'warn' });
    expect(checkAnswerBots(reading, ROBOTS, HOME).status).toBe('pass');
  });
});

describe('robots meta and X-Robots-Tag', () => {
  const page = (meta: string) => readPage(`<html><head>${meta}</head><body></body></html>`);
  const home = html('<html></html>');

  it.each([
    ['<meta name="robots" content="noindex, follow">', 'fail'],
    ['<meta name="robots" content="NOAI">', 'fail'],
    ['<meta name="robots" content="none">', 'fail'],
    ['<meta name="googlebot" content="noindex">', 'fail'],
    ['<meta name="robots" content="nosnippet">', 'warn'],
    ['<meta name="robots" content="max-snippet:0">', 'warn'],
    ['<meta name="robots" content="index, follow, max-snippet:-1">', 'pass'],
    ['', 'pass'],
  ])('%s → %s', (meta, status) => {
    expect(checkRobotsMeta(home, page(meta)).status).toBe(status);
  });

  it('reads the X-Robots-Tag header, with or without a crawler name', () => {
    const clean = page('');
    for (const header of ['noindex', 'googlebot: noindex, nofollow', 'noai']) {
      const result = checkRobotsMeta(
        fetched('<html></html>', { contentType: 'text/html', headers: { 'x-robots-tag': header } }),
        clean,
      );
      expect(result.status, header).toBe('fail');
      expect(result.evidence.snippet).toBe(`X-Robots-Tag: ${header}`);
    }
  });
});

describe('sitemap', () => {
  const at = `${SITE}/sitemap.xml`;
  const sitemap = (body: string, status = 200) =>
    fetched(body, { url: at, status, contentType: 'application/xml' });
  const valid = `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${HOME}</loc></url><url><loc>${SITE}/a</loc></url></urlset>`;

  it('valid and named in robots.txt passes; valid but not named warns', () => {
    expect(checkSitemap(sitemap(valid), at, true)).toMatchObject({
      status: 'pass',
      evidence: { snippet: '2 entries' },
    });
    expect(checkSitemap(sitemap(valid), at, false).status).toBe('warn');
  });

  it('a sitemap index counts its sitemaps', () => {
    expect(checkSitemap(sitemap(fixture('sitemap-index.xml')), at, true)).toMatchObject({
      status: 'pass',
      evidence: { snippet: '2 entries' },
    });
  });

  it('missing, broken XML, not a sitemap, and empty', () => {
    expect(checkSitemap(sitemap('Not found', 404), at, false)).toMatchObject({
      status: 'fail',
      evidence: { status: 404 },
    });
    const broken = checkSitemap(sitemap(fixture('sitemap-broken.xml')), at, true);
    expect(broken.status).toBe('fail');
    expect(broken.evidence.snippet).toMatch(/^line \d+: /);
    expect(checkSitemap(sitemap(fixture('rss.xml')), at, true).reason).toContain('not a sitemap');
    expect(checkSitemap(sitemap(fixture('sitemap-empty.xml')), at, true).status).toBe('warn');
    expect(checkSitemap(failed(at), at, true).status).toBe('fail');
  });
});

describe('llms.txt', () => {
  const at = `${SITE}/llms.txt`;
  const llms = (body: string, status = 200, contentType = 'text/plain') =>
    fetched(body, { url: at, status, contentType });

  it('a title, a summary and link lists pass', () => {
    const result = checkLlmsTxt(llms(fixture('llms-good.txt')), at);
    expect(result.status).toBe('pass');
    expect(result.evidence.items?.[0]).toEqual({
      label: 'Title (# Name)',
      ok: true,
      note: 'Harbor View Dental',
    });
  });

  it('missing parts warn and say which', () => {
    const noSummary = checkLlmsTxt(llms(fixture('llms-no-summary.txt')), at);
    expect(noSummary.status).toBe('warn');
    expect(noSummary.reason).toContain('summary (> …)');
    expect(noSummary.reason).not.toContain('title');
    const plain = checkLlmsTxt(llms(fixture('llms-plain.txt')), at);
    expect(plain.reason).toContain('title (# name), summary (> …), link lists');
  });

  it('absent, or a web page, only warns: llms.txt is optional', () => {
    expect(checkLlmsTxt(llms('nope', 404), at)).toMatchObject({ status: 'warn' });
    expect(checkLlmsTxt(llms('<html><body>x</body></html>', 200, 'text/html'), at).status).toBe(
      'warn',
    );
    expect(checkLlmsTxt(failed(at), at).reason).toContain('optional');
  });
});

describe('structured data, NAP and FAQ', () => {
  const pageOf = (name: string) => readPage(fixture(name));

  it('a LocalBusiness subtype with every field passes (array of blocks, @type as a URL)', () => {
    const result = checkStructuredData(pageOf('jsonld-complete.html'));
    expect(result).toMatchObject({
      status: 'pass',
      evidence: { snippet: '@type: Dentist, MedicalBusiness' },
    });
    expect(result.evidence.items?.every((entry) => entry.ok)).toBe(true);
  });

  it('no address (required) fails; recommended fields missing only warn', () => {
    const noAddress = checkStructuredData(pageOf('jsonld-no-address.html'));
    expect(noAddress.status).toBe('fail');
    expect(noAddress.reason).toContain('address');
    const partial = checkStructuredData(
      readPage(
        '<script type="application/ld+json">{"@type":"Plumber","name":"P","address":"1 St, Leeds"}</script>',
      ),
    );
    expect(partial.status).toBe('warn');
    expect(partial.reason).toBe(
      'Your business details for machines leave out: telephone, url, opening hours, sameAs (your profiles elsewhere).',
    );
  });

  it('an Organization counts; broken JSON-LD fails with the parser error; none fails', () => {
    expect(checkStructuredData(pageOf('jsonld-organization.html')).status).toBe('pass');
    const broken = checkStructuredData(pageOf('jsonld-broken.html'));
    expect(broken.status).toBe('fail');
    expect(broken.evidence.snippet).toMatch(/^Broken JSON-LD: /);
    expect(checkStructuredData(readPage('<p>Hello</p>')).reason).toContain('does not describe');
  });

  it('NAP: name and town as on the dashboard pass', () => {
    expect(checkNap(pageOf('jsonld-complete.html'), business).status).toBe('pass');
  });

  it('NAP: a different name in the JSON-LD fails, naming both', () => {
    const result = checkNap(pageOf('jsonld-organization.html'), business);
    expect(result.status).toBe('fail');
    expect(result.reason).toContain('"Acme Consulting"');
    expect(result.reason).toContain('"Harbor View Dental"');
  });

  it('NAP: punctuation, case and "&" do not matter; a missing town warns', () => {
    const page = pageOf('jsonld-no-address.html');
    const sameName = { ...business, name: 'smith and sons plumbing', location: 'Leeds, UK' };
    expect(checkNap(page, sameName).status).toBe('pass');
    expect(checkNap(page, { ...sameName, location: 'Bradford' }).status).toBe('warn');
  });

  it('NAP: the name only in the page text passes; no location asks for one', () => {
    const page = readPage('<h1>Harbor View Dental</h1><p>Seattle dentist</p>');
    expect(checkNap(page, business).status).toBe('pass');
    const noLocation = checkNap(page, { ...business, location: null });
    expect(noLocation.reason).toContain('Add a location on the dashboard');
    expect(checkNap(readPage('<p>Welcome</p>'), business).status).toBe('fail');
  });

  it('FAQPage present passes with its question count; absent warns', () => {
    const faq = readPage(
      '<script type="application/ld+json">{"@type":"FAQPage","mainEntity":[{"@type":"Question","name":"Q?"}]}</script>',
    );
    expect(checkFaq(faq)).toMatchObject({
      status: 'pass',
      evidence: { snippet: 'FAQPage with 1 question' },
    });
    expect(checkFaq(readPage('<p>x</p>')).status).toBe('warn');
  });
});

describe('page basics', () => {
  it('https passes; plain http fails; the redirect chain is the evidence', () => {
    expect(checkHttps(html('<p>x</p>')).status).toBe('pass');
    const plain = fetched('<p>x</p>', {
      url: 'http://harborview.example/',
      contentType: 'text/html',
      chain: ['http://harborview.example/'],
    });
    expect(checkHttps(plain).status).toBe('fail');
  });

  it('title and description: lengths, one missing, both missing', () => {
    const good = readPage(
      '<title>Harbor View Dental | Seattle</title><meta name="description" content="Family dentistry in Seattle, WA: check-ups, cleanings and emergencies.">',
    );
    expect(checkTitleDescription(good).status).toBe('pass');
    expect(checkTitleDescription(readPage('<title>Home</title>')).status).toBe('warn');
    expect(checkTitleDescription(readPage('<p>x</p>')).status).toBe('fail');
  });

  it('one h1 passes, none fails, two warn', () => {
    expect(checkH1(readPage('<h1>A</h1>')).status).toBe('pass');
    expect(checkH1(readPage('<h2>A</h2>')).status).toBe('fail');
    expect(checkH1(readPage('<h1>A</h1><h1>B</h1>'))).toMatchObject({ status: 'warn' });
  });

  it('canonical: itself (relative, trailing slash) passes; elsewhere fails; absent warns', () => {
    const home = html('');
    const canonical = (href: string) => readPage(`<link rel="canonical" href="${href}">`);
    expect(checkCanonical(home, canonical('/')).status).toBe('pass');
    expect(checkCanonical(html(''), canonical(SITE)).status).toBe('pass');
    expect(checkCanonical(home, canonical('https://other.example/')).status).toBe('fail');
    expect(checkCanonical(home, readPage('<p>x</p>')).status).toBe('warn');
  });

  it('lang: a language code passes; none or nonsense fails', () => {
    expect(checkLang(readPage('<html lang="en-US"></html>')).status).toBe('pass');
    expect(checkLang(readPage('<html></html>')).status).toBe('fail');
    expect(checkLang(readPage('<html lang="english please"></html>')).status).toBe('fail');
  });

  it('text without JavaScript: a script shell fails, a real page passes', () => {
    const shell = readPage('<body><div id="root"></div><script src="/app.js"></script></body>');
    const result = checkServerText(shell);
    expect(result.status).toBe('fail');
    expect(result.reason).toContain('do not run scripts');
    const words = Array.from({ length: 120 }, (_, i) => `word${i}`).join(' ');
    expect(checkServerText(readPage(`<body><p>${words}</p></body>`)).status).toBe('pass');
  });

  it('page weight and response time', () => {
    expect(checkPageWeight(html('x'.repeat(1000))).status).toBe('pass');
    expect(checkPageWeight(html('x'.repeat(600 * 1024))).status).toBe('warn');
    const timed = (ms: number) => fetched('<p/>', { contentType: 'text/html', elapsedMs: ms });
    expect(checkResponseTime(timed(300)).status).toBe('pass');
    expect(checkResponseTime(timed(2000)).status).toBe('warn');
    expect(checkResponseTime(timed(5000)).status).toBe('fail');
  });
});

describe('evaluate', () => {
  it('an unreachable site: every signal fails and says why', () => {
    const signals = evaluate(
      { home: failed(HOME), robots: null, sitemap: null, llms: null },
      business,
    );
    expect(signals.map((s) => s.id)).toEqual(SIGNAL_IDS);
    for (const signal of signals) {
      expect(signal.status).toBe('fail');
      expect(signal.reason).toBe(
        'We could not reach harborview.example: the server refused the connection.',
      );
    }
  });

  it('a home page error still reads robots.txt; the page signals say the page failed', () => {
    const signals = evaluate(
      {
        home: fetched('Server error', { status: 500, contentType: 'text/html' }),
        robots: fetched('User-agent: *\nAllow: /', { url: ROBOTS }),
        sitemap: fetched('nope', { url: `${SITE}/sitemap.xml`, status: 404 }),
        llms: fetched('nope', { url: `${SITE}/llms.txt`, status: 404 }),
      },
      business,
    );
    const byId = Object.fromEntries(signals.map((s) => [s.id, s]));
    expect(byId.home_page?.status).toBe('fail');
    expect(byId.answer_bots?.status).toBe('pass');
    expect(byId.h1?.reason).toContain('HTTP 500');
    expect(buildFixes(signals, business).map((fix) => fix.signal)).toEqual(['home_page']);
  });
});

describe('fixes', () => {
  it('the robots.txt fix admits every answer crawler even after a blanket Disallow', () => {
    const text = `User-agent: *\nDisallow: /\n\n${robotsFix(business, false)}`;
    const parser = robotsParser(ROBOTS, text);
    for (const crawler of ANSWER_CRAWLERS) {
      expect(parser.isAllowed(HOME, crawler.token), crawler.token).toBe(true);
    }
    expect(parser.isAllowed(HOME, 'GPTBot')).toBe(false);
    expect(parser.getSitemaps()).toEqual([`${SITE}/sitemap.xml`]);
    const withTraining = robotsParser(
      ROBOTS,
      `User-agent: *\nDisallow: /\n\n${robotsFix(business, true)}`,
    );
    expect(withTraining.isAllowed(HOME, 'GPTBot')).toBe(true);
  });

  it('the JSON-LD fix uses the record: type from the industry, name, town and region, and names what is missing', () => {
    const { text, missing } = jsonLdFix(business);
    const json = JSON.parse(
      text.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, ''),
    ) as Record<string, unknown>;
    expect(json).toMatchObject({
      '@type': 'Dentist',
      name: 'Harbor View Dental',
      url: HOME,
      address: { addressLocality: 'Seattle', addressRegion: 'WA' },
    });
    expect(json).not.toHaveProperty('telephone');
    expect(missing.join(' ')).toContain('telephone');
    expect(missing.join(' ')).toContain('opening hours');
    // Fed back to the check, it passes the name and address it does hold.
    const page = readPage(text);
    expect(
      checkStructuredData(page)
        .evidence.items?.slice(0, 2)
        .every((entry) => entry.ok),
    ).toBe(true);
    expect(checkNap(page, business).status).toBe('pass');
  });

  it('industry words map to schema.org types; unknown ones are LocalBusiness', () => {
    expect(schemaTypeFor('Emergency plumbing')).toBe('Plumber');
    expect(schemaTypeFor('Law firm')).toBe('LegalService');
    expect(schemaTypeFor('Underwater basket weaving')).toBe('LocalBusiness');
    expect(schemaTypeFor(null)).toBe('LocalBusiness');
  });

  it('the llms.txt fix passes the llms.txt check', () => {
    const text = llmsTxtFix({ ...business, description: 'Gentle family dentistry.' });
    expect(text.startsWith('# Harbor View Dental\n\n> Gentle family dentistry.')).toBe(true);
    expect(
      checkLlmsTxt(fetched(text, { url: `${SITE}/llms.txt` }), `${SITE}/llms.txt`).status,
    ).toBe('pass');
  });

  it('only signals that did not pass get a fix, and the robots.txt fix appears once', () => {
    const signals = SIGNAL_IDS.map((id): SignalResult => ({
      id,
      status: id === 'robots_txt' || id === 'answer_bots' || id === 'lang' ? 'fail' : 'pass',
      evidence: {},
      reason: 'x',
    }));
    expect(buildFixes(signals, business).map((fix) => fix.signal)).toEqual(['robots_txt', 'lang']);
  });
});
