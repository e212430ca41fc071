import { createHash, createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { cloudflareWorkerBody } from '~/domain/tracking/visits/cloudflare-worker.server';
import { CRAWLER_LOG_LINES_PER_MONTH } from '~/domain/tracking/visits/limits';
import { db } from '~/lib/db.server';
import * as ingest from '~/routes/api.ingest.$token';
import {
  BROWSER,
  CHATGPT_USER,
  check,
  counted,
  GPTBOT,
  makeDrain,
  ndjson,
  netlify,
  now,
  owner,
  post,
  submit,
  today,
  vercel,
  visits,
} from './drain-helpers';
import { toastOf } from './helpers';

// Log drains (issue 48): an owner makes a drain address on the crawler visits page (a plain form;
// the token shown once, kept hashed), Vercel or Netlify posts batches to it (NDJSON or a JSON
// array), and the batches are counted as an upload is: exactly, once, into one drain row a day.
// Signed drains need their signature; bad input, unknown or revoked tokens, the plan's monthly
// lines and a runaway sender are refused with { message } and count nothing.

describe('POST /api/ingest/{token}', () => {
  it("counts what the page's Cloudflare Worker sends (its own text, run on a Cloudflare-shaped request)", async () => {
    const { business, cookie, auth } = await owner();
    const { url, token } = await makeDrain(business.id, cookie);
    const answers: number[] = [];
    // The Worker's fetch: the owner's site for the visitor's request, our route for its line.
    const fakeFetch = async (input: Request | string, init?: RequestInit) => {
      if (typeof input !== 'string') return new Response('<h1>Lone Star</h1>', { status: 200 });
      expect(input).toBe(url);
      const res = await post(token, String(init?.body), { 'Content-Type': 'application/x-ndjson' });
      answers.push(res.status);
      return new Response(JSON.stringify(res.data), { status: res.status });
    };
    const worker = new Function('fetch', `${cloudflareWorkerBody(url)}\nreturn worker;`)(
      fakeFetch,
    ) as { fetch: (r: Request, e: unknown, c: unknown) => Promise<Response> };
    const waited: Promise<unknown>[] = [];
    const ctx = { waitUntil: (p: Promise<unknown>) => waited.push(p), passThroughOnException() {} };
    const visit = (path: string, headers: Record<string, string>) => {
      const request = new Request(`https://lonestar.example${path}`, {
        headers: { 'cf-connecting-ip': '23.98.142.182', ...headers },
      });
      Object.defineProperty(request, 'cf', { value: { country: 'US', asn: 8075 } });
      return worker.fetch(request, {}, ctx);
    };
    await visit('/contact', { 'user-agent': CHATGPT_USER });
    await visit('/', { 'user-agent': BROWSER });
    await visit('/book', { 'user-agent': BROWSER, referer: 'https://claude.ai/chat/1' });
    await Promise.all(waited);
    expect(answers).toEqual([200, 200]);
    expect((await visits(business.id, auth)).data).toMatchObject({
      agents: [{ agent: 'ChatGPT-User', visits: 1, verified: 1, statuses: { '2xx': 1 } }],
      referrals: [{ assistant: 'Claude', visits: 1, topPages: [{ path: '/book', visits: 1 }] }],
      imports: [{ status: 'done', lines: 2, counted: 2, skipped: 0 }],
    });
  });

  it("counts Vercel's NDJSON and JSON array batches exactly, once, in one drain row a day", async () => {
    const { business, cookie, auth } = await owner();
    const { token } = await makeDrain(business.id, cookie);
    const first = [
      vercel('1', '20.171.207.10', '/', 200, GPTBOT), // GPTBot, verified
      vercel('2', '20.171.207.11', '/menu?x=1', 200, GPTBOT),
      vercel('3', '23.98.142.180', '/contact', 403, CHATGPT_USER), // refused
      vercel('4', '192.0.2.2', '/book', 200, BROWSER, 'https://chatgpt.com/'), // a referral
      vercel('5', '192.0.2.3', '/', 200, BROWSER), // a person: read, not counted
      // A function's log line: read, not understood.
      { id: '6', source: 'lambda', type: 'stdout', message: 'booked', timestamp: now },
    ];
    const sent = await post(token, ndjson(first));
    expect(sent.status).toBe(200);
    expect(sent.data).toEqual({ lines: 6, counted: 4, skipped: 1, duplicates: 0, notRead: 0 });

    // Vercel sends a batch again after a failed delivery: its lines count once.
    const second = [first[0], vercel('7', '198.51.100.7', '/menu', 404, GPTBOT)];
    const again = await post(token, JSON.stringify(second), {
      'Content-Type': 'application/json',
    });
    expect(again.data).toEqual({ lines: 2, counted: 1, skipped: 0, duplicates: 1, notRead: 0 });

    const res = await visits(business.id, auth);
    const body = res.data as {
      agents: Record<string, unknown>[];
      referrals: Record<string, unknown>[];
      imports: Record<string, unknown>[];
    };
    expect(body.agents).toEqual([
      {
        agent: 'GPTBot',
        vendor: 'OpenAI',
        purpose: 'training',
        visits: 3,
        verified: 2,
        unverified: 1,
        statuses: { '2xx': 2, '3xx': 0, '4xx': 1, '5xx': 0 },
        lastSeen: today,
        topPages: [
          { path: '/menu', visits: 2 },
          { path: '/', visits: 1 },
        ],
      },
      {
        agent: 'ChatGPT-User',
        vendor: 'OpenAI',
        purpose: 'user',
        visits: 1,
        verified: 1,
        unverified: 0,
        statuses: { '2xx': 0, '3xx': 0, '4xx': 1, '5xx': 0 },
        lastSeen: today,
        topPages: [{ path: '/contact', visits: 1 }],
      },
    ]);
    expect(body.referrals).toEqual([
      { assistant: 'ChatGPT', visits: 1, topPages: [{ path: '/book', visits: 1 }] },
    ]);
    expect(body.imports).toEqual([
      { importId: expect.any(String), status: 'done', lines: 8, counted: 5, skipped: 1 },
    ]);
    const row = await db.crawlerLogImport.findFirstOrThrow({ where: { businessId: business.id } });
    expect(row).toMatchObject({ source: 'drain', duplicates: 1 });
    const drain = await db.logDrainToken.findFirstOrThrow({ where: { businessId: business.id } });
    expect(drain.lastUsedAt).not.toBeNull();
  });

  it("reads Netlify's traffic log lines, and checks Netlify's signed JWS when there is a secret", async () => {
    const { business, cookie, auth } = await owner();
    const secret = 'netlify-verification-token-1';
    const { token } = await makeDrain(business.id, cookie, { signingSecret: secret });
    const body = ndjson([
      netlify('23.98.142.181', '/contact', 200, CHATGPT_USER),
      netlify('192.0.2.4', '/', 200, BROWSER, 'https://www.perplexity.ai/search/x'),
    ]);
    const sign = (key: string, text: string) =>
      new SignJWT({ sha256: createHash('sha256').update(text).digest('hex') })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer('netlify')
        .sign(new TextEncoder().encode(key));

    const forged = await post(token, body, { 'X-Netlify-Signature': await sign('guess', body) });
    expect(forged.status).toBe(403);
    // Signed for another body (this one altered on the way).
    const altered = await post(token, body, {
      'X-Netlify-Signature': await sign(secret, `${body}\n`),
    });
    expect(altered.status).toBe(403);
    expect(await counted(business.id)).toBe(0);

    const sent = await post(token, body, { 'X-Netlify-Signature': await sign(secret, body) });
    expect(sent.status).toBe(200);
    expect(sent.data).toMatchObject({ lines: 2, counted: 2 });
    const res = await visits(business.id, auth);
    expect(res.data).toMatchObject({
      agents: [{ agent: 'ChatGPT-User', visits: 1, verified: 1 }],
      referrals: [{ assistant: 'Perplexity', visits: 1 }],
    });
  });

  it("checks Vercel's x-vercel-signature once the page has the drain's secret", async () => {
    const { business, cookie } = await owner();
    const { token, prefix } = await makeDrain(business.id, cookie);
    const row = await db.logDrainToken.findFirstOrThrow({
      where: { businessId: business.id, prefix: prefix.slice(3) },
    });
    const saved = await submit(business.id, cookie, {
      intent: 'drain-secret',
      tokenId: row.id,
      signingSecret: 'vercel-drain-secret',
    });
    expect(saved.status).toBe(302);
    expect(await toastOf(saved.headers)).toMatchObject({ title: 'Signing secret saved' });

    const body = ndjson([vercel('1', '20.171.207.10', '/', 200, GPTBOT)]);
    const unsigned = await post(token, body);
    expect(unsigned.status).toBe(401);
    expect(unsigned.data).toEqual({ message: expect.stringContaining('x-vercel-signature') });
    const wrong = await post(token, body, {
      'x-vercel-signature': createHmac('sha1', 'other').update(body).digest('hex'),
    });
    expect(wrong.status).toBe(403);
    expect(wrong.data).toEqual({ message: expect.stringContaining('does not match') });
    expect(await counted(business.id)).toBe(0);

    const signed = await post(token, body, {
      'x-vercel-signature': createHmac('sha1', 'vercel-drain-secret').update(body).digest('hex'),
    });
    expect(signed.status).toBe(200);
    expect(signed.data).toMatchObject({ lines: 1, counted: 1 });

    // Removing the secret stops the check.
    await submit(business.id, cookie, {
      intent: 'drain-secret',
      tokenId: row.id,
      signingSecret: '',
    });
    expect(
      (await post(token, ndjson([vercel('2', '20.171.207.11', '/', 200, GPTBOT)]))).status,
    ).toBe(200);
  });

  it("answers Vercel's endpoint check with the owner's x-vercel-verify code", async () => {
    const { business, cookie } = await owner();
    const { token } = await makeDrain(business.id, cookie, { verifyCode: 'a1b2c3d4e5' });
    const res = await check(token);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-vercel-verify')).toBe('a1b2c3d4e5');
    const posted = await post(token, '[]', { 'Content-Type': 'application/json' });
    expect(posted.status).toBe(200);
    expect(posted.headers.get('x-vercel-verify')).toBe('a1b2c3d4e5');
  });

  it('refuses unknown tokens (404) and malformed batches (400) with { message }, counting nothing', async () => {
    const { business, cookie } = await owner();
    const { token } = await makeDrain(business.id, cookie);
    const unknown = `ld_${'0'.repeat(12)}_${'A'.repeat(43)}`;
    for (const bad of [unknown, 'not-a-token', `${token}x`]) {
      const res = await post(bad, ndjson([vercel('1', '20.171.207.10', '/', 200, GPTBOT)]));
      expect(res.status, bad).toBe(404);
      expect(res.data).toEqual({ message: expect.stringContaining('unknown or was revoked') });
      expect((await check(bad)).status).toBe(404);
    }
    const good = JSON.stringify(vercel('1', '20.171.207.10', '/', 200, GPTBOT));
    for (const body of [
      'this is not json',
      `${good}\nthis line is not json`,
      `[${good}, 42]`,
      `[${good}`,
      '"a string"',
      `${good}\n[1]`,
    ]) {
      const res = await post(token, body);
      expect(res.status, body).toBe(400);
      expect(res.data).toEqual({ message: expect.stringContaining('Nothing was counted') });
    }
    expect(await counted(business.id)).toBe(0);
  });

  it('refuses a batch over 1 MB (413), counting nothing', async () => {
    const { business, cookie } = await owner();
    const { token } = await makeDrain(business.id, cookie);
    const entry = JSON.stringify(vercel('1', '20.171.207.10', `/${'a'.repeat(900)}`, 200, GPTBOT));
    const body = Array.from({ length: 1200 }, () => entry).join('\n');
    expect(Buffer.byteLength(body)).toBeGreaterThan(1024 * 1024);
    const res = await post(token, body);
    expect(res.status).toBe(413);
    expect(res.data).toEqual({ message: expect.stringContaining('at most 1 MB') });
    expect(await counted(business.id)).toBe(0);
  });

  it("stops at the plan's lines this month: the rest not read, then 403 with the limit", async () => {
    const { business, cookie } = await owner('free');
    const { token } = await makeDrain(business.id, cookie);
    await db.crawlerLogImport.create({
      data: {
        businessId: business.id,
        source: 'upload',
        status: 'done',
        lines: CRAWLER_LOG_LINES_PER_MONTH.free - 1,
      },
    });
    const batch = ndjson([
      vercel('1', '20.171.207.10', '/', 200, GPTBOT),
      vercel('2', '20.171.207.11', '/', 200, GPTBOT),
      vercel('3', '20.171.207.12', '/', 200, GPTBOT),
    ]);
    const partly = await post(token, batch);
    expect(partly.data).toEqual({ lines: 1, counted: 1, skipped: 0, duplicates: 0, notRead: 2 });
    const refused = await post(token, batch);
    expect(refused.status).toBe(403);
    expect(refused.data).toMatchObject({
      message: expect.stringContaining('log lines a month'),
      limit: CRAWLER_LOG_LINES_PER_MONTH.free,
    });
    expect(
      await db.crawlerVisitStat.aggregate({
        where: { businessId: business.id },
        _sum: { visits: true },
      }),
    ).toEqual({ _sum: { visits: 1 } });
  });

  it(`answers 429 with Retry-After past ${ingest.DRAIN_REQUESTS_PER_MINUTE} requests a minute for one address`, async () => {
    const token = `ld_${'f'.repeat(12)}_${'r'.repeat(43)}`;
    // The clock stands still, so the bucket does not refill while the test runs.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      for (let i = 0; i < ingest.DRAIN_REQUESTS_PER_MINUTE; i += 1) {
        expect((await check(token)).status).toBe(404);
      }
      const limited = await post(token, '[]');
      expect(limited.status).toBe(429);
      expect(limited.data).toEqual({ message: ingest.DRAIN_RATE_MESSAGE });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
