import { describe, expect, it, vi } from 'vitest';

// One real engine configured (its key only: nothing here calls it), two samples a round.
vi.hoisted(() => {
  process.env.OPENAI_API_KEY = 'sk-test-tracking-api';
  process.env.PERPLEXITY_API_KEY = 'pplx-test-tracking-api';
  process.env.TRACKING_SAMPLES = '2';
  process.env.TRACKING_MONTHLY_BUDGET_USD = '5';
});

import { TRACKED_PROMPTS_PER_BUSINESS } from '~/domain/tiers';
import { jobEngine } from '~/jobs/engine.server';
import { db } from '~/lib/db.server';
import * as answersApi from '~/routes/api.businesses.$id.answers';
import * as promptApi from '~/routes/api.businesses.$id.prompts.$promptId';
import * as promptsApi from '~/routes/api.businesses.$id.prompts';
import * as suggestionsApi from '~/routes/api.businesses.$id.prompt-suggestions';
import * as visibilityApi from '~/routes/api.businesses.$id.visibility';
import * as runsApi from '~/routes/api.businesses.$id.visibility.runs';
import {
  fanOutRound,
  TRACKING_ROUND_QUEUE,
  trackingAskQueue,
  type RoundJob,
} from '~/domain/tracking/rounds/runs.server';
import { callRoute, createUser, sessionCookieFor } from './helpers';

async function owner(tier = 'diy') {
  const user = await createUser();
  await db.user.update({ where: { id: user.id }, data: { subscriptionStatus: tier } });
  const { token } = await sessionCookieFor(user.id);
  const business = await db.business.create({
    data: {
      userId: user.id,
      name: 'Lone Star Plumbing',
      industry: 'Plumbing',
      location: 'Austin, TX',
      website: 'https://lonestarplumbing.example',
    },
  });
  return { user, business, auth: { Authorization: `Bearer ${token}` } };
}

const call = callRoute;

const addPrompt = (id: string, auth: Record<string, string>, text: unknown) =>
  call(
    promptsApi,
    'action',
    `/api/businesses/${id}/prompts`,
    { id },
    {
      body: { text },
      headers: auth,
    },
  );

