import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

// Every engine configured (the fake answers for them), one sample a round.
vi.hoisted(() => {
  process.env.OPENAI_API_KEY = 'sk-test-citations';
  process.env.PERPLEXITY_API_KEY = 'pplx-test-citations';
  process.env.GOOGLE_GENERATIVE_AI_API_KEY = 'google-test-citations';
  process.env.ANTHROPIC_API_KEY = 'sk-ant-test-citations';
  process.env.OPENAI_COMPATIBLE_BASE_URL = 'http://127.0.0.1:9/v1';
  process.env.OPENAI_COMPATIBLE_MODEL = 'llama3.1:8b';
  process.env.TRACKING_SAMPLES = '1';
});

import { askTracked, type AskDependencies } from '~/domain/tracking/rounds/runs.server';
import { visibilityFor } from '~/domain/tracking/reports/visibility.server';
import { listAnswers } from '~/domain/tracking/reports/answers.server';
import { db } from '~/lib/db.server';
import * as answersApi from '~/routes/api.businesses.$id.answers';
import * as visibilityApi from '~/routes/api.businesses.$id.visibility';
import { AnswerSources } from '~/routes/dashboard_.businesses.$id.visibility/answer-sources';
import * as page from '~/routes/dashboard_.businesses.$id.visibility/route';
import { startFakeEngines, type FakeEngineId, type FakeEngines } from '../fakes/ai-engines';
import { args, BASE, createUser, jsonRequest, run, sessionCookieFor } from './helpers';
import { askDependencies } from './tracking-helpers';

// Tracking read against the five APIs' recorded responses (tests/fixtures/engine-responses),
// end to end: asked through the real providers, read, stored and counted, then shown by the
// figures, the answers, the JSON API and the page. The business is Austin Pipe Pros: ChatGPT's,
// Claude's and Gemini's searches return its page and their answers do not cite it; Perplexity
// cites it. Before issue 32 all four counted as "cited".

const FIXTURES = path.join(process.cwd(), 'tests/fixtures/engine-responses');
const RECORDED: Record<FakeEngineId, string> = {
  chatgpt: 'openai-responses.json',
  claude: 'anthropic-messages.json',
  gemini: 'gemini-generate-content.json',
  perplexity: 'perplexity-chat-completions.json',
  compatible: 'openai-compatible-chat.json',
};
const ENGINES: FakeEngineId[] = ['chatgpt', 'perplexity', 'gemini', 'claude', 'compatible'];
const PROMPT = 'Who is the best emergency plumber near me?';
const OWN = 'austinpipepros.com';

let fake: FakeEngines;
let deps: AskDependencies;

beforeAll(async () => {
  fake = await startFakeEngines();
  const engines = ENGINES.map((id) => fake.engineConfig(id, { rpm: 1000 }));
  deps = askDependencies(engines);
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.reset();
  for (const id of ENGINES)
    fake.respondWith(id, JSON.parse(readFileSync(path.join(FIXTURES, RECORDED[id]), 'utf8')));
});

async function askedEverywhere() {
  const user = await createUser();
  await db.user.update({ where: { id: user.id }, data: { subscriptionStatus: 'diy' } });
  const business = await db.business.create({
    data: {
      userId: user.id,
      name: 'Austin Pipe Pros',
      website: 'https://www.austinpipepros.com',
      location: 'Austin, TX',
      industry: 'Plumbing',
    },
  });
  const prompt = await db.trackedPrompt.create({
    data: { businessId: business.id, text: PROMPT },
  });
  for (const engine of ENGINES)
    expect(
      await askTracked(
        { businessId: business.id, promptId: prompt.id, engine, sample: 1, round: 'r1' },
        undefined,
        deps,
      ),
    ).toBe('answered');
  const { token, cookie } = await sessionCookieFor(user.id);
  return {
    user: { ...user, subscriptionStatus: 'diy', subscriptionExpiry: null },
    business,
    prompt,
    token,
    cookie,
  };
}

