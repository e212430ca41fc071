import { describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.OPENAI_API_KEY = 'sk-test-sources-page';
  process.env.TRACKING_SAMPLES = '3';
});

import type { AnswerReading } from '~/domain/tracking/reading/reader';
import { storeAnswer } from '~/domain/tracking/rounds/store.server';
import { SOURCE_KIND_SITE_ERROR } from '~/domain/tracking/sources/kind-corrections.server';
import { db } from '~/lib/db.server';
import * as dashboard from '~/routes/dashboard/route';
import * as page from '~/routes/dashboard_.businesses.$id.sources/route';
import { args, BASE, createUser, formRequest, run, sessionCookieFor, toastOf } from './helpers';

// The sources page and the dashboard's "AI Optimization Guide" tab, as a browser without
// JavaScript gets them: the sites behind the answers, the owner's kind correction (a plain POST,
// redirect and toast; a bad value an error and no change), the plan per business; another
// owner's business is a 404, and the guide is for subscribers.

type Report = {
  business: { id: string };
  samples: number;
  sources: { domain: string; kind: string; corrected: boolean }[];
  actions: { kind: string; domain: string; text: string }[];
};

async function owner(plan = 'diy') {
  const user = await createUser();
  await db.user.update({ where: { id: user.id }, data: { subscriptionStatus: plan } });
  const { cookie } = await sessionCookieFor(user.id);
  const business = await db.business.create({
    data: { userId: user.id, name: 'Moreno Plumbing', website: 'https://moreno-plumbing.example' },
  });
  const prompt = await db.trackedPrompt.create({
    data: { businessId: business.id, text: 'best plumber in Leeds' },
  });
  let sample = 0;
  for (const mentioned of [false, false, true]) {
    sample += 1;
    const reading: AnswerReading = {
      mentioned,
      position: mentioned ? 1 : null,
      cited: false,
      retrieved: false,
      citedOrRetrieved: false,
      citedNotNamed: false,
      citedUrls: [],
      competitors: [],
      matches: [],
    };
    await storeAnswer(
      {
        runKey: `sources-page-${business.id}-${sample}`,
        businessId: business.id,
        promptId: prompt.id,
        prompt: prompt.text,
        engine: 'chatgpt',
        sample,
        periodKind: 'week',
        model: 'gpt-test',
        text: 'An answer.',
        sources: [
          { url: 'https://www.yelp.com/search?find_desc=plumber', title: null, cited: true },
          { url: 'https://www.reddit.com/r/Leeds/', title: null, cited: !mentioned },
        ],
        reading,
        usage: { inputTokens: 1, outputTokens: 1 },
        costUsd: 0,
        latencyMs: 1,
        attempts: 1,
        website: business.website,
      },
      new Date(),
    );
  }
  return { user, business, cookie };
}

const path = (id: string) => `/dashboard/businesses/${id}/sources`;

async function load(id: string, cookie: string, search = '') {
  return run(() =>
    page.loader(
      args(new Request(`${BASE}${path(id)}${search}`, { headers: { Cookie: cookie } }), { id }),
    ),
  );
}

const post = (id: string, cookie: string, fields: Record<string, string>) =>
  run(() => page.action(args(formRequest(path(id), fields, { Cookie: cookie }), { id })));

