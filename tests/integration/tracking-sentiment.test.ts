import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

// How the answers describe the business: each answer's sentences naming it kept with their
// labels (by the extraction model, against the providers' local fakes, or by the labeller when
// there is none or it misbehaves), counted per business, engine and day, and read back by the
// visibility page, the JSON API and the digest; answers recorded before read by the backfill.
vi.hoisted(() => {
  process.env.OPENAI_API_KEY = 'sk-test-sentiment';
  process.env.TRACKING_SAMPLES = '1';
  process.env.TRACKING_MAX_ATTEMPTS = '3';
  process.env.TRACKING_RETRY_DELAY_SECONDS = '0.01';
  process.env.TRACKING_TIMEOUT_SECONDS = '1';
  process.env.TRACKING_MONTHLY_BUDGET_USD = '10';
});

import { sendDigest } from '~/domain/tracking/reports/digest.server';
import { readAnswer } from '~/domain/tracking/reading/reader';
import {
  askTracked,
  storeAnswer,
  type AskDependencies,
} from '~/domain/tracking/rounds/runs.server';
import { backfillSentiment } from '~/domain/tracking/rounds/sentiment.server';
import { db } from '~/lib/db.server';
import * as answersApi from '~/routes/api.businesses.$id.answers';
import * as visibilityApi from '~/routes/api.businesses.$id.visibility';
import * as page from '~/routes/dashboard_.businesses.$id.visibility/route';
import { startFakeEngines, type FakeEngines } from '../fakes/ai-engines';
import { args, BASE, callRoute, createUser, run, sessionCookieFor } from './helpers';
import {
  answerAndExtract,
  askDependencies,
  extractionConfig,
  fakeChatgpt,
} from './tracking-helpers';

const NAME = 'Moreno Plumbing';

/** Names the business in a praising list item and a warning sentence; names a rival too. */
const ANSWER = [
  'Here are plumbers in Leeds people recommend:',
  '',
  '1. **PipeRight Leeds** – boiler repairs.',
  '2. **Moreno Plumbing** – Highly rated for fair, upfront pricing.',
  '',
  'Some customers say Moreno Plumbing can be slow to return calls, so ring early.',
].join('\n');

const NOT_NAMED = 'Try **PipeRight Leeds** or **Ironwood Plumbing** for boiler repairs in Leeds.';

async function owner(tier = 'starter') {
  const user = await createUser();
  await db.user.update({ where: { id: user.id }, data: { subscriptionStatus: tier } });
  const { cookie, token } = await sessionCookieFor(user.id);
  const business = await db.business.create({
    data: { userId: user.id, name: NAME, location: 'Leeds, UK', industry: 'Plumbing' },
  });
  const prompt = await db.trackedPrompt.create({
    data: { businessId: business.id, text: 'best plumber in Leeds' },
  });
  return { user, business, prompt, cookie, auth: { Authorization: `Bearer ${token}` } };
}

let keys = 0;
async function store(
  business: { id: string; name: string; location: string | null },
  promptId: string,
  text: string,
  askedAt = new Date(),
  engine: 'chatgpt' | 'perplexity' = 'chatgpt',
) {
  keys += 1;
  await storeAnswer(
    {
      runKey: `sentiment-${keys}-${Math.random()}`,
      businessId: business.id,
      promptId,
      prompt: 'best plumber in Leeds',
      engine,
      sample: keys,
      periodKind: 'week',
      model: 'gpt-test',
      text,
      sources: [],
      reading: readAnswer({ text, business: { ...business, website: null } }),
      usage: { inputTokens: 10, outputTokens: 20 },
      costUsd: 0,
      latencyMs: 5,
      attempts: 1,
      website: null,
    },
    askedAt,
  );
}

const LIBRARY_SENTENCES = [
  { text: 'Moreno Plumbing – Highly rated for fair, upfront pricing.', label: 'positive' },
  {
    text: 'Some customers say Moreno Plumbing can be slow to return calls, so ring early.',
    label: 'negative',
  },
];

describe('an answer read by the labeller (no extraction model)', () => {
  it('keeps its sentences naming the business with their labels, and counts them', async () => {
    const { business, prompt } = await owner();
    await store(business, prompt.id, ANSWER);
    await store(business, prompt.id, NOT_NAMED);
    const [named, other] = await db.trackingAnswer.findMany({
      where: { businessId: business.id },
      orderBy: { sample: 'asc' },
    });
    expect(JSON.parse(named!.sentences!)).toEqual(LIBRARY_SENTENCES);
    expect(named!.sentimentBy).toBe('library');
    // Read, and nothing names the business: none (not null, which is "not read").
    expect(JSON.parse(other!.sentences!)).toEqual([]);
    const stats = await db.trackingSentimentStat.findMany({ where: { businessId: business.id } });
    expect(stats).toHaveLength(1);
    expect(stats[0]).toMatchObject({
      engine: 'chatgpt',
      positive: 1,
      neutral: 0,
      negative: 1,
      answers: 1,
    });
  });
});

