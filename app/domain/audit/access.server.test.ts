import { describe, expect, it } from 'vitest';
import type { FetchOutcome, FetchSuccess } from '~/lib/safe-fetch.server';
import {
  auditContext,
  checkContentSignals,
  checkEdgeAccess,
  edgeBlockOf,
  readRobots,
  type BusinessFacts,
  type CrawlerFetch,
} from './checks.server';
import { decidePreferences, readPreference } from './content-signals';
import { FETCHING_CRAWLERS } from '../agents/crawlers.server';
import { buildFixes } from './fixes.server';
import { siteFacts } from './site-facts.server';
import type { SignalResult } from './signals';

// The access checks issue 33 added: the site fetched as the AI crawlers (edge_access) and the
// usage preferences it states (content_signals), with the fixes they lead to.

const SITE = 'https://harborview.example';
const HOME = `${SITE}/`;
const ROBOTS = `${SITE}/robots.txt`;
const PAGE =
  '<!doctype html><html lang="en"><head><title>Harbor View Dental</title></head><body><h1>Harbor View Dental</h1></body></html>';
const CHALLENGE =
  '<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title></head><body><noscript>Enable JavaScript and cookies to continue</noscript><script src="/cdn-cgi/challenge-platform/h/b/orchestrate/chl_page/v1"></script></body></html>';

const business: BusinessFacts = {
  name: 'Harbor View Dental',
  website: HOME,
  location: 'Portland, OR',
  industry: 'Dentist',
  description: null,
};

function served(
  body: string,
  {
    url = HOME,
    status = 200,
    headers = {},
  }: { url?: string; status?: number; headers?: Record<string, string> } = {},
): FetchSuccess {
  const contentType = url.endsWith('.txt') ? 'text/plain' : 'text/html; charset=utf-8';
  return {
    ok: true,
    requestedUrl: url,
    url,
    chain: [url],
    status,
    headers: { 'content-type': contentType, ...headers },
    contentType,
    body: Buffer.from(body),
    wireBytes: body.length,
    elapsedMs: 50,
  };
}

const robotsTxt = (text: string, status = 200) => served(text, { url: ROBOTS, status });

/** Every crawler gets what `as` gives it; the others get the page. */
function crawlers(
  as: (token: string) => { home?: FetchOutcome; robots?: FetchOutcome } = () => ({}),
) {
  return FETCHING_CRAWLERS.map((crawler): CrawlerFetch => ({
    token: crawler.token,
    home: as(crawler.token).home ?? served(PAGE),
    robots: as(crawler.token).robots ?? robotsTxt('User-agent: *\nAllow: /\n'),
  }));
}

function context(
  fetched: CrawlerFetch[],
  robots = 'User-agent: *\nAllow: /\n',
  recheck: FetchOutcome | null = null,
  home = served(PAGE),
) {
  return auditContext(
    { home, robots: robotsTxt(robots), sitemap: null, llms: null, crawlers: fetched, recheck },
    business,
  )!;
}

const AI = /OAI-SearchBot|ChatGPT-User|Claude|Perplexity|GPTBot/;

