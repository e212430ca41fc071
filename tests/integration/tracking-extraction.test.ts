import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

// The optional extraction model against the local fakes of every provider: structured output
// through the AI SDK, a time-out and a reply that is not the schema falling back to the reader,
// names the model invents dropped by the reader's check, and its tokens counted in the budget.
vi.hoisted(() => {
  process.env.OPENAI_API_KEY = 'sk-test-extraction';
  process.env.TRACKING_SAMPLES = '1';
  process.env.TRACKING_MAX_ATTEMPTS = '3';
  process.env.TRACKING_RETRY_DELAY_SECONDS = '0.01';
  process.env.TRACKING_TIMEOUT_SECONDS = '1';
  process.env.TRACKING_MONTHLY_BUDGET_USD = '10';
});

import {
  askTracked,
  budgetStatus,
  monthKey,
  type AskDependencies,
} from '~/domain/tracking/rounds/runs.server';
import { parseExtractionModel } from '~/lib/ai/extraction-config';
import { extractNames, isExtraction } from '~/lib/ai/extraction.server';
import { tokenCostOf } from '~/lib/ai/prices';
import { trackingProblems } from '~/lib/env.server';
import { db } from '~/lib/db.server';
import { startFakeEngines, type FakeEngineId, type FakeEngines } from '../fakes/ai-engines';
import { createUser } from './helpers';
import {
  answerAndExtract,
  askDependencies,
  extractionConfig,
  extractionSettings,
  fakeChatgpt,
} from './tracking-helpers';

let fake: FakeEngines;

const ANSWER = [
  'Here are plumbers in Leeds people recommend:',
  '',
  '1. **PipeRight Leeds** – boiler repairs.',
  '2. **Moreno Plumbing** – fair fixed prices.',
  '',
  'Locals also mention Ironwood Plumbing for bathrooms and Kirkstall Boiler Co. for servicing. For parts, the Heating Hub on Kirkstall Road is handy.',
].join('\n');

const MODEL_REPLY = {
  businesses: [
    'PipeRight Leeds',
    'Moreno Plumbing',
    'Ironwood Plumbing',
    'Heating Hub',
    'Invented Drains Ltd',
  ],
  sentences: [{ text: '2. **Moreno Plumbing** – fair fixed prices.', label: 'positive' }],
  facts: [],
};

/** Engine answers for questions; the extraction reply (JSON) for extraction prompts. */
function answers(reply: string = JSON.stringify(MODEL_REPLY)) {
  answerAndExtract(fake, ANSWER, reply);
}

const settings = (value: string) => extractionSettings(fake, value);
const config = (value: string) => extractionConfig(fake, value);

const quick = { timeoutMs: 1000, maxAttempts: 2, retryDelayMs: 1, sleep: async () => undefined };
const input = { text: ANSWER, business: { name: 'Moreno Plumbing', location: 'Leeds, UK' } };

beforeAll(async () => {
  fake = await startFakeEngines();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.reset();
  answers();
});

