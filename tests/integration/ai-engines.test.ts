import { MockLanguageModelV4 } from 'ai/test';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { askEngine, EngineCallError, type AskOptions } from '~/lib/ai/ask.server';
import { configuredEngines, engineName, type EngineConfig } from '~/lib/ai/engines.server';
import { approximateLocation } from '~/lib/ai/location';
import { costOf, hasPrice, trackingPrices } from '~/lib/ai/prices';
import { createDatabaseRateLimiter, type RateLimiter } from '~/lib/ai/rate-limit.server';
import { db } from '~/lib/db.server';
import { env } from '~/lib/env.server';
import { startFakeEngines, type FakeEngineId, type FakeEngines } from '../fakes/ai-engines';

// Asking the engines, through the AI SDK's real provider code, against a local fake of the five
// HTTP APIs (tests/fakes/ai-engines.ts): what goes out, what comes back, and what a failure does.

const PROMPT = 'Who is the best emergency plumber in Austin, TX?';
const ANSWER = {
  text: '1. **Lone Star Plumbing** – fast and fair. [lonestarplumbing.com](https://www.lonestarplumbing.com)\n2. **Summit Plumbing** – 24/7 service.',
  sources: [
    { url: 'https://www.lonestarplumbing.com/', title: 'Lone Star Plumbing | Austin' },
    { url: 'https://www.yelp.com/search?find_desc=plumber', title: 'Top 10 Plumbers - Yelp' },
  ],
  usage: { inputTokens: 321, outputTokens: 54 },
};

const cited = (sources: { url: string; title: string }[]) =>
  sources.map((source) => ({ ...source, cited: true }));
const AUSTIN = { city: 'Austin', region: 'Texas', country: 'US' };

let fake: FakeEngines;
let sleeps: number[];

function engine(id: FakeEngineId, overrides: Partial<EngineConfig> = {}): EngineConfig {
  return fake.engineConfig(id, overrides);
}

function options(overrides: Partial<AskOptions> = {}): AskOptions {
  return {
    timeoutMs: 5000,
    maxAttempts: 3,
    retryDelayMs: 100,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...overrides,
  };
}

async function failure(promise: Promise<unknown>): Promise<EngineCallError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(EngineCallError);
  return error as EngineCallError;
}

beforeAll(async () => {
  fake = await startFakeEngines();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.reset();
  fake.setAnswer(() => ANSWER);
  sleeps = [];
});

