import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UNREACHABLE_ADDRESS, type FetchFailure, type FetchSuccess } from '~/lib/safe-fetch.server';
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
  LIMITS,
  readRobots,
  describeUnreachable,
  unreachableOf,
  type BusinessFacts,
} from './checks.server';
import { ANSWER_CRAWLERS, FETCHING_CRAWLERS, TRAINING_CRAWLERS } from '../agents/crawlers.server';
import { readPage } from './page.server';
import { robotsVerdict } from './robots';
import { SIGNAL_IDS, type EvidenceItem } from './signals';

// The audit's checks on fixture files (tests/fixtures/audit-checks): what an owner would see in
// the report (status, the key words of the reason, the evidence), without any network.

const FIXTURES = path.resolve(import.meta.dirname, '../../../tests/fixtures/audit-checks');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name), 'utf8');

const SITE = 'https://harborview.example';
const HOME = `${SITE}/`;
const ROBOTS = `${SITE}/robots.txt`;
const SITEMAP = `${SITE}/sitemap.xml`;
const LLMS = `${SITE}/llms.txt`;

type Served = {
  url?: string;
  status?: number;
  contentType?: string;
  headers?: Record<string, string>;
  elapsedMs?: number;
  chain?: string[];
  wireBytes?: number;
};

/** What safe-fetch returns for an answered request. */
function served(body: string | Buffer, options: Served = {}): FetchSuccess {
  const url = options.url ?? HOME;
  const contentType = options.contentType ?? 'text/html; charset=utf-8';
  const buffer = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  return {
    ok: true,
    requestedUrl: options.chain?.[0] ?? url,
    url,
    chain: options.chain ?? [url],
    status: options.status ?? 200,
    headers: { 'content-type': contentType, ...options.headers },
    contentType,
    body: buffer,
    wireBytes: options.wireBytes ?? buffer.length,
    elapsedMs: options.elapsedMs ?? 120,
  };
}

const text = (body: string, url: string, options: Served = {}) =>
  served(body, { contentType: 'text/plain; charset=utf-8', url, ...options });

function unreachable(url: string, error = 'the server did not answer in time'): FetchFailure {
  return {
    ok: false,
    requestedUrl: url,
    url,
    code: 'timeout',
    error,
    detail: error,
    elapsedMs: 10_000,
  };
}

const robotsFile = (name: string, options: Served = {}) => text(fixture(name), ROBOTS, options);
const reading = (name: string) => readRobots(robotsFile(name), ROBOTS);
/** Whether the crawler may fetch `address`, by the reading the checks use. */
const mayFetch = (robots: ReturnType<typeof readRobots>, address: string, token: string) =>
  robotsVerdict(robots.file!, address, token).allowed;
const byLabel = (items: EvidenceItem[] | undefined, label: string) => {
  const item = items?.find((entry) => entry.label === label);
  if (!item) throw new Error(`no evidence item ${label}`);
  return item;
};

/** A small page from parts; realistic pages come from the fixture files. */
function html({
  head = '',
  body = '',
  lang = 'en',
}: {
  head?: string;
  body?: string;
  lang?: string | null;
}) {
  return `<!doctype html><html${lang === null ? '' : ` lang="${lang}"`}><head>${head}</head><body>${body}</body></html>`;
}

const jsonLd = (value: unknown) =>
  `<script type="application/ld+json">${JSON.stringify(value)}</script>`;

const business = (facts: Partial<BusinessFacts> = {}): BusinessFacts => ({
  name: 'Harbor View Dental',
  website: HOME,
  location: 'Portland, OR',
  industry: 'Family dentistry',
  description: null,
  ...facts,
});

/** The crawlers of the assistants most customers use: always listed, one line each. */
const answerTokens = ANSWER_CRAWLERS.filter((crawler) => crawler.major).map(
  (crawler) => crawler.token,
);
const trainingTokens = TRAINING_CRAWLERS.filter((crawler) => crawler.major).map(
  (crawler) => crawler.token,
);
const lesserAnswers = ANSWER_CRAWLERS.length - answerTokens.length;
const lesserTraining = TRAINING_CRAWLERS.length - trainingTokens.length;

// ---------------------------------------------------------------------------------------------

describe('robots.txt: the file itself (checkRobotsTxt)', () => {
  it('passes a plain text file and keeps it line by line, as read (issue 44)', () => {
    const result = checkRobotsTxt(robotsFile('robots-welcoming.txt'), ROBOTS);
    expect(result.status).toBe('pass');
    expect(result.evidence).toMatchObject({ url: ROBOTS, status: 200 });
    expect(result.evidence.lines?.slice(0, 5)).toEqual([
      'User-agent: *',
      'Allow: /',
      'Disallow: /admin/',
      '',
      `Sitemap: ${SITEMAP}`,
    ]);
  });

  it('warns when there is none (404): crawlers may enter, but nobody is welcomed', () => {
    const result = checkRobotsTxt(text('Not found', ROBOTS, { status: 404 }), ROBOTS);
    expect(result.status).toBe('warn');
    expect(result.evidence.status).toBe(404);
    expect(result.reason).toMatch(/no robots\.txt/i);
  });

  it('fails on a server error (5xx), which tells crawlers to stay away', () => {
    const result = checkRobotsTxt(text('Internal error', ROBOTS, { status: 503 }), ROBOTS);
    expect(result.status).toBe('fail');
    expect(result.evidence.status).toBe(503);
    expect(result.reason).toContain('HTTP 503');
    expect(result.reason).toMatch(/stay away/);
  });

  it('fails when the address serves a web page instead of a text file', () => {
    const page = served(fixture('robots-page.html'), { url: ROBOTS });
    const result = checkRobotsTxt(page, ROBOTS);
    expect(result.status).toBe('fail');
    expect(result.reason).toMatch(/web page instead of a plain text file/);
    expect(result.evidence.snippet).toMatch(/^<!doctype html> <html lang="en">/i);
  });

  it('recognises an HTML page even when it is labelled text/plain', () => {
    const page = text(fixture('robots-page.html'), ROBOTS);
    expect(checkRobotsTxt(page, ROBOTS).status).toBe('fail');
  });

  it('fails when it could not be loaded at all, naming the network error', () => {
    const result = checkRobotsTxt(unreachable(ROBOTS, 'the connection was refused'), ROBOTS);
    expect(result.status).toBe('fail');
    expect(result.reason).toContain('the connection was refused');
    expect(result.evidence.url).toBe(ROBOTS);
    expect(checkRobotsTxt(null, ROBOTS).status).toBe('fail');
  });
});

describe('robots.txt: how it reads (readRobots)', () => {
  it('a missing file (4xx) lets everyone in', () => {
    for (const status of [401, 403, 404, 410]) {
      expect(readRobots(text('', ROBOTS, { status }), ROBOTS).mode).toBe('allow_all');
    }
  });

  it('a server error, an unreachable file or none fetched keeps everyone out (RFC 9309 2.3.1.4)', () => {
    expect(readRobots(text('User-agent: *\nAllow: /', ROBOTS, { status: 500 }), ROBOTS).mode).toBe(
      'disallow_all',
    );
    expect(readRobots(unreachable(ROBOTS), ROBOTS).mode).toBe('disallow_all');
    expect(readRobots(null, ROBOTS).mode).toBe('disallow_all');
  });

  it('a file with rules is parsed and its Sitemap lines collected', () => {
    const result = reading('robots-welcoming.txt');
    expect(result.mode).toBe('rules');
    expect(result.sitemaps).toEqual([SITEMAP]);
    expect(result.lines[1]).toBe('Allow: /');
  });

  it('reads a file with a byte order mark and CRLF line ends, keeping line numbers right', () => {
    const result = checkAnswerBots(reading('robots-bom-crlf.txt'), ROBOTS, HOME);
    expect(result.status).toBe('fail');
    expect(byLabel(result.evidence.items, 'PerplexityBot')).toEqual({
      label: 'PerplexityBot',
      ok: false,
      note: 'blocked by line 5 in its own group: Disallow: /',
    });
    expect(byLabel(result.evidence.items, 'Googlebot').ok).toBe(true);
    // The file's lines go with the note, so "line 5" can be found: the fifth is the rule.
    expect(result.evidence.lines?.[4]).toBe('Disallow: /');
  });
});

