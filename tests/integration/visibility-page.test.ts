import { describe, expect, it, vi } from 'vitest';

// One real engine configured (its key only: nothing here calls it), three samples a round.
vi.hoisted(() => {
  process.env.OPENAI_API_KEY = 'sk-test-visibility-page';
  process.env.TRACKING_SAMPLES = '3';
});

import { periodStart } from '~/domain/tracking/figures/figures';
import { readAnswer } from '~/domain/tracking/reading/reader';
import { storeAnswer, trackingEngines } from '~/domain/tracking/rounds/runs.server';
import { db } from '~/lib/db.server';
import * as dashboard from '~/routes/dashboard/route';
import * as page from '~/routes/dashboard_.businesses.$id.visibility/route';
import { runWords } from '~/routes/dashboard_.businesses.$id.visibility/page.server';
import { args, BASE, createUser, formRequest, run, sessionCookieFor, toastOf } from './helpers';

// The visibility page, as a browser without JavaScript uses it: the loader's figures from stored
// answers, and every form a plain POST that redirects with a toast or answers with field errors.

const NAME = 'Lone Star Plumbing';

async function owner(tier = 'diy') {
  const user = await createUser();
  await db.user.update({ where: { id: user.id }, data: { subscriptionStatus: tier } });
  const { cookie } = await sessionCookieFor(user.id);
  const business = await db.business.create({
    data: {
      userId: user.id,
      name: NAME,
      industry: 'Plumbing',
      location: 'Austin, TX',
      website: 'https://lonestarplumbing.example',
    },
  });
  return { user, business, cookie };
}

const pathOf = (id: string, search = '') => `/dashboard/businesses/${id}/visibility${search}`;

type PageData = Awaited<ReturnType<typeof page.loader>>['data'];

async function load(id: string, cookie: string, search = '') {
  return run(() =>
    page.loader(
      args(new Request(`${BASE}${pathOf(id, search)}`, { headers: { Cookie: cookie } }), { id }),
    ),
  );
}

async function loaded(id: string, cookie: string, search = '') {
  const result = await load(id, cookie, search);
  expect(result.status).toBe(200);
  return result.data as PageData;
}

function post(id: string, cookie: string, fields: Record<string, string>) {
  return run(() => page.action(args(formRequest(pathOf(id), fields, { Cookie: cookie }), { id })));
}

let keys = 0;
/** Stores an answer as a round does (read, kept, counted). */
async function answer(
  business: { id: string; name: string; website: string | null; location: string | null },
  promptId: string,
  text: string,
  askedAt: Date,
  sources: { url: string; title?: string; cited?: boolean }[] = [],
) {
  keys += 1;
  const prompt = await db.trackedPrompt.findUniqueOrThrow({ where: { id: promptId } });
  const competitors = (
    await db.competitor.findMany({ where: { businessId: business.id }, select: { name: true } })
  ).map((row) => row.name);
  await storeAnswer(
    {
      runKey: `test-${keys}`,
      businessId: business.id,
      promptId,
      prompt: prompt.text,
      engine: 'chatgpt',
      sample: keys,
      periodKind: 'week',
      model: 'gpt-test',
      text,
      sources: sources.map((source) => ({
        url: source.url,
        title: source.title ?? null,
        cited: source.cited ?? true,
      })),
      reading: readAnswer({
        text,
        sources: sources.map((source) => ({ ...source, cited: source.cited ?? true })),
        business,
        competitors,
      }),
      usage: { inputTokens: 10, outputTokens: 20 },
      costUsd: 0,
      latencyMs: 5,
      attempts: 1,
      website: business.website,
    },
    askedAt,
  );
}

type Node = { type: string; text?: string; mark?: string; children?: Node[]; items?: Node[][] };

/** The words an answer shows, marks included, as one string. */
function wordsOf(nodes: Node[]): string {
  return nodes
    .map((node) =>
      node.text !== undefined
        ? node.text
        : wordsOf([...(node.children ?? []), ...(node.items ?? []).flat()]),
    )
    .join('');
}

/** The marked names of an answer, in order: [words, kind]. */
function marksOf(nodes: Node[]): [string, string][] {
  return nodes.flatMap((node): [string, string][] =>
    node.mark
      ? [[node.text!, node.mark]]
      : marksOf([...(node.children ?? []), ...(node.items ?? []).flat()]),
  );
}