describe('cited is cited', () => {
  it('counts a site the search only returned as found, not cited, in every figure', async () => {
    const { user, business } = await askedEverywhere();
    const answers = await db.trackingAnswer.findMany({ where: { businessId: business.id } });
    const byEngine = Object.fromEntries(answers.map((answer) => [answer.engine, answer]));
    for (const engine of ['chatgpt', 'claude', 'gemini'])
      expect(byEngine[engine]).toMatchObject({
        cited: false,
        retrieved: true,
        citedNotNamed: false,
      });
    expect(byEngine.perplexity).toMatchObject({ cited: true, retrieved: false, mentioned: true });
    expect(byEngine.compatible).toMatchObject({ cited: false, retrieved: false });
    expect(answers.every((answer) => !answer.citedOrRetrieved)).toBe(true);

    // The day's counts keep both.
    const stats = await db.trackingStat.findMany({ where: { businessId: business.id } });
    const total = (field: 'cited' | 'retrieved' | 'citedOrRetrieved' | 'samples') =>
      stats.reduce((sum, row) => sum + row[field], 0);
    expect([
      total('samples'),
      total('cited'),
      total('retrieved'),
      total('citedOrRetrieved'),
    ]).toEqual([5, 1, 3, 0]);
    const own = await db.trackingDomainStat.findMany({
      where: { businessId: business.id, domain: OWN },
    });
    expect(own.reduce((sum, row) => sum + row.answers, 0)).toBe(4);
    expect(own.reduce((sum, row) => sum + row.cited, 0)).toBe(1);
    expect(own.reduce((sum, row) => sum + row.retrieved, 0)).toBe(3);

    // The figures.
    const visibility = await visibilityFor(user, business.id);
    expect(visibility.overall).toMatchObject({ samples: 5, cited: 1, retrieved: 3 });
    expect(visibility.overall.citationRate).toBeCloseTo(1 / 5);
    const chatgpt = visibility.engines.find((engine) => engine.engine === 'chatgpt')!;
    expect(chatgpt).toMatchObject({ samples: 1, cited: 0, citationRate: 0, retrieved: 1 });
    // The sites cited most count cited pages only: yelp.com by ChatGPT, Gemini and Perplexity;
    // the owner's site by Perplexity alone, and it leads the sites found but not cited.
    const yelp = visibility.domains.find((site) => site.domain === 'yelp.com');
    expect(yelp).toMatchObject({ cited: 3, retrieved: 1, share: 3 / 5 });
    expect(visibility.domains.find((site) => site.own)).toMatchObject({
      domain: OWN,
      cited: 1,
      retrieved: 3,
    });
    expect(visibility.domains.find((site) => site.domain === 'forbes.com')).toBeUndefined();
    // Angi ties with it (found by three, cited by Perplexity).
    expect(visibility.retrievedDomains.slice(0, 2)).toEqual([
      expect.objectContaining({ domain: 'angi.com', retrieved: 3, cited: 1 }),
      expect.objectContaining({ domain: OWN, retrieved: 3, own: true }),
    ]);
    expect(visibility.retrievedDomains.map((site) => site.domain)).toContain('forbes.com');
  });

  it('keeps each answer’s pages once, its searches and the place it was asked from', async () => {
    const { user, business, prompt } = await askedEverywhere();
    const { items } = await listAnswers(user, business.id, { perPage: 10 });
    const byEngine = Object.fromEntries(items.map((answer) => [answer.engine, answer]));

    const chatgpt = byEngine.chatgpt!;
    expect(chatgpt.sources).toHaveLength(16);
    expect(chatgpt.sources.filter((page) => page.kind === 'cited')).toHaveLength(7);
    expect(chatgpt.sources.filter((page) => page.kind === 'retrieved')).toHaveLength(9);
    expect(chatgpt.sources[0]).toEqual({
      url: 'https://www.radiantplumbing.com/emergency-plumbing/?utm_source=openai',
      title: 'Emergency Plumbing Services in Austin, TX | Radiant Plumbing & AC',
      kind: 'cited',
    });
    expect(chatgpt.searches).toEqual([
      'best emergency plumber Austin TX',
      '24/7 emergency plumbing Austin Texas reviews',
    ]);
    expect(chatgpt.location).toEqual({
      city: 'Austin',
      region: 'Texas',
      country: 'US',
      via: 'search',
    });
    expect(byEngine.claude!.searches).toHaveLength(2);
    expect(byEngine.gemini!.location).toEqual({
      city: 'Austin',
      region: 'Texas',
      country: 'US',
      via: 'question',
      added: "I'm in Austin, Texas.",
    });
    expect(byEngine.gemini!.sources.map((page) => [page.url, page.kind])).toContainEqual([
      `https://${OWN}/`,
      'retrieved',
    ]);
    expect(byEngine.perplexity!.searches).toEqual([]);
    expect(byEngine.compatible).toMatchObject({ sources: [], searches: [], location: null });

    // The searches are counted per prompt, each once an answer.
    const searches = await db.trackingSearchStat.findMany({
      where: { businessId: business.id, promptId: prompt.id },
      orderBy: { key: 'asc' },
    });
    expect(searches.map((row) => [row.engine, row.query, row.answers])).toEqual(
      [
        ['gemini', 'best 24 hour plumber Austin', 1],
        ['chatgpt', 'best emergency plumber Austin TX', 1],
        ['claude', 'best rated plumbers Austin Texas reviews', 1],
        ['gemini', 'emergency plumber Austin TX', 1],
        ['claude', 'emergency plumber Austin TX 24/7', 1],
        ['chatgpt', '24/7 emergency plumbing Austin Texas reviews', 1],
      ].sort((a, b) => String(a[1]).toLowerCase().localeCompare(String(b[1]).toLowerCase())),
    );

    // The answer's view, rendered on the server as a browser without JavaScript gets it.
    const html = renderToStaticMarkup(createElement(AnswerSources, { answer: chatgpt }));
    expect(html).toContain('Searches it ran: ');
    expect(html).toContain('“best emergency plumber Austin TX”');
    expect(html).toContain('Austin, Texas (sent as the search’s location)');
    expect(html).toContain('Cited (7)');
    expect(html).toContain('Found by the search, not cited (9)');
    expect(html).toContain('href="https://www.austinpipepros.com/emergency-plumber-austin/"');
    const gemini = renderToStaticMarkup(createElement(AnswerSources, { answer: byEngine.gemini! }));
    expect(gemini).toContain('Austin, Texas (added to the question: “I&#x27;m in Austin, Texas.”)');
  });

  it('returns the split, the searches and the place in the JSON API', async () => {
    const { business, token } = await askedEverywhere();
    const auth = { Authorization: `Bearer ${token}` };
    const id = business.id;
    const answers = await run(() =>
      answersApi.loader(
        args(jsonRequest(`/api/businesses/${id}/answers?engine=chatgpt`, { headers: auth }), {
          id,
        }),
      ),
    );
    expect(answers.status).toBe(200);
    const [answer] = answers.data as {
      cited: boolean;
      retrieved: boolean;
      citedOrRetrieved: boolean;
      sources: { url: string; title: string | null; kind: string }[];
      searches: string[];
      location: Record<string, unknown> | null;
    }[];
    expect(answer).toMatchObject({
      cited: false,
      retrieved: true,
      citedOrRetrieved: false,
      searches: [
        'best emergency plumber Austin TX',
        '24/7 emergency plumbing Austin Texas reviews',
      ],
      location: { via: 'search', city: 'Austin', region: 'Texas', country: 'US' },
    });
    expect(answer!.sources.find((page) => page.url.includes(OWN))).toMatchObject({
      kind: 'retrieved',
    });

    const visibility = await run(() =>
      visibilityApi.loader(
        args(jsonRequest(`/api/businesses/${id}/visibility`, { headers: auth }), { id }),
      ),
    );
    const body = visibility.data as {
      overall: { cited: number; retrieved: number; citedOrRetrieved: number };
      domains: { domain: string; cited: number }[];
      retrievedDomains: { domain: string; retrieved: number }[];
    };
    expect(body.overall).toMatchObject({ cited: 1, retrieved: 3, citedOrRetrieved: 0 });
    // Real assistants' answers: nothing simulated to label (the e2e journey checks the Demo's).
    expect(visibility.data).toMatchObject({ simulated: false });
    expect((visibility.data as { engines: { simulated: boolean }[] }).engines).not.toContainEqual(
      expect.objectContaining({ simulated: true }),
    );
    expect(body.retrievedDomains).toContainEqual(
      expect.objectContaining({ domain: OWN, retrieved: 3, own: true }),
    );
  });

  it('shows the searches most run per question and where the assistants are asked from', async () => {
    const { business, prompt, cookie } = await askedEverywhere();
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
    expect(data.searches[prompt.id]).toHaveLength(3);
    expect(data.searches[prompt.id]![0]).toMatchObject({ answers: 1 });
    expect(data.askedFrom).toEqual({
      place: 'Austin, Texas',
      bySearch: ['ChatGPT', 'Perplexity', 'Claude'],
      byQuestion: ['Gemini'],
      sentence: "I'm in Austin, Texas.",
    });
  });
});
