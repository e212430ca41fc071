import { describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.OPENAI_API_KEY = 'sk-test-visibility-lapsed';
  process.env.TRACKING_SAMPLES = '1';
});

import { readAnswer } from '~/domain/tracking/reading/reader';
import { storeAnswer } from '~/domain/tracking/rounds/runs.server';
import { db } from '~/lib/db.server';
import * as page from '~/routes/dashboard_.businesses.$id.visibility/route';
import {
  notAskedNote,
  runScope,
  trackedSummary,
} from '~/routes/dashboard_.businesses.$id.visibility/plan-words';
import { args, BASE, createUser, run, sessionCookieFor } from './helpers';

// Issue 44, item 3: a plan that lapsed below the questions tracked. The page said "5 of 1 question
// on your Free plan", hid the past figures of the questions past the limit behind "not asked:
// over your plan's limit" (next to their "Last asked" date) and "Run now asks every tracked
// question". Now it says what is tracked, what this plan asks from now on, and keeps past weeks.

type PageData = Awaited<ReturnType<typeof page.loader>>['data'];

describe('a lapsed plan on the visibility page', () => {
  it('says what is tracked and what is asked from now on, and keeps the past answers’ figures', async () => {
    const user = await createUser();
    await db.user.update({
      where: { id: user.id },
      data: { subscriptionStatus: 'growth', subscriptionExpiry: new Date(Date.now() + 86400000) },
    });
    const business = await db.business.create({
      data: { userId: user.id, name: 'Prairie Legal', website: null, location: 'Springfield, IL' },
    });
    const prompts = [];
    for (let i = 0; i < 5; i++) {
      prompts.push(
        await db.trackedPrompt.create({
          data: { businessId: business.id, text: `best estate lawyer question ${i}` },
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    // The last question was asked this week, while the plan was still Growth.
    const last = prompts.at(-1)!;
    const text = 'Prairie Legal is a good choice for estate planning.';
    await storeAnswer(
      {
        runKey: 'lapsed-1',
        businessId: business.id,
        promptId: last.id,
        prompt: last.text,
        engine: 'chatgpt',
        sample: 0,
        periodKind: 'week',
        model: 'gpt-test',
        text,
        sources: [],
        reading: readAnswer({ text, sources: [], business, competitors: [] }),
        usage: { inputTokens: 1, outputTokens: 1 },
        costUsd: 0,
        latencyMs: 1,
        attempts: 1,
        website: null,
      },
      new Date(),
    );
    // Then the plan lapsed: it counts as Free (one question).
    await db.user.update({
      where: { id: user.id },
      data: { subscriptionExpiry: new Date(Date.now() - 1000) },
    });
    const { cookie } = await sessionCookieFor(user.id);
    const path = `/dashboard/businesses/${business.id}/visibility`;
    const result = await run(() =>
      page.loader(
        args(new Request(`${BASE}${path}`, { headers: { Cookie: cookie } }), {
          id: business.id,
        }),
      ),
    );
    const data = result.data as PageData;
    expect(data.limit).toMatchObject({ count: 5, limit: 1, plan: 'Free' });

    const summary = trackedSummary(data.limit);
    expect(summary).toBe(
      '5 questions tracked. Your Free plan asks the first one from now on; the others keep the answers they already had.',
    );
    expect(summary).not.toMatch(/5 of 1/);
    expect(notAskedNote(data.limit)).toBe(
      'Not asked from now on: your Free plan asks 1 question. Its past answers stay.',
    );
    expect(runScope({ count: 5, limit: 1, hours: 'once a day' })).toBe(
      'Asks the first of the 5 questions you track (your plan includes 1) of every assistant, several times each. Your plan allows this once a day.',
    );

    // The question past the limit keeps this week's figures and its "Last asked".
    const row = data.prompts.find((prompt) => prompt.id === last.id)!;
    expect(row.active).toBe(false);
    expect(row.lastAskedAt).not.toBeNull();
    expect(row.engines.find((cell) => cell.engine === 'chatgpt')).toMatchObject({
      samples: 1,
      mentioned: 1,
    });
  });

  it('within the limit it reads as before', () => {
    expect(trackedSummary({ count: 3, limit: 5, plan: 'DIY All-In' })).toBe(
      '3 of 5 questions on your DIY All-In plan',
    );
    expect(runScope({ count: 3, limit: 5, hours: 'once an hour' })).toBe(
      'Asks your 3 tracked questions of every assistant, several times each. Your plan allows this once an hour.',
    );
  });
});