describe('the visibility page', () => {
  it('shows the figures, the change, the prompts and the answers of stored answers', async () => {
    const { business, cookie } = await owner('diy');
    const prompt = await db.trackedPrompt.create({
      data: { businessId: business.id, text: 'best plumber in Austin' },
    });
    await db.competitor.create({
      data: { businessId: business.id, name: 'Rival Rooter', key: 'rival rooter' },
    });
    const now = new Date();
    const thisWeek = new Date(
      Math.max(periodStart(now, 'week').getTime() + 3_600_000, now.getTime() - 60_000),
    );
    const lastWeek = new Date(periodStart(now, 'week').getTime() - 3 * 86_400_000);
    const named = `Here are good plumbers in Austin:\n\n1. **${NAME}** - fast and fair.\n2. **Rival Rooter** - open late.`;
    const second = `1. **Rival Rooter** - open late.\n2. **${NAME}** - fast and fair.`;
    const without = `1. **Rival Rooter** - open late.\n2. **Bee Cave Pipes** - friendly.`;
    await answer(business, prompt.id, named, thisWeek, [
      { url: 'https://lonestarplumbing.example/about', title: 'About us' },
    ]);
    await answer(business, prompt.id, second, thisWeek, [{ url: 'javascript:alert(1)' }]);
    await answer(business, prompt.id, named, thisWeek);
    await answer(business, prompt.id, without, thisWeek);
    await answer(business, prompt.id, without, lastWeek);
    await answer(business, prompt.id, without, lastWeek);

    const data = await loaded(business.id, cookie);
    const chatgpt = data.visibility.engines.find((engine) => engine.engine === 'chatgpt')!;
    expect(chatgpt).toMatchObject({ samples: 4, mentioned: 3, cited: 1 });
    expect(chatgpt.averagePosition).toBeCloseTo(4 / 3);
    expect(data.period).toMatch(/^This week: [A-Z][a-z]{2} \d+ – /);
    // 3 of 4 against 0 of 2: within noise, so no number of points (issue 32).
    expect(data.change).toBe('no clear change since last week');
    expect(data.visibility.previous).toMatchObject({ samples: 2, mentioned: 0 });
    // This business first in share of voice is the page's; the competitors as the answers named them.
    expect(data.visibility.competitors.map((c) => [c.name, c.mentions, c.known])).toEqual(
      expect.arrayContaining([
        ['Rival Rooter', 4, true],
        ['Bee Cave Pipes', 1, false],
      ]),
    );
    expect(data.visibility.domains).toEqual([
      expect.objectContaining({ domain: 'lonestarplumbing.example', cited: 1, own: true }),
    ]);
    // The trend has this week and last week.
    const trend = data.visibility.engineTrends.find((line) => line.engine === 'chatgpt')!;
    expect(trend.periods.filter((period) => period.samples > 0)).toHaveLength(2);
    // The prompt's row: named in 3 of this week's 4 answers, best at #1.
    expect(data.prompts).toEqual([
      expect.objectContaining({
        text: 'best plumber in Austin',
        active: true,
        engines: expect.arrayContaining([
          expect.objectContaining({ engine: 'chatgpt', samples: 4, mentioned: 3, bestPosition: 1 }),
        ]),
      }),
    ]);
    expect(data.prompts[0]!.lastAskedAt).not.toBeNull();
    // Answers, newest first, with the names found in the text for highlighting.
    expect(data.answers).toMatchObject({ total: 6, page: 1, pageCount: 1 });
    const first = data.answers.items.find((item) =>
      wordsOf(item.blocks).startsWith('Here are good plumbers in Austin:'),
    )!;
    expect(marksOf(first.blocks)).toEqual([
      [NAME, 'business'],
      ['Rival Rooter', 'competitor'],
    ]);
    // Filtering by an engine that has no answers shows none.
    const filtered = await loaded(business.id, cookie, '?engine=claude');
    expect(filtered.answers.total).toBe(0);

    // The dashboard card says the same in words.
    const board = await run(() =>
      dashboard.loader(args(new Request(`${BASE}/dashboard`, { headers: { Cookie: cookie } }))),
    );
    const cards = (
      board.data as { visibility: Record<string, { mentions: string; change: string | null }> }
    ).visibility;
    expect(cards[business.id]).toEqual({
      mentions: 'named in 3 of 4 answers (75%) (low sample: fewer than 10 answers)',
      change: 'no clear change since last week',
      // No fact of the business was given wrong (issue 45).
      wrongFacts: null,
    });
  });

  it('pages the answers ten at a time', async () => {
    const { business, cookie } = await owner('diy');
    const prompt = await db.trackedPrompt.create({
      data: { businessId: business.id, text: 'emergency plumber Austin' },
    });
    for (let i = 0; i < 12; i += 1)
      await answer(
        business,
        prompt.id,
        `Answer ${i}: try ${NAME}.`,
        new Date(Date.now() - i * 60_000),
      );
    const first = await loaded(business.id, cookie);
    expect(first.answers).toMatchObject({ total: 12, pageCount: 2, perPage: 10 });
    expect(first.answers.items).toHaveLength(10);
    const second = await loaded(business.id, cookie, '?page=2');
    expect(second.answers.items.map((item) => wordsOf(item.blocks))).toEqual([
      `Answer 10: try ${NAME}.`,
      `Answer 11: try ${NAME}.`,
    ]);
  });

  it('before any answer: no figures, not tracked yet on the dashboard, suggestions offered', async () => {
    const { business, cookie } = await owner('diy');
    const data = await loaded(business.id, cookie);
    expect(data.visibility.current).toBeNull();
    // Real assistants (no DEMO_TRACKING): nothing to label as simulated.
    expect(data.visibility.simulated).toBe(false);
    expect(data.period).toBeNull();
    expect(data.prompts).toEqual([]);
    expect(data.limit).toMatchObject({ count: 0, limit: 5, atLimit: false });
    expect(data.suggestions.length).toBeGreaterThan(0);
    expect(data.example).toBe('best plumber in Austin, TX');
    expect(data.allowance.nextAt).toBeNull();
    const board = await run(() =>
      dashboard.loader(args(new Request(`${BASE}/dashboard`, { headers: { Cookie: cookie } }))),
    );
    expect(
      (board.data as { visibility: Record<string, unknown> }).visibility[business.id],
    ).toBeUndefined();
  });

  it('suggests questions and an example in the words of the business’s trade and country', async () => {
    const { business, cookie } = await owner('diy');
    await db.business.update({
      where: { id: business.id },
      data: { industry: 'House cleaning', location: 'Leeds, UK' },
    });
    const data = await loaded(business.id, cookie);
    expect(data.example).toBe('best house cleaning service in Leeds, UK');
    expect(data.suggestions.join(' ')).not.toMatch(/plumb|Austin|maid|open on weekends/i);
    expect(data.suggestions).toContain('Can you recommend a trustworthy cleaner in Leeds?');
  });

  it("is a 404 for another user's business, to read and to post", async () => {
    const { business } = await owner('diy');
    const other = await owner('diy');
    expect((await load(business.id, other.cookie)).status).toBe(404);
    const forms: Record<string, string>[] = [
      { intent: 'add-prompt', text: 'best plumber in Austin' },
      { intent: 'add-competitor', name: 'Rival Rooter' },
      { intent: 'run' },
    ];
    for (const fields of forms) {
      const response = await post(business.id, other.cookie, fields);
      expect(response.status, fields.intent).toBe(404);
    }
    expect(await db.trackedPrompt.count({ where: { businessId: business.id } })).toBe(0);
    expect(await db.competitor.count({ where: { businessId: business.id } })).toBe(0);
  });
});

