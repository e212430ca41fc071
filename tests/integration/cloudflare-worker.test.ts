import { describe, expect, it } from 'vitest';
import { CRAWLERS } from '~/domain/agents/crawlers.server';
import { agentOfUserAgent } from '~/domain/agents/match.server';
import {
  cloudflareWorkerBody,
  cloudflareWorkerScript,
} from '~/domain/tracking/visits/cloudflare-worker.server';
import { readLogLine } from '~/domain/tracking/visits/log-lines';
import { classifyRecord } from '~/domain/tracking/visits/tally';
import { BROWSER, GPTBOT } from '~/domain/tracking/visits/test-lines';

// The Worker script the page writes out, run as its very text against requests of the shape
// Cloudflare's runtime hands a Worker (a Request with headers and url, plus request.cf), with a
// fake fetch standing for both the owner's site (the origin) and our drain. It answers with the
// site's response untouched and at once, forwards only AI agents and AI referrals after it, and
// nothing the drain does (throw, hang) reaches the visitor.

const INGEST = 'https://aivisibility.example/api/ingest/ld_0123456789ab_' + 'x'.repeat(43);

type Handler = {
  fetch(request: Request, env: unknown, ctx: Context): Promise<Response>;
};
type Context = {
  waitUntil(promise: Promise<unknown>): void;
  passThroughOnException(): void;
};

/** A request as Cloudflare gives it to a Worker: a Request with `cf` properties. */
function cfRequest(url: string, headers: Record<string, string>, method = 'GET') {
  const request = new Request(url, {
    method,
    headers: { 'cf-connecting-ip': '20.171.207.10', ...headers },
  });
  Object.defineProperty(request, 'cf', {
    value: { country: 'US', asn: 8075, colo: 'DFW', clientTcpRtt: 12 },
  });
  return request;
}

type Sent = { url: string; body: string; signal?: AbortSignal };

/** The script's own text, evaluated with `fetch` a fake; the drain behaves as told. */
function load(drain: 'ok' | 'throws' | 'hangs' | 'rejects', timeoutMs = 5_000) {
  const sent: Sent[] = [];
  const origin: Request[] = [];
  const site = new Response('<h1>Lone Star Plumbing</h1>', { status: 203 });
  const fakeFetch = (input: Request | string, init?: RequestInit): Promise<Response> => {
    if (typeof input !== 'string') {
      origin.push(input);
      return Promise.resolve(site);
    }
    sent.push({ url: input, body: String(init?.body), signal: init?.signal ?? undefined });
    if (drain === 'throws') throw new Error('network down');
    if (drain === 'rejects') return Promise.reject(new TypeError('fetch failed'));
    if (drain === 'hangs') return new Promise<Response>(() => undefined);
    return Promise.resolve(new Response('{}', { status: 200 }));
  };
  const worker = new Function(
    'fetch',
    `${cloudflareWorkerBody(INGEST, timeoutMs)}\nreturn worker;`,
  )(fakeFetch) as Handler;
  const waited: Promise<unknown>[] = [];
  let passedThrough = false;
  const ctx: Context = {
    waitUntil: (promise) => waited.push(promise),
    passThroughOnException: () => {
      passedThrough = true;
    },
  };
  return {
    sent,
    origin,
    site,
    waited,
    call: (request: Request) => worker.fetch(request, {}, ctx),
    passedThrough: () => passedThrough,
  };
}

