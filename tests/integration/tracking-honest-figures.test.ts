import { describe, expect, it, vi } from 'vitest';

// One real engine configured (its key only: nothing here calls it).
vi.hoisted(() => {
  process.env.OPENAI_API_KEY = 'sk-test-honest-figures';
});

import { periodStart } from '~/domain/tracking/figures/figures';
import { readAnswer } from '~/domain/tracking/reading/reader';
import { storeAnswer } from '~/domain/tracking/rounds/runs.server';
import { promptRows, visibilityOf } from '~/domain/tracking/reports/visibility.server';
import { db } from '~/lib/db.server';
import * as visibilityApi from '~/routes/api.businesses.$id.visibility';
import * as page from '~/routes/dashboard_.businesses.$id.visibility/route';
import { args, BASE, callRoute, createUser, run, sessionCookieFor } from './helpers';
import { migrationStatements } from './tracking-helpers';

// Issue 32, honest movement, on this file's database (SQLite, or PostgreSQL with
// TEST_DATABASE=postgresql): the per-question counts kept with each answer and backfilled by the
// data migration from the answers kept before, figures that survive the answers' deletion, and
// the page saying "no clear change" and "low sample".

const NAME = 'Lone Star Plumbing';
const BACKFILL = '20261127103826_tracking_prompt_stats_backfill';
const DAY = 86_400_000;

async function backfill() {
  const statements = migrationStatements(BACKFILL);
  for (const statement of statements) await db.$executeRawUnsafe(statement);
}

async function owner(tier = 'diy') {
  const user = await createUser();
  await db.user.update({ where: { id: user.id }, data: { subscriptionStatus: tier } });
  const { cookie, token } = await sessionCookieFor(user.id);
  const business = await db.business.create({
    data: {
      userId: user.id,
      name: NAME,
      location: 'Austin, TX',
      website: 'https://lonestarplumbing.example',
    },
  });
  return { user, business, cookie, auth: { Authorization: `Bearer ${token}` } };
}

const NAMED = `1. **Rival Rooter** - open late.\n2. **${NAME}** - fast and fair.`;
const WITHOUT = '1. **Rival Rooter** - open late.\n2. **Bee Cave Pipes** - friendly.';

let keys = 0;
/** Stores an answer as a round does (read, kept, counted). */
async function store(
  business: { id: string; name: string; website: string | null; location: string | null },
  promptId: string,
  text: string,
  askedAt: Date,
  periodKind: 'day' | 'week' = 'week',
) {
  keys += 1;
  await storeAnswer(
    {
      runKey: `honest-${keys}`,
      businessId: business.id,
      promptId,
      prompt: `question ${promptId}`,
      engine: 'chatgpt',
      sample: keys,
      periodKind,
      model: 'gpt-test',
      text,
      sources: [],
      reading: readAnswer({ text, sources: [], business, competitors: [] }),
      usage: { inputTokens: 1, outputTokens: 1 },
      costUsd: 0,
      latencyMs: 1,
      attempts: 1,
      website: business.website,
    },
    askedAt,
  );
}

/** Four questions asked three times: `named` of them name the business every time. */
async function round(
  business: Parameters<typeof store>[0],
  prompts: string[],
  named: number,
  at: Date,
) {
  for (const [index, promptId] of prompts.entries())
    for (let repeat = 0; repeat < 3; repeat += 1)
      await store(business, promptId, index < named ? NAMED : WITHOUT, at);
}

async function prompts(businessId: string, count: number) {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1)
    ids.push((await db.trackedPrompt.create({ data: { businessId, text: `question ${i}` } })).id);
  return ids;
}

const counted = (
  rows: {
    promptId: string;
    period: Date;
    samples: number;
    mentioned: number;
    positionSum: number;
    positionSquares: number;
    positionCount: number;
    positionBest: number | null;
    failed: number;
    periodKind: string;
  }[],
) =>
  rows
    .map((row) => ({
      promptId: row.promptId,
      period: row.period.toISOString(),
      periodKind: row.periodKind,
      samples: row.samples,
      mentioned: row.mentioned,
      positionSum: row.positionSum,
      positionSquares: row.positionSquares,
      positionCount: row.positionCount,
      positionBest: row.positionBest,
      failed: row.failed,
    }))
    .sort((a, b) => a.promptId.localeCompare(b.promptId) || a.period.localeCompare(b.period));