describe('robots.txt: AI answer crawlers (checkAnswerBots)', () => {
  it('missing robots.txt (404): warn on the file, and every crawler allowed', () => {
    const robots = text('Not found', ROBOTS, { status: 404 });
    expect(checkRobotsTxt(robots, ROBOTS).status).toBe('warn');
    const result = checkAnswerBots(readRobots(robots, ROBOTS), ROBOTS, HOME);
    expect(result.status).toBe('pass');
    expect(result.evidence.items?.map((item) => item.label)).toEqual(answerTokens);
    expect(result.evidence.items?.every((item) => item.ok)).toBe(true);
    expect(result.evidence.items?.[0]?.note).toBe('allowed (no robots.txt)');
    expect(checkTrainingBots(readRobots(robots, ROBOTS), ROBOTS, HOME).status).toBe('pass');
  });

  it('robots.txt with a server error (5xx): fail, and every crawler blocked', () => {
    const robots = text('Bad gateway', ROBOTS, { status: 502 });
    const answer = checkAnswerBots(readRobots(robots, ROBOTS), ROBOTS, HOME);
    expect(answer.status).toBe('fail');
    expect(answer.evidence.items?.every((item) => !item.ok)).toBe(true);
    expect(answer.evidence.items?.[0]?.note).toMatch(/unavailable/);
    expect(answer.reason).toContain(answerTokens.join(', '));
    expect(answer.reason).toMatch(/are blocked/);

    const training = checkTrainingBots(readRobots(robots, ROBOTS), ROBOTS, HOME);
    expect(training.status).toBe('warn');
    // The main ones by name, the rest counted in one line.
    expect(training.evidence.items).toHaveLength(trainingTokens.length + 1);
    expect(training.evidence.items?.at(-1)?.label).toBe(
      `${lesserTraining} other training and data crawlers`,
    );
    expect(training.evidence.items?.every((item) => !item.ok)).toBe(true);
  });

  it('a blanket "User-agent: *" + "Disallow: /" blocks everyone, naming the line', () => {
    const result = checkAnswerBots(reading('robots-block-all.txt'), ROBOTS, HOME);
    expect(result.status).toBe('fail');
    // Not one assistant may read the site: the score is capped.
    expect(result.shutsOut).toBe(true);
    for (const token of answerTokens) {
      expect(byLabel(result.evidence.items, token)).toEqual({
        label: token,
        ok: false,
        note: 'blocked by line 3 in the group for all crawlers (*): Disallow: /',
      });
    }
    expect(result.evidence.snippet).toBe(
      'blocked by line 3 in the group for all crawlers (*): Disallow: /',
    );
    // The smaller answer crawlers and the agents are blocked too, counted rather than listed.
    expect(
      byLabel(result.evidence.items, `${lesserAnswers} other AI search and chat crawlers`),
    ).toMatchObject({
      ok: false,
      note: 'blocked by line 3 in the group for all crawlers (*): Disallow: /',
    });
    expect(result.evidence.items?.at(-1)?.label).toMatch(/other AI agents acting for a person$/);
    expect(result.evidence.url).toBe(ROBOTS);
  });

  it('Bingbot, Applebot and the user fetchers count as answer crawlers: blocking them fails', () => {
    for (const token of ['Bingbot', 'Applebot', 'Claude-User', 'Perplexity-User']) {
      const robots = readRobots(text(`User-agent: ${token}\nDisallow: /\n`, ROBOTS), ROBOTS);
      const result = checkAnswerBots(robots, ROBOTS, HOME);
      expect(result.status, token).toBe('fail');
      expect(result.shutsOut).toBeUndefined();
      expect(result.reason).toBe(
        `${token} is blocked, so that assistant cannot read your site and will not recommend it from there.`,
      );
      expect(checkTrainingBots(robots, ROBOTS, HOME).status).toBe('pass');
    }
  });

  it('a site that blocks only the user fetchers fails, naming each of them', () => {
    const robots = readRobots(
      text(
        'User-agent: ChatGPT-User\nUser-agent: Claude-User\nUser-agent: Perplexity-User\nDisallow: /\n\nUser-agent: *\nAllow: /\n',
        ROBOTS,
      ),
      ROBOTS,
    );
    const result = checkAnswerBots(robots, ROBOTS, HOME);
    expect(result.status).toBe('fail');
    expect(result.reason).toMatch(/^ChatGPT-User, Claude-User, Perplexity-User are blocked/);
    expect(byLabel(result.evidence.items, 'OAI-SearchBot').ok).toBe(true);
    expect(byLabel(result.evidence.items, 'Claude-User').note).toBe(
      'blocked by line 4 in its own group: Disallow: /',
    );
  });

  it('a smaller answer crawler or an agent blocked by its own group only warns, and is named', () => {
    const robots = readRobots(
      text('User-agent: DuckAssistBot\nUser-agent: Operator\nDisallow: /\n', ROBOTS),
      ROBOTS,
    );
    const result = checkAnswerBots(robots, ROBOTS, HOME);
    expect(result.status).toBe('warn');
    expect(result.reason).toMatch(
      /blocks 2 smaller AI search tools or agents \(DuckAssistBot, Operator\)/,
    );
    expect(byLabel(result.evidence.items, 'DuckAssistBot').ok).toBe(false);
    expect(byLabel(result.evidence.items, 'Operator').ok).toBe(false);
  });

  it('an agent group overrides *: GPTBot allowed by its own Allow, the others blocked by *', () => {
    const robots = reading('robots-agent-override.txt');
    const training = checkTrainingBots(robots, ROBOTS, HOME);
    expect(byLabel(training.evidence.items, 'GPTBot')).toEqual({
      label: 'GPTBot',
      ok: true,
      note: 'allowed by line 6 in its own group: Allow: /',
    });
    // ClaudeBot's own group only closes /admin/: the * group's Disallow no longer applies to it.
    expect(byLabel(training.evidence.items, 'ClaudeBot')).toEqual({
      label: 'ClaudeBot',
      ok: true,
      note: 'allowed: no rule in its own group covers the home page',
    });
    expect(byLabel(training.evidence.items, 'CCBot')).toEqual({
      label: 'CCBot',
      ok: false,
      note: 'blocked by line 3 in the group for all crawlers (*): Disallow: /',
    });
    expect(training.status).toBe('warn');
    expect(training.reason).toContain(
      `You block ${TRAINING_CRAWLERS.length - 2} training crawlers`,
    );
    expect(training.reason).not.toMatch(/GPTBot|ClaudeBot/);

    const answer = checkAnswerBots(robots, ROBOTS, HOME);
    expect(answer.status).toBe('fail');
    expect(answer.evidence.items?.every((item) => !item.ok)).toBe(true);
  });

  it('longest match wins: "Disallow: /" with "Allow: /$" leaves the home page open', () => {
    const robots = reading('robots-longest-match.txt');
    const result = checkAnswerBots(robots, ROBOTS, HOME);
    expect(result.status).toBe('pass');
    expect(byLabel(result.evidence.items, 'Googlebot').note).toBe(
      'allowed by line 3 in the group for all crawlers (*): Allow: /$',
    );
    // The rest of the site stays closed, and the longer Allow: /contact opens that page.
    expect(mayFetch(robots, `${SITE}/services`, 'Googlebot')).toBe(false);
    expect(mayFetch(robots, `${SITE}/contact`, 'Googlebot')).toBe(true);
  });

  it('the "*" and "$" wildcards: "Disallow: /*?" and "/*.pdf$" do not block "/"', () => {
    const robots = reading('robots-wildcards.txt');
    const result = checkAnswerBots(robots, ROBOTS, HOME);
    expect(result.status).toBe('pass');
    expect(byLabel(result.evidence.items, 'OAI-SearchBot').note).toBe(
      'allowed: no rule in the group for all crawlers (*) covers the home page',
    );
    expect(mayFetch(robots, `${SITE}/?utm_source=x`, 'OAI-SearchBot')).toBe(false);
    expect(mayFetch(robots, `${SITE}/menu.pdf`, 'OAI-SearchBot')).toBe(false);
    expect(mayFetch(robots, `${SITE}/menu.pdf.html`, 'OAI-SearchBot')).toBe(true);
  });

  it('"Disallow: /$" blocks exactly the home page', () => {
    const robots = reading('robots-home-dollar.txt');
    const result = checkAnswerBots(robots, ROBOTS, HOME);
    expect(result.status).toBe('fail');
    expect(byLabel(result.evidence.items, 'ChatGPT-User').note).toBe(
      'blocked by line 2 in the group for all crawlers (*): Disallow: /$',
    );
    expect(mayFetch(robots, `${SITE}/services`, 'ChatGPT-User')).toBe(true);
  });

  it('matches user-agent names and field names case-insensitively', () => {
    const result = checkAnswerBots(reading('robots-case.txt'), ROBOTS, HOME);
    expect(result.status).toBe('fail');
    const blocked = result.evidence.items?.filter((item) => !item.ok).map((item) => item.label);
    expect(blocked).toEqual(['OAI-SearchBot', 'PerplexityBot']);
    expect(byLabel(result.evidence.items, 'OAI-SearchBot').note).toBe(
      'blocked by line 2 in its own group: DISALLOW: /',
    );
    expect(byLabel(result.evidence.items, 'PerplexityBot').note).toBe(
      'blocked by line 5 in its own group: disallow: /',
    );
    expect(result.reason).toMatch(/^OAI-SearchBot, PerplexityBot are blocked/);
  });

  it('a group with several User-agent lines applies its rules to each of them', () => {
    const result = checkAnswerBots(reading('robots-multi-agent.txt'), ROBOTS, HOME);
    expect(result.status).toBe('fail');
    for (const token of ['OAI-SearchBot', 'ChatGPT-User', 'Claude-SearchBot']) {
      expect(byLabel(result.evidence.items, token)).toEqual({
        label: token,
        ok: false,
        note: 'blocked by line 5 in its own group: Disallow: /',
      });
    }
    for (const token of ['PerplexityBot', 'Googlebot']) {
      expect(byLabel(result.evidence.items, token)).toEqual({
        label: token,
        ok: true,
        note: 'allowed by line 8 in the group for all crawlers (*): Allow: /',
      });
    }
    expect(result.reason).toBe(
      'OAI-SearchBot, ChatGPT-User, Claude-SearchBot are blocked, so those assistants cannot read your site and will not recommend it from there.',
    );
  });

  it('one blocked crawler is named in the singular', () => {
    const robots = readRobots(text('User-agent: Googlebot\nDisallow: /\n', ROBOTS), ROBOTS);
    const result = checkAnswerBots(robots, ROBOTS, HOME);
    expect(result.status).toBe('fail');
    expect(result.reason).toMatch(/^Googlebot is blocked, so that assistant cannot/);
  });
});

