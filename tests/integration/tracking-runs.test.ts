import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

// Two real engines configured (the fake answers for them), two samples a round, quick retries.
vi.hoisted(() => {
  process.env.OPENAI_API_KEY = 'sk-test-tracking-runs';
  process.env.PERPLEXITY_API_KEY = 'pplx-test-tracking-runs';
  process.env.TRACKING_SAMPLES = '2';
  process.env.TRACKING_MAX_ATTEMPTS = '3';
  process.env.TRACKING_RETRY_DELAY_SECONDS = '0.01';
  process.env.TRACKING_TIMEOUT_SECONDS = '1';
  process.env.TRACKING_MONTHLY_BUDGET_USD = '10';
});

import { figuresOf } from '~/domain/tracking/figures/figures';
import {
  askTracked,
  enqueueDueRounds,
  fanOutRound,
  parseAskJob,
  runNow,
  trackingAskQueue,
  TRACKING_ROUND_QUEUE,
  type AskDependencies,
  type RoundJob,
} from '~/domain/tracking/rounds/runs.server';
import { visibilityFor } from '~/domain/tracking/reports/visibility.server';
import { listAnswers } from '~/domain/tracking/reports/answers.server';
import { seedDemoHistory } from '~/domain/tracking/rounds/demo-history.server';
import { roundOffsetSeconds } from '~/domain/tracking/rounds/round-start';
import { jobEngine } from '~/jobs/engine.server';
import { engineName, type EngineConfig } from '~/lib/ai/engines.server';
import { costOf } from '~/lib/ai/prices';
import { db } from '~/lib/db.server';
import { startFakeEngines, type FakeEngineId, type FakeEngines } from '../fakes/ai-engines';
import { createUser } from './helpers';
import { askDependencies } from './tracking-helpers';

let fake: FakeEngines;
let deps: AskDependencies;

const MODELS: Partial<Record<FakeEngineId, string>> = {
  chatgpt: 'gpt-5-mini',
  perplexity: 'sonar',
};

beforeAll(async () => {
  fake = await startFakeEngines();
  const engines: EngineConfig[] = (['chatgpt', 'perplexity'] as const).map((id) => ({
    id,
    name: engineName(id),
    model: MODELS[id]!,
    baseURL: fake.baseURLs()[id],
    apiKey: `key-${id}`,
    concurrency: 2,
    rpm: 1000,
  }));
  deps = askDependencies(engines);
});

afterAll(() => fake.close());

beforeEach(() => {
  fake.reset();
  // ChatGPT names the business second and links its site; Perplexity names only others.
  fake.setAnswer((engine) =>
    engine === 'chatgpt'
      ? {
          text: '1. **Summit Plumbing** – fast.\n2. **Lone Star Plumbing** – fair prices, [site](https://lonestarplumbing.example/).\n3. **Capitol Plumbing** – 24/7.',
          sources: [
            { url: 'https://lonestarplumbing.example/', title: 'Lone Star Plumbing' },
            { url: 'https://www.yelp.com/austin-plumbers', title: 'Yelp' },
          ],
          usage: { inputTokens: 1000, outputTokens: 200 },
        }
      : {
          text: 'Good options in Austin:\n\n- **Summit Plumbing**\n- **Riverbend Plumbing**',
          sources: [{ url: 'https://www.angi.com/austin', title: 'Angi' }],
          usage: { inputTokens: 800, outputTokens: 100 },
        },
  );
});

async function ownerWithBusiness(tier: string, { prompts = 2, expiry = null as Date | null } = {}) {
  const user = await createUser();
  await db.user.update({
    where: { id: user.id },
    data: { subscriptionStatus: tier, subscriptionExpiry: expiry },
  });
  const business = await db.business.create({
    data: {
      userId: user.id,
      name: 'Lone Star Plumbing',
      website: 'https://lonestarplumbing.example',
      location: 'Austin, TX',
      industry: 'Plumbing',
    },
  });
  const texts = ['best plumber in Austin, TX', 'who should I call for a burst pipe in Austin'];
  for (const text of texts.slice(0, prompts))
    await db.trackedPrompt.create({ data: { businessId: business.id, text } });
  await db.competitor.create({
    data: { businessId: business.id, name: 'Summit Plumbing', key: 'summit plumbing' },
  });
  return {
    user: { ...user, subscriptionStatus: tier, subscriptionExpiry: expiry?.toISOString() ?? null },
    business,
  };
}