describe('the Cloudflare Worker script', () => {
  it('is an ES module Worker with the drain address in it, ending in its default export', () => {
    const script = cloudflareWorkerScript(INGEST);
    expect(script).toContain(JSON.stringify(INGEST));
    expect(script.trim().endsWith('export default worker;')).toBe(true);
  });

  it("answers with the site's response, then forwards an AI crawler's visit as a log line", async () => {
    const worker = load('ok');
    const request = cfRequest('https://lonestar.example/menu?x=1', { 'user-agent': GPTBOT });
    const response = await worker.call(request);
    expect(response).toBe(worker.site);
    expect(worker.origin).toEqual([request]);
    expect(worker.passedThrough()).toBe(true);
    expect(worker.waited).toHaveLength(1);
    await Promise.all(worker.waited);
    expect(worker.sent).toHaveLength(1);
    expect(worker.sent[0]!.url).toBe(INGEST);
    // What it sends is a line our reader takes: GPTBot from OpenAI's published range, verified.
    const record = readLogLine(worker.sent[0]!.body.trim());
    expect(record).toMatchObject({
      ip: '20.171.207.10',
      method: 'GET',
      path: '/menu?x=1',
      status: 203,
      userAgent: GPTBOT,
    });
    expect(classifyRecord(record!)).toEqual({
      kind: 'agent',
      agent: 'GPTBot',
      verification: 'verified',
    });
    expect(JSON.parse(worker.sent[0]!.body)).toMatchObject({ ClientCountry: 'US' });
  });

  it('forwards a person sent by an assistant (Referer or utm_source), and nothing else', async () => {
    const worker = load('ok');
    await worker.call(
      cfRequest('https://lonestar.example/book', {
        'user-agent': BROWSER,
        referer: 'https://chatgpt.com/',
      }),
    );
    await worker.call(
      cfRequest('https://lonestar.example/?utm_source=chatgpt.com', { 'user-agent': BROWSER }),
    );
    await worker.call(
      cfRequest('https://lonestar.example/', {
        'user-agent': BROWSER,
        referer: 'https://www.google.com/',
      }),
    );
    await worker.call(cfRequest('https://lonestar.example/', { 'user-agent': 'curl/8.5.0' }));
    await worker.call(cfRequest('https://lonestar.example/', {}));
    await Promise.all(worker.waited);
    expect(worker.origin).toHaveLength(5);
    const assistants = worker.sent.map(
      (sent) => classifyRecord(readLogLine(sent.body.trim())!) as { assistant: string },
    );
    expect(assistants).toEqual([
      { kind: 'referral', assistant: 'ChatGPT' },
      { kind: 'referral', assistant: 'ChatGPT' },
    ]);
  });

  it("forwards exactly the User-Agents the agent list names (every crawler's own header)", async () => {
    const worker = load('ok');
    const named = CRAWLERS.filter((crawler) => crawler.userAgent);
    expect(named.length).toBeGreaterThan(5);
    for (const crawler of named) {
      await worker.call(
        cfRequest('https://lonestar.example/', { 'user-agent': crawler.userAgent! }),
      );
    }
    // A header that only contains a token inside a longer word is not an agent.
    await worker.call(cfRequest('https://lonestar.example/', { 'user-agent': 'NotGPTBotX/1.0' }));
    await Promise.all(worker.waited);
    expect(worker.sent).toHaveLength(named.length);
    expect(agentOfUserAgent('NotGPTBotX/1.0')).toBeNull();
  });

  it('answers at once and settles its waitUntil when the drain throws, rejects or hangs', async () => {
    for (const drain of ['throws', 'rejects'] as const) {
      const worker = load(drain);
      const response = await worker.call(
        cfRequest('https://lonestar.example/', { 'user-agent': GPTBOT }),
      );
      expect(response).toBe(worker.site);
      await expect(Promise.all(worker.waited)).resolves.toEqual([undefined]);
      expect(worker.sent).toHaveLength(1);
    }
    const hanging = load('hangs', 50);
    const started = Date.now();
    const response = await hanging.call(
      cfRequest('https://lonestar.example/', { 'user-agent': GPTBOT }),
    );
    expect(response).toBe(hanging.site);
    // The response did not wait for the drain; the background send gives up after its time-out
    // and aborts the request.
    await expect(Promise.all(hanging.waited)).resolves.toEqual([undefined]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(hanging.sent[0]!.signal?.aborted).toBe(true);
  });

  it('still answers when the request is odd (no cf object, a context without passThrough)', async () => {
    const worker = load('ok');
    const request = new Request('https://lonestar.example/', { headers: { 'user-agent': GPTBOT } });
    const ctx = { waitUntil: (promise: Promise<unknown>) => worker.waited.push(promise) };
    const handler = new Function('fetch', `${cloudflareWorkerBody(INGEST)}\nreturn worker;`)(() =>
      Promise.resolve(worker.site),
    ) as Handler;
    const response = await handler.fetch(request, {}, ctx as unknown as Context);
    expect(response).toBe(worker.site);
    expect(worker.waited).toHaveLength(1);
  });
});