describe('the visibility page and the JSON API', () => {
  it('show the shares per engine with n, low samples marked, and each answer’s sentences', async () => {
    const { business, prompt, cookie, auth } = await owner();
    await store(business, prompt.id, ANSWER);
    await store(business, prompt.id, ANSWER.replace('Highly rated for', 'Known for'));
    await store(business, prompt.id, NOT_NAMED);

    const loaded = await run(() =>
      page.loader(
        args(
          new Request(`${BASE}/dashboard/businesses/${business.id}/visibility`, {
            headers: { Cookie: cookie },
          }),
          { id: business.id },
        ),
      ),
    );
    expect(loaded.status).toBe(200);
    const data = loaded.data as Awaited<ReturnType<typeof page.loader>>['data'];
    expect(data.sentiment.engines).toEqual([
      expect.objectContaining({
        engine: 'chatgpt',
        positive: 2,
        neutral: 0,
        negative: 2,
        sentences: 4,
        answers: 2,
        positiveShare: 0.5,
        negativeShare: 0.5,
        lowSample: true,
      }),
    ]);
    // The page carries each answer's markdown as a tree (answerMarkdown), not its text.
    const shown = data.answers.items.find((item) =>
      JSON.stringify(item.blocks).includes('Highly rated for'),
    );
    expect(shown).toMatchObject({ sentences: LIBRARY_SENTENCES, sentimentBy: 'library' });

    const answers = await callRoute(
      answersApi,
      'loader',
      `/api/businesses/${business.id}/answers`,
      { id: business.id },
      { headers: auth },
    );
    expect(answers.status).toBe(200);
    const items = answers.data as { text: string; sentences: unknown; sentimentBy: unknown }[];
    expect(items.find((item) => item.text === ANSWER)).toMatchObject({
      sentences: LIBRARY_SENTENCES,
      sentimentBy: 'library',
    });
    expect(items.find((item) => item.text === NOT_NAMED)).toMatchObject({ sentences: [] });

    const visibility = await callRoute(
      visibilityApi,
      'loader',
      `/api/businesses/${business.id}/visibility`,
      { id: business.id },
      { headers: auth },
    );
    expect(visibility.status).toBe(200);
    expect((visibility.data as { sentiment: unknown }).sentiment).toEqual({
      engines: [
        {
          engine: 'chatgpt',
          name: 'ChatGPT',
          positive: 2,
          neutral: 0,
          negative: 2,
          sentences: 4,
          answers: 2,
          positiveShare: 0.5,
          neutralShare: 0,
          negativeShare: 0.5,
          lowSample: true,
        },
      ],
      overall: expect.objectContaining({ sentences: 4, answers: 2, lowSample: true }),
      pooled: expect.objectContaining({
        overall: expect.objectContaining({ sentences: 4, answers: 2 }),
      }),
    });
  });

  it('pool the periods of the trend for when one period holds too few sentences', async () => {
    const { business, prompt, auth } = await owner();
    const weeksAgo = (weeks: number) => new Date(Date.now() - weeks * 7 * 86_400_000);
    await store(business, prompt.id, ANSWER, weeksAgo(3));
    await store(business, prompt.id, ANSWER, weeksAgo(2), 'perplexity');
    await store(business, prompt.id, ANSWER);
    // Older than the trend's 12 weeks: not pooled.
    await store(business, prompt.id, ANSWER, weeksAgo(20));
    const response = await callRoute(
      visibilityApi,
      'loader',
      `/api/businesses/${business.id}/visibility`,
      { id: business.id },
      { headers: auth },
    );
    const { sentiment, periods } = response.data as {
      sentiment: {
        overall: { sentences: number };
        pooled: {
          since: string;
          overall: { sentences: number; answers: number; lowSample: boolean };
          engines: { engine: string; name: string; sentences: number }[];
        };
      };
      periods: { start: string }[];
    };
    expect(sentiment.overall.sentences).toBe(2);
    expect(sentiment.pooled.since).toBe(periods[0]!.start);
    expect(sentiment.pooled.overall).toMatchObject({ sentences: 6, answers: 3, lowSample: true });
    expect(sentiment.pooled.engines).toEqual([
      expect.objectContaining({ engine: 'chatgpt', name: 'ChatGPT', sentences: 4 }),
      expect.objectContaining({ engine: 'perplexity', sentences: 2 }),
    ]);
  });

  it('is a 404 for another user’s business', async () => {
    const { business } = await owner();
    const stranger = await owner();
    const response = await callRoute(
      visibilityApi,
      'loader',
      `/api/businesses/${business.id}/visibility`,
      { id: business.id },
      { headers: stranger.auth },
    );
    expect(response.status).toBe(404);
  });
});

describe('the weekly digest', () => {
  it('has a line on how the week’s answers describe the business', async () => {
    const { user, business, prompt } = await owner('starter');
    await store(business, prompt.id, ANSWER);
    expect(await sendDigest({ userId: user.id, week: '2000-01-03' })).toBe('sent');
    const mail = await db.outboxMessage.findFirstOrThrow({
      where: { to: user.email, kind: 'tracking-digest' },
    });
    const line =
      'How the answers describe you: 50% positive, 0% neutral, 50% negative (n = 2 sentences in 1 answer, a low sample).';
    expect(mail.text).toContain(line);
    expect(mail.html).toContain('50% positive, 0% neutral, 50% negative');
  });
});