/** Runs the queued rounds and then every ask job, here, as the workers would. */
async function drainAll() {
  await jobEngine().drain<RoundJob>(TRACKING_ROUND_QUEUE, async (job) => {
    await fanOutRound(job);
  });
  const outcomes: string[] = [];
  for (const engine of ['chatgpt', 'perplexity'] as const)
    await jobEngine().drain(trackingAskQueue(engine), async (data, job) => {
      outcomes.push(await askTracked(parseAskJob(data), job, deps));
    });
  return outcomes;
}

describe('a round, from Run now to the figures', () => {
  // Eight answers through the providers, the job engine and the store: on PostgreSQL (pg-boss),
  // on a loaded machine, longer than the default 15 s.
  it('asks every prompt of every engine TRACKING_SAMPLES times, as written, and reads each answer', async () => {
    const { user, business } = await ownerWithBusiness('diy');
    expect(await runNow(user, business.id)).toEqual({
      queued: 8,
      prompts: 2,
      engines: 2,
      samples: 2,
    });
    const outcomes = await drainAll();
    expect(outcomes).toEqual(Array(8).fill('answered'));

    // What went out: the owner's words alone, with the search tool on.
    const sent = fake.requestsTo('chatgpt').map((request) => JSON.stringify(request.body));
    expect(sent).toHaveLength(4);
    expect(sent.filter((body) => body.includes('best plumber in Austin, TX'))).toHaveLength(2);
    for (const body of sent) {
      expect(body).toContain('web_search');
      expect(body).not.toContain('Lone Star');
    }

    const answers = await db.trackingAnswer.findMany({ where: { businessId: business.id } });
    expect(answers).toHaveLength(8);
    const chatgpt = answers.filter((answer) => answer.engine === 'chatgpt');
    expect(
      chatgpt.every((answer) => answer.mentioned && answer.position === 2 && answer.cited),
    ).toBe(true);
    expect(chatgpt[0]!.costUsd).toBeCloseTo(
      costOf(chatgpt[0]!.model, { inputTokens: 1000, outputTokens: 200 }),
      10,
    );
    expect(chatgpt[0]!.costUsd).toBeGreaterThan(0);
    const perplexity = answers.filter((answer) => answer.engine === 'perplexity');
    expect(perplexity.every((answer) => !answer.mentioned && !answer.cited)).toBe(true);
    expect(JSON.parse(perplexity[0]!.sources)).toEqual([
      { url: 'https://www.angi.com/austin', title: 'Angi', cited: true },
    ]);
    expect(
      (await db.trackedPrompt.findMany({ where: { businessId: business.id } })).every(
        (prompt) => prompt.lastAskedAt,
      ),
    ).toBe(true);

    // The figures, from the kept per-day counts, equal the figures of the answers themselves.
    const visibility = await visibilityFor(user, business.id);
    const records = answers.map((answer) => ({
      ...answer,
      competitors: JSON.parse(answer.competitors) as { name: string }[],
      sources: JSON.parse(answer.sources) as { url: string }[],
    }));
    const expected = figuresOf(records);
    expect(visibility.overall).toEqual(expected);
    expect(visibility.overall.samples).toBe(8);
    expect(visibility.overall.mentionRate).toBe(0.5);
    const byEngine = Object.fromEntries(
      visibility.engines.map((engine) => [engine.engine, engine]),
    );
    expect(byEngine.chatgpt).toMatchObject({
      samples: 4,
      mentioned: 4,
      cited: 4,
      averagePosition: 2,
    });
    expect(byEngine.perplexity).toMatchObject({ samples: 4, mentioned: 0, averagePosition: null });
    expect(byEngine.chatgpt!.name).toBe('ChatGPT');

    // Competitors: Summit (the owner's) in all 8 answers; share of voice over every name counted.
    const summit = visibility.competitors.find(
      (competitor) => competitor.name === 'Summit Plumbing',
    );
    expect(summit).toMatchObject({ known: true, mentions: 8 });
    const voices = 4 + visibility.competitors.reduce((sum, c) => sum + c.mentions, 0);
    expect(summit!.shareOfVoice).toBeCloseTo(8 / voices, 10);
    expect(visibility.overall.shareOfVoice).toBeCloseTo(4 / voices, 10);
    expect(visibility.domains.find((domain) => domain.own)?.domain).toBe(
      'lonestarplumbing.example',
    );

    // The answers, newest first, with the names to highlight.
    const page = await listAnswers(user, business.id, { perPage: 5 });
    expect(page.total).toBe(8);
    expect(page.items).toHaveLength(5);
    const named = page.items.find((answer) => answer.engine === 'chatgpt')!;
    const marks = named.matches.map((match) => named.text.slice(match.start, match.end));
    expect(marks).toContain('Lone Star Plumbing');
    expect(marks).toContain('Summit Plumbing');
  }, 45_000);

  it('asks each question once however often a job or a round runs again', async () => {
    const { user, business } = await ownerWithBusiness('diy', { prompts: 1 });
    await runNow(user, business.id);
    const [round] = await captureRounds();
    expect(await fanOutRound(round!)).toBe(4);
    expect(await fanOutRound(round!)).toBe(0);
    const job = {
      businessId: business.id,
      promptId: (await db.trackedPrompt.findFirstOrThrow({ where: { businessId: business.id } }))
        .id,
      engine: 'chatgpt' as const,
      sample: 1,
      round: round!.round,
    };
    expect(await askTracked(job, undefined, deps)).toBe('answered');
    expect(await askTracked(job, undefined, deps)).toBe('skipped');
    expect(fake.requestsTo('chatgpt')).toHaveLength(1);
    expect(await db.trackingAnswer.count({ where: { businessId: business.id } })).toBe(1);
  });

  it('retries 429 (honouring Retry-After) and 500, and keeps a call that never answers as failed', async () => {
    const { user, business } = await ownerWithBusiness('diy', { prompts: 1 });
    const promptId = (
      await db.trackedPrompt.findFirstOrThrow({ where: { businessId: business.id } })
    ).id;
    const waits: number[] = [];
    const counting = { ...deps, sleep: async (ms: number) => void waits.push(ms) };
    fake.fail('perplexity', [{ status: 429, retryAfter: 7 }, { status: 500 }]);
    const job = {
      businessId: business.id,
      promptId,
      engine: 'perplexity' as const,
      sample: 1,
      round: 'r1',
    };
    expect(await askTracked(job, undefined, counting)).toBe('answered');
    expect(waits[0]).toBe(7000);
    const answered = await db.trackingAnswer.findFirstOrThrow({
      where: { runKey: { contains: ':r1:' } },
    });
    expect(answered).toMatchObject({ status: 'answered', attempts: 3 });

    fake.fail('chatgpt', [{ status: 503 }, { malformed: true }, { hang: true }]);
    expect(await askTracked({ ...job, engine: 'chatgpt', round: 'r2' }, undefined, counting)).toBe(
      'failed',
    );
    const failed = await db.trackingAnswer.findFirstOrThrow({
      where: { businessId: business.id, engine: 'chatgpt' },
    });
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/within|time/i);
    expect(failed.attempts).toBe(3);
    const spend = await db.trackingSpend.findFirstOrThrow({ where: { engine: 'chatgpt' } });
    expect(spend.failures).toBeGreaterThanOrEqual(1);
    expect(spend.lastError).toBe(failed.error);

    // A failed call is in no figure, but the page knows it happened.
    const visibility = await visibilityFor(user, business.id);
    expect(visibility.overall.samples).toBe(1);
    expect(visibility.failed).toBe(1);
    expect((await listAnswers(user, business.id)).total).toBe(1);
  });

  it('stores an answer in hand again when the database is busy, never asking the engine twice', async () => {
    const { business } = await ownerWithBusiness('diy', { prompts: 1 });
    const promptId = (
      await db.trackedPrompt.findFirstOrThrow({ where: { businessId: business.id } })
    ).id;
    const client = db as unknown as { $transaction: unknown };
    const transaction = client.$transaction;
    let calls = 0;
    // The first store meets a transaction that expired waiting for its turn (P2028).
    client.$transaction = (...rest: unknown[]) => {
      calls += 1;
      if (calls === 1)
        return Promise.reject(
          Object.assign(new Error('Transaction already closed: expired'), { code: 'P2028' }),
        );
      return (transaction as (...a: unknown[]) => unknown).apply(db, rest);
    };
    try {
      const job = {
        businessId: business.id,
        promptId,
        engine: 'chatgpt' as const,
        sample: 1,
        round: 'busy',
      };
      expect(await askTracked(job, undefined, deps)).toBe('answered');
    } finally {
      client.$transaction = transaction;
    }
    expect(calls).toBe(2);
    expect(fake.requestsTo('chatgpt')).toHaveLength(1);
    expect(await db.trackingAnswer.count({ where: { businessId: business.id } })).toBe(1);
    expect(
      (await db.trackingStat.findFirstOrThrow({ where: { businessId: business.id } })).samples,
    ).toBe(1);
  });

  it('stores an answer in hand through time-outs (P1008, a locked SQLite file), all or nothing', async () => {
    const { business } = await ownerWithBusiness('diy', { prompts: 1 });
    const promptId = (
      await db.trackedPrompt.findFirstOrThrow({ where: { businessId: business.id } })
    ).id;
    const client = db as unknown as { $transaction: unknown };
    const transaction = client.$transaction;
    let calls = 0;
    // The first two tries time out half-way, after the answer's row was written in the transaction.
    client.$transaction = (fn: (tx: unknown) => Promise<unknown>, options: unknown) => {
      calls += 1;
      if (calls > 2) return (transaction as (...a: unknown[]) => unknown).apply(db, [fn, options]);
      return (transaction as (...a: unknown[]) => Promise<unknown>).apply(db, [
        async (tx: { trackingAnswer: { count: (a: unknown) => Promise<number> } }) => {
          await fn(tx);
          throw Object.assign(
            new Error(
              'Invalid `prisma.trackingAnswer.create()` invocation:\n\nOperation has timed out',
            ),
            { code: 'P1008' },
          );
        },
        options,
      ]);
    };
    try {
      const job = {
        businessId: business.id,
        promptId,
        engine: 'chatgpt' as const,
        sample: 1,
        round: 'timed-out',
      };
      expect(await askTracked(job, undefined, deps)).toBe('answered');
    } finally {
      client.$transaction = transaction;
    }
    expect(calls).toBe(3);
    expect(fake.requestsTo('chatgpt')).toHaveLength(1);
    expect(await db.trackingAnswer.count({ where: { businessId: business.id } })).toBe(1);
    expect(
      (await db.trackingStat.findFirstOrThrow({ where: { businessId: business.id } })).samples,
    ).toBe(1);
  });

  it('calls no engine once the month’s budget is spent, and counts what it skipped', async () => {
    const { business } = await ownerWithBusiness('diy', { prompts: 1 });
    const promptId = (
      await db.trackedPrompt.findFirstOrThrow({ where: { businessId: business.id } })
    ).id;
    const month = new Date().toISOString().slice(0, 7);
    const before = await db.trackingSpend.findUnique({
      where: { month_engine: { month, engine: 'perplexity' } },
    });
    await db.trackingSpend.upsert({
      where: { month_engine: { month, engine: 'claude' } },
      create: { month, engine: 'claude', costUsd: 10 },
      update: { costUsd: { increment: 10 } },
    });
    try {
      const job = {
        businessId: business.id,
        promptId,
        engine: 'perplexity' as const,
        sample: 1,
        round: 'b1',
      };
      expect(await askTracked(job, undefined, deps)).toBe('skipped');
      expect(fake.requestsTo('perplexity')).toHaveLength(0);
      const after = await db.trackingSpend.findUniqueOrThrow({
        where: { month_engine: { month, engine: 'perplexity' } },
      });
      expect(after.skipped).toBe((before?.skipped ?? 0) + 1);
      expect(await enqueueDueRounds()).toBe(0);
    } finally {
      await db.trackingSpend.update({
        where: { month_engine: { month, engine: 'claude' } },
        data: { costUsd: { decrement: 10 } },
      });
    }
  });
});