describe('what each engine is asked and what comes back', () => {
  it('ChatGPT: the Responses API with web search near the business, the prompt alone', async () => {
    const answer = await askEngine(
      engine('chatgpt'),
      { prompt: PROMPT, location: 'Austin, TX' },
      options(),
    );

    const [request] = fake.requestsTo('chatgpt');
    expect(request?.path).toBe('/responses');
    expect(request?.headers.authorization).toBe('Bearer key-for-chatgpt');
    expect(request?.body.model).toBe('gpt-5-mini');
    expect(request?.body.input).toEqual([
      { role: 'user', content: [{ type: 'input_text', text: PROMPT }] },
    ]);
    expect(request?.body.instructions).toBeUndefined();
    expect(request?.body.tools).toEqual([
      {
        type: 'web_search',
        user_location: { type: 'approximate', city: 'Austin', region: 'Texas', country: 'US' },
      },
    ]);

    expect(answer).toMatchObject({
      engine: 'chatgpt',
      model: 'gpt-5-mini-2025-08-07',
      text: ANSWER.text,
      usage: ANSWER.usage,
      attempts: 1,
    });
    // Cited pages as OpenAI cites them (?utm_source=openai appended), each page once although
    // the search returned it bare too.
    expect(answer.sources).toEqual(
      ANSWER.sources.map((source) => ({
        url: `${source.url}${source.url.includes('?') ? '&' : '?'}utm_source=openai`,
        title: source.title,
        cited: true,
      })),
    );
    expect(answer.searches).toEqual([PROMPT]);
    expect(answer.location).toEqual({ ...AUSTIN, via: 'search' });
    expect(answer.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('Perplexity: Sonar with the user location, citations with their titles', async () => {
    const answer = await askEngine(
      engine('perplexity'),
      { prompt: PROMPT, location: 'Austin, TX' },
      options(),
    );

    const [request] = fake.requestsTo('perplexity');
    expect(request?.path).toBe('/chat/completions');
    expect(request?.headers.authorization).toBe('Bearer key-for-perplexity');
    expect(request?.body.model).toBe('sonar');
    expect(request?.body.messages).toEqual([{ role: 'user', content: PROMPT }]);
    expect(request?.body.web_search_options).toEqual({
      user_location: { city: 'Austin', region: 'Texas', country: 'US' },
    });

    expect(answer).toMatchObject({ engine: 'perplexity', model: 'sonar', text: ANSWER.text });
    expect(answer.sources).toEqual(cited(ANSWER.sources));
    expect(answer.searches).toEqual([]);
    expect(answer.location).toEqual({ ...AUSTIN, via: 'search' });
    expect(answer.usage).toEqual(ANSWER.usage);
  });

  it('Gemini: grounding with Google Search, the prompt as the only content', async () => {
    const answer = await askEngine(
      engine('gemini'),
      { prompt: PROMPT, location: 'Austin, TX' },
      options(),
    );

    const [request] = fake.requestsTo('gemini');
    expect(request?.path).toBe('/models/gemini-2.5-flash:generateContent');
    expect(request?.headers['x-goog-api-key']).toBe('key-for-gemini');
    // The prompt names Austin already: it goes out as written.
    expect(request?.body.contents).toEqual([{ role: 'user', parts: [{ text: PROMPT }] }]);
    expect(request?.body.systemInstruction).toBeUndefined();
    expect(request?.body.tools).toEqual([{ googleSearch: {} }]);

    expect(answer).toMatchObject({
      engine: 'gemini',
      model: 'gemini-2.5-flash',
      text: ANSWER.text,
    });
    expect(answer.sources).toEqual(cited(ANSWER.sources));
    expect(answer.searches).toEqual([PROMPT]);
    expect(answer.location).toEqual({ ...AUSTIN, via: 'question', added: null });
    expect(answer.usage).toEqual(ANSWER.usage);
  });

  it('Gemini: its search takes no location, so the town goes into a question that lacks it', async () => {
    const answer = await askEngine(
      engine('gemini'),
      { prompt: 'Who is the best emergency plumber near me?', location: 'Austin, TX' },
      options(),
    );
    expect(fake.requestsTo('gemini')[0]?.body.contents).toEqual([
      {
        role: 'user',
        parts: [{ text: "Who is the best emergency plumber near me?\n\nI'm in Austin, Texas." }],
      },
    ]);
    expect(answer.location).toEqual({ ...AUSTIN, via: 'question', added: "I'm in Austin, Texas." });
  });

  it('Gemini: a page cited through Google’s redirect becomes the site its title names', async () => {
    const redirect = 'https://vertexaisearch.cloud.google.com/grounding-api-redirect/AUZIYQE';
    fake.setAnswer(() => ({
      ...ANSWER,
      sources: [
        { url: `${redirect}1`, title: 'lonestarplumbing.com' },
        { url: `${redirect}2`, title: 'lonestarplumbing.com' },
        { url: `${redirect}3`, title: 'Plumbers near you' },
      ],
    }));
    const answer = await askEngine(engine('gemini'), { prompt: PROMPT }, options());
    expect(answer.sources).toEqual([
      { url: 'https://lonestarplumbing.com/', title: 'lonestarplumbing.com', cited: true },
      { url: `${redirect}3`, title: 'Plumbers near you', cited: true },
    ]);
  });

  it('Claude: the web search tool (three searches at most) near the business, no system prompt', async () => {
    const answer = await askEngine(
      engine('claude'),
      { prompt: PROMPT, location: 'Austin, TX' },
      options(),
    );

    const [request] = fake.requestsTo('claude');
    expect(request?.path).toBe('/messages');
    expect(request?.headers['x-api-key']).toBe('key-for-claude');
    expect(request?.body.model).toBe('claude-haiku-4-5');
    expect(request?.body.system).toBeUndefined();
    expect(request?.body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: PROMPT }] },
    ]);
    expect(request?.body.tools).toEqual([
      {
        type: 'web_search_20250305',
        name: 'web_search',
        max_uses: 3,
        user_location: { type: 'approximate', city: 'Austin', region: 'Texas', country: 'US' },
      },
    ]);

    expect(answer).toMatchObject({
      engine: 'claude',
      model: 'claude-haiku-4-5',
      text: ANSWER.text,
    });
    expect(answer.sources).toEqual(cited(ANSWER.sources));
    expect(answer.searches).toEqual([PROMPT]);
    expect(answer.location).toEqual({ ...AUSTIN, via: 'search' });
    expect(answer.usage).toEqual(ANSWER.usage);
  });

  it('an OpenAI-compatible server: plain chat completions, no tools; its links are its citations', async () => {
    const answer = await askEngine(engine('compatible'), { prompt: PROMPT }, options());

    const [request] = fake.requestsTo('compatible');
    expect(request?.path).toBe('/chat/completions');
    expect(request?.headers.authorization).toBe('Bearer key-for-compatible');
    expect(request?.body.model).toBe('llama3.1:8b');
    expect(request?.body.messages).toEqual([{ role: 'user', content: PROMPT }]);
    expect(request?.body.tools).toBeUndefined();
    expect(answer).toMatchObject({
      engine: 'compatible',
      model: 'llama3.1:8b',
      text: ANSWER.text,
      // No citation list: the link the answer wrote is its cited page (issue 43 item 5).
      sources: [
        { url: 'https://www.lonestarplumbing.com', title: 'lonestarplumbing.com', cited: true },
      ],
      searches: [],
      location: null,
      usage: ANSWER.usage,
    });
  });

  it('without a location the searches carry none', async () => {
    await askEngine(engine('chatgpt'), { prompt: PROMPT, location: null }, options());
    await askEngine(engine('perplexity'), { prompt: PROMPT }, options());
    await askEngine(engine('claude'), { prompt: PROMPT, location: '' }, options());
    expect(fake.requestsTo('chatgpt')[0]?.body.tools).toEqual([{ type: 'web_search' }]);
    expect(fake.requestsTo('perplexity')[0]?.body.web_search_options).toBeUndefined();
    expect(fake.requestsTo('claude')[0]?.body.tools).toEqual([
      { type: 'web_search_20250305', name: 'web_search', max_uses: 3 },
    ]);
  });

  it('with Gemini’s real redirect links, the cited sites still come through', async () => {
    const realistic = await startFakeEngines({ geminiRedirects: true, answer: () => ANSWER });
    try {
      const answer = await askEngine(
        engine('gemini', { baseURL: realistic.baseURLs().gemini }),
        { prompt: PROMPT },
        options(),
      );
      expect(answer.sources.map((source) => source.url)).toEqual([
        'https://lonestarplumbing.com/',
        'https://yelp.com/',
      ]);
    } finally {
      await realistic.close();
    }
  });

  it('the default fake answer is a list of businesses with sources (for the benchmark)', async () => {
    fake.reset();
    const answer = await askEngine(engine('gemini'), { prompt: PROMPT }, options());
    expect(answer.text).toMatch(/^1\. \*\*.+\*\*/m);
    expect(answer.sources.length).toBeGreaterThanOrEqual(2);
    expect(answer.sources.every((source) => source.title)).toBe(true);
  });

  it('a given language model answers instead of the provider (the Demo assistant)', async () => {
    const model = new MockLanguageModelV4({
      modelId: 'demo-assistant',
      doGenerate: {
        content: [{ type: 'text', text: 'Simulated answer' }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: {
          inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
          outputTokens: { total: 0, text: 0, reasoning: 0 },
        },
        warnings: [],
      },
    });
    const demo = configuredEngines(env, true)[0]!;
    const answer = await askEngine(demo, { prompt: PROMPT }, options({ languageModel: model }));
    expect(answer).toMatchObject({
      engine: 'demo',
      model: 'demo-assistant',
      text: 'Simulated answer',
    });
    expect(model.doGenerateCalls[0]?.prompt).toEqual([
      { role: 'user', content: [{ type: 'text', text: PROMPT }] },
    ]);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('failures', () => {
  it('429 waits as long as Retry-After says, then answers', async () => {
    fake.fail('chatgpt', [{ status: 429, retryAfter: 7 }]);
    const answer = await askEngine(engine('chatgpt'), { prompt: PROMPT }, options());
    expect(answer.attempts).toBe(2);
    expect(sleeps).toEqual([7000]);
    expect(fake.requestsTo('chatgpt')).toHaveLength(2);
  });

  it('honours retry-after-ms and an HTTP date, and caps a long Retry-After at two minutes', async () => {
    fake.fail('claude', [
      { status: 429, retryAfterMs: 1500 },
      { status: 529, retryAfter: new Date(Date.now() + 30_000).toUTCString() },
      { status: 429, retryAfter: 3600 },
    ]);
    const answer = await askEngine(
      engine('claude'),
      { prompt: PROMPT },
      options({ maxAttempts: 4 }),
    );
    expect(answer.attempts).toBe(4);
    expect(sleeps[0]).toBe(1500);
    expect(sleeps[1]).toBeGreaterThan(27_000);
    expect(sleeps[1]).toBeLessThanOrEqual(30_000);
    expect(sleeps[2]).toBe(120_000);
  });

  it('a server error is retried after the backoff delay, doubling each time', async () => {
    fake.fail('perplexity', [{ status: 500 }, { status: 503 }]);
    const answer = await askEngine(engine('perplexity'), { prompt: PROMPT }, options());
    expect(answer.attempts).toBe(3);
    expect(sleeps).toHaveLength(2);
    expect(sleeps[0]).toBeGreaterThanOrEqual(100);
    expect(sleeps[0]).toBeLessThanOrEqual(125);
    expect(sleeps[1]).toBeGreaterThanOrEqual(200);
    expect(sleeps[1]).toBeLessThanOrEqual(250);
  });

  it('an engine that does not answer in time is cut off and asked again', async () => {
    fake.fail('gemini', [{ hang: true }]);
    const started = Date.now();
    const answer = await askEngine(
      engine('gemini'),
      { prompt: PROMPT },
      options({ timeoutMs: 300 }),
    );
    expect(answer.attempts).toBe(2);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('malformed JSON, an empty answer and a dropped connection are retried', async () => {
    fake.fail('chatgpt', [{ malformed: true }, { empty: true }, { drop: true }]);
    const answer = await askEngine(
      engine('chatgpt'),
      { prompt: PROMPT },
      options({ maxAttempts: 4 }),
    );
    expect(answer.attempts).toBe(4);
    expect(answer.text).toBe(ANSWER.text);
  });

  it('a refused key fails at once, without retrying', async () => {
    fake.fail('claude', [{ status: 401 }]);
    const error = await failure(askEngine(engine('claude'), { prompt: PROMPT }, options()));
    expect(error).toMatchObject({ kind: 'rejected', retryable: false, status: 401, attempts: 1 });
    expect(error.message).toMatch(/^Claude refused the API key \(HTTP 401/);
    expect(fake.requestsTo('claude')).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('an unknown model fails at once too', async () => {
    fake.fail('compatible', [{ status: 404, message: 'model "nope" not found' }]);
    const error = await failure(askEngine(engine('compatible'), { prompt: PROMPT }, options()));
    expect(error).toMatchObject({ kind: 'rejected', status: 404, attempts: 1 });
  });

  it('after the last attempt the error says what went wrong and how often it was tried', async () => {
    fake.fail('perplexity', [{ status: 503 }, { status: 503 }, { status: 503 }]);
    const error = await failure(askEngine(engine('perplexity'), { prompt: PROMPT }, options()));
    expect(error).toMatchObject({ kind: 'server', retryable: true, status: 503, attempts: 3 });
    expect(error.message).toBe('Perplexity failed (HTTP 503)');
    expect(sleeps).toHaveLength(2);

    fake.fail('gemini', [{ hang: true }, { hang: true }]);
    const timeout = await failure(
      askEngine(engine('gemini'), { prompt: PROMPT }, options({ timeoutMs: 150, maxAttempts: 2 })),
    );
    expect(timeout).toMatchObject({ kind: 'timeout', attempts: 2 });
    expect(timeout.message).toBe('No answer within 0.2 s');

    fake.fail('chatgpt', [{ empty: true }, { empty: true }]);
    const empty = await failure(
      askEngine(engine('chatgpt'), { prompt: PROMPT }, options({ maxAttempts: 2 })),
    );
    expect(empty).toMatchObject({ kind: 'empty', attempts: 2 });

    fake.fail('claude', [{ malformed: true }]);
    const malformed = await failure(
      askEngine(engine('claude'), { prompt: PROMPT }, options({ maxAttempts: 1 })),
    );
    expect(malformed).toMatchObject({ kind: 'malformed', attempts: 1 });

    fake.fail('chatgpt', [{ status: 429 }]);
    const limited = await failure(
      askEngine(engine('chatgpt'), { prompt: PROMPT }, options({ maxAttempts: 1 })),
    );
    expect(limited).toMatchObject({ kind: 'rate-limited', status: 429, attempts: 1 });
  });

  it('an engine nobody listens on is a network error', async () => {
    const closed = await startFakeEngines();
    const baseURL = closed.baseURLs().compatible;
    await closed.close();
    const error = await failure(
      askEngine(engine('compatible', { baseURL }), { prompt: PROMPT }, options({ maxAttempts: 2 })),
    );
    expect(error).toMatchObject({ kind: 'network', retryable: true, attempts: 2 });
  });

  it('shutdown stops a call at once, mid-request or mid-wait', async () => {
    fake.fail('chatgpt', [{ hang: true }]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    const error = await failure(
      askEngine(
        engine('chatgpt'),
        { prompt: PROMPT },
        options({ signal: controller.signal, timeoutMs: 10_000 }),
      ),
    );
    expect(error).toMatchObject({ kind: 'aborted', attempts: 1 });
    expect(Date.now() - started).toBeLessThan(2000);

    fake.fail('chatgpt', [{ status: 503 }]);
    const waiting = new AbortController();
    setTimeout(() => waiting.abort(), 100);
    const stopped = await failure(
      askEngine(
        engine('chatgpt'),
        { prompt: PROMPT },
        // The real sleep: the retry would wait a minute.
        { timeoutMs: 5000, maxAttempts: 3, retryDelayMs: 60_000, signal: waiting.signal },
      ),
    );
    expect(stopped).toMatchObject({ kind: 'aborted', attempts: 1 });
  });

  it('every attempt first takes its place from the rate limiter', async () => {
    const acquired: [string, number][] = [];
    const limiter: RateLimiter = {
      async acquire(id, rpm) {
        acquired.push([id, rpm]);
      },
    };
    fake.fail('gemini', [{ status: 500 }]);
    await askEngine(engine('gemini', { rpm: 15 }), { prompt: PROMPT }, options({ limiter }));
    expect(acquired).toEqual([
      ['gemini', 15],
      ['gemini', 15],
    ]);
  });
});

describe('the shared per-minute limit', () => {
  const T = Date.parse('2026-11-23T10:00:30.000Z');

  function clock(start: number) {
    let now = start;
    const waits: number[] = [];
    return {
      waits,
      now: () => now,
      wait: async (ms: number, signal?: AbortSignal) => {
        signal?.throwIfAborted();
        waits.push(ms);
        now += ms;
      },
    };
  }

  async function windows(engine: string) {
    const rows = await db.trackingRateWindow.findMany({
      where: { engine },
      orderBy: { windowStart: 'asc' },
    });
    return rows.map((row) => [row.windowStart.toISOString(), row.count]);
  }

  it('lets rpm requests through in a minute; the next waits for the next minute', async () => {
    const time = clock(T);
    const limiter = createDatabaseRateLimiter({ now: time.now, wait: time.wait, jitterMs: 0 });
    await limiter.acquire('rpm-two', 2);
    await limiter.acquire('rpm-two', 2);
    expect(time.waits).toEqual([]);
    await limiter.acquire('rpm-two', 2);
    expect(time.waits).toEqual([30_000]);
    expect(await windows('rpm-two')).toEqual([
      ['2026-11-23T10:00:00.000Z', 2],
      ['2026-11-23T10:01:00.000Z', 1],
    ]);
    // Another engine has its own count.
    await limiter.acquire('other-engine', 2);
    expect(time.waits).toEqual([30_000]);
  });

  it('instances asking at the same moment never exceed the limit', async () => {
    const time = clock(T);
    const first = createDatabaseRateLimiter({ now: time.now, wait: time.wait, jitterMs: 0 });
    const second = createDatabaseRateLimiter({ now: time.now, wait: time.wait, jitterMs: 0 });
    const hold = time.waits;
    await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        (index % 2 ? first : second).acquire('concurrent', 4),
      ),
    );
    expect(hold).toHaveLength(2);
    const rows = await windows('concurrent');
    expect(rows[0]).toEqual(['2026-11-23T10:00:00.000Z', 4]);
    expect(rows.reduce((sum, row) => sum + Number(row[1]), 0)).toBe(6);
  });

  it('a wait ends at once when the signal aborts', async () => {
    const limiter = createDatabaseRateLimiter({ now: () => T });
    await limiter.acquire('aborting', 1);
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('shutting down')), 50);
    const started = Date.now();
    await expect(limiter.acquire('aborting', 1, controller.signal)).rejects.toThrow(
      'shutting down',
    );
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('forgets minutes older than an hour', async () => {
    await db.trackingRateWindow.create({
      data: { engine: 'old', windowStart: new Date(T - 2 * 3_600_000), count: 9 },
    });
    await createDatabaseRateLimiter({ now: () => T }).acquire('fresh', 5);
    expect(await windows('old')).toEqual([]);
    expect(await windows('fresh')).toHaveLength(1);
  });
});

describe('configured engines', () => {
  const none = {
    ...env,
    OPENAI_API_KEY: '',
    PERPLEXITY_API_KEY: '',
    GOOGLE_GENERATIVE_AI_API_KEY: '',
    ANTHROPIC_API_KEY: '',
    OPENAI_COMPATIBLE_BASE_URL: '',
  };

  it('an engine is on when its key is set, in the pages’ order', () => {
    expect(configuredEngines(none, false)).toEqual([]);
    const engines = configuredEngines(
      {
        ...none,
        ANTHROPIC_API_KEY: 'sk-ant',
        OPENAI_API_KEY: 'sk-openai',
        OPENAI_BASE_URL: 'https://proxy.example/v1',
        OPENAI_RPM: 30,
        GOOGLE_GENERATIVE_AI_API_KEY: 'g',
      },
      false,
    );
    expect(engines.map((item) => [item.id, item.name, item.model])).toEqual([
      ['chatgpt', 'ChatGPT', 'gpt-5-mini'],
      ['gemini', 'Gemini', 'gemini-2.5-flash'],
      ['claude', 'Claude', 'claude-haiku-4-5'],
    ]);
    expect(engines[0]).toMatchObject({
      apiKey: 'sk-openai',
      baseURL: 'https://proxy.example/v1',
      rpm: 30,
      concurrency: 4,
    });
    expect(engines[1]?.baseURL).toBeUndefined();
  });

  it('the OpenAI-compatible engine is on with its base URL, named as configured', () => {
    const compatible = {
      ...none,
      OPENAI_COMPATIBLE_BASE_URL: 'http://127.0.0.1:11434/v1',
      OPENAI_COMPATIBLE_MODEL: 'llama3.1:8b',
    };
    expect(configuredEngines(compatible, false)).toEqual([
      {
        id: 'compatible',
        name: 'Own model (llama3.1:8b)',
        model: 'llama3.1:8b',
        baseURL: 'http://127.0.0.1:11434/v1',
        concurrency: 2,
        rpm: 60,
      },
    ]);
    const named = { ...compatible, OPENAI_COMPATIBLE_NAME: 'Our Llama' };
    expect(configuredEngines(named, false)[0]?.name).toBe('Our Llama');
    expect(engineName('compatible', named)).toBe('Our Llama');
  });

  it('the Demo assistant stands in for every engine when it is on', () => {
    expect(configuredEngines({ ...none, OPENAI_API_KEY: 'sk' }, true)).toEqual([
      expect.objectContaining({
        id: 'demo',
        name: 'Demo assistant (simulated answers)',
        model: 'demo-assistant',
      }),
    ]);
  });
});

describe('costs', () => {
  it('prices tokens and the search fee from the built-in table, dated model ids included', () => {
    const usage = { inputTokens: 2_000_000, outputTokens: 1_000_000 };
    expect(costOf('gpt-5-mini', usage)).toBeCloseTo(0.5 + 2 + 0.01, 6);
    expect(costOf('gpt-5-mini-2025-08-07', usage)).toBeCloseTo(2.51, 6);
    expect(
      costOf('claude-haiku-4-5-20251001', { inputTokens: 1000, outputTokens: 500 }),
    ).toBeCloseTo(0.001 + 0.0025 + 0.01, 6);
    expect(costOf('demo-assistant', usage)).toBe(0);
  });

  it('TRACKING_PRICES overrides and adds models; an unknown model costs 0 and says so', () => {
    const prices = trackingPrices(
      '{"sonar":{"input":2,"output":4},"llama3.1:8b":{"input":0,"output":0}}',
    );
    expect(costOf('sonar', { inputTokens: 1_000_000, outputTokens: 1_000_000 }, prices)).toBe(6);
    expect(hasPrice('llama3.1:8b', prices)).toBe(true);
    expect(hasPrice('llama3.1:8b')).toBe(false);
    expect(costOf('mystery-model', { inputTokens: 10, outputTokens: 10 })).toBe(0);
    expect(hasPrice('mystery-model')).toBe(false);
    expect(hasPrice('gemini-2.5-flash', prices)).toBe(true);
  });
});

describe('the business location, as the searches take it', () => {
  it.each([
    ['Austin, TX', { city: 'Austin', region: 'Texas', country: 'US' }],
    ['Austin, Texas', { city: 'Austin', region: 'Texas', country: 'US' }],
    [
      '12 Main St, Springfield, IL 62701',
      { city: 'Springfield', region: 'Illinois', country: 'US' },
    ],
    ['Los Angeles, CA, USA', { city: 'Los Angeles', region: 'California', country: 'US' }],
    ['Toronto, ON, Canada', { city: 'Toronto', region: 'Ontario', country: 'CA' }],
    ['Leeds, UK', { city: 'Leeds', country: 'GB' }],
    ['Denver', { city: 'Denver' }],
  ])('%s', (text, expected) => {
    expect(approximateLocation(text)).toEqual(expected);
  });

  it('nothing to read gives nothing', () => {
    expect(approximateLocation('')).toBeNull();
    expect(approximateLocation(null)).toBeNull();
    expect(approximateLocation('78701')).toBeNull();
  });
});
