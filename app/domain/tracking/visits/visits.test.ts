import { describe, expect, it } from 'vitest';
import { publishesRanges, verifyAgentAddress } from '../../agents/addresses.server';
import { agentOfUserAgent } from '../../agents/match.server';
import { readLogLine, readLogObject } from './log-lines';
import { assistantOf } from './referrals';
import { crawlerConclusions, type ConclusionAgent } from './conclusions';
import { pagePath, VisitTally } from './tally';
import { CHATGPT_USER as CHATGPT_USER_UA, GPTBOT as GPTBOT_UA } from './test-lines';

const BROWSER_UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';

describe('reading log lines', () => {
  it('reads an Apache/Nginx combined line, its time zone applied', () => {
    const record = readLogLine(
      `20.171.207.10 - - [27/Nov/2026:10:15:32 +0100] "GET /menu?x=1 HTTP/1.1" 200 5120 "-" "${GPTBOT_UA}"`,
    );
    expect(record).toEqual({
      at: new Date('2026-11-27T09:15:32.000Z'),
      ip: '20.171.207.10',
      method: 'GET',
      path: '/menu?x=1',
      status: 200,
      referer: null,
      userAgent: GPTBOT_UA,
    });
  });

  it('reads a common line (no referer, no user agent) and an escaped quote in a combined one', () => {
    expect(
      readLogLine('1.2.3.4 - frank [01/Dec/2026:00:00:00 +0000] "GET / HTTP/1.0" 304 -'),
    ).toMatchObject({
      status: 304,
      userAgent: null,
      referer: null,
    });
    expect(
      readLogLine(
        '1.2.3.4 - - [01/Dec/2026:00:00:00 +0000] "GET / HTTP/1.1" 200 1 "https://x.test/" "a \\"quoted\\" agent"',
      ),
    ).toMatchObject({ userAgent: 'a "quoted" agent', referer: 'https://x.test/' });
  });

  it("reads Caddy's JSON, Cloudflare's fields, Vercel's and Netlify's drain objects", () => {
    const caddy = readLogLine(
      JSON.stringify({
        ts: 1795000000.5,
        request: {
          remote_ip: '9.9.9.9',
          client_ip: '20.171.207.1',
          method: 'GET',
          uri: '/a',
          headers: { 'User-Agent': [GPTBOT_UA] },
        },
        status: 403,
      }),
    );
    expect(caddy).toMatchObject({
      ip: '20.171.207.1',
      path: '/a',
      status: 403,
      userAgent: GPTBOT_UA,
    });
    expect(caddy?.at.getTime()).toBe(1795000000500);

    const cloudflare = readLogObject({
      ClientIP: '23.98.142.180',
      ClientRequestMethod: 'GET',
      ClientRequestURI: '/b',
      ClientRequestUserAgent: CHATGPT_USER_UA,
      EdgeResponseStatus: 200,
      EdgeStartTimestamp: '2026-11-27T08:00:00Z',
    });
    expect(cloudflare).toMatchObject({ ip: '23.98.142.180', path: '/b', status: 200 });

    const vercel = readLogObject({
      timestamp: 1795000000000,
      proxy: {
        clientIp: '1.1.1.1',
        method: 'GET',
        path: '/c?utm_source=chatgpt.com',
        statusCode: 200,
        userAgent: [BROWSER_UA],
        referer: '',
      },
    });
    expect(vercel).toMatchObject({
      path: '/c?utm_source=chatgpt.com',
      userAgent: BROWSER_UA,
      referer: null,
    });

    const netlify = readLogObject({
      timestamp: '2026-11-27T08:00:00Z',
      client_ip: '1.1.1.1',
      method: 'GET',
      url: 'https://example.com/d',
      status_code: 404,
      user_agent: BROWSER_UA,
      referrer: 'https://www.perplexity.ai/search?q=x',
    });
    expect(netlify).toMatchObject({
      path: '/d',
      status: 404,
      referer: 'https://www.perplexity.ai/search?q=x',
    });
  });

  it('refuses lines no format reads', () => {
    for (const line of [
      '',
      'hello world',
      '{"not":"a log"}',
      '{broken json',
      '1.2.3.4 - - [99/Foo/2026:00:00:00 +0000] "GET / HTTP/1.1" 200 1',
    ])
      expect(readLogLine(line)).toBeNull();
  });
});