async function captureRounds(): Promise<RoundJob[]> {
  const rounds: RoundJob[] = [];
  await jobEngine().drain<RoundJob>(TRACKING_ROUND_QUEUE, async (job) => {
    rounds.push(job);
  });
  return rounds;
}

describe('the schedule', () => {
  it('queues a weekly round for DIY and Starter, a daily one for Growth and Authority, once a period', async () => {
    await captureRounds();
    const monday = new Date('2030-03-04T10:00:00Z');
    const diy = await ownerWithBusiness('diy');
    const growth = await ownerWithBusiness('growth');
    const free = await ownerWithBusiness('free');
    const lapsed = await ownerWithBusiness('starter', { expiry: new Date('2030-03-01T00:00:00Z') });
    const noPrompts = await ownerWithBusiness('authority', { prompts: 0 });

    const ids = (rounds: RoundJob[]) => rounds.map((round) => round.businessId);
    expect(
      await enqueueDueRounds({ now: monday, batch: 2, spreadMinutes: 0 }),
    ).toBeGreaterThanOrEqual(2);
    const first = await captureRounds();
    expect(ids(first)).toEqual(expect.arrayContaining([diy.business.id, growth.business.id]));
    for (const skipped of [free, lapsed, noPrompts])
      expect(ids(first)).not.toContain(skipped.business.id);

    // Again the same day: nothing new. The next day: the daily plan only.
    await enqueueDueRounds({ now: new Date('2030-03-04T16:00:00Z'), spreadMinutes: 0 });
    expect(ids(await captureRounds())).not.toContain(diy.business.id);
    await enqueueDueRounds({ now: new Date('2030-03-05T10:00:00Z'), spreadMinutes: 0 });
    const tuesday = ids(await captureRounds());
    expect(tuesday).toContain(growth.business.id);
    expect(tuesday).not.toContain(diy.business.id);
    // The next Monday: the weekly one again.
    await enqueueDueRounds({ now: new Date('2030-03-11T10:00:00Z'), spreadMinutes: 0 });
    expect(ids(await captureRounds())).toContain(diy.business.id);
  });
});

