import { describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.OPENAI_API_KEY = 'sk-test-name-corrections';
  process.env.TRACKING_SAMPLES = '3';
});

import { sendDigest } from '~/domain/tracking/reports/digest.server';
import { periodStart } from '~/domain/tracking/figures/figures';
import type { AnswerReading } from '~/domain/tracking/reading/reader';
import { storeAnswer } from '~/domain/tracking/rounds/runs.server';
import { visibilityFor } from '~/domain/tracking/reports/visibility.server';
import { listAnswers } from '~/domain/tracking/reports/answers.server';
import { db } from '~/lib/db.server';
import * as answersApi from '~/routes/api.businesses.$id.answers';
import * as correctionApi from '~/routes/api.businesses.$id.name-corrections.$correctionId';
import * as correctionsApi from '~/routes/api.businesses.$id.name-corrections';
import * as visibilityApi from '~/routes/api.businesses.$id.visibility';
import * as page from '~/routes/dashboard_.businesses.$id.visibility/route';
import {
  args,
  BASE,
  callRoute,
  createUser,
  formRequest,
  run,
  sessionCookieFor,
  toastOf,
} from './helpers';

// The owner corrects the names the answers were read for: hides a name that is not a business,
// merges two spellings of one. Every figure applies it at once, past answers included, new rounds
// too, and undoing it restores the reading. Per business, and only the owner's.

async function owner() {
  const user = await createUser();
  await db.user.update({ where: { id: user.id }, data: { subscriptionStatus: 'diy' } });
  const { token, cookie } = await sessionCookieFor(user.id);
  const business = await db.business.create({
    data: { userId: user.id, name: 'Moreno Plumbing', location: 'Leeds, UK' },
  });
  const prompt = await db.trackedPrompt.create({
    data: { businessId: business.id, text: 'best plumber in Leeds' },
  });
  return { user, business, prompt, cookie, auth: { Authorization: `Bearer ${token}` } };
}

let keys = 0;
/** Stores an answer read as `names` (the business named when `mentioned`), as a round does. */
async function answer(
  business: { id: string },
  promptId: string,
  names: string[],
  { mentioned = true, askedAt = new Date() } = {},
) {
  keys += 1;
  const competitors = names.map((name, i) => ({ name, position: i + 1, known: false }));
  const reading: AnswerReading = {
    mentioned,
    position: mentioned ? names.length + 1 : null,
    cited: false,
    retrieved: false,
    citedOrRetrieved: false,
    citedNotNamed: false,
    citedUrls: [],
    competitors,
    matches: [],
  };
  await storeAnswer(
    {
      runKey: `corrections-${keys}`,
      businessId: business.id,
      promptId,
      prompt: 'best plumber in Leeds',
      engine: 'chatgpt',
      sample: keys,
      periodKind: 'week',
      model: 'gpt-test',
      text: names.join(', '),
      sources: [],
      reading,
      usage: { inputTokens: 1, outputTokens: 1 },
      costUsd: 0,
      latencyMs: 1,
      attempts: 1,
      website: null,
    },
    askedAt,
  );
}

const correct = (id: string, auth: Record<string, string>, body: unknown) =>
  callRoute(
    correctionsApi,
    'action',
    `/api/businesses/${id}/name-corrections`,
    { id },
    {
      body,
      headers: auth,
    },
  );

const undo = (id: string, correctionId: string, auth: Record<string, string>) =>
  callRoute(
    correctionApi,
    'action',
    `/api/businesses/${id}/name-corrections/${correctionId}`,
    { id, correctionId },
    { method: 'DELETE', headers: auth },
  );

type VisibilityJson = {
  overall: { shareOfVoice: number; mentioned: number };
  competitors: { name: string; mentions: number; shareOfVoice: number; known: boolean }[];
  periods: { start: string; samples: number }[];
};

async function figures(id: string, auth: Record<string, string>) {
  const response = await callRoute(
    visibilityApi,
    'loader',
    `/api/businesses/${id}/visibility`,
    { id },
    {
      headers: auth,
    },
  );
  expect(response.status).toBe(200);
  return response.data as VisibilityJson;
}