describe('answers recorded before sentences were kept', () => {
  it('are read once by the backfill, from their text and highlights, and counted', async () => {
    const { business, prompt } = await owner();
    await store(business, prompt.id, ANSWER);
    // As the migration leaves an older answer: not read, not counted.
    await db.trackingAnswer.updateMany({
      where: { businessId: business.id },
      data: { sentences: null, sentimentBy: null },
    });
    await db.trackingSentimentStat.deleteMany({ where: { businessId: business.id } });

    expect(await backfillSentiment({ batch: 1 })).toBeGreaterThanOrEqual(1);
    const answer = await db.trackingAnswer.findFirstOrThrow({
      where: { businessId: business.id },
    });
    expect(JSON.parse(answer.sentences!)).toEqual(LIBRARY_SENTENCES);
    expect(answer.sentimentBy).toBe('library');
    const counted = () =>
      db.trackingSentimentStat.findMany({
        where: { businessId: business.id },
        select: { positive: true, neutral: true, negative: true, answers: true },
      });
    expect(await counted()).toEqual([{ positive: 1, neutral: 0, negative: 1, answers: 1 }]);
    // Run again (or twice at once): nothing is counted twice.
    await Promise.all([backfillSentiment(), backfillSentiment()]);
    expect(await counted()).toEqual([{ positive: 1, neutral: 0, negative: 1, answers: 1 }]);
  });
});

describe('with the extraction model', () => {
  let fake: FakeEngines;
  let deps: AskDependencies;

  const MODEL_REPLY = {
    businesses: ['PipeRight Leeds', 'Moreno Plumbing'],
    sentences: [
      // The model reads the list item as neutral: its label is kept, not the labeller's.
      {
        text: '2. **Moreno Plumbing** – Highly rated for fair, upfront pricing.',
        label: 'neutral',
      },
      {
        text: 'Some customers say Moreno Plumbing can be slow to return calls, so ring early.',
        label: 'negative',
      },
      // Not in the answer: dropped.
      { text: 'Moreno Plumbing is the best in Yorkshire.', label: 'positive' },
    ],
    facts: [],
  };

  function answers(reply: string) {
    answerAndExtract(fake, ANSWER, reply);
  }

  const config = (value: string) => extractionConfig(fake, value);

  beforeAll(async () => {
    fake = await startFakeEngines();
    deps = askDependencies([fakeChatgpt(fake)], config('openai:gpt-4.1-mini'));
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.reset();
    answers(JSON.stringify(MODEL_REPLY));
  });

  async function askOnce(round: string, extraction = deps.extraction) {
    const { business, prompt } = await owner();
    const outcome = await askTracked(
      { businessId: business.id, promptId: prompt.id, engine: 'chatgpt', sample: 1, round },
      undefined,
      { ...deps, extraction },
    );
    expect(outcome).toBe('answered');
    const answer = await db.trackingAnswer.findFirstOrThrow({ where: { businessId: business.id } });
    const stat = await db.trackingSentimentStat.findFirstOrThrow({
      where: { businessId: business.id },
    });
    return { answer, stat };
  }

  it('keeps the model’s labels for the sentences the answer contains, in the same call', async () => {
    const { answer, stat } = await askOnce('sentiment-model');
    expect(answer.sentimentBy).toBe('model');
    expect(JSON.parse(answer.sentences!)).toEqual([
      { text: 'Moreno Plumbing – Highly rated for fair, upfront pricing.', label: 'neutral' },
      {
        text: 'Some customers say Moreno Plumbing can be slow to return calls, so ring early.',
        label: 'negative',
      },
    ]);
    expect(stat).toMatchObject({ positive: 0, neutral: 1, negative: 1, answers: 1 });
    // One question, one extraction call: the sentences came with the businesses.
    expect(fake.requestsTo('chatgpt')).toHaveLength(2);
  });

  it('falls back to the labeller when the model answers outside the schema', async () => {
    answers('Moreno Plumbing sounds great!');
    const { answer, stat } = await askOnce('sentiment-bad-json');
    expect(answer.sentimentBy).toBe('library');
    expect(JSON.parse(answer.sentences!)).toEqual(LIBRARY_SENTENCES);
    expect(stat).toMatchObject({ positive: 1, neutral: 0, negative: 1, answers: 1 });
  });

  it('falls back to the labeller when the model times out on every attempt', async () => {
    fake.fail('claude', [{ hang: true }, { hang: true }]);
    const { answer } = await askOnce('sentiment-timeout', config('anthropic:claude-haiku-4-5'));
    expect(fake.requestsTo('claude')).toHaveLength(2);
    expect(answer.sentimentBy).toBe('library');
    expect(JSON.parse(answer.sentences!)).toEqual(LIBRARY_SENTENCES);
  });
});