describe('agents and their addresses', () => {
  it('names the agent of a User-Agent header by its token as a whole word, longest first', () => {
    expect(agentOfUserAgent(GPTBOT_UA)?.token).toBe('GPTBot');
    expect(agentOfUserAgent(CHATGPT_USER_UA)?.token).toBe('ChatGPT-User');
    expect(
      agentOfUserAgent('Mozilla/5.0 (compatible; ClaudeBot/1.0; +claudebot@anthropic.com)')?.token,
    ).toBe('ClaudeBot');
    expect(agentOfUserAgent(BROWSER_UA)).toBeNull();
    expect(agentOfUserAgent('NotGPTBotReally/1.0')).toBeNull();
    expect(agentOfUserAgent(null)).toBeNull();
  });

  it('verifies an agent only from the ranges its vendor publishes', () => {
    expect(verifyAgentAddress('GPTBot', '20.171.207.10')).toBe('verified');
    expect(verifyAgentAddress('GPTBot', '203.0.113.9')).toBe('unverified');
    expect(verifyAgentAddress('ChatGPT-User', '::ffff:23.98.142.180')).toBe('verified');
    expect(verifyAgentAddress('Googlebot', '2001:4860:4801:10::1')).toBe('verified');
    expect(verifyAgentAddress('GPTBot', 'not an address')).toBe('unverified');
    expect(verifyAgentAddress('GPTBot', null)).toBe('unverified');
    // Anthropic publishes no crawler ranges: never verified.
    expect(publishesRanges('ClaudeBot')).toBe(false);
    expect(verifyAgentAddress('ClaudeBot', '20.171.207.10')).toBe('unverified');
  });
});

describe('AI referrals', () => {
  it('by the referrer host or the landing utm_source', () => {
    expect(assistantOf('https://chatgpt.com/', '/')).toBe('ChatGPT');
    expect(assistantOf('https://www.perplexity.ai/search/abc', '/')).toBe('Perplexity');
    expect(assistantOf(null, '/?utm_source=chatgpt.com')).toBe('ChatGPT');
    expect(assistantOf('https://www.google.com/', '/')).toBeNull();
    expect(assistantOf('https://notchatgpt.com/', '/')).toBeNull();
  });
});

