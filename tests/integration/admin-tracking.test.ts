import { describe, expect, it, vi } from 'vitest';
import { getTrackingOverview } from '~/domain/tracking/reports/admin.server';
import { TRACKING_ROUND_QUEUE, type RoundJob } from '~/domain/tracking/rounds/runs.server';
import { jobEngine } from '~/jobs/engine.server';
import { db } from '~/lib/db.server';
import { env } from '~/lib/env.server';
import { loader as apiLoader } from '~/routes/api.admin.tracking';
import { loadAdmin, signedIn } from './admin-helpers';
import { args, jsonRequest, run, sessionCookieFor } from './helpers';

// Two engines configured before the app reads its settings: ChatGPT on a model with a built-in
// price, and an OpenAI-compatible endpoint on a model nobody priced.
vi.hoisted(() => {
  process.env.OPENAI_API_KEY = 'sk-test-admin-tracking';
  process.env.OPENAI_COMPATIBLE_BASE_URL = 'http://127.0.0.1:9/v1';
  process.env.OPENAI_COMPATIBLE_MODEL = 'house-model-1';
});

// The admin's Tracking tab: this month's calls, failures, skipped calls and spend per engine
// against the budget (a banner once it is reached), each engine's last failure, the tracking
// queues, and the businesses asked about this month, 20 a page, most answers first.

type Overview = Awaited<ReturnType<typeof getTrackingOverview>>;

const load = async (cookie: string, path = '/admin?tab=tracking') => loadAdmin(cookie, path);

const overviewOf = async (cookie: string, path?: string) =>
  ((await load(cookie, path)).data as { tracking: Overview }).tracking;

function month(now = new Date()) {
  return now.toISOString().slice(0, 7);
}

/** The first day of this month (UTC), plus `days`. */
function thisMonth(days = 0) {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1 + days));
}

/** A business and its owner (a bare user row: these owners never sign in, so no password to hash). */
async function business(email: string, name: string) {
  const owner = await db.user.create({ data: { email } });
  return db.business.create({ data: { userId: owner.id, name } });
}