describe('the schedule spreads its rounds', () => {
  it("each business's round starts at its own minute after the scan, not all at once", async () => {
    await captureRounds();
    const owners = await Promise.all(
      ['diy', 'starter', 'growth', 'authority', 'diy', 'growth'].map((tier) =>
        ownerWithBusiness(tier),
      ),
    );
    const ids = owners.map((owner) => owner.business.id);
    // A scan 30 minutes ago: the rounds whose offset has passed are due, the others wait.
    const scanAt = new Date(Date.now() - 30 * 60 * 1000);
    expect(await enqueueDueRounds({ now: scanAt, spreadMinutes: 60 })).toBeGreaterThanOrEqual(6);
    const before = (Date.now() - scanAt.getTime()) / 1000;
    const due = (await captureRounds()).map((round) => round.businessId);
    const after = (Date.now() - scanAt.getTime()) / 1000;
    for (const id of ids) {
      const offset = roundOffsetSeconds(id, 60);
      if (offset < before) expect(due).toContain(id);
      else if (offset > after) expect(due).not.toContain(id);
    }
    // The scan again finds them queued: no round is queued twice.
    expect(await enqueueDueRounds({ now: scanAt, spreadMinutes: 60 })).toBe(0);
  });
});

describe('the Demo assistant', () => {
  it('answers through the same path, and its answers never count with real engines', async () => {
    const { user, business } = await ownerWithBusiness('diy', { prompts: 1 });
    const stored = await seedDemoHistory(business.id, { weeks: 2, samples: 2 });
    expect(stored).toBe(4);
    const demo = await db.trackingAnswer.findMany({ where: { businessId: business.id } });
    expect(demo.every((answer) => answer.engine === 'demo' && answer.text.length > 50)).toBe(true);
    expect(demo.every((answer) => answer.costUsd === 0)).toBe(true);
    // This process runs real engines: the page sees none of the simulated answers.
    const visibility = await visibilityFor(user, business.id);
    expect(visibility.overall.samples).toBe(0);
    expect(visibility.engines.map((engine) => engine.engine)).toEqual(['chatgpt', 'perplexity']);
    expect((await listAnswers(user, business.id)).total).toBe(0);
    expect((await listAnswers(user, business.id, { filter: { engine: 'demo' } })).total).toBe(0);
  });
});