/** Each answer's other businesses, as GET /api/businesses/{id}/answers gives them. */
async function answerLists(id: string, auth: Record<string, string>) {
  const response = await callRoute(
    answersApi,
    'loader',
    `/api/businesses/${id}/answers`,
    { id },
    {
      headers: auth,
    },
  );
  expect(response.status).toBe(200);
  return (response.data as { competitors: { name: string }[] }[]).map((item) =>
    item.competitors.map((competitor) => competitor.name),
  );
}

const table = (data: VisibilityJson) =>
  data.competitors.map(({ name, mentions }) => [name, mentions]);

describe('hiding a name that is not a business', () => {
  it('takes it out of share of voice, the table and the answers, for past and new answers, until undone', async () => {
    const { user, business, prompt, auth } = await owner();
    await answer(business, prompt.id, ['Recent AI Developments', 'PipeRight Leeds']);
    await answer(business, prompt.id, ['Recent AI Developments', 'Ironwood Plumbing']);
    await answer(business, prompt.id, ['PipeRight Leeds'], { mentioned: false });

    const before = await figures(business.id, auth);
    expect(table(before)).toEqual([
      ['PipeRight Leeds', 2],
      ['Recent AI Developments', 2],
      ['Ironwood Plumbing', 1],
    ]);
    // 2 answers name the business; 5 name the others.
    expect(before.overall.shareOfVoice).toBeCloseTo(2 / 7, 10);

    const hidden = await correct(business.id, auth, {
      action: 'hide',
      name: 'Recent AI Developments',
    });
    expect(hidden.status).toBe(201);
    expect(hidden.data).toMatchObject({
      action: 'hide',
      name: 'Recent AI Developments',
      key: 'recent ai developments',
      into: null,
    });

    const after = await figures(business.id, auth);
    expect(table(after)).toEqual([
      ['PipeRight Leeds', 2],
      ['Ironwood Plumbing', 1],
    ]);
    expect(after.overall.shareOfVoice).toBeCloseTo(2 / 5, 10);
    expect(after.competitors[0]!.shareOfVoice).toBeCloseTo(2 / 5, 10);
    const visibility = await visibilityFor(user, business.id);
    expect(visibility.periods.at(-1)!.shareOfVoice).toBeCloseTo(2 / 5, 10);

    const answers = await answerLists(business.id, auth);
    expect(answers.flat()).not.toContain('Recent AI Developments');

    // A new round that reads the same heading: still hidden.
    await answer(business, prompt.id, ['Recent AI Developments', 'Ironwood Plumbing']);
    const later = await figures(business.id, auth);
    expect(table(later)).toEqual([
      ['Ironwood Plumbing', 2],
      ['PipeRight Leeds', 2],
    ]);
    expect(later.overall.shareOfVoice).toBeCloseTo(3 / 7, 10);

    // Undone: the name is back in every figure, new answer included.
    const undone = await undo(business.id, (hidden.data as { id: string }).id, auth);
    expect(undone.status).toBe(204);
    const restored = await figures(business.id, auth);
    expect(table(restored)).toContainEqual(['Recent AI Developments', 3]);
    expect(restored.overall.shareOfVoice).toBeCloseTo(3 / 10, 10);
  });

  it('leaves it out of the digest’s new business of the week', async () => {
    const { user, business, prompt, auth } = await owner();
    // Answers of an earlier week: "new" is against them (the first week has no new business).
    await answer(business, prompt.id, ['Old Rival'], {
      askedAt: new Date(Date.now() - 10 * 86_400_000),
    });
    await answer(business, prompt.id, ['Holiday Name', 'PipeRight Leeds']);
    await answer(business, prompt.id, ['Holiday Name']);
    await correct(business.id, auth, { action: 'hide', name: 'Holiday Name' });
    expect(
      await sendDigest({
        userId: user.id,
        week: periodStart(new Date(), 'week').toISOString().slice(0, 10),
      }),
    ).toBe('sent');
    const mail = await db.outboxMessage.findFirstOrThrow({
      where: { to: user.email },
      orderBy: { createdAt: 'desc' },
    });
    // "Holiday Name" was named most this week and never before, but it is no business.
    expect(mail.text).toContain('New this week: PipeRight Leeds');
    expect(mail.text).not.toMatch(/New this week: Holiday Name/);
  });
});