describe('the forms, without JavaScript', () => {
  it('adds a question (redirect with a toast), refuses bad text with a field error', async () => {
    const { business, cookie } = await owner('diy');
    const added = await post(business.id, cookie, {
      intent: 'add-prompt',
      text: '  best plumber   in Austin ',
    });
    expect(added.status).toBe(302);
    expect(added.headers.get('location')).toBe(`${pathOf(business.id)}#prompts-title`);
    expect(await toastOf(added.headers)).toMatchObject({
      title: 'Question added',
      description: 'best plumber in Austin',
    });
    const data = await loaded(business.id, cookie);
    expect(data.prompts.map((prompt) => prompt.text)).toEqual(['best plumber in Austin']);
    expect(data.limit).toMatchObject({ count: 1, limit: 5 });

    const bad = await post(business.id, cookie, { intent: 'add-prompt', text: 'ab' });
    expect(bad.status).toBe(400);
    const reply = bad.data as { intent: string; result: { error: Record<string, string[]> } };
    expect(reply.intent).toBe('add-prompt');
    expect(reply.result.error.text?.[0]).toMatch(/at least 3 characters/);
    const duplicate = await post(business.id, cookie, {
      intent: 'add-prompt',
      text: 'Best plumber in Austin',
    });
    expect(duplicate.status).toBe(409);
    expect(await db.trackedPrompt.count({ where: { businessId: business.id } })).toBe(1);
  });

  it("holds the plan's limit: the error is shown, nothing is added, the page says so", async () => {
    const { business, cookie } = await owner('free');
    expect(
      (await post(business.id, cookie, { intent: 'add-prompt', text: 'best plumber in Austin' }))
        .status,
    ).toBe(302);
    const over = await post(business.id, cookie, {
      intent: 'add-prompt',
      text: 'plumber near me open now',
    });
    expect(over.status).toBe(403);
    const reply = over.data as { result: { error: Record<string, string[]> } };
    expect(reply.result.error['']?.[0]).toMatch(
      /^Your Free plan includes one tracked question per business\./,
    );
    expect(await db.trackedPrompt.count({ where: { businessId: business.id } })).toBe(1);
    const data = await loaded(business.id, cookie);
    expect(data.limit).toMatchObject({ count: 1, limit: 1, atLimit: true, upgradable: true });
    expect(data.limit.message).toMatch(/Free plan includes one tracked question/);
  });

  it('edits and removes a question', async () => {
    const { business, cookie } = await owner('diy');
    const prompt = await db.trackedPrompt.create({
      data: { businessId: business.id, text: 'best plumber in Austin' },
    });
    const editing = await loaded(business.id, cookie, `?edit=${prompt.id}`);
    expect(editing.editing?.id).toBe(prompt.id);
    const edited = await post(business.id, cookie, {
      intent: 'edit-prompt',
      promptId: prompt.id,
      text: 'who fixes burst pipes in Austin',
    });
    expect(edited.status).toBe(302);
    expect((await toastOf(edited.headers))?.title).toBe('Question saved');
    expect((await db.trackedPrompt.findUniqueOrThrow({ where: { id: prompt.id } })).text).toBe(
      'who fixes burst pipes in Austin',
    );
    // Another question's text in other letter case is that question: refused, nothing changed.
    await db.trackedPrompt.create({
      data: { businessId: business.id, text: 'plumber open on Sunday in Austin' },
    });
    const clash = await post(business.id, cookie, {
      intent: 'edit-prompt',
      promptId: prompt.id,
      text: 'Plumber open on Sunday in Austin',
    });
    expect(clash.status).toBe(409);
    expect((await db.trackedPrompt.findUniqueOrThrow({ where: { id: prompt.id } })).text).toBe(
      'who fixes burst pipes in Austin',
    );
    const badEdit = await post(business.id, cookie, {
      intent: 'edit-prompt',
      promptId: prompt.id,
      text: '',
    });
    expect(badEdit.status).toBe(400);
    expect((badEdit.data as { promptId: string }).promptId).toBe(prompt.id);

    const confirming = await loaded(business.id, cookie, `?remove=${prompt.id}`);
    expect(confirming.removing?.text).toBe('who fixes burst pipes in Austin');
    const removed = await post(business.id, cookie, {
      intent: 'delete-prompt',
      promptId: prompt.id,
    });
    expect(removed.status).toBe(302);
    expect((await toastOf(removed.headers))?.title).toBe('Question removed');
    expect(await db.trackedPrompt.count({ where: { id: prompt.id } })).toBe(0);
    // Removing it again: a refusal toast, no 500.
    const again = await post(business.id, cookie, { intent: 'delete-prompt', promptId: prompt.id });
    expect(again.status).toBe(302);
    expect(await toastOf(again.headers)).toMatchObject({
      variant: 'destructive',
      description: 'Prompt not found',
    });
  });

  it('adds and removes a competitor', async () => {
    const { business, cookie } = await owner('diy');
    const added = await post(business.id, cookie, {
      intent: 'add-competitor',
      name: 'Rival Rooter',
    });
    expect(added.status).toBe(302);
    expect((await toastOf(added.headers))?.title).toBe('Competitor added');
    const data = await loaded(business.id, cookie);
    expect(data.competitors.map((c) => c.name)).toEqual(['Rival Rooter']);
    const empty = await post(business.id, cookie, { intent: 'add-competitor', name: '  ' });
    expect(empty.status).toBe(400);
    const self = await post(business.id, cookie, { intent: 'add-competitor', name: NAME });
    expect(self.status).toBe(400);
    expect((self.data as { result: { error: Record<string, string[]> } }).result.error['']).toEqual(
      ['That is the name of this business'],
    );
    const removed = await post(business.id, cookie, {
      intent: 'delete-competitor',
      competitorId: data.competitors[0]!.id,
    });
    expect(removed.status).toBe(302);
    expect(await db.competitor.count({ where: { businessId: business.id } })).toBe(0);
  });

  it('runs now once, then refuses with the wait and shows when it is possible again', async () => {
    const { business, cookie } = await owner('diy');
    const noPrompt = await post(business.id, cookie, { intent: 'run' });
    expect(await toastOf(noPrompt.headers)).toMatchObject({
      variant: 'destructive',
      title: 'Not run',
    });
    await db.trackedPrompt.create({
      data: { businessId: business.id, text: 'best plumber in Austin' },
    });
    const first = await post(business.id, cookie, { intent: 'run' });
    expect(first.status).toBe(302);
    const queued = { queued: trackingEngines().length * 3, prompts: 1, samples: 3 };
    expect(await toastOf(first.headers)).toMatchObject({
      title: 'Run started',
      description: `${runWords({ ...queued, engines: trackingEngines().length })} answers appear in a few minutes.`,
    });
    const second = await post(business.id, cookie, { intent: 'run' });
    expect(second.status).toBe(302);
    const refusal = await toastOf(second.headers);
    expect(refusal).toMatchObject({ title: 'Not run', variant: 'destructive' });
    expect(refusal?.description).toMatch(
      /once an hour\. You can run them again in (1 hour|\d+ minutes?)\.$/,
    );
    const data = await loaded(business.id, cookie);
    expect(Date.parse(data.allowance.nextAt!)).toBeGreaterThan(Date.now() + 50 * 60_000);
  });

  it('an unknown intent is a refusal toast, not a 500', async () => {
    const { business, cookie } = await owner('diy');
    const response = await post(business.id, cookie, { intent: 'explode' });
    expect(response.status).toBe(302);
    expect((await toastOf(response.headers))?.description).toBe('Unknown action');
  });
});