describe('edge_access: the site fetched as the AI crawlers', () => {
  it('passes when every crawler gets the page, as a browser does, saying it tests user agents, not IPs', () => {
    const result = checkEdgeAccess(context(crawlers()));
    expect(result.status).toBe('pass');
    expect(result.reason).toContain(
      'OAI-SearchBot, ChatGPT-User, Claude-SearchBot, Claude-User, PerplexityBot and Perplexity-User get your home page just as a browser does.',
    );
    expect(result.reason).toContain('not from the crawlers’ IP addresses');
    expect(result.evidence.items).toHaveLength(FETCHING_CRAWLERS.length + 1);
    expect(result.evidence.items?.every((item) => item.ok)).toBe(true);
  });

  it('fails on a Cloudflare-style challenge for AI user agents only, naming each crawler and status', () => {
    const challenge = served(CHALLENGE, { status: 403, headers: { 'cf-mitigated': 'challenge' } });
    const result = checkEdgeAccess(
      context(crawlers((token) => (AI.test(token) ? { home: challenge, robots: challenge } : {}))),
    );
    expect(result.status).toBe('fail');
    expect(result.reason).toMatch(
      /^Your site turns away OAI-SearchBot \(HTTP 403 with a challenge page\), ChatGPT-User \(HTTP 403 with a challenge page\), .* and Perplexity-User \(HTTP 403 with a challenge page\), while a browser gets the page\./,
    );
    expect(result.reason).toContain('whatever robots.txt says');
    expect(result.reason).toContain(
      'GPTBot and ClaudeBot (training) are turned away too: that is your choice.',
    );
    expect(result.evidence).toMatchObject({
      url: HOME,
      status: 403,
      snippet: 'cf-mitigated: challenge',
    });
    expect(result.evidence.items?.[0]).toEqual({
      label: 'Our browser-like visit',
      ok: true,
      note: 'got the page (HTTP 200)',
    });
    expect(result.evidence.items?.find((item) => item.label === 'GPTBot (training)')?.ok).toBe(
      false,
    );
    // Every answer crawler turned away: the assistants cannot read the site at all.
    expect(result.shutsOut).toBe(true);
  });

  it('reads each kind of block: 402 pay per crawl, 403, 429, 503, a challenge page served with 200', () => {
    expect(edgeBlockOf(served('', { status: 402 }))).toMatchObject({
      kind: 'payment',
      status: 402,
    });
    expect(edgeBlockOf(served('Forbidden', { status: 403 }))).toMatchObject({ kind: 'forbidden' });
    expect(edgeBlockOf(served('', { status: 429 }))).toMatchObject({ kind: 'rate_limited' });
    expect(edgeBlockOf(served('', { status: 503 }))).toMatchObject({ kind: 'unavailable' });
    expect(edgeBlockOf(served(CHALLENGE))).toMatchObject({
      kind: 'challenge',
      status: 200,
      evidence: '<title>Just a moment...</title>',
    });
    expect(edgeBlockOf(served(PAGE))).toBeNull();
    expect(
      edgeBlockOf({
        ok: false,
        requestedUrl: HOME,
        url: HOME,
        code: 'timeout',
        error: 'it did not answer within 10 seconds',
        detail: 'it did not answer within 10 seconds',
        elapsedMs: 10_000,
      }),
    ).toEqual({
      unknown: 'it did not answer within 10 seconds',
    });
  });

  it('a 429 that our own second visit gets too is the site limiting everyone: it only warns', () => {
    const limited = served('', { status: 429 });
    const fetched = crawlers((token) => (token === 'PerplexityBot' ? { home: limited } : {}));
    expect(checkEdgeAccess(context(fetched, undefined, served(PAGE))).status).toBe('fail');
    const everyone = checkEdgeAccess(context(fetched, undefined, limited));
    expect(everyone.status).toBe('warn');
    expect(everyone.reason).toMatch(
      /^We could not tell whether PerplexityBot get your page: HTTP 429 \(too many requests\), but so did our own visit/,
    );
  });

  it('robots.txt answering 503 to a crawler keeps it out of the whole site; a 403 on it does not', () => {
    const fetched = crawlers((token) =>
      token === 'Claude-SearchBot'
        ? { robots: served('', { url: ROBOTS, status: 503 }) }
        : token === 'OAI-SearchBot'
          ? { robots: served('', { url: ROBOTS, status: 403 }) }
          : {},
    );
    const result = checkEdgeAccess(context(fetched));
    expect(result.status).toBe('fail');
    // One of them: it costs the signal's weight, not the whole score.
    expect(result.shutsOut).toBeUndefined();
    expect(result.reason).toMatch(
      /^Your site turns away Claude-SearchBot \(robots.txt: HTTP 503 \(unavailable\)\)/,
    );
    expect(result.evidence.items?.find((item) => item.label === 'OAI-SearchBot')?.ok).toBe(true);
  });

  it('blocking only the training crawlers is the owner’s choice: edge passes, training warns', async () => {
    const { accessChecks } = await import('./checks/crawler-access.server');
    const forbidden = served('Forbidden', { status: 403 });
    const results = accessChecks(
      context(
        crawlers((token) =>
          token === 'GPTBot' || token === 'ClaudeBot' ? { home: forbidden } : {},
        ),
      ),
    );
    expect(results.edge_access.status).toBe('pass');
    expect(results.edge_access.reason).toContain(
      'GPTBot and ClaudeBot (training) are turned away too',
    );
    expect(results.training_bots.status).toBe('warn');
    expect(results.training_bots.evidence.items?.find((item) => item.label === 'GPTBot')).toEqual({
      label: 'GPTBot',
      ok: false,
      note: 'allowed by line 2 in the group for all crawlers (*): Allow: /, but the site turns it away: HTTP 403 (forbidden)',
    });
  });

  it('the fix says where such blocks are set, that robots.txt cannot undo them, and that we test user agents', () => {
    const payment = served('', { status: 402 });
    const ctx = context(crawlers((token) => (token === 'OAI-SearchBot' ? { home: payment } : {})));
    const edge: SignalResult = { id: 'edge_access', ...checkEdgeAccess(ctx) };
    const [fix] = buildFixes([edge], business, siteFacts(ctx, false, []));
    expect(fix?.signal).toBe('edge_access');
    expect(fix?.text).toContain(
      'harborview.example turns away OAI-SearchBot (HTTP 402 (payment required: pay per crawl))',
    );
    expect(fix?.text).toContain('robots.txt cannot undo it');
    expect(fix?.text).toMatch(/Cloudflare/);
    expect(fix?.text).toMatch(/WordPress security plugins/);
    expect(fix?.text).toContain('Pay per crawl');
    expect(fix?.help).toContain('not from the crawlers’ IP addresses');
  });
});