describe('TRACKING_EXTRACTION_MODEL', () => {
  it('names a provider we support and a model, and needs that provider’s key', () => {
    expect(config('openai:gpt-4.1-mini')).toMatchObject({
      provider: 'openai',
      engine: 'chatgpt',
      model: 'gpt-4.1-mini',
    });
    expect(config('openai-compatible:llama3.1:8b')).toMatchObject({
      engine: 'compatible',
      model: 'llama3.1:8b',
    });
    expect(parseExtractionModel(settings('off'))).toBeNull();
    expect(parseExtractionModel(settings('none'))).toBeNull();
    expect(parseExtractionModel(settings('gpt-4.1-mini'))).toMatch(/<provider>:<model>/);
    expect(parseExtractionModel(settings('mistral:small'))).toMatch(/<provider>:<model>/);
    expect(
      parseExtractionModel({ ...settings('anthropic:claude-haiku-4-5'), ANTHROPIC_API_KEY: '' }),
    ).toMatch(/ANTHROPIC_API_KEY must be set/);
  });

  it('by default is the cheapest model of a configured real engine, and none for the demo (issue 43 item 3)', () => {
    // The cheapest: a local OpenAI-compatible model, then OpenAI's, Google's, Anthropic's, Perplexity's.
    expect(parseExtractionModel(settings(''))).toMatchObject({
      provider: 'openai',
      model: 'gpt-5-nano',
      engine: 'chatgpt',
    });
    expect(
      parseExtractionModel({ ...settings(''), OPENAI_COMPATIBLE_MODEL: 'llama3.1:8b' }),
    ).toMatchObject({ provider: 'openai-compatible', model: 'llama3.1:8b' });
    const onlyClaude = {
      ...settings(''),
      OPENAI_API_KEY: '',
      GOOGLE_GENERATIVE_AI_API_KEY: '',
      OPENAI_COMPATIBLE_BASE_URL: '',
    };
    expect(parseExtractionModel(onlyClaude)).toMatchObject({ model: 'claude-haiku-4-5' });
    expect(
      parseExtractionModel({ ...onlyClaude, ANTHROPIC_API_KEY: '', PERPLEXITY_API_KEY: '' }),
    ).toBeNull();
    expect(parseExtractionModel({ ...settings(''), DEMO_TRACKING: true })).toBeNull();
  });

  it('is refused at start-up when it cannot work', () => {
    const base = { ...settings('google:gemini-2.5-flash-lite'), GOOGLE_GENERATIVE_AI_API_KEY: '' };
    const problems = trackingProblems(base as unknown as Parameters<typeof trackingProblems>[0]);
    expect(problems.join('\n')).toMatch(/GOOGLE_GENERATIVE_AI_API_KEY must be set/);
  });
});

describe('extractNames against each provider', () => {
  const cases: [string, FakeEngineId][] = [
    ['openai:gpt-4.1-mini', 'chatgpt'],
    ['anthropic:claude-haiku-4-5', 'claude'],
    ['google:gemini-2.5-flash-lite', 'gemini'],
    ['perplexity:sonar', 'perplexity'],
    ['openai-compatible:llama3.1:8b', 'compatible'],
  ];
  it.each(cases)('%s asks for structured output and reads it', async (value, engine) => {
    const result = await extractNames(config(value), input, quick);
    if (!isExtraction(result)) throw new Error(result.error);
    expect(result.businesses).toEqual(MODEL_REPLY.businesses);
    expect(result.sentences).toEqual([
      { text: '2. **Moreno Plumbing** – fair fixed prices.', label: 'positive' },
    ]);
    expect(result.usage).toEqual({ inputTokens: 700, outputTokens: 90 });
    const [request] = fake.requestsTo(engine);
    // The schema went out in the provider's own structured-output field.
    const body = JSON.stringify(request!.body);
    expect(body).toContain('businesses');
    expect(body).toMatch(
      /json_schema|responseJsonSchema|responseSchema|"format"|output_config|response_format/,
    );
    // No web search: the model reads the answer, it does not search.
    expect(body).not.toMatch(/web_search|googleSearch/);
  });

  it('gives up after a time-out on every attempt, and says so', async () => {
    fake.fail('chatgpt', [{ hang: true }, { hang: true }]);
    const result = await extractNames(config('openai:gpt-4.1-mini'), input, {
      ...quick,
      timeoutMs: 100,
    });
    expect(isExtraction(result)).toBe(false);
    expect(result).toMatchObject({ error: expect.stringMatching(/No answer within/), attempts: 2 });
  });

  it('tries again when the reply is not the schema, and fails after the last attempt', async () => {
    answers('Sure! The businesses are PipeRight Leeds and Moreno Plumbing.');
    const result = await extractNames(config('openai:gpt-4.1-mini'), input, quick);
    expect(result).toMatchObject({ error: expect.stringMatching(/schema/), attempts: 2 });
    // The tokens of both replies still cost.
    expect(result.usage).toEqual({ inputTokens: 1400, outputTokens: 180 });
    expect(result.costUsd).toBeCloseTo(tokenCostOf('gpt-4.1-mini', result.usage), 10);
  });

  it('recovers when a retry answers in the schema', async () => {
    fake.fail('claude', [{ status: 529 }]);
    const result = await extractNames(config('anthropic:claude-haiku-4-5'), input, quick);
    expect(isExtraction(result) && result.attempts).toBe(2);
  });

  it('does not retry a refused key', async () => {
    fake.fail('perplexity', [{ status: 401 }]);
    const result = await extractNames(config('perplexity:sonar'), input, quick);
    expect(result).toMatchObject({ attempts: 1, error: expect.stringMatching(/refused/) });
  });
});