describe('/admin?tab=tracking', () => {
  it('is refused to a non-admin (the page redirects, the domain says 403)', async () => {
    const { user, cookie } = await signedIn('user');
    const res = await load(cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/dashboard');
    await expect(getTrackingOverview(user)).rejects.toMatchObject({ status: 403 });
  });

  it('GET /api/admin/tracking: visitor 401, non-admin 403, admin the same overview as JSON', async () => {
    const get = (headers: Record<string, string> = {}) =>
      run(() => apiLoader(args(jsonRequest('/api/admin/tracking?page=abc', { headers }))));
    expect(await get()).toMatchObject({
      status: 401,
      data: { message: 'Authentication required' },
    });
    const { user } = await signedIn('user');
    const { token: userToken } = await sessionCookieFor(user.id);
    expect((await get({ Authorization: `Bearer ${userToken}` })).status).toBe(403);

    const { user: admin } = await signedIn();
    const { token } = await sessionCookieFor(admin.id);
    const res = await get({ Authorization: `Bearer ${token}` });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.data).toMatchObject({
      budget: { month: month(), budgetUsd: env.TRACKING_MONTHLY_BUDGET_USD },
      businesses: { page: 1, limit: 20 },
    });
  });

  it('shows spend per engine against the budget, the last failure, and pauses at the budget', async () => {
    const { cookie } = await signedIn();
    const lastErrorAt = new Date();
    await db.trackingSpend.create({
      data: {
        month: month(),
        engine: 'chatgpt',
        calls: 120,
        failures: 4,
        skipped: 0,
        inputTokens: 50_000,
        outputTokens: 20_000,
        costUsd: 1.25,
        lastError: 'Rate limited (429) after 4 attempts',
        lastErrorAt,
      },
    });
    // Last month's spend counts for nothing now.
    await db.trackingSpend.create({
      data: { month: '2000-01', engine: 'claude', calls: 9, costUsd: 999 },
    });

    const overview = await overviewOf(cookie);
    expect(overview.budget).toMatchObject({
      month: month(),
      spentUsd: 1.25,
      budgetUsd: env.TRACKING_MONTHLY_BUDGET_USD,
      paused: false,
    });
    const chatgpt = overview.engines.find((engine) => engine.engine === 'chatgpt');
    expect(chatgpt).toMatchObject({
      name: 'ChatGPT',
      calls: 120,
      failures: 4,
      skipped: 0,
      costUsd: 1.25,
      lastError: 'Rate limited (429) after 4 attempts',
      lastErrorAt: lastErrorAt.toISOString(),
    });
    expect(overview.engines.find((engine) => engine.engine === 'claude')).toBeUndefined();

    // Spend reaches the budget: every call stops, and the tab says so.
    await db.trackingSpend.create({
      data: {
        month: month(),
        engine: 'perplexity',
        calls: 3,
        skipped: 7,
        costUsd: env.TRACKING_MONTHLY_BUDGET_USD,
      },
    });
    const paused = await overviewOf(cookie);
    expect(paused.budget.paused).toBe(true);
    expect(paused.engines.find((engine) => engine.engine === 'perplexity')).toMatchObject({
      skipped: 7,
    });
  });

  it('warns of a configured engine whose model has no price', async () => {
    const { cookie } = await signedIn();
    const overview = await overviewOf(cookie);
    expect(overview.engines.find((engine) => engine.engine === 'chatgpt')).toMatchObject({
      configured: true,
      priced: true,
    });
    expect(overview.engines.find((engine) => engine.engine === 'compatible')).toMatchObject({
      configured: true,
      model: 'house-model-1',
      priced: false,
      calls: 0,
    });
  });

  it('shows the depth of the tracking queues only', async () => {
    const { cookie } = await signedIn();
    await jobEngine().enqueue<RoundJob>(
      TRACKING_ROUND_QUEUE,
      { businessId: 'b', round: 'week-2026-11-16', trigger: 'scheduled' },
      { key: 'admin-tracking-test' },
    );
    const overview = await overviewOf(cookie);
    const queues = overview.queues.map((queue) => queue.queue);
    expect(queues).toEqual(
      expect.arrayContaining(['tracking-scan', 'tracking-round', 'tracking-digest']),
    );
    expect(queues).not.toContain('mail-send');
    expect(overview.queues.find((queue) => queue.queue === TRACKING_ROUND_QUEUE)).toMatchObject({
      waiting: 1,
      running: 0,
      failed: 0,
    });
  });

  it("pages this month's businesses 20 at a time, most answers first, with their rates", async () => {
    const { cookie } = await signedIn();
    const top = await business('top-owner@example.com', 'Top Plumbing');
    // Two engines and two days of this month: 10 answers, 4 named it, 1 cited its site.
    await db.trackingStat.createMany({
      data: [
        {
          businessId: top.id,
          engine: 'chatgpt',
          period: thisMonth(),
          periodKind: 'day',
          samples: 6,
          mentioned: 3,
          cited: 1,
        },
        {
          businessId: top.id,
          engine: 'claude',
          period: thisMonth(1),
          periodKind: 'day',
          samples: 4,
          mentioned: 1,
        },
        // Last month: not counted.
        {
          businessId: top.id,
          engine: 'chatgpt',
          period: new Date(thisMonth().getTime() - 86_400_000),
          periodKind: 'day',
          samples: 50,
          mentioned: 50,
        },
      ],
    });
    const askedAt = new Date(thisMonth(1).getTime() + 3_600_000);
    await db.trackingAnswer.create({
      data: {
        runKey: 'admin-tracking-top',
        businessId: top.id,
        prompt: 'best plumber',
        engine: 'claude',
        model: 'claude-test',
        period: thisMonth(1),
        periodKind: 'day',
        sample: 1,
        status: 'answered',
        text: 'Top Plumbing.',
        sources: '[]',
        askedAt,
      },
    });
    // 22 more with fewer answers each (9 down to 1 ... and a few of 1), one with failures only.
    for (let i = 0; i < 22; i += 1) {
      const other = await business(`owner-${i}@example.com`, `Shop ${i}`);
      await db.trackingStat.create({
        data: {
          businessId: other.id,
          engine: 'chatgpt',
          period: thisMonth(),
          periodKind: 'day',
          samples: Math.max(1, 9 - i),
          mentioned: 0,
        },
      });
    }
    const failedOnly = await business('failed-owner@example.com', 'Failed Only');
    await db.trackingStat.create({
      data: {
        businessId: failedOnly.id,
        engine: 'chatgpt',
        period: thisMonth(),
        periodKind: 'day',
        failed: 3,
      },
    });

    const first = (await overviewOf(cookie)).businesses;
    expect(first).toMatchObject({ page: 1, limit: 20, total: 23, pageCount: 2 });
    expect(first.items).toHaveLength(20);
    expect(first.items[0]).toMatchObject({
      name: 'Top Plumbing',
      ownerEmail: 'top-owner@example.com',
      answers: 10,
      mentioned: 4,
      cited: 1,
      mentionRate: 0.4,
      citationRate: 0.1,
      lastAskedAt: askedAt.toISOString(),
    });
    const answers = first.items.map((row) => row.answers);
    expect(answers).toEqual([...answers].sort((a, b) => b - a));

    const second = (await overviewOf(cookie, '/admin?tab=tracking&page=2')).businesses;
    expect(second.page).toBe(2);
    expect(second.items).toHaveLength(3);
    const names = [...first.items, ...second.items].map((row) => row.name);
    expect(new Set(names).size).toBe(23);
    expect(names).not.toContain('Failed Only');

    // A page past the end shows the last one.
    expect((await overviewOf(cookie, '/admin?tab=tracking&page=9')).businesses.page).toBe(2);
  });
});
