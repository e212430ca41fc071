import { describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.OPENAI_API_KEY = 'sk-test-sources';
  process.env.TRACKING_SAMPLES = '3';
});

import type { AnswerReading } from '~/domain/tracking/reading/reader';
import { storeAnswer } from '~/domain/tracking/rounds/store.server';
import { pageKey } from '~/lib/ai/pages';
import { db } from '~/lib/db.server';
import * as sourcesApi from '~/routes/api.businesses.$id.sources';
import { callRoute, createUser, sessionCookieFor } from './helpers';

// The sites behind the answers through the JSON API: every cited site with its kind, answers,
// share and interval, the answers not naming the business, the businesses named with it and its
// pages, sorted by answersWithoutYou then answers; the plan's actions with their evidence; another
// owner's business is not found.

type Source = {
  domain: string;
  kind: string;
  answers: number;
  share: number;
  low: number;
  high: number;
  answersWithoutYou: number;
  competitors: string[];
  urls: { url: string; answers: number }[];
  listing: { status: string; url: string | null; checkedAt: string | null; reason: string | null };
};
type Body = {
  sources: Source[];
  actions: { kind: string; domain: string; text: string; answers: number; of: number }[];
  simulated: boolean;
};

async function owner(plan = 'diy') {
  const user = await createUser();
  await db.user.update({ where: { id: user.id }, data: { subscriptionStatus: plan } });
  const { token } = await sessionCookieFor(user.id);
  const business = await db.business.create({
    data: {
      userId: user.id,
      name: 'Moreno Plumbing',
      website: 'https://www.moreno-plumbing.example/',
      location: 'Leeds, UK',
      industry: 'Plumbing',
    },
  });
  const prompt = await db.trackedPrompt.create({
    data: { businessId: business.id, text: 'best plumber in Leeds' },
  });
  await db.competitor.create({
    data: {
      businessId: business.id,
      name: 'Ace Drains',
      key: 'ace drains',
      website: 'https://acedrains.example/',
    },
  });
  return { user, business, prompt, auth: { Authorization: `Bearer ${token}` } };
}

let keys = 0;
async function answer(
  business: { id: string },
  promptId: string,
  input: {
    mentioned: boolean;
    cited?: string[];
    retrieved?: string[];
    names?: { name: string; known: boolean }[];
    searches?: string[];
    ownCited?: boolean;
  },
) {
  keys += 1;
  const reading: AnswerReading = {
    mentioned: input.mentioned,
    position: input.mentioned ? 1 : null,
    cited: input.ownCited ?? false,
    retrieved: false,
    citedOrRetrieved: false,
    citedNotNamed: false,
    citedUrls: [],
    competitors: (input.names ?? []).map((name, i) => ({ ...name, position: i + 2 })),
    matches: [],
  };
  await storeAnswer(
    {
      runKey: `sources-${keys}`,
      businessId: business.id,
      promptId,
      prompt: 'best plumber in Leeds',
      engine: 'chatgpt',
      sample: keys,
      periodKind: 'week',
      model: 'gpt-test',
      text: 'An answer.',
      sources: [
        ...(input.cited ?? []).map((url) => ({ url, title: null, cited: true })),
        ...(input.retrieved ?? []).map((url) => ({ url, title: null, cited: false })),
      ],
      searches: input.searches ?? [],
      reading,
      usage: { inputTokens: 1, outputTokens: 1 },
      costUsd: 0,
      latencyMs: 1,
      attempts: 1,
      website: 'https://www.moreno-plumbing.example/',
    },
    new Date(),
  );
}

async function seedAnswers(business: { id: string }, promptId: string) {
  await answer(business, promptId, {
    mentioned: false,
    cited: [
      'https://www.yelp.com/search?find_desc=plumber&find_loc=Leeds',
      'https://www.reddit.com/r/Leeds/comments/1',
      'https://acedrains.example/',
    ],
    retrieved: ['https://somesite.com/page'],
    names: [
      { name: 'Ace Drains', known: true },
      { name: "Bob's Pipes", known: false },
    ],
    searches: ['plumber leeds emergency'],
  });
  await answer(business, promptId, {
    mentioned: false,
    cited: [
      'https://www.yelp.com/search?find_desc=plumber&find_loc=Leeds&utm_source=openai',
      'https://www.checkatrade.com/trades/moreno',
    ],
  });
  await answer(business, promptId, {
    mentioned: true,
    ownCited: true,
    cited: ['https://www.moreno-plumbing.example/', 'https://www.yelp.com/biz/moreno-plumbing'],
  });
  await answer(business, promptId, {
    mentioned: true,
    cited: ['https://www.leedsnews.co.uk/best-plumbers'],
  });
}