describe('the tally', () => {
  it('keeps per-day counts by agent, verification, status class and page, and referrals, never lines', () => {
    const tally = new VisitTally();
    const lines = [
      `20.171.207.10 - - [27/Nov/2026:10:00:00 +0000] "GET /menu HTTP/1.1" 200 1 "-" "${GPTBOT_UA}"`,
      `20.171.207.11 - - [27/Nov/2026:11:00:00 +0000] "GET /menu?x HTTP/1.1" 403 1 "-" "${GPTBOT_UA}"`,
      `203.0.113.9 - - [27/Nov/2026:12:00:00 +0000] "GET / HTTP/1.1" 200 1 "-" "${GPTBOT_UA}"`,
      `8.8.8.8 - - [27/Nov/2026:12:00:00 +0000] "GET /about HTTP/1.1" 200 1 "https://chatgpt.com/" "${BROWSER_UA}"`,
      `8.8.8.8 - - [28/Nov/2026:00:00:00 +0000] "GET / HTTP/1.1" 200 1 "https://www.google.com/" "${BROWSER_UA}"`,
      'garbage',
    ];
    for (const line of lines) {
      const record = readLogLine(line);
      if (record) tally.add(record);
      else tally.skip();
    }
    expect(tally.totals).toEqual({ lines: 6, counted: 4, skipped: 1 });
    expect([...tally.agents.values()]).toEqual([
      { day: '2026-11-27', agent: 'GPTBot', verification: 'verified', status: '2xx', visits: 1 },
      { day: '2026-11-27', agent: 'GPTBot', verification: 'verified', status: '4xx', visits: 1 },
      { day: '2026-11-27', agent: 'GPTBot', verification: 'unverified', status: '2xx', visits: 1 },
    ]);
    expect([...tally.agentPages.values()]).toEqual([
      { day: '2026-11-27', agent: 'GPTBot', path: '/menu', visits: 2 },
      { day: '2026-11-27', agent: 'GPTBot', path: '/', visits: 1 },
    ]);
    expect([...tally.referrals.values()]).toEqual([
      { day: '2026-11-27', assistant: 'ChatGPT', path: '/about', visits: 1 },
    ]);
    expect(JSON.stringify([...tally.agents.values(), ...tally.referrals.values()])).not.toMatch(
      /20\.171|8\.8\.8\.8/,
    );
  });

  it('counts pages without their query and caps long paths', () => {
    expect(pagePath('/a?b=c#d')).toBe('/a');
    expect(pagePath('?x')).toBe('/');
    expect(pagePath(`/${'x'.repeat(400)}`)).toHaveLength(300);
  });
});

describe('the conclusions in words', () => {
  const agent = (over: Partial<ConclusionAgent>): ConclusionAgent => ({
    agent: 'ChatGPT-User',
    vendor: 'OpenAI',
    visits: 52,
    unverified: 0,
    verifiable: true,
    statuses: { '2xx': 11, '3xx': 0, '4xx': 41, '5xx': 0 },
    ...over,
  });

  it('says which agent was refused, on how many of its visits, with the audit fix', () => {
    const said = crawlerConclusions([agent({})], [], 7);
    expect(said[0]).toEqual({
      tone: 'problem',
      text: 'ChatGPT-User was refused (4xx) on 41 of 52 visits this week: your firewall or server blocks it.',
      fix: 'audit',
    });
    expect(said.at(-1)!.text).toBe('No visits came from the AI assistants this week.');
  });

  it('keeps quiet about a rare refusal, and says who got every page', () => {
    const said = crawlerConclusions(
      [
        agent({ statuses: { '2xx': 51, '3xx': 0, '4xx': 1, '5xx': 0 } }),
        agent({ agent: 'GPTBot', visits: 3, statuses: { '2xx': 3, '3xx': 0, '4xx': 0, '5xx': 0 } }),
      ],
      [{ assistant: 'ChatGPT', visits: 4 }],
      30,
    );
    expect(said.map((c) => c.tone)).not.toContain('problem');
    expect(said.map((c) => c.text)).toContain(
      'GPTBot got your pages on every visit in the last 30 days.',
    );
    expect(said.at(-1)!.text).toBe(
      '4 visits came from the AI assistants in the last 30 days: ChatGPT 4.',
    );
  });

  it('counts visits claiming a name apart, and says an unpublished vendor can never be verified', () => {
    const texts = crawlerConclusions(
      [
        agent({ unverified: 5, statuses: { '2xx': 52, '3xx': 0, '4xx': 0, '5xx': 0 } }),
        agent({
          agent: 'ClaudeBot',
          vendor: 'Anthropic',
          visits: 9,
          unverified: 9,
          verifiable: false,
          statuses: { '2xx': 9, '3xx': 0, '4xx': 0, '5xx': 0 },
        }),
      ],
      [],
      7,
    ).map((c) => c.text);
    expect(texts).toContain(
      "5 of ChatGPT-User's 52 visits came from addresses OpenAI does not publish: something else using its name, counted apart.",
    );
    expect(texts).toContain(
      'Anthropic publishes no addresses for ClaudeBot, so none of its 9 visits can be verified: they are counted as unverified.',
    );
  });
});