describe('Run now in words', () => {
  it('says what the number of answers is made of', () => {
    expect(runWords({ queued: 12, prompts: 4, engines: 1, samples: 3 })).toBe(
      'Asking 4 questions, 3 times each (12 answers)…',
    );
    expect(runWords({ queued: 24, prompts: 4, engines: 2, samples: 3 })).toBe(
      'Asking 4 questions of 2 assistants, 3 times each (24 answers)…',
    );
    expect(runWords({ queued: 1, prompts: 1, engines: 1, samples: 1 })).toBe('Asking 1 question…');
  });
});

describe('when nothing can be asked', () => {
  it("says tracking is paused once the month's budget is spent, and Run now is refused", async () => {
    const { business, cookie } = await owner('diy');
    await db.trackedPrompt.create({
      data: { businessId: business.id, text: 'best plumber in Austin' },
    });
    const month = new Date().toISOString().slice(0, 7);
    // The answers other tests stored counted this month's (free) calls under chatgpt already.
    const key = { month_engine: { month, engine: 'chatgpt' } };
    const before = await db.trackingSpend.findUnique({ where: key });
    await db.trackingSpend.upsert({
      where: key,
      create: { month, engine: 'chatgpt', costUsd: 1_000 },
      update: { costUsd: 1_000 },
    });
    try {
      const data = await loaded(business.id, cookie);
      expect(data.blocked).toMatch(/^Tracking is paused until next month/);
      const refused = await post(business.id, cookie, { intent: 'run' });
      expect(await toastOf(refused.headers)).toMatchObject({
        title: 'Not run',
        description: data.blocked,
        variant: 'destructive',
      });
    } finally {
      if (before) await db.trackingSpend.update({ where: key, data: { costUsd: before.costUsd } });
      else await db.trackingSpend.delete({ where: key });
    }
    expect((await loaded(business.id, cookie)).blocked).toBeNull();
  });
});