describe('robots.txt: read as the major crawlers read it (one reading for verdict and evidence)', () => {
  it('"User-Agent: ChatGPT-User extra" names ChatGPT-User (the product token, up to the first space)', () => {
    const result = checkAnswerBots(reading('robots-agent-extra-words.txt'), ROBOTS, HOME);
    expect(byLabel(result.evidence.items, 'ChatGPT-User')).toEqual({
      label: 'ChatGPT-User',
      ok: false,
      note: 'blocked by line 2 in its own group: Disallow: /',
    });
    expect(result.status).toBe('fail');
    expect(result.reason).toMatch(/^ChatGPT-User is blocked/);
    expect(byLabel(result.evidence.items, 'Googlebot').note).toBe(
      'allowed by line 5 in the group for all crawlers (*): Allow: /',
    );
  });

  it('"User-agent: * anything" is still the group for all crawlers', () => {
    const robots = readRobots(text('User-agent: * (everyone)\nDisallow: /\n', ROBOTS), ROBOTS);
    const result = checkAnswerBots(robots, ROBOTS, HOME);
    expect(result.status).toBe('fail');
    expect(byLabel(result.evidence.items, 'Googlebot').note).toBe(
      'blocked by line 2 in the group for all crawlers (*): Disallow: /',
    );
  });

  it('a line without a colon counts when it is two words ("Disallow /"), as Google reads it', () => {
    const result = checkAnswerBots(reading('robots-no-colon.txt'), ROBOTS, HOME);
    expect(byLabel(result.evidence.items, 'PerplexityBot')).toEqual({
      label: 'PerplexityBot',
      ok: false,
      note: 'blocked by line 2 in its own group: Disallow /',
    });
    expect(byLabel(result.evidence.items, 'OAI-SearchBot').note).toBe(
      'allowed by line 5 in the group for all crawlers (*): Allow /',
    );
  });

  it('a line without a colon of more than two words is ignored', () => {
    // "User-agent OAI-SearchBot extra" is no User-agent line, so its Disallow joins the * group,
    // where "Allow: /" wins the tie: nobody is blocked.
    const robots = reading('robots-no-colon-three-words.txt');
    const result = checkAnswerBots(robots, ROBOTS, HOME);
    expect(result.status).toBe('pass');
    expect(byLabel(result.evidence.items, 'OAI-SearchBot').note).toBe(
      'allowed by line 2 in the group for all crawlers (*): Allow: /',
    );
    expect(mayFetch(robots, `${SITE}/services`, 'OAI-SearchBot')).toBe(true);
  });

  it('two groups for the same crawler are combined: the longest rule of either decides', () => {
    const robots = reading('robots-split-group.txt');
    const result = checkAnswerBots(robots, ROBOTS, HOME);
    expect(byLabel(result.evidence.items, 'Googlebot')).toEqual({
      label: 'Googlebot',
      ok: false,
      note: 'blocked by line 8 in its own group: Disallow: /',
    });
    expect(mayFetch(robots, `${SITE}/private/x`, 'Googlebot')).toBe(false);
    expect(mayFetch(robots, HOME, 'PerplexityBot')).toBe(true);
  });

  it('common misspellings of the field names count ("Dissallow", "User agent")', () => {
    const robots = readRobots(text('User agent: ClaudeBot\nDissallow: /\n', ROBOTS), ROBOTS);
    expect(byLabel(checkTrainingBots(robots, ROBOTS, HOME).evidence.items, 'ClaudeBot')).toEqual({
      label: 'ClaudeBot',
      ok: false,
      note: 'blocked by line 2 in its own group: Dissallow: /',
    });
  });

  it('an empty "Disallow:" blocks nothing, and comments are not part of a value', () => {
    const robots = readRobots(
      text(
        'User-agent: GPTBot # OpenAI\nDisallow: # nothing\n\nUser-agent: *\nDisallow: /\n',
        ROBOTS,
      ),
      ROBOTS,
    );
    expect(byLabel(checkTrainingBots(robots, ROBOTS, HOME).evidence.items, 'GPTBot')).toEqual({
      label: 'GPTBot',
      ok: true,
      note: 'allowed: no rule in its own group covers the home page',
    });
  });

  it('"Allow: /index.html" also opens the home page, as Google reads it', () => {
    const robots = readRobots(
      text('User-agent: *\nDisallow: /\nAllow: /index.html\n', ROBOTS),
      ROBOTS,
    );
    expect(byLabel(checkAnswerBots(robots, ROBOTS, HOME).evidence.items, 'Googlebot')).toEqual({
      label: 'Googlebot',
      ok: true,
      note: 'allowed by line 3 in the group for all crawlers (*): Allow: /index.html',
    });
    expect(mayFetch(robots, `${SITE}/about`, 'Googlebot')).toBe(false);
  });

  it('rules before any User-agent line belong to no group', () => {
    const robots = readRobots(text('Disallow: /\nUser-agent: *\nAllow: /x\n', ROBOTS), ROBOTS);
    expect(checkAnswerBots(robots, ROBOTS, HOME).status).toBe('pass');
  });

  it('a pattern of many wildcards is matched quickly (no backtracking)', () => {
    const rule = `Disallow: /${'*a'.repeat(200)}b`;
    const robots = readRobots(text(`User-agent: *\n${rule}\n`, ROBOTS), ROBOTS);
    const started = performance.now();
    expect(mayFetch(robots, `${SITE}/${'a'.repeat(2000)}`, 'Googlebot')).toBe(true);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('robots.txt: AI training crawlers (checkTrainingBots)', () => {
  it('a group whose only User-agent line names the crawler, with no rules, overrides * (RFC 9309 2.2.1)', () => {
    // "User-agent: GPTBot" at the end of the file opens a group for GPTBot with no rules: GPTBot
    // must not fall back to the * group, so nothing blocks it.
    const result = checkTrainingBots(reading('robots-empty-agent-group.txt'), ROBOTS, HOME);
    const gptBot = byLabel(result.evidence.items, 'GPTBot');
    expect(gptBot.ok).toBe(true);
    expect(gptBot.note).toBe('allowed: no rule in its own group covers the home page');
    expect(byLabel(result.evidence.items, 'CCBot').ok).toBe(false);
  });

  it('a versioned agent name ("GPTBot/1.1") is still the crawler\'s own group', () => {
    const versioned = readRobots(text('User-agent: GPTBot/1.1\nDisallow: /\n', ROBOTS), ROBOTS);
    expect(byLabel(checkTrainingBots(versioned, ROBOTS, HOME).evidence.items, 'GPTBot')).toEqual({
      label: 'GPTBot',
      ok: false,
      note: 'blocked by line 2 in its own group: Disallow: /',
    });
  });

  it('passes when nothing blocks them', () => {
    const result = checkTrainingBots(reading('robots-welcoming.txt'), ROBOTS, HOME);
    expect(result.status).toBe('pass');
    expect(result.evidence.items?.map((item) => item.label)).toEqual(trainingTokens);
    expect(result.evidence.snippet).toBeUndefined();
  });

  it('blocking them is a warning, never a failure, and names how many and which', () => {
    const robots = readRobots(
      text('User-agent: GPTBot\nUser-agent: CCBot\nDisallow: /\n', ROBOTS),
      ROBOTS,
    );
    const result = checkTrainingBots(robots, ROBOTS, HOME);
    expect(result.status).toBe('warn');
    expect(result.reason).toMatch(/^You block 2 training crawlers \(GPTBot, CCBot\)/);
    expect(result.evidence.snippet).toBe('blocked by line 3 in its own group: Disallow: /');
    expect(checkAnswerBots(robots, ROBOTS, HOME).status).toBe('pass');
  });

  it('one blocked training crawler is named in the singular', () => {
    const robots = readRobots(text('User-agent: Bytespider\nDisallow: /\n', ROBOTS), ROBOTS);
    expect(checkTrainingBots(robots, ROBOTS, HOME).reason).toMatch(
      /^You block 1 training crawler \(Bytespider\)\./,
    );
  });
});

// ---------------------------------------------------------------------------------------------

describe('robots meta tags and X-Robots-Tag (checkRobotsMeta)', () => {
  const meta = (name: string, content: string) =>
    html({ head: `<meta name="${name}" content="${content}">`, body: '<h1>Hi</h1>' });
  const run = (page: string, headers: Record<string, string> = {}) => {
    const home = served(page, { headers });
    return checkRobotsMeta(home, readPage(page));
  };

  it('fails on <meta name="robots" content="noindex">, quoting the tag', () => {
    const result = run(meta('robots', 'noindex, follow'));
    expect(result.status).toBe('fail');
    expect(result.reason).toContain('noindex');
    expect(result.evidence.snippet).toBe('<meta name="robots" content="noindex, follow">');
    // Out of every index: nothing else counts, the score is capped.
    expect(result.shutsOut).toBe(true);
    expect(run(meta('bingbot', 'noindex')).shutsOut).toBeUndefined();
    expect(run(meta('robots', 'nosnippet')).shutsOut).toBeUndefined();
  });

  it('fails on noai, "none" and a tag for an answer crawler, in any case', () => {
    expect(run(meta('robots', 'noai, noimageai')).status).toBe('fail');
    expect(run(meta('robots', 'NONE')).status).toBe('fail');
    expect(run(meta('bingbot', 'NoIndex')).status).toBe('fail');
    expect(run(meta('OAI-SearchBot', 'noindex')).status).toBe('fail');
  });

  it("a tag for a training crawler only is the owner's choice, reported but not failed", () => {
    const result = run(meta('GPTBot', 'NoIndex'));
    expect(result.status).toBe('pass');
    expect(result.evidence.items).toEqual([
      {
        label: 'noindex',
        ok: true,
        note: 'in <meta name="GPTBot" content="NoIndex">: for a training crawler only, your choice (the page is kept out of search and AI answers)',
      },
    ]);
  });

  it('fails on nosnippet and max-snippet:0: nothing may be quoted, Google leaves it out of AI Overviews', () => {
    const result = run(meta('robots', 'nosnippet'));
    expect(result.status).toBe('fail');
    expect(result.reason).toBe(
      'Your home page says "nosnippet" (the robots meta tag): nothing may be quoted, and Google leaves the page out of AI Overviews. AI answers cannot quote a page that says so.',
    );
    expect(result.evidence.snippet).toBe('<meta name="robots" content="nosnippet">');
    expect(run(meta('googlebot', 'max-snippet: 0')).status).toBe('fail');
  });

  it('noarchive fails (Copilot leaves the page out); with nocache, or nocache alone, it warns', () => {
    const page = html({ body: '<h1>Hi</h1>' });
    expect(run(page, { 'x-robots-tag': 'noarchive' })).toMatchObject({
      status: 'fail',
      evidence: { snippet: 'X-Robots-Tag: noarchive' },
    });
    expect(run(page, { 'x-robots-tag': 'noarchive' }).reason).toContain('Microsoft Copilot');
    expect(run(page, { 'x-robots-tag': 'noarchive, nocache' }).status).toBe('warn');
    const nocache = run(meta('bingbot', 'nocache'));
    expect(nocache.status).toBe('warn');
    expect(nocache.reason).toContain('only the link, title and snippet');
  });

  it('a short max-snippet warns; a long one or -1 passes', () => {
    expect(run(meta('robots', 'max-snippet:40')).status).toBe('warn');
    expect(run(meta('robots', 'max-snippet:40')).reason).toContain('cut to 40 characters');
    expect(run(meta('robots', 'max-snippet:300')).status).toBe('pass');
    expect(run(meta('robots', 'max-snippet:-1')).status).toBe('pass');
  });

  it('warns on data-nosnippet around the text that matters, saying where; not around a footer note', () => {
    const marked = html({
      body: '<h1>Harbor View Dental</h1><p data-nosnippet>Harbor View Dental has cared for Portland families since 1998.</p><p>More words here for the page.</p>',
    });
    const home = served(marked);
    const result = checkRobotsMeta(home, readPage(marked), business());
    expect(result.status).toBe('warn');
    expect(result.evidence.items?.[0]).toEqual({
      label: 'data-nosnippet',
      ok: false,
      note: 'in <p data-nosnippet> around "Harbor View Dental has cared for Portland families since 19…": search engines and assistants may not quote that text',
    });
    const footer = html({
      body: '<h1>Harbor View Dental</h1><p>We are a family dental practice in Portland with a calm team and long hours for busy people.</p><small data-nosnippet>Prices exclude tax.</small>',
    });
    expect(checkRobotsMeta(served(footer), readPage(footer), business()).status).toBe('pass');
  });

  it('fails on an X-Robots-Tag: noindex header', () => {
    const result = run(html({ body: '<h1>Hi</h1>' }), { 'x-robots-tag': 'noindex' });
    expect(result.status).toBe('fail');
    expect(result.evidence.snippet).toBe('X-Robots-Tag: noindex');
  });

  it('reads the "googlebot: noindex" header form', () => {
    const result = run(html({ body: '<h1>Hi</h1>' }), {
      'x-robots-tag': 'googlebot: noindex, nofollow',
    });
    expect(result.status).toBe('fail');
    expect(result.evidence.snippet).toBe('X-Robots-Tag: googlebot: noindex, nofollow');
  });

  it('finds "googlebot: noindex" after another directive (two X-Robots-Tag headers joined by ", ")', () => {
    // safe-fetch joins repeated headers with ", ": "X-Robots-Tag: noarchive" and
    // "X-Robots-Tag: googlebot: noindex" arrive as one value.
    const result = run(html({ body: '<h1>Hi</h1>' }), {
      'x-robots-tag': 'noarchive, googlebot: noindex',
    });
    expect(result.status).toBe('fail');
    expect(result.evidence.snippet).toBe('X-Robots-Tag: googlebot: noindex');
  });

  it('passes a clean page, and harmless directives', () => {
    expect(run(html({ body: '<h1>Hi</h1>' })).status).toBe('pass');
    const result = run(meta('robots', 'index, follow, max-snippet:-1, max-image-preview:large'), {
      'x-robots-tag': 'noimageindex',
    });
    expect(result.status).toBe('pass');
    expect(result.reason).toMatch(/Nothing on your home page/);
  });

  it('ignores "noindex" in meta tags that are not robots tags', () => {
    expect(run(meta('description', 'noindex')).status).toBe('pass');
  });
});

// ---------------------------------------------------------------------------------------------

describe('sitemap (checkSitemap)', () => {
  const sitemap = (name: string, options: Served = {}) =>
    served(fixture(name), { url: SITEMAP, contentType: 'application/xml', ...options });

  it('passes a valid urlset that robots.txt points to, counting its entries', () => {
    const result = checkSitemap(sitemap('sitemap-urlset.xml'), SITEMAP, true);
    expect(result.status).toBe('pass');
    expect(result.evidence).toMatchObject({ url: SITEMAP, status: 200, snippet: '3 entries' });
  });

  it('warns on a valid sitemap that robots.txt does not mention', () => {
    const result = checkSitemap(sitemap('sitemap-urlset.xml'), SITEMAP, false);
    expect(result.status).toBe('warn');
    expect(result.reason).toMatch(/robots\.txt does not mention it/);
  });

  it('accepts a sitemap index', () => {
    const result = checkSitemap(sitemap('sitemap-index.xml'), SITEMAP, true);
    expect(result.status).toBe('pass');
    expect(result.evidence.snippet).toBe('2 entries');
  });

  it('counts a single <url> as one entry', () => {
    const one = `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${HOME}</loc></url></urlset>`;
    const result = checkSitemap(served(one, { url: SITEMAP }), SITEMAP, true);
    expect(result.status).toBe('pass');
    expect(result.evidence.snippet).toBe('1 entry');
  });

  it('fails on invalid XML, with the line of the error in the evidence', () => {
    const result = checkSitemap(sitemap('sitemap-broken.xml'), SITEMAP, true);
    expect(result.status).toBe('fail');
    expect(result.reason).toMatch(/not valid XML/);
    expect(result.evidence.snippet).toMatch(/^line 5: /);
    expect(result.evidence.snippet).toContain('url');
  });

  it('fails when there is none (404)', () => {
    const result = checkSitemap(sitemap('sitemap-urlset.xml', { status: 404 }), SITEMAP, true);
    expect(result.status).toBe('fail');
    expect(result.reason).toContain('HTTP 404');
    expect(result.evidence.status).toBe(404);
  });

  it('fails when it cannot be loaded, naming the error', () => {
    const result = checkSitemap(unreachable(SITEMAP, 'the name does not resolve'), SITEMAP, true);
    expect(result.status).toBe('fail');
    expect(result.reason).toContain('the name does not resolve');
    expect(checkSitemap(null, SITEMAP, false).status).toBe('fail');
  });

  it('fails on XML that is not a sitemap (an RSS feed)', () => {
    const result = checkSitemap(sitemap('sitemap-rss.xml'), SITEMAP, true);
    expect(result.status).toBe('fail');
    expect(result.reason).toMatch(/not a sitemap/);
    expect(result.evidence.snippet).toContain('<rss version="2.0">');
  });

  it('warns on an empty urlset: a sitemap with no pages', () => {
    const result = checkSitemap(sitemap('sitemap-empty.xml'), SITEMAP, true);
    expect(result.status).toBe('warn');
    expect(result.reason).toMatch(/lists no pages/);
    expect(result.evidence.snippet).toBe('0 entries');
  });
});

// ---------------------------------------------------------------------------------------------

describe('llms.txt (checkLlmsTxt)', () => {
  const llms = (body: string, options: Served = {}) => text(body, LLMS, options);

  it('passes a well-shaped file: # title, > summary, lists of links', () => {
    const result = checkLlmsTxt(llms(fixture('llms-good.txt')), LLMS);
    expect(result.status).toBe('pass');
    expect(result.evidence.items).toEqual([
      { label: 'Title (# Name)', ok: true, note: 'Harbor View Dental' },
      { label: 'Summary (> …)', ok: true, note: 'present' },
      { label: 'Link lists', ok: true, note: 'present' },
    ]);
    expect(result.evidence.snippet).toMatch(/^# Harbor View Dental > Family dentistry/);
  });

  it('warns, naming the summary, when the blockquote is missing', () => {
    const result = checkLlmsTxt(llms(fixture('llms-no-summary.txt')), LLMS);
    expect(result.status).toBe('warn');
    expect(result.reason).toMatch(/missing summary \(> …\)\./);
    expect(result.reason).not.toMatch(/title|link lists/);
    expect(byLabel(result.evidence.items, 'Summary (> …)')).toMatchObject({ ok: false });
  });

  it('warns, naming each missing part, on plain prose', () => {
    const result = checkLlmsTxt(llms('Harbor View Dental is a dentist in Portland.\n'), LLMS);
    expect(result.status).toBe('warn');
    expect(result.reason).toContain('missing title (# name), summary (> …), link lists');
  });

  it('a list without links, or a first heading below level 1, does not count', () => {
    const body = '## Harbor View Dental\n\n> A dentist.\n\n- Services\n- Contact\n';
    const result = checkLlmsTxt(llms(body), LLMS);
    expect(result.status).toBe('warn');
    expect(byLabel(result.evidence.items, 'Title (# Name)').ok).toBe(false);
    expect(byLabel(result.evidence.items, 'Link lists').ok).toBe(false);
    expect(byLabel(result.evidence.items, 'Summary (> …)').ok).toBe(true);
  });

  it('warns when the address serves a web page', () => {
    const page = served(fixture('robots-page.html'), { url: LLMS });
    const result = checkLlmsTxt(page, LLMS);
    expect(result.status).toBe('warn');
    expect(result.reason).toMatch(/shows a web page/);
  });

  it('a missing file (404) or no answer only warns: it is optional', () => {
    const missing = checkLlmsTxt(llms('Not found', { status: 404 }), LLMS);
    expect(missing.status).toBe('warn');
    expect(missing.reason).toMatch(/no llms\.txt/);
    expect(missing.reason).toMatch(/optional/);
    // It says it weighs little, and why.
    expect(missing.reason).toContain(
      'weighs little (1 of 100 points): few AI crawlers ask for it yet',
    );
    expect(missing.evidence.status).toBe(404);
    expect(checkLlmsTxt(unreachable(LLMS), LLMS).status).toBe('warn');
    expect(checkLlmsTxt(null, LLMS).status).toBe('warn');
    expect(checkLlmsTxt(llms('oops', { status: 500 }), LLMS).status).toBe('warn');
  });
});

// ---------------------------------------------------------------------------------------------

describe('structured data (checkStructuredData)', () => {
  const check = (name: string) => checkStructuredData(readPage(fixture(name)));

  it('passes a LocalBusiness subtype with every field, listing each one', () => {
    const result = check('home-complete.html');
    expect(result.status).toBe('pass');
    expect(result.reason).toContain('(Dentist)');
    expect(result.evidence.snippet).toBe('@type: Dentist');
    expect(result.evidence.items?.map((item) => [item.label, item.ok])).toEqual([
      ['name', true],
      ['address', true],
      ['telephone', true],
      ['url', true],
      ['opening hours', true],
      ['sameAs (your profiles elsewhere)', true],
    ]);
    expect(byLabel(result.evidence.items, 'address').note).toBe(
      '12 Pier Street, Portland, OR, 97201',
    );
  });

  it('finds the business inside an @graph', () => {
    const result = check('jsonld-graph.html');
    expect(result.status).toBe('pass');
    expect(result.evidence.snippet).toBe('@type: Dentist');
  });

  it('reads an array of blocks, with @type as an array of full schema.org URLs', () => {
    const result = check('jsonld-array-url-type.html');
    expect(result.status).toBe('pass');
    expect(result.evidence.snippet).toBe('@type: Dentist, MedicalBusiness');
    expect(result.reason).toContain('(Dentist)');
  });

  it('fails when the address is missing, naming it', () => {
    const result = check('jsonld-no-address.html');
    expect(result.status).toBe('fail');
    expect(result.reason).toBe('Your business details for machines leave out: address.');
    expect(byLabel(result.evidence.items, 'address')).toMatchObject({ ok: false, note: 'missing' });
  });

  it('only warns when just the (blank) telephone is missing', () => {
    const result = check('jsonld-no-telephone.html');
    expect(result.status).toBe('warn');
    expect(result.reason).toBe('Your business details for machines leave out: telephone.');
  });

  it('fails on broken JSON-LD, quoting the parse error', () => {
    const result = check('jsonld-broken.html');
    expect(result.status).toBe('fail');
    expect(result.evidence.snippet).toMatch(
      /^Broken JSON-LD: Expected ',' or '}' after property value/,
    );
    expect(result.reason).toMatch(/broken/);
  });

  it('a broken block next to a complete one warns', () => {
    const page = html({
      head:
        '<script type="application/ld+json">{ "@type": "Dentist", </script>' +
        fixture('jsonld-graph.html').match(
          /<script type="application\/ld\+json">[\s\S]*?<\/script>/,
        )![0],
    });
    const result = checkStructuredData(readPage(page));
    expect(result.status).toBe('warn');
    expect(result.reason).toMatch(/broken/);
  });

  it('accepts an Organization when there is no LocalBusiness', () => {
    const result = check('jsonld-organization.html');
    expect(result.status).toBe('pass');
    expect(result.evidence.snippet).toBe('@type: Organization');
  });

  it('prefers the LocalBusiness over an Organization on the same page', () => {
    const page = html({
      head:
        jsonLd({ '@type': 'Organization', name: 'Harbor Group' }) +
        jsonLd({ '@type': 'Dentist', name: 'Harbor View Dental' }),
    });
    const result = checkStructuredData(readPage(page));
    expect(result.evidence.snippet).toBe('@type: Dentist');
    expect(result.status).toBe('fail');
  });

  it('fails when there is none, or only non-business types', () => {
    const none = checkStructuredData(readPage(fixture('js-shell.html')));
    expect(none.status).toBe('fail');
    expect(none.reason).toMatch(/JSON-LD LocalBusiness/);
    expect(none.evidence.snippet).toBeUndefined();
    const website = html({ head: jsonLd({ '@type': 'WebSite', name: 'Harbor View' }) });
    expect(checkStructuredData(readPage(website)).status).toBe('fail');
  });
});

// ---------------------------------------------------------------------------------------------

describe('name and location (checkNap)', () => {
  const withData = (data: Record<string, unknown>, body = '<h1>Welcome</h1>') =>
    readPage(html({ head: jsonLd({ '@type': 'Dentist', ...data }), body }));

  it('passes when the JSON-LD name and town match the business', () => {
    const result = checkNap(readPage(fixture('home-complete.html')), business());
    expect(result.status).toBe('pass');
    expect(result.reason).toMatch(/names your business and location/);
    expect(result.evidence.snippet).toBe('JSON-LD name: Harbor View Dental');
    expect(result.evidence.items).toEqual([
      {
        label: 'Name "Harbor View Dental"',
        ok: true,
        note: 'matches the JSON-LD name "Harbor View Dental"',
      },
      {
        label: 'Location "Portland, OR"',
        ok: true,
        note: 'in the JSON-LD address "12 Pier Street, Portland, OR, 97201"',
      },
    ]);
  });

  it('fails when the JSON-LD names a different business', () => {
    const page = withData({ name: 'Bayside Dental Care' }, '<h1>Harbor View Dental</h1>');
    const result = checkNap(page, business());
    expect(result.status).toBe('fail');
    expect(result.reason).toContain('"Bayside Dental Care"');
    expect(result.reason).toContain('"Harbor View Dental"');
    expect(byLabel(result.evidence.items, 'Name "Harbor View Dental"')).toMatchObject({
      ok: false,
      note: 'the JSON-LD says "Bayside Dental Care"',
    });
  });

  it('passes on the name in the page text when there is no JSON-LD', () => {
    const page = readPage(
      html({ body: '<h1>Welcome to Harbor View Dental</h1><p>Dentist in Portland.</p>' }),
    );
    const result = checkNap(page, business());
    expect(result.status).toBe('pass');
    expect(result.evidence.items?.[0]?.note).toBe('found in the page text');
    expect(result.evidence.items?.[1]?.note).toBe('found in the page text');
  });

  it('fails when the name is nowhere on the page', () => {
    const page = readPage(html({ body: '<h1>Welcome</h1><p>Dentist in Portland.</p>' }));
    const result = checkNap(page, business());
    expect(result.status).toBe('fail');
    expect(result.reason).toMatch(/never says "Harbor View Dental"/);
  });

  it('does not take part of a word for the name', () => {
    const page = readPage(html({ body: '<p>Harbor View Dentalcare</p>' }));
    expect(checkNap(page, business()).status).toBe('fail');
  });

  it('warns when the location is not on the page', () => {
    const page = readPage(html({ body: '<h1>Harbor View Dental</h1><p>Your dentist.</p>' }));
    const result = checkNap(page, business());
    expect(result.status).toBe('warn');
    expect(result.reason).toContain('does not mention Portland, OR');
    expect(byLabel(result.evidence.items, 'Location "Portland, OR"')).toMatchObject({
      ok: false,
      note: 'not found on the page',
    });
  });

  it('passes a business with no location, with the hint to add one', () => {
    const page = readPage(html({ body: '<h1>Harbor View Dental</h1>' }));
    const result = checkNap(page, business({ location: null }));
    expect(result.status).toBe('pass');
    expect(result.reason).toContain('Add a location');
    expect(result.evidence.items).toHaveLength(1);
  });

  it('ignores punctuation, case and "&" versus "and"', () => {
    const page = readPage(fixture('jsonld-organization.html'));
    const result = checkNap(
      page,
      business({ name: 'smith and sons plumbing', location: 'Leeds, West Yorkshire' }),
    );
    expect(result.status).toBe('pass');
    expect(result.evidence.items?.[0]?.note).toBe(
      'matches the JSON-LD name "Smith & Sons Plumbing"',
    );

    const text = readPage(html({ body: '<h1>SMITH &amp; SONS — Plumbing!</h1><p>Leeds</p>' }));
    expect(checkNap(text, business({ name: 'Smith & Sons', location: 'Leeds' })).status).toBe(
      'pass',
    );
    const dashed = readPage(html({ body: '<h1>Bright-Smile Dental, Co.</h1>' }));
    expect(
      checkNap(dashed, business({ name: 'bright smile dental co', location: null })).status,
    ).toBe('pass');
  });
});

// ---------------------------------------------------------------------------------------------

describe('questions and answers (checkFaq)', () => {
  it('passes on FAQPage, counting the questions', () => {
    const result = checkFaq(readPage(fixture('home-complete.html')));
    expect(result.status).toBe('pass');
    expect(result.evidence.snippet).toBe('FAQPage with 2 questions');
  });

  it('counts a single question object', () => {
    const page = html({
      head: jsonLd({
        '@context': 'https://schema.org',
        '@type': 'FAQPage',
        mainEntity: { '@type': 'Question', name: 'Open on Sunday?' },
      }),
    });
    expect(checkFaq(readPage(page)).evidence.snippet).toBe('FAQPage with 1 question');
  });

  it('finds FAQPage inside an @graph', () => {
    const page = html({
      head: jsonLd({ '@graph': [{ '@type': 'WebPage' }, { '@type': 'FAQPage', mainEntity: [] }] }),
    });
    expect(checkFaq(readPage(page)).status).toBe('pass');
  });

  it('warns without one', () => {
    const result = checkFaq(readPage(fixture('jsonld-graph.html')));
    expect(result.status).toBe('warn');
    expect(result.reason).toContain('FAQPage');
  });
});

// ---------------------------------------------------------------------------------------------

describe('page basics', () => {
  describe('checkHttps', () => {
    it('passes on https and shows the redirect chain', () => {
      const home = served('', { chain: [`http://harborview.example/`, HOME] });
      const result = checkHttps(home);
      expect(result.status).toBe('pass');
      expect(result.evidence.snippet).toBe(
        'http://harborview.example/ → https://harborview.example/',
      );
    });

    it('fails when the site ends up on http', () => {
      const result = checkHttps(served('', { url: 'http://harborview.example/' }));
      expect(result.status).toBe('fail');
      expect(result.reason).toContain('http://');
    });
  });

  describe('checkTitleDescription', () => {
    const page = (title: string | null, description: string | null) =>
      readPage(
        html({
          head:
            (title === null ? '' : `<title>${title}</title>`) +
            (description === null ? '' : `<meta name="description" content="${description}">`),
        }),
      );
    const goodDescription = 'd'.repeat(LIMITS.description.min);

    it('passes at the edges of the good lengths', () => {
      expect(checkTitleDescription(page('t'.repeat(10), goodDescription)).status).toBe('pass');
      expect(checkTitleDescription(page('t'.repeat(70), 'd'.repeat(170))).status).toBe('pass');
    });

    it('warns just outside them, with the lengths to aim for', () => {
      const short = checkTitleDescription(page('t'.repeat(9), goodDescription));
      expect(short.status).toBe('warn');
      expect(short.reason).toContain('10-70 characters');
      expect(short.reason).toContain('50-170');
      expect(short.evidence.items?.[0]).toMatchObject({
        ok: false,
        note: `"ttttttttt" (9 characters)`,
      });
      expect(checkTitleDescription(page('t'.repeat(71), goodDescription)).status).toBe('warn');
      expect(checkTitleDescription(page('Harbor View Dental', 'd'.repeat(49))).status).toBe('warn');
      expect(checkTitleDescription(page('Harbor View Dental', 'd'.repeat(171))).status).toBe(
        'warn',
      );
    });

    it('warns naming the one that is missing', () => {
      expect(checkTitleDescription(page(null, goodDescription)).reason).toBe(
        'Your home page has no title.',
      );
      expect(checkTitleDescription(page('Harbor View Dental', null)).reason).toMatch(
        /no description/,
      );
    });

    it('fails with neither', () => {
      const result = checkTitleDescription(page(null, null));
      expect(result.status).toBe('fail');
      expect(result.evidence.items?.map((item) => item.note)).toEqual(['missing', 'missing']);
    });

    it('passes the complete fixture page', () => {
      expect(checkTitleDescription(readPage(fixture('home-complete.html'))).status).toBe('pass');
    });
  });

  describe('checkH1', () => {
    const page = (body: string) => readPage(html({ body }));

    it('fails with no h1', () => {
      const result = checkH1(page('<h2>Services</h2>'));
      expect(result.status).toBe('fail');
      expect(result.evidence.snippet).toBeUndefined();
    });

    it('passes with one, quoting it', () => {
      const result = checkH1(page('<h1>Harbor <em>View</em> Dental</h1>'));
      expect(result.status).toBe('pass');
      expect(result.evidence.snippet).toBe('<h1>Harbor View Dental</h1>');
    });

    it('warns with two, counting them', () => {
      const result = checkH1(page('<h1>Harbor View</h1><h1>Dental</h1>'));
      expect(result.status).toBe('warn');
      expect(result.reason).toContain('2 main headings');
      expect(result.evidence.snippet).toBe('<h1>Harbor View</h1> <h1>Dental</h1>');
    });
  });

  describe('checkCanonical', () => {
    const run = (href: string | null, url = HOME) => {
      const page = html({ head: href === null ? '' : `<link rel="canonical" href="${href}">` });
      return checkCanonical(served(page, { url }), readPage(page));
    };

    it('passes a self-reference, absolute or relative', () => {
      expect(run(HOME).status).toBe('pass');
      expect(run(SITE).status).toBe('pass');
      expect(run('/').status).toBe('pass');
      const result = run('/');
      expect(result.reason).toMatch(/names itself/);
      expect(result.evidence.snippet).toBe('<link rel="canonical" href="/">');
    });

    it('passes with or without a trailing slash on a page with a path', () => {
      expect(run(`${SITE}/en/`, `${SITE}/en`).status).toBe('pass');
      expect(run(`${SITE}/en`, `${SITE}/en/`).status).toBe('pass');
      expect(run('en/', `${SITE}/en`).status).toBe('pass');
    });

    it('fails when it points to another host, naming it', () => {
      const result = run('https://www.other-dentist.example/');
      expect(result.status).toBe('fail');
      expect(result.reason).toContain('https://www.other-dentist.example/');
    });

    it('fails when it points to another page or scheme of the same site', () => {
      expect(run(`${SITE}/about`).status).toBe('fail');
      expect(run('http://harborview.example/').status).toBe('fail');
      expect(run(`${SITE}/?page=2`).status).toBe('fail');
    });

    it('warns when absent', () => {
      const result = run(null);
      expect(result.status).toBe('warn');
      expect(result.reason).toMatch(/canonical link/);
    });
  });

  describe('checkLang', () => {
    const run = (lang: string | null) => checkLang(readPage(html({ lang })));

    it('passes language codes', () => {
      for (const lang of ['en', 'en-US', 'de', 'zh-Hant-TW', 'fil']) {
        expect(run(lang).status).toBe('pass');
      }
      expect(run('en-GB').evidence.snippet).toBe('<html lang="en-GB">');
    });

    it('fails without one, or with something that is not a code', () => {
      const missing = run(null);
      expect(missing.status).toBe('fail');
      expect(missing.reason).toContain('<html lang="…">');
      const wrong = run('english');
      expect(wrong.status).toBe('fail');
      expect(wrong.reason).toContain('"english" is not a language code');
      expect(run('en_US').status).toBe('fail');
    });
  });

  describe('checkServerText', () => {
    it('fails on a JavaScript shell (<div id="root">), blaming scripts', () => {
      const result = checkServerText(readPage(fixture('js-shell.html')));
      expect(result.status).toBe('fail');
      expect(result.reason).toMatch(/only 0 words/);
      expect(result.reason).toMatch(/JavaScript/);
      expect(result.reason).toContain('do not run scripts');
    });

    it('passes a page with its text in the HTML', () => {
      const page = readPage(fixture('home-complete.html'));
      expect(page.wordCount).toBeGreaterThanOrEqual(LIMITS.wordsGood);
      const result = checkServerText(page);
      expect(result.status).toBe('pass');
      expect(result.reason).toContain(`${page.wordCount} words`);
      expect(result.evidence.snippet).toMatch(/^Home Services Contact Harbor View Dental/);
    });

    it('warns on some text but not enough, and explains without blaming scripts', () => {
      const words = (count: number) =>
        Array.from({ length: count }, (_, i) => `word${i}`).join(' ');
      const some = checkServerText(readPage(html({ body: `<p>${words(20)}</p>` })));
      expect(some.status).toBe('warn');
      expect(some.reason).toBe(
        'Your page has only 20 words of text, too little for AI tools to describe your business.',
      );
      expect(checkServerText(readPage(html({ body: `<p>${words(19)}</p>` }))).status).toBe('fail');
      expect(checkServerText(readPage(html({ body: `<p>${words(99)}</p>` }))).status).toBe('warn');
      expect(checkServerText(readPage(html({ body: `<p>${words(100)}</p>` }))).status).toBe('pass');
    });
  });

  describe('checkPageWeight', () => {
    it('passes up to 500 KB of HTML', () => {
      const home = served(Buffer.alloc(LIMITS.pageBytesGood, 'a'), { wireBytes: 40 * 1024 });
      const result = checkPageWeight(home);
      expect(result.status).toBe('pass');
      expect(result.evidence.snippet).toBe('500 KB of HTML (40 KB transferred)');
    });

    it('warns above that', () => {
      const result = checkPageWeight(served(Buffer.alloc(LIMITS.pageBytesGood + 1, 'a')));
      expect(result.status).toBe('warn');
      expect(result.reason).toContain('500 KB');
      expect(checkPageWeight(served(Buffer.alloc(1536 * 1024, 'a'))).reason).toContain('1536 KB');
    });
  });

  describe('checkResponseTime', () => {
    const run = (elapsedMs: number) => checkResponseTime(served('', { elapsedMs }));

    it('passes within a second', () => {
      expect(run(1000).status).toBe('pass');
      expect(run(1000).evidence.snippet).toBe('1000 ms');
    });

    it('warns up to three seconds and fails beyond', () => {
      expect(run(1001).status).toBe('warn');
      expect(run(3000).status).toBe('warn');
      expect(run(3000).reason).toContain('3.0 s');
      expect(run(3001).status).toBe('fail');
      expect(run(8400).reason).toContain('8.4 s');
    });
  });
});

// ---------------------------------------------------------------------------------------------

describe('evaluate', () => {
  it('a site that could not be reached checks nothing: every signal is "not checked"', () => {
    const results = evaluate(
      {
        home: unreachable(HOME, 'the name harborview.example does not resolve'),
        robots: null,
        sitemap: null,
        llms: null,
      },
      business(),
    );
    expect(results.map((result) => result.id)).toEqual(SIGNAL_IDS);
    for (const result of results) {
      expect(result.status).toBe('not_checked');
      expect(result.evidence).toEqual({});
    }
    // In particular, an https:// address is not called insecure.
    expect(results.find((result) => result.id === 'https')?.status).not.toBe('fail');
  });

  it('describes why a site could not be reached; a refused and an unknown host read alike', () => {
    expect(unreachableOf(unreachable(HOME, 'it did not answer within 10 seconds'))).toEqual({
      host: 'harborview.example',
      code: 'timeout',
      reason: 'it did not answer within 10 seconds',
      message: 'We could not reach harborview.example: it did not answer within 10 seconds.',
    });
    // Private network, no such name, and what audits stored before: one thing to the owner, so
    // nobody can map our internal host names through the audit.
    const oneThing = {
      host: 'harborview.example',
      code: 'unreachable_address',
      reason: 'we could not reach this address from the internet',
      message:
        'We could not reach harborview.example: we could not reach this address from the internet.',
    };
    const hidden = [
      { code: 'refused_address', detail: 'the domain points into a private network' },
      { code: 'dns', detail: 'that domain name does not exist or has no address' },
    ] as const;
    for (const failure of hidden) {
      const outcome = { ...unreachable(HOME, UNREACHABLE_ADDRESS), ...failure };
      expect(unreachableOf(outcome), failure.code).toEqual(oneThing);
      // As stored by audits before (the detail was the reason).
      expect(describeUnreachable(HOME, failure.code, failure.detail)).toEqual(oneThing);
    }
    // A page too large or redirecting in circles did answer: it is checked (and fails).
    expect(unreachableOf({ ...unreachable(HOME), code: 'too_large' })).toBeNull();
    expect(unreachableOf({ ...unreachable(HOME), code: 'too_many_redirects' })).toBeNull();
    expect(unreachableOf(served('<p>hi</p>'))).toBeNull();
  });

  it('a home page with HTTP 500 fails the page signals but still checks robots.txt and the rest', () => {
    const results = evaluate(
      {
        home: served('<h1>Internal Server Error</h1>', { status: 500 }),
        robots: robotsFile('robots-agent-override.txt'),
        sitemap: served('Not found', { url: SITEMAP, status: 404 }),
        llms: text(fixture('llms-good.txt'), LLMS),
      },
      business(),
    );
    const byId = new Map(results.map((result) => [result.id, result]));
    expect(results.map((result) => result.id)).toEqual(SIGNAL_IDS);

    expect(byId.get('home_page')).toMatchObject({ status: 'fail', evidence: { status: 500 } });
    expect(byId.get('home_page')?.reason).toContain('HTTP 500');

    expect(byId.get('robots_txt')?.status).toBe('pass');
    expect(byId.get('answer_bots')?.status).toBe('fail');
    const training = byId.get('training_bots');
    expect(training?.status).toBe('warn');
    expect(byLabel(training?.evidence.items, 'GPTBot').ok).toBe(true);
    expect(byId.get('sitemap')).toMatchObject({ status: 'fail', evidence: { status: 404 } });
    expect(byId.get('llms_txt')?.status).toBe('pass');

    for (const id of [
      'robots_meta',
      'structured_data',
      'nap_consistency',
      'faq',
      'https',
      'title_description',
      'h1',
      'canonical',
      'lang',
      'server_text',
      'page_weight',
      'response_time',
    ] as const) {
      expect(byId.get(id)?.status).toBe('fail');
      expect(byId.get(id)?.reason).toContain('HTTP 500');
    }
  });

  it('a bot challenge to our own visit fails the page signals, saying so, even with HTTP 200', () => {
    const challenge =
      '<!DOCTYPE html><html><head><title>Just a moment...</title></head><body><script src="/cdn-cgi/challenge-platform/x"></script></body></html>';
    for (const home of [
      served(challenge, { status: 403, headers: { 'cf-mitigated': 'challenge' } }),
      served(challenge),
    ]) {
      const results = evaluate(
        { home, robots: text('Not found', ROBOTS, { status: 404 }), sitemap: null, llms: null },
        business(),
      );
      const h1 = results.find((result) => result.id === 'h1');
      expect(h1?.status).toBe('fail');
      expect(h1?.reason).toMatch(
        /^Your site answered our visit with a bot challenge \(HTTP (403|200) with (a|a "Just a moment…") challenge page\)/,
      );
    }
  });

  it('a home page that is not HTML fails the page signals, naming its type', () => {
    const results = evaluate(
      {
        home: served('%PDF-1.7', { contentType: 'application/pdf' }),
        robots: text('Not found', ROBOTS, { status: 404 }),
        sitemap: null,
        llms: null,
      },
      business(),
    );
    const h1 = results.find((result) => result.id === 'h1');
    expect(h1?.status).toBe('fail');
    expect(h1?.reason).toContain('application/pdf');
    expect(results.find((result) => result.id === 'answer_bots')?.status).toBe('pass');
  });

  it('a ready site passes every signal, reading the sitemap address from robots.txt', () => {
    const results = evaluate(
      {
        home: served(fixture('home-complete.html'), {
          chain: ['http://harborview.example/', HOME],
          elapsedMs: 240,
        }),
        robots: robotsFile('robots-welcoming.txt'),
        sitemap: served(fixture('sitemap-urlset.xml'), {
          url: SITEMAP,
          contentType: 'application/xml',
        }),
        llms: text(fixture('llms-good.txt'), LLMS),
        crawlers: FETCHING_CRAWLERS.map((crawler) => ({
          token: crawler.token,
          home: served(fixture('home-complete.html')),
          robots: robotsFile('robots-welcoming.txt'),
        })),
      },
      business(),
    );
    const notPassing = results.filter((result) => result.status !== 'pass');
    expect(notPassing).toEqual([]);
    expect(results.find((result) => result.id === 'home_page')?.evidence.snippet).toBe(
      'http://harborview.example/ → https://harborview.example/',
    );
    expect(results.find((result) => result.id === 'sitemap')?.evidence.url).toBe(SITEMAP);
  });
});