describe('merging two spellings of one business', () => {
  it('adds their answers up under one name, once per answer, in every figure', async () => {
    const { business, prompt, auth } = await owner();
    await answer(business, prompt.id, ["Joe's Plumbing"]);
    await answer(business, prompt.id, ["Joe's Plumbing & Heating LLC"]);
    // One answer names both spellings: the merged business counts once for it.
    await answer(business, prompt.id, ["Joe's Plumbing", "Joe's Plumbing & Heating LLC"], {
      mentioned: false,
    });

    const before = await figures(business.id, auth);
    expect(before.overall.shareOfVoice).toBeCloseTo(2 / 6, 10);

    const merged = await correct(business.id, auth, {
      action: 'merge',
      name: "Joe's Plumbing & Heating LLC",
      into: "Joe's Plumbing",
    });
    expect(merged.status).toBe(201);
    expect(merged.data).toMatchObject({
      action: 'merge',
      into: { name: "Joe's Plumbing", key: 'joe plumbing' },
    });
    const after = await figures(business.id, auth);
    expect(table(after)).toEqual([["Joe's Plumbing", 3]]);
    expect(after.overall.shareOfVoice).toBeCloseTo(2 / 5, 10);

    const answers = await answerLists(business.id, auth);
    for (const names of answers) expect(names).toEqual(["Joe's Plumbing"]);

    await undo(business.id, (merged.data as { id: string }).id, auth);
    expect(table(await figures(business.id, auth))).toEqual([
      ["Joe's Plumbing", 2],
      ["Joe's Plumbing & Heating LLC", 2],
    ]);
  });
});