describe('content_signals: what the site lets its text be used for', () => {
  const check = (robots: string, headers: Record<string, string> = {}) => {
    const reading = readRobots(robotsTxt(robots), ROBOTS);
    return checkContentSignals(reading, robotsTxt(robots), ROBOTS, served(PAGE, { headers }), HOME);
  };

  it('fails on ai-input=no: it keeps the text out of AI answers, quoting the line', () => {
    const result = check(
      'User-Agent: *\nContent-Signal: search=yes, ai-input=no, ai-train=no\nAllow: /\n',
    );
    expect(result.status).toBe('fail');
    expect(result.reason).toBe(
      'Your site says "ai-input=no" (robots.txt line 2, for all crawlers (*)): it asks AI assistants to keep your text out of their answers. Assistants that honour it will not use your pages to answer questions about you.',
    );
    expect(result.evidence).toMatchObject({
      url: ROBOTS,
      status: 200,
      snippet:
        'robots.txt line 2, for all crawlers (*): Content-Signal: search=yes, ai-input=no, ai-train=no',
    });
  });

  it('ai-train=no alone (Cloudflare’s managed file) is the owner’s choice: it passes and says so', () => {
    const result = check('User-Agent: *\nContent-Signal: search=yes,ai-train=no\nAllow: /\n');
    expect(result.status).toBe('pass');
    expect(result.reason).toMatch(
      /^Your site asks AI companies not to train models on your text \("ai-train=no", robots.txt line 2/,
    );
    expect(result.reason).toContain('it does not keep you out of AI answers');
  });

  it('reads the IETF Content-Usage lines and header: ai-use=n fails, train-ai=n alone passes', () => {
    expect(check('User-agent: *\nContent-Usage: ai-use=n, train-ai=n\nAllow: /\n').status).toBe(
      'fail',
    );
    expect(check('User-agent: *\nContent-Usage: train-ai=n\nAllow: /\n').status).toBe('pass');
    const header = check('User-agent: *\nAllow: /\n', { 'content-usage': 'search=y, ai-use=n' });
    expect(header.status).toBe('fail');
    expect(header.evidence).toMatchObject({
      url: HOME,
      snippet: 'the Content-Usage header of your home page: Content-Usage: search=y, ai-use=n',
    });
    // Upper-case keys do not parse as a Structured Fields dictionary: unknown, not "no".
    expect(check('User-agent: *\nContent-Usage: AI-USE=n\nAllow: /\n').status).toBe('pass');
  });

  it('search=no fails; a line in a group for training crawlers only, or for a deeper path, does not count', () => {
    expect(check('User-agent: *\nContent-Signal: search=no\n').status).toBe('fail');
    expect(
      check(
        'User-agent: GPTBot\nContent-Signal: ai-input=no\nDisallow: /\n\nUser-agent: *\nAllow: /\n',
      ).status,
    ).toBe('pass');
    expect(check('User-agent: *\nContent-Signal: /members/ ai-input=no\nAllow: /\n').status).toBe(
      'pass',
    );
  });

  it('no content signals pass, saying there are none', () => {
    expect(check('User-agent: *\nAllow: /\n').reason).toBe(
      'Your site states no content signals against search or AI answers.',
    );
  });

  it('the longest path decides; on a tie "no" wins', () => {
    const prefs = [
      ...readPreference('content-signal', 'ai-input=no', 'line 1', 'a'),
      ...readPreference('content-signal', '/ ai-input=yes', 'line 2', 'b'),
      ...readPreference('content-usage', '/blog/ ai-use=n', 'line 3', 'c'),
    ];
    expect(decidePreferences(prefs, HOME)['ai-input']?.source).toBe('line 1');
    expect(decidePreferences(prefs, `${SITE}/blog/post`)['ai-input']?.source).toBe('line 3');
  });

  it('the fix keeps the owner’s training choice and says where to change it', () => {
    const robots =
      'User-Agent: *\nContent-Signal: search=yes, ai-input=no, ai-train=no\nAllow: /\n';
    const ctx = auditContext(
      {
        home: served(PAGE),
        robots: robotsTxt(robots),
        sitemap: null,
        llms: null,
        crawlers: crawlers(),
      },
      business,
    )!;
    const reading = readRobots(robotsTxt(robots), ROBOTS);
    const signal: SignalResult = {
      id: 'content_signals',
      ...checkContentSignals(reading, robotsTxt(robots), ROBOTS, served(PAGE), HOME),
    };
    const [fix] = buildFixes([signal], business, siteFacts(ctx, false, []));
    expect(fix?.text).toBe('Content-Signal: search=yes, ai-input=yes, ai-train=no');
    expect(fix?.help).toContain(
      'replace "Content-Signal: search=yes, ai-input=no, ai-train=no" (line 2, for all crawlers (*))',
    );
    expect(fix?.help).toContain('managed robots.txt');
  });
});