describe('the per-question counts', () => {
  it('are kept with each answer, and the data migration gives the same from the answers kept before', async () => {
    const { business } = await owner();
    const ids = await prompts(business.id, 2);
    const at = new Date('2026-11-17T10:00:00.000Z');
    await store(business, ids[0]!, NAMED, at);
    await store(business, ids[0]!, NAMED, new Date(at.getTime() + 3_600_000));
    await store(business, ids[0]!, WITHOUT, at);
    await store(business, ids[1]!, WITHOUT, new Date(at.getTime() + DAY));
    const live = await db.trackingPromptStat.findMany({ where: { businessId: business.id } });
    expect(counted(live)).toEqual([
      expect.objectContaining({
        promptId: ids[0],
        period: '2026-11-17T00:00:00.000Z',
        samples: 3,
        mentioned: 2,
        positionSum: 4,
        positionSquares: 8,
        positionCount: 2,
        positionBest: 2,
      }),
      expect.objectContaining({ promptId: ids[1], samples: 1, mentioned: 0, positionBest: null }),
    ]);

    // The same answers as kept before the table existed: no counts, then the migration.
    const { business: before } = await owner();
    await db.trackingAnswer.createMany({
      data: (await db.trackingAnswer.findMany({ where: { businessId: business.id } })).map(
        ({ id: _id, runKey, businessId: _b, ...answer }) => ({
          ...answer,
          runKey: `${runKey}-before`,
          businessId: before.id,
        }),
      ),
    });
    // ... and one kept without a prompt id, and one failed call.
    await db.trackingAnswer.create({
      data: {
        runKey: `orphan-${before.id}`,
        businessId: before.id,
        promptId: null,
        prompt: 'a removed question',
        engine: 'chatgpt',
        model: 'm',
        period: at,
        periodKind: 'day',
        sample: 1,
        status: 'failed',
        text: '',
        sources: '[]',
        askedAt: at,
      },
    });
    await backfill();
    const backfilled = await db.trackingPromptStat.findMany({ where: { businessId: before.id } });
    expect(counted(backfilled).filter((row) => !row.promptId.startsWith('text:'))).toEqual(
      counted(live),
    );
    expect(counted(backfilled).find((row) => row.promptId.startsWith('text:'))).toMatchObject({
      promptId: 'text:a removed question',
      samples: 0,
      failed: 1,
      periodKind: 'day',
    });
    // A new answer of a backfilled day adds to its row: the migration wrote the day as the
    // application does (one row per question, engine and day).
    await store(before, ids[0]!, NAMED, new Date(at.getTime() + 7_200_000));
    const after = await db.trackingPromptStat.findMany({
      where: { businessId: before.id, promptId: ids[0]! },
    });
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ samples: 4, mentioned: 3, positionBest: 2 });
    // Run again, the migration leaves rows there as they are.
    await backfill();
    expect(
      await db.trackingPromptStat.findFirstOrThrow({
        where: { businessId: before.id, promptId: ids[0]! },
      }),
    ).toMatchObject({ samples: 4 });
  });
});