describe('what a correction may not do', () => {
  it('refuses bad input, the business itself, a listed competitor, repeats, cycles and hidden targets', async () => {
    const { business, prompt, auth } = await owner();
    await db.competitor.create({
      data: { businessId: business.id, name: 'Ironwood Plumbing', key: 'ironwood plumbing' },
    });
    await answer(business, prompt.id, ['PipeRight Leeds', 'Ironwood Plumbing', 'Date']);
    for (const body of [
      {},
      { action: 'rename', name: 'Date' },
      { action: 'hide', name: '' },
      { action: 'hide', name: 'x'.repeat(101) },
      { action: 'hide', name: 'bad\u0000name' },
      { action: 'merge', name: 'Date' },
      { action: 'merge', name: 'Date', into: 'date' },
      { action: 'hide', name: 'Moreno Plumbing' },
    ]) {
      const response = await correct(business.id, auth, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((response.data as { message: string }).message).toBeTruthy();
    }
    expect(
      (await correct(business.id, auth, { action: 'hide', name: 'Ironwood Plumbing' })).status,
    ).toBe(409);
    expect((await correct(business.id, auth, { action: 'hide', name: 'Date' })).status).toBe(201);
    expect((await correct(business.id, auth, { action: 'hide', name: 'date' })).status).toBe(409);
    expect(
      (await correct(business.id, auth, { action: 'merge', name: 'PipeRight Leeds', into: 'Date' }))
        .status,
    ).toBe(409);
    expect(
      (
        await correct(business.id, auth, {
          action: 'merge',
          name: 'PipeRight',
          into: 'PipeRight Leeds',
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await correct(business.id, auth, {
          action: 'merge',
          name: 'PipeRight Leeds',
          into: 'PipeRight',
        })
      ).status,
    ).toBe(409);
    expect(await db.nameCorrection.count({ where: { businessId: business.id } })).toBe(2);
  });

  it('is the owner’s alone: another owner’s business is a 404 and nothing changes', async () => {
    const mine = await owner();
    const theirs = await owner();
    const hidden = await correct(theirs.business.id, theirs.auth, { action: 'hide', name: 'Date' });
    const theirId = (hidden.data as { id: string }).id;

    const list = await callRoute(
      correctionsApi,
      'loader',
      `/api/businesses/${theirs.business.id}/name-corrections`,
      { id: theirs.business.id },
      { headers: mine.auth },
    );
    expect(list.status).toBe(404);
    expect(
      (await correct(theirs.business.id, mine.auth, { action: 'hide', name: 'Purpose' })).status,
    ).toBe(404);
    expect((await undo(theirs.business.id, theirId, mine.auth)).status).toBe(404);
    // Their correction through my business's address: not found either.
    expect((await undo(mine.business.id, theirId, mine.auth)).status).toBe(404);
    expect(await db.nameCorrection.count({ where: { businessId: theirs.business.id } })).toBe(1);
    // Corrections are per business: mine reads "Date" as read.
    await answer(mine.business, mine.prompt.id, ['Date']);
    expect(table(await figures(mine.business.id, mine.auth))).toEqual([['Date', 1]]);
  });
});

describe('the visibility page’s corrections, without JavaScript', () => {
  const pathOf = (id: string, search = '') => `/dashboard/businesses/${id}/visibility${search}`;
  const post = (id: string, cookie: string, fields: Record<string, string>) =>
    run(() => page.action(args(formRequest(pathOf(id), fields, { Cookie: cookie }), { id })));
  const load = async (id: string, cookie: string, search = '') => {
    const result = await run(() =>
      page.loader(
        args(new Request(`${BASE}${pathOf(id, search)}`, { headers: { Cookie: cookie } }), { id }),
      ),
    );
    expect(result.status).toBe(200);
    return result.data as Awaited<ReturnType<typeof page.loader>>['data'];
  };

  it('confirms a hide by a link, hides, merges and undoes with plain posts', async () => {
    const { user, business, prompt, cookie } = await owner();
    await answer(business, prompt.id, ['Purpose', 'PipeRight', 'PipeRight Leeds']);

    const confirming = await load(business.id, cookie, '?hide=Purpose');
    expect(confirming.corrections.hiding).toBe('Purpose');

    const hid = await post(business.id, cookie, { intent: 'hide-name', name: 'Purpose' });
    expect(hid.status).toBe(302);
    expect(hid.headers.get('location')).toBe(`${pathOf(business.id)}#name-corrections`);
    expect(await toastOf(hid.headers)).toMatchObject({ title: 'Name hidden' });

    const merged = await post(business.id, cookie, {
      intent: 'merge-name',
      name: 'PipeRight',
      into: 'PipeRight Leeds',
    });
    expect(await toastOf(merged.headers)).toMatchObject({ title: 'Names merged' });

    const data = await load(business.id, cookie);
    expect(data.visibility.competitors.map((competitor) => competitor.name)).toEqual([
      'PipeRight Leeds',
    ]);
    expect(data.corrections.items.map((item) => [item.name, item.into?.name ?? null])).toEqual([
      ['PipeRight', 'PipeRight Leeds'],
      ['Purpose', null],
    ]);

    const refused = await post(business.id, cookie, { intent: 'hide-name', name: 'Purpose' });
    expect(await toastOf(refused.headers)).toMatchObject({
      title: 'Not hidden',
      variant: 'destructive',
    });

    const undone = await post(business.id, cookie, {
      intent: 'undo-correction',
      correctionId: data.corrections.items[1]!.id,
    });
    expect(await toastOf(undone.headers)).toMatchObject({ title: 'Name shown again' });
    const page2 = await listAnswers(user, business.id);
    expect(page2.items[0]!.competitors.map((competitor) => competitor.name)).toEqual([
      'Purpose',
      'PipeRight Leeds',
    ]);
  });

  it('is a 404 on another owner’s business', async () => {
    const mine = await owner();
    const theirs = await owner();
    await expect(
      post(theirs.business.id, mine.cookie, { intent: 'hide-name', name: 'Purpose' }),
    ).resolves.toMatchObject({ status: 404 });
    expect(await db.nameCorrection.count({ where: { businessId: theirs.business.id } })).toBe(0);
  });
});