describe('a tracked question with the extraction model', () => {
  let deps: AskDependencies;

  beforeAll(() => {
    deps = askDependencies([fakeChatgpt(fake)], config('openai:gpt-4.1-mini'));
  });

  async function askOnce(round: string, extraction = deps.extraction) {
    const user = await createUser();
    await db.user.update({ where: { id: user.id }, data: { subscriptionStatus: 'starter' } });
    const business = await db.business.create({
      data: { userId: user.id, name: 'Moreno Plumbing', location: 'Leeds, UK' },
    });
    const prompt = await db.trackedPrompt.create({
      data: { businessId: business.id, text: 'best plumber in Leeds' },
    });
    const outcome = await askTracked(
      { businessId: business.id, promptId: prompt.id, engine: 'chatgpt', sample: 1, round },
      undefined,
      { ...deps, extraction },
    );
    const answer = await db.trackingAnswer.findFirstOrThrow({ where: { businessId: business.id } });
    return { outcome, answer, business };
  }

  it('stores the model’s businesses that the answer contains, in the reader’s order', async () => {
    const spentBefore = (await budgetStatus()).spentUsd;
    const { outcome, answer } = await askOnce('extraction-ok');
    expect(outcome).toBe('answered');
    // "Invented Drains Ltd" is not in the answer: dropped. "Kirkstall Boiler Co.", which the
    // reader reads, is not a business the model listed; "Heating Hub", which the reader misses,
    // is.
    expect(JSON.parse(answer.competitors)).toEqual([
      { name: 'PipeRight Leeds', position: 1, known: false },
      { name: 'Ironwood Plumbing', position: 3, known: false },
      { name: 'Heating Hub', position: 4, known: false },
    ]);
    expect(answer).toMatchObject({ mentioned: true, position: 2 });
    // Asked once for the answer, once to extract.
    expect(fake.requestsTo('chatgpt')).toHaveLength(2);
    const row = await spendRow();
    expect(row).toMatchObject({ calls: 1, failures: 0, inputTokens: 700, outputTokens: 90 });
    const extractionCost = tokenCostOf('gpt-4.1-mini', { inputTokens: 700, outputTokens: 90 });
    expect(row.costUsd).toBeCloseTo(extractionCost, 10);
    // The budget counts it with the answer's own cost.
    expect((await budgetStatus()).spentUsd - spentBefore).toBeCloseTo(
      answer.costUsd + extractionCost,
      10,
    );
  });

  const readerAlone = [
    { name: 'PipeRight Leeds', position: 1, known: false },
    { name: 'Ironwood Plumbing', position: 3, known: false },
    { name: 'Kirkstall Boiler Co.', position: 4, known: false },
  ];

  it('falls back to the reader when the model answers outside the schema', async () => {
    answers('not json at all');
    const failuresBefore = (await spendRow().catch(() => null))?.failures ?? 0;
    const { outcome, answer } = await askOnce('extraction-bad-json');
    expect(outcome).toBe('answered');
    expect(JSON.parse(answer.competitors)).toEqual(readerAlone);
    const row = await spendRow();
    expect(row.failures).toBe(failuresBefore + 1);
    expect(row.lastError).toMatch(/schema/);
  });

  it('falls back to the reader when the model times out', async () => {
    // Extraction through Perplexity's fake, which hangs on both attempts.
    fake.fail('perplexity', [{ hang: true }, { hang: true }]);
    const { outcome, answer } = await askOnce('extraction-timeout', config('perplexity:sonar'));
    expect(outcome).toBe('answered');
    expect(JSON.parse(answer.competitors)).toEqual(readerAlone);
    expect(fake.requestsTo('perplexity')).toHaveLength(2);
    expect((await spendRow()).lastError).toMatch(/No answer within/);
  });
});

function spendRow() {
  return db.trackingSpend.findUniqueOrThrow({
    where: { month_engine: { month: monthKey(new Date()), engine: 'extraction' } },
  });
}