describe('the figures', () => {
  it('widen for repeats that agree, say "no clear change" within noise, and outlive the answers', async () => {
    const { business, user } = await owner();
    const ids = await prompts(business.id, 4);
    const now = new Date();
    const thisWeek = new Date(
      Math.max(periodStart(now, 'week').getTime() + 3_600_000, now.getTime() - 60_000),
    );
    const lastWeek = new Date(periodStart(now, 'week').getTime() - 3 * DAY);
    // Last week one question of four named the business, this week three: 3 of 12 → 9 of 12,
    // each question's repeats alike.
    await round(business, ids, 1, lastWeek);
    await round(business, ids, 3, thisWeek);

    const visibility = await visibilityOf(business, 'week', now);
    expect(visibility.overall).toMatchObject({ samples: 12, mentioned: 9, questions: 4 });
    expect(visibility.overall.mentionEffectiveSamples).toBeCloseTo(4, 6);
    // Wilson on 3 of 4 (the four questions), not on 9 of 12.
    expect(visibility.overall.mentionRateLow).toBeCloseTo(0.3006, 3);
    expect(visibility.overall.mentionRateLow).toBeLessThan(0.46);
    expect(visibility.trend).toMatchObject({ change: 0.5, clear: false });
    expect(visibility.overall.lowSample).toBe(false);
    // The trend starts where tracking began: last week, not twelve weeks back.
    expect(visibility.firstPeriod).toBe(periodStart(lastWeek, 'week').toISOString().slice(0, 10));
    expect(visibility.periods).toHaveLength(2);

    const rows = await promptRows(business, 10, visibility.current);
    expect(rows[0]!.engines.find((engine) => engine.engine === 'chatgpt')).toMatchObject({
      samples: 3,
      mentioned: 3,
      bestPosition: 2,
      lowSample: true,
    });

    // Retention deletes the answers: every figure stays, from the counts.
    await db.trackingAnswer.deleteMany({ where: { businessId: business.id } });
    const later = await visibilityOf(business, 'week', now);
    expect(later.overall).toEqual(visibility.overall);
    expect(later.periods).toEqual(visibility.periods);
    expect(await promptRows(business, 10, later.current)).toEqual(rows);
    void user;
  });

  it('pools the last weeks when this one is too thin, and marks the low sample on the page', async () => {
    const { business, cookie, auth } = await owner();
    const ids = await prompts(business.id, 4);
    const now = new Date();
    const thisWeek = new Date(
      Math.max(periodStart(now, 'week').getTime() + 3_600_000, now.getTime() - 60_000),
    );
    const lastWeek = new Date(periodStart(now, 'week').getTime() - 3 * DAY);
    await round(business, ids, 2, lastWeek);
    // This week only two questions were asked: 6 answers.
    await round(business, ids.slice(0, 2), 1, thisWeek);

    const result = await run(() =>
      page.loader(
        args(
          new Request(`${BASE}/dashboard/businesses/${business.id}/visibility`, {
            headers: { Cookie: cookie },
          }),
          { id: business.id },
        ),
      ),
    );
    expect(result.status).toBe(200);
    const data = result.data as Awaited<ReturnType<typeof page.loader>>['data'];
    expect(data.visibility.overall).toMatchObject({ samples: 6, lowSample: true });
    expect(data.change).toBe('no clear change since last week');
    expect(data.visibility.pooled).toMatchObject({
      periods: 2,
      overall: { samples: 18, mentioned: 9, lowSample: false, questions: 4 },
    });

    // The JSON API says the same: the low sample, no change beyond noise, the pooled figures.
    const api = await callRoute(
      visibilityApi,
      'loader',
      `/api/businesses/${business.id}/visibility`,
      { id: business.id },
      { headers: auth },
    );
    expect(api.status).toBe(200);
    const body = api.data as {
      overall: { samples: number; lowSample: boolean; mentionEffectiveSamples: number };
      change: { difference: number; beyondNoise: boolean } | null;
      pooled: { overall: { samples: number; lowSample: boolean } } | null;
      periods: { start: string }[];
    };
    expect(body.overall).toMatchObject({ samples: 6, lowSample: true });
    expect(body.change).toMatchObject({ beyondNoise: false });
    expect(body.change!.difference).toBeCloseTo(0.5 - 6 / 12, 9);
    expect(body.pooled?.overall).toMatchObject({ samples: 18, lowSample: false });
    expect(body.periods).toHaveLength(2);
  });

  it('keeps reporting in weeks when the plan moves to daily questions, and says since when', async () => {
    const { business } = await owner('growth');
    const ids = await prompts(business.id, 1);
    const now = new Date();
    const weekly = new Date(periodStart(now, 'week').getTime() - 10 * DAY);
    const daily = new Date(now.getTime() - 60_000);
    await store(business, ids[0]!, NAMED, weekly, 'week');
    await store(business, ids[0]!, NAMED, daily, 'day');
    const visibility = await visibilityOf(business, 'day', now);
    expect(visibility.kind).toBe('week');
    expect(visibility.scheduleChange).toEqual({
      from: 'week',
      to: 'day',
      since: periodStart(daily, 'day').toISOString().slice(0, 10),
    });
    // Without a change, the plan's period.
    const { business: steady } = await owner('growth');
    const steadyIds = await prompts(steady.id, 1);
    await store(steady, steadyIds[0]!, NAMED, daily, 'day');
    expect(await visibilityOf(steady, 'day', now)).toMatchObject({
      kind: 'day',
      scheduleChange: null,
    });
  });
});