async function sources(id: string, auth: Record<string, string>, query = '') {
  const response = await callRoute(
    sourcesApi,
    'loader',
    `/api/businesses/${id}/sources${query}`,
    { id },
    { headers: auth },
  );
  return response as { status: number; data: unknown; headers: Headers };
}

describe('GET /api/businesses/{id}/sources', () => {
  it('lists every cited site with its kind, evidence and pages, sorted by answers without you', async () => {
    const { business, prompt, auth } = await owner();
    await seedAnswers(business, prompt.id);

    const response = await sources(business.id, auth, '?days=7');
    expect(response.status).toBe(200);
    const body = response.data as Body;
    expect(Object.keys(body).sort()).toEqual(['actions', 'simulated', 'sources']);
    expect(body.simulated).toBe(false);
    expect(body.sources.map((source) => [source.domain, source.kind])).toEqual([
      ['yelp.com', 'directory'],
      ['acedrains.example', 'competitor'],
      ['checkatrade.com', 'directory'],
      ['reddit.com', 'forum'],
      ['leedsnews.co.uk', 'news'],
      ['moreno-plumbing.example', 'yours'],
    ]);
    // A page only found by the search is not a source the answer relies on.
    expect(body.sources.some((source) => source.domain === 'somesite.com')).toBe(false);

    const yelp = body.sources[0]!;
    expect(Object.keys(yelp).sort()).toEqual(
      [
        'answers',
        'answersWithoutYou',
        'competitors',
        'domain',
        'high',
        'kind',
        'listing',
        'low',
        'share',
        'urls',
      ].sort(),
    );
    expect(yelp.answers).toBe(3);
    expect(yelp.answersWithoutYou).toBe(2);
    expect(yelp.share).toBeCloseTo(3 / 4);
    expect(yelp.low).toBeLessThan(yelp.share);
    expect(yelp.high).toBeGreaterThan(yelp.share);
    // The owner's competitor first, then the others named with the site.
    expect(yelp.competitors).toEqual(['Ace Drains', "Bob's Pipes"]);
    // One page under two addresses (ChatGPT's utm_source) counts once, under its first address.
    expect(yelp.urls).toEqual([
      { url: 'https://www.yelp.com/search?find_desc=plumber&find_loc=Leeds', answers: 2 },
      { url: 'https://www.yelp.com/biz/moreno-plumbing', answers: 1 },
    ]);
    expect(yelp.listing).toEqual({
      status: 'not_checked',
      url: 'https://www.yelp.com/search?find_desc=plumber&find_loc=Leeds',
      checkedAt: null,
      reason: expect.stringContaining('Not checked yet'),
    });
    const own = body.sources.find((source) => source.kind === 'yours')!;
    expect(own.answersWithoutYou).toBe(0);
    expect(own.listing.status).toBe('not_checked');

    expect(body.actions).toEqual([
      {
        kind: 'check_listing',
        domain: 'yelp.com',
        text: 'Make sure you are listed on Yelp: cited in 2 of 2 answers that do not name you',
        answers: 2,
        of: 2,
      },
      {
        kind: 'check_listing',
        domain: 'checkatrade.com',
        text: 'Make sure you are listed on Checkatrade: cited in 1 of 2 answers that do not name you',
        answers: 1,
        of: 2,
      },
      {
        kind: 'join_forum',
        domain: 'reddit.com',
        text: 'Take part in the threads on Reddit: cited in 1 of 2 answers that do not name you',
        answers: 1,
        of: 2,
      },
      {
        kind: 'search_gap',
        domain: 'ChatGPT',
        text: "ChatGPT searched 'plumber leeds emergency' and your site was not among the pages it found: a page that answers it",
        answers: 1,
        of: 4,
      },
    ]);
  });

  it('turns listing checks into the plan: get listed where you are not, complete the page where you are', async () => {
    const { business, prompt, auth } = await owner();
    await seedAnswers(business, prompt.id);
    const checkedAt = new Date();
    const listing = (url: string, status: string) => ({
      businessId: business.id,
      key: pageKey(url),
      domain: new URL(url).hostname.replace(/^www\./, ''),
      url,
      status,
      checkedAt,
    });
    await db.sourceListing.createMany({
      data: [
        listing('https://www.yelp.com/search?find_desc=plumber&find_loc=Leeds', 'not_listed'),
        listing('https://www.yelp.com/biz/moreno-plumbing', 'listed'),
        listing('https://www.checkatrade.com/trades/moreno', 'not_listed'),
      ],
    });

    const body = (await sources(business.id, auth)).data as Body;
    expect(body.sources[0]!.listing).toMatchObject({
      status: 'not_listed',
      url: 'https://www.yelp.com/search?find_desc=plumber&find_loc=Leeds',
      checkedAt: checkedAt.toISOString(),
    });
    expect(body.actions.slice(0, 2)).toEqual([
      {
        kind: 'complete_listing',
        domain: 'yelp.com',
        text: 'You are on Yelp, but your page is not the one cited: complete it (reviews, photos, hours)',
        answers: 3,
        of: 4,
      },
      {
        kind: 'get_listed',
        domain: 'checkatrade.com',
        text: 'Get listed on Checkatrade: cited in 1 of 2 answers that do not name you',
        answers: 1,
        of: 2,
      },
    ]);
  });

  it('names a competitor the answers name more than the business, with the sites cited with it', async () => {
    const { business, prompt, auth } = await owner();
    for (let i = 0; i < 3; i += 1)
      await answer(business, prompt.id, {
        mentioned: i === 0,
        cited: ['https://www.houzz.com/pro/ace'],
        names: [{ name: 'Ace Drains', known: true }],
      });
    const body = (await sources(business.id, auth)).data as Body;
    expect(body.actions).toContainEqual({
      kind: 'competitor',
      domain: 'acedrains.example',
      text: 'Ace Drains is named in 3 of 3 answers; the pages cited with it: houzz.com',
      answers: 3,
      of: 3,
    });
  });

  it('leaves answers stored before the sites were counted out of every share', async () => {
    const { business, prompt, auth } = await owner();
    await seedAnswers(business, prompt.id);
    // Four answers of an earlier day, stored before this release: counted, but not their sites.
    await db.trackingPromptStat.create({
      data: {
        businessId: business.id,
        promptId: prompt.id,
        engine: 'chatgpt',
        period: new Date(Date.now() - 3 * 86_400_000),
        samples: 4,
        mentioned: 0,
      },
    });
    const body = (await sources(business.id, auth)).data as Body;
    expect(body.sources[0]).toMatchObject({ domain: 'yelp.com', answers: 3 });
    expect(body.sources[0]!.share).toBeCloseTo(3 / 4);
    expect(body.actions[0]).toMatchObject({ answers: 2, of: 2 });
  });

  it('says which plans check listings', async () => {
    const { business, prompt, auth } = await owner('free');
    await seedAnswers(business, prompt.id);
    const body = (await sources(business.id, auth)).data as Body;
    expect(body.sources[0]!.listing.reason).toBe(
      'Listing checks come with the DIY All-In plan and up',
    );
  });

  it('is not found for another owner, and refuses a bad number of days', async () => {
    const { business, prompt, auth } = await owner();
    await seedAnswers(business, prompt.id);
    const stranger = await createUser();
    const { token } = await sessionCookieFor(stranger.id);
    const other = await sources(business.id, { Authorization: `Bearer ${token}` });
    expect(other.status).toBe(404);
    expect(other.data).toEqual({ message: expect.any(String) });

    for (const days of ['0', '367', 'abc', '1.5']) {
      const response = await sources(business.id, auth, `?days=${days}`);
      expect(response.status, days).toBe(400);
      expect(response.data).toEqual({ message: 'days must be a whole number from 1 to 366' });
    }
  });

  it('pages the sites on the server', async () => {
    const { business, prompt, auth } = await owner();
    await answer(business, prompt.id, {
      mentioned: false,
      cited: Array.from(
        { length: 25 },
        (_, i) => `https://site-${String(i).padStart(2, '0')}.com/`,
      ),
    });
    const first = await sources(business.id, auth);
    expect((first.data as Body).sources).toHaveLength(20);
    expect(first.headers.get('X-Total-Count')).toBe('25');
    const second = await sources(business.id, auth, '?page=2');
    expect((second.data as Body).sources.map((source) => source.domain)).toEqual([
      'site-20.com',
      'site-21.com',
      'site-22.com',
      'site-23.com',
      'site-24.com',
    ]);
    expect(((await sources(business.id, auth, '?page=3')).data as Body).sources).toEqual([]);
  });
});