describe('tracked prompts over the JSON API', () => {
  it('adds, lists, edits and removes a prompt, as written', async () => {
    const { business, auth } = await owner('diy');
    const created = await addPrompt(business.id, auth, '  best plumber in   Austin, TX ');
    expect(created.status).toBe(201);
    const prompt = created.data as { id: string; text: string; createdAt: string };
    expect(prompt.text).toBe('best plumber in Austin, TX');

    const listed = await call(
      promptsApi,
      'loader',
      `/api/businesses/${business.id}/prompts`,
      {
        id: business.id,
      },
      { headers: auth },
    );
    expect(listed.status).toBe(200);
    expect(listed.data).toEqual([prompt]);

    const params = { id: business.id, promptId: prompt.id };
    const path = `/api/businesses/${business.id}/prompts/${prompt.id}`;
    const edited = await call(promptApi, 'action', path, params, {
      method: 'PUT',
      body: { text: 'who should I call for a burst pipe in Austin' },
      headers: auth,
    });
    expect(edited.status).toBe(200);
    expect((edited.data as { text: string }).text).toBe(
      'who should I call for a burst pipe in Austin',
    );

    const removed = await call(promptApi, 'action', path, params, {
      method: 'DELETE',
      headers: auth,
    });
    expect(removed.status).toBe(204);
    expect(await db.trackedPrompt.count({ where: { businessId: business.id } })).toBe(0);
    const again = await call(promptApi, 'action', path, params, {
      method: 'DELETE',
      headers: auth,
    });
    expect(again.status).toBe(404);
  });

  it('refuses bad text with 400 and a duplicate with 409, storing nothing', async () => {
    const { business, auth } = await owner('diy');
    for (const text of ['', '  ', 'ab', 'x'.repeat(301), 42, null, 'bad\u0000text']) {
      const response = await addPrompt(business.id, auth, text);
      expect(response.status, JSON.stringify(text)).toBe(400);
      expect((response.data as { message: string }).message).toBeTruthy();
    }
    expect((await addPrompt(business.id, auth, 'best plumber in Austin')).status).toBe(201);
    const duplicate = await addPrompt(business.id, auth, 'Best plumber in Austin');
    expect(duplicate.status).toBe(409);
    expect(await db.trackedPrompt.count({ where: { businessId: business.id } })).toBe(1);
  });

  it.each([
    ['free', 1],
    ['diy', 5],
    ['starter', 10],
  ] as const)('holds the %s plan to %i prompts per business (403 past it)', async (tier, limit) => {
    expect(TRACKED_PROMPTS_PER_BUSINESS[tier]).toBe(limit);
    const { business, auth } = await owner(tier);
    for (let i = 1; i <= limit; i += 1)
      expect((await addPrompt(business.id, auth, `plumber question number ${i}`)).status).toBe(201);
    const over = await addPrompt(business.id, auth, 'one question too many');
    expect(over.status).toBe(403);
    expect((over.data as { message: string }).message).toMatch(/plan includes/);
    expect(await db.trackedPrompt.count({ where: { businessId: business.id } })).toBe(limit);
  });

  it('lets two simultaneous adds take the last place only once', async () => {
    const { business, auth } = await owner('free');
    const results = await Promise.all([
      addPrompt(business.id, auth, 'best plumber in Austin'),
      addPrompt(business.id, auth, 'emergency plumber in Austin'),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([201, 403]);
    expect(await db.trackedPrompt.count({ where: { businessId: business.id } })).toBe(1);
  });

  it('suggests questions from the industry and location, less the tracked ones', async () => {
    const { business, auth } = await owner('diy');
    const path = `/api/businesses/${business.id}/prompt-suggestions`;
    const first = await call(
      suggestionsApi,
      'loader',
      path,
      { id: business.id },
      { headers: auth },
    );
    expect(first.status).toBe(200);
    const suggestions = first.data as string[];
    expect(suggestions.length).toBeGreaterThanOrEqual(8);
    expect(suggestions.some((text) => /plumb/i.test(text) && /Austin/.test(text))).toBe(true);
    expect(suggestions.join(' ')).not.toMatch(/Lone Star/);
    await addPrompt(business.id, auth, suggestions[0]);
    const second = await call(
      suggestionsApi,
      'loader',
      path,
      { id: business.id },
      { headers: auth },
    );
    expect(second.data).not.toContain(suggestions[0]);
  });

  it("answers 404 for another user's business on every call, changing nothing", async () => {
    const mine = await owner('authority');
    const theirs = await owner('authority');
    const promptRow = await db.trackedPrompt.create({
      data: { businessId: theirs.business.id, text: 'best plumber in Austin' },
    });
    const id = theirs.business.id;
    const as = mine.auth;
    const responses = await Promise.all([
      call(promptsApi, 'loader', `/api/businesses/${id}/prompts`, { id }, { headers: as }),
      addPrompt(id, as, 'a question of mine'),
      call(
        promptApi,
        'action',
        `/api/businesses/${id}/prompts/${promptRow.id}`,
        { id, promptId: promptRow.id },
        {
          method: 'PUT',
          body: { text: 'changed by someone else' },
          headers: as,
        },
      ),
      call(
        promptApi,
        'action',
        `/api/businesses/${id}/prompts/${promptRow.id}`,
        { id, promptId: promptRow.id },
        {
          method: 'DELETE',
          headers: as,
        },
      ),
      // Their prompt through my own business's address is not found either.
      call(
        promptApi,
        'action',
        `/api/businesses/${mine.business.id}/prompts/${promptRow.id}`,
        {
          id: mine.business.id,
          promptId: promptRow.id,
        },
        { method: 'DELETE', headers: as },
      ),
      call(
        suggestionsApi,
        'loader',
        `/api/businesses/${id}/prompt-suggestions`,
        { id },
        { headers: as },
      ),
      call(
        runsApi,
        'action',
        `/api/businesses/${id}/visibility/runs`,
        { id },
        { method: 'POST', headers: as },
      ),
      call(visibilityApi, 'loader', `/api/businesses/${id}/visibility`, { id }, { headers: as }),
      call(answersApi, 'loader', `/api/businesses/${id}/answers`, { id }, { headers: as }),
    ]);
    const messages = responses.map((response) => {
      expect(response.status).toBe(404);
      return (response.data as { message: string }).message;
    });
    // Their prompt under my business's address is simply not one of mine.
    expect(messages.splice(4, 1)).toEqual(['Prompt not found']);
    for (const message of messages) expect(message).toBe('Business not found');
    const kept = await db.trackedPrompt.findUniqueOrThrow({ where: { id: promptRow.id } });
    expect(kept.text).toBe('best plumber in Austin');
    expect((await db.business.findUniqueOrThrow({ where: { id } })).trackingRunAt).toBeNull();
  });

  it('needs a session: 401 without one', async () => {
    const { business } = await owner('diy');
    const response = await call(promptsApi, 'loader', `/api/businesses/${business.id}/prompts`, {
      id: business.id,
    });
    expect(response.status).toBe(401);
  });
});

describe('Run now', () => {
  const runs = (id: string, auth: Record<string, string>) =>
    call(
      runsApi,
      'action',
      `/api/businesses/${id}/visibility/runs`,
      { id },
      {
        method: 'POST',
        headers: auth,
      },
    );

  it('queues one round (every prompt × every engine × TRACKING_SAMPLES) and refuses a second within the hour', async () => {
    const { business, auth } = await owner('diy');
    await addPrompt(business.id, auth, 'best plumber in Austin');
    await addPrompt(business.id, auth, 'emergency plumber near Austin open on Sunday');

    const first = await runs(business.id, auth);
    expect(first.status).toBe(202);
    expect(first.data).toEqual({ queued: 2 * 2 * 2 });

    const second = await runs(business.id, auth);
    expect(second.status).toBe(429);
    expect(Number(second.headers.get('Retry-After'))).toBeGreaterThan(3500);
    expect((second.data as { message: string }).message).toMatch(/once an hour/);

    // The round fans out into one job per (prompt, engine, sample), each once however often.
    const queued: RoundJob[] = [];
    await jobEngine().drain<RoundJob>(TRACKING_ROUND_QUEUE, async (job) => {
      queued.push(job);
      expect(await fanOutRound(job)).toBe(8);
      expect(await fanOutRound(job)).toBe(0);
    });
    expect(queued.filter((job) => job.businessId === business.id)).toHaveLength(1);
    const stats = await jobEngine().queueStats();
    const waiting = (queue: string) => stats.find((stat) => stat.queue === queue)?.waiting ?? 0;
    expect(waiting(trackingAskQueue('chatgpt'))).toBeGreaterThanOrEqual(4);
    expect(waiting(trackingAskQueue('perplexity'))).toBeGreaterThanOrEqual(4);
  });

  it('queues once when two clicks race', async () => {
    const { business, auth } = await owner('growth');
    await addPrompt(business.id, auth, 'best plumber in Austin');
    const results = await Promise.all([runs(business.id, auth), runs(business.id, auth)]);
    expect(results.map((result) => result.status).sort()).toEqual([202, 429]);
  });

  it('lets a Free plan run its one prompt once a day', async () => {
    const { business, auth } = await owner('free');
    await addPrompt(business.id, auth, 'best plumber in Austin');
    expect((await runs(business.id, auth)).status).toBe(202);
    // An hour later a paid plan could run again; Free waits for the day.
    await db.business.update({
      where: { id: business.id },
      data: { trackingRunAt: new Date(Date.now() - 2 * 60 * 60 * 1000) },
    });
    const again = await runs(business.id, auth);
    expect(again.status).toBe(429);
    expect((again.data as { message: string }).message).toMatch(/once a day/);
  });

  it('needs a prompt first (400) and pauses when the month’s budget is spent (409)', async () => {
    const { business, auth } = await owner('diy');
    const none = await runs(business.id, auth);
    expect(none.status).toBe(400);
    await addPrompt(business.id, auth, 'best plumber in Austin');
    const month = new Date().toISOString().slice(0, 7);
    await db.trackingSpend.create({ data: { month, engine: 'chatgpt', calls: 10, costUsd: 5.01 } });
    try {
      const paused = await runs(business.id, auth);
      expect(paused.status).toBe(409);
      expect((paused.data as { message: string }).message).toMatch(/paused/);
      expect(
        (await db.business.findUniqueOrThrow({ where: { id: business.id } })).trackingRunAt,
      ).toBeNull();
    } finally {
      await db.trackingSpend.delete({ where: { month_engine: { month, engine: 'chatgpt' } } });
    }
  });
});