describe('the sources page', () => {
  it('shows the sites behind the answers and the plan; another owner gets a 404', async () => {
    const { business, cookie } = await owner();
    const loaded = await load(business.id, cookie, '?days=7');
    expect(loaded.status).toBe(200);
    const { report } = loaded.data as { report: Report };
    expect(report.samples).toBe(3);
    // Both cited by the 2 answers without the business's name; Yelp by one more.
    expect(report.sources.map((s) => [s.domain, s.kind])).toEqual([
      ['yelp.com', 'directory'],
      ['reddit.com', 'forum'],
    ]);
    expect(report.actions[0]).toMatchObject({
      kind: 'check_listing',
      text: 'Make sure you are listed on Yelp: cited in 2 of 2 answers that do not name you',
    });

    const stranger = await owner();
    expect((await load(business.id, stranger.cookie)).status).toBe(404);
  });

  it("corrects a site's kind with a plain POST, and undoes it", async () => {
    const { business, cookie } = await owner();
    const saved = await post(business.id, cookie, {
      intent: 'set-kind',
      domain: 'yelp.com',
      kind: 'other',
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get('location')).toBe(`${path(business.id)}#source-yelp.com`);
    expect(await toastOf(saved.headers)).toMatchObject({ title: 'Kind saved' });
    let report = ((await load(business.id, cookie)).data as { report: Report }).report;
    expect(report.sources.find((s) => s.domain === 'yelp.com')).toMatchObject({
      kind: 'other',
      corrected: true,
    });
    // Not a directory any more: no "get listed" step for it.
    expect(report.actions.some((a) => a.domain === 'yelp.com')).toBe(false);

    await post(business.id, cookie, { intent: 'set-kind', domain: 'yelp.com', kind: 'auto' });
    report = ((await load(business.id, cookie)).data as { report: Report }).report;
    expect(report.sources.find((s) => s.domain === 'yelp.com')).toMatchObject({
      kind: 'directory',
      corrected: false,
    });
    expect(await db.sourceKindCorrection.count({ where: { businessId: business.id } })).toBe(0);
  });

  it('answers a bad kind or site with an error and changes nothing', async () => {
    const { business, cookie } = await owner();
    const badKind = await post(business.id, cookie, {
      intent: 'set-kind',
      domain: 'yelp.com',
      kind: 'yours',
    });
    expect(badKind.status).toBe(400);
    expect(JSON.stringify(badKind.data)).toContain('Please choose a kind from the list');
    const badSite = await post(business.id, cookie, {
      intent: 'set-kind',
      domain: 'https://www.yelp.com/biz/x',
      kind: 'news',
    });
    expect(badSite.status).toBe(400);
    expect(JSON.stringify(badSite.data)).toContain(SOURCE_KIND_SITE_ERROR);
    const stranger = await owner();
    const other = await post(business.id, stranger.cookie, {
      intent: 'set-kind',
      domain: 'yelp.com',
      kind: 'news',
    });
    expect(other.status).toBe(404);
    expect(await db.sourceKindCorrection.count({ where: { businessId: business.id } })).toBe(0);
  });
});

type Dashboard = {
  guide: {
    choices: { id: string }[];
    guide: {
      business: { id: string };
      steps: { kind: string; text: string; href: string }[];
    } | null;
    notFound: boolean;
  } | null;
};

async function loadDashboard(cookie: string, search: string) {
  const result = await run(() =>
    dashboard.loader(
      args(new Request(`${BASE}/dashboard${search}`, { headers: { Cookie: cookie } })),
    ),
  );
  expect(result.status).toBe(200);
  return result.data as Dashboard;
}

describe('the AI Optimization Guide tab', () => {
  it("is one business's plan, each step with its evidence and a link to it", async () => {
    const { business, cookie } = await owner();
    const data = await loadDashboard(cookie, '?tab=guide');
    expect(data.guide?.guide?.business.id).toBe(business.id);
    expect(data.guide?.guide?.steps[0]).toMatchObject({
      kind: 'check_listing',
      text: 'Make sure you are listed on Yelp: cited in 2 of 2 answers that do not name you',
      evidence: '2 of 2 answers',
      href: `/dashboard/businesses/${business.id}/sources#source-yelp.com`,
    });

    const stranger = await owner();
    const other = await loadDashboard(cookie, `?tab=guide&business=${stranger.business.id}`);
    expect(other.guide).toMatchObject({ guide: null, notFound: true });
  });

  it('is for subscribers only', async () => {
    const { cookie } = await owner('free');
    const data = await loadDashboard(cookie, '?tab=guide');
    expect(data.guide).toBeNull();
  });
});
