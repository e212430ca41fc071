import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

// Issue 45: the facts the answers state about a business, end to end against the providers'
// local fakes: read from each answer (by the reader, or the extraction model held to the
// reader's checks), kept with the answer and counted per day, judged against the owner's values
// on GET /api/businesses/{id}/facts and the MCP tool get_fact_check, still there after the
// answers expire, and a first wrong phone e-mailed once per value.
vi.hoisted(() => {
  process.env.OPENAI_API_KEY = 'sk-test-facts';
  process.env.TRACKING_SAMPLES = '1';
  process.env.TRACKING_MAX_ATTEMPTS = '2';
  process.env.TRACKING_RETRY_DELAY_SECONDS = '0.01';
  process.env.TRACKING_TIMEOUT_SECONDS = '2';
  process.env.TRACKING_MONTHLY_BUDGET_USD = '10';
});

import { sendDigest } from '~/domain/tracking/reports/digest.server';
import { loader as dashboardLoader } from '~/routes/dashboard/route';
import * as visibilityPage from '~/routes/dashboard_.businesses.$id.visibility/route';
import { askTracked, type AskDependencies } from '~/domain/tracking/rounds/runs.server';
import { db } from '~/lib/db.server';
import * as factsApi from '~/routes/api.businesses.$id.facts';
import { startFakeEngines, type FakeEngines } from '../fakes/ai-engines';
import { args, BASE, callRoute, createUser, run, sessionCookieFor } from './helpers';
import { connected } from './mcp-helpers';
import { askDependencies, extractionConfig, fakeChatgpt } from './tracking-helpers';

const ANSWER = [
  'Here are emergency plumbers in Austin:',
  '',
  '1. **Radiant Plumbing** – big team. Call (512) 555-0199.',
  '2. **Okafor Plumbing** – family-owned, open 24/7. Call (512) 555-0100.',
  '',
  'Okafor Plumbing is at 1420 E 6th St, Austin, TX 78702.',
].join('\n');

let fake: FakeEngines;
let deps: AskDependencies;
let rounds = 0;

async function owner(facts: { phone?: string; address?: string; openingHours?: string } = {}) {
  const user = await createUser();
  await db.user.update({ where: { id: user.id }, data: { subscriptionStatus: 'starter' } });
  const { token, cookie } = await sessionCookieFor(user.id);
  const business = await db.business.create({
    data: {
      userId: user.id,
      name: 'Okafor Plumbing',
      location: 'Austin, TX',
      phone: '+15125550142',
      address: '1420 E 6th St, Austin, TX 78702',
      openingHours: 'Mo-Fr 08:00-17:00',
      ...facts,
    },
  });
  const prompt = await db.trackedPrompt.create({
    data: { businessId: business.id, text: 'emergency plumber austin' },
  });
  return { user, business, prompt, cookie, auth: { Authorization: `Bearer ${token}` } };
}

function answerWith(text: string, modelReply?: unknown) {
  fake.setAnswer((_engine, prompt) =>
    prompt.includes('The answer:\n"""')
      ? {
          text: JSON.stringify(modelReply),
          sources: [],
          usage: { inputTokens: 5, outputTokens: 5 },
        }
      : {
          text,
          sources: [
            {
              url: 'https://www.yelp.com/biz/okafor-plumbing-austin',
              title: 'Okafor Plumbing - Yelp',
            },
          ],
          usage: { inputTokens: 10, outputTokens: 20 },
        },
  );
}

async function ask(businessId: string, promptId: string, extra: Partial<AskDependencies> = {}) {
  rounds += 1;
  return askTracked(
    { businessId, promptId, engine: 'chatgpt', sample: 1, round: `facts-${rounds}` },
    undefined,
    { ...deps, ...extra },
  );
}

const facts = (id: string, auth: Record<string, string>, query = '') =>
  callRoute(factsApi, 'loader', `/api/businesses/${id}/facts${query}`, { id }, { headers: auth });

type Check = {
  facts: {
    kind: string;
    yours: string | null;
    stated: number;
    right: number;
    wrong: number;
    unclear: number;
    versions: {
      value: string;
      verdict: string | null;
      answers: number;
      engines: string[];
      example: { answerId: string; engine: string; quote: string; askedAt: string };
    }[];
  }[];
  simulated: boolean;
};

beforeAll(async () => {
  fake = await startFakeEngines();
  deps = askDependencies([fakeChatgpt(fake)], null);
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.reset();
  answerWith(ANSWER);
});

describe('the fact check on the JSON API', () => {
  it('lists each fact with the owner’s value, its versions, verdicts, counts and an example', async () => {
    const { business, prompt, auth } = await owner();
    expect(await ask(business.id, prompt.id)).toBe('answered');
    expect(await ask(business.id, prompt.id)).toBe('answered');

    const kept = await db.trackingAnswer.findFirstOrThrow({ where: { businessId: business.id } });
    expect(
      JSON.parse(kept.facts!).map((fact: { kind: string; key: string }) => [fact.kind, fact.key]),
    ).toEqual([
      ['phone', '+15125550100'],
      ['address', '1420|east 6th street|78702'],
      ['hours', 'open 24/7'],
    ]);

    const result = await facts(business.id, auth, '?days=7');
    expect(result.status).toBe(200);
    const check = result.data as Check;
    expect(check.simulated).toBe(false);
    expect(check.facts.map((fact) => fact.kind)).toEqual([
      'phone',
      'address',
      'hours',
      'website',
      'status',
    ]);
    const phone = check.facts[0]!;
    expect(phone).toMatchObject({
      yours: '(512) 555-0142',
      stated: 2,
      right: 0,
      wrong: 2,
      unclear: 0,
    });
    // Radiant's number stands in Radiant's item: never ours.
    expect(phone.versions).toHaveLength(1);
    expect(phone.versions[0]).toMatchObject({
      value: '(512) 555-0100',
      verdict: 'wrong',
      answers: 2,
      engines: ['ChatGPT'],
      example: { engine: 'ChatGPT', quote: expect.stringContaining('Okafor Plumbing') },
    });
    expect(check.facts[1]).toMatchObject({ stated: 2, right: 2, wrong: 0 });
    expect(check.facts[2]).toMatchObject({ yours: 'Mo-Fr 08:00-17:00', wrong: 2 });
    expect(check.facts[3]).toMatchObject({ yours: null, stated: 0, versions: [] });

    // Still there after the answers expire: read from the per-day counts.
    await db.trackingAnswer.deleteMany({ where: { businessId: business.id } });
    expect(((await facts(business.id, auth)).data as Check).facts[0]).toMatchObject({
      stated: 2,
      wrong: 2,
    });
  });

  it('gives no verdict where the owner has no value, and refuses bad days and others’ businesses', async () => {
    const { business, prompt, auth } = await owner();
    await db.business.update({ where: { id: business.id }, data: { phone: null } });
    await ask(business.id, prompt.id);
    const check = (await facts(business.id, auth)).data as Check;
    expect(check.facts[0]).toMatchObject({
      yours: null,
      stated: 1,
      right: 0,
      wrong: 0,
      unclear: 0,
    });
    expect(check.facts[0]!.versions[0]).toMatchObject({ value: '(512) 555-0100', verdict: null });

    for (const bad of ['?days=0', '?days=366', '?days=abc'])
      expect((await facts(business.id, auth, bad)).status).toBe(400);
    const intruder = await owner();
    const refused = await facts(business.id, intruder.auth);
    expect(refused.status).toBe(404);
    expect(refused.data).toEqual({ message: 'Business not found' });
  });

  it('is what the MCP tool get_fact_check returns', async () => {
    const { user, business, prompt, auth } = await owner();
    await ask(business.id, prompt.id);
    const client = await connected(user.id);
    const result = (await client.callTool({
      name: 'get_fact_check',
      arguments: { businessId: business.id, days: 30 },
    })) as { content: { text: string }[]; isError?: boolean };
    expect(result.isError).toBeFalsy();
    expect(JSON.parse(result.content[0]!.text)).toEqual((await facts(business.id, auth)).data);
    const other = await owner();
    const refused = (await client.callTool({
      name: 'get_fact_check',
      arguments: { businessId: other.business.id },
    })) as { content: { text: string }[]; isError?: boolean };
    expect(refused).toMatchObject({ isError: true, content: [{ text: 'Business not found' }] });
  });
});

describe('with the extraction model', () => {
  it('keeps the facts it returns that the answer holds for the business, and drops the rest', async () => {
    const { business, prompt } = await owner();
    answerWith(ANSWER, {
      businesses: ['Radiant Plumbing', 'Okafor Plumbing'],
      sentences: [],
      facts: [
        { kind: 'phone', value: '(512) 555-0100' },
        // Radiant's: stands in Radiant's item.
        { kind: 'phone', value: '(512) 555-0199' },
        // Not in the answer.
        { kind: 'website', value: 'okafor-plumbing.example' },
        { kind: 'address', value: '1420 E 6th St, Austin, TX 78702' },
      ],
    });
    const parsed = extractionConfig(fake, 'openai:gpt-4.1-mini');
    expect(await ask(business.id, prompt.id, { extraction: parsed })).toBe('answered');
    const kept = await db.trackingAnswer.findFirstOrThrow({ where: { businessId: business.id } });
    expect(
      JSON.parse(kept.facts!).map((fact: { kind: string; value: string }) => [
        fact.kind,
        fact.value,
      ]),
    ).toEqual([
      ['phone', '(512) 555-0100'],
      ['address', '1420 E 6th St, Austin, TX 78702'],
    ]);
  });
});

describe('the wrong-fact alert', () => {
  const alerts = (to: string) =>
    db.outboxMessage.findMany({
      where: { to, kind: 'tracking-fact-alert' },
      orderBy: { createdAt: 'asc' },
    });

  it('e-mails the owner the first time a wrong phone appears, once per value', async () => {
    const { user, business, prompt } = await owner({ address: '9 Elm St, Austin, TX 78701' });
    await ask(business.id, prompt.id);
    const first = await alerts(user.email);
    // The phone and the address are both wrong; 24/7 hours alert nobody.
    expect(first.map((mail) => mail.subject).sort()).toEqual([
      'ChatGPT gave Okafor Plumbing a wrong address',
      'ChatGPT gave Okafor Plumbing a wrong phone number',
    ]);
    const phoneMail = first.find((mail) => mail.subject.includes('phone'))!;
    expect(phoneMail.text).toContain('“(512) 555-0100”. Yours: (512) 555-0142.');
    expect(phoneMail.text).toContain('/unsubscribe/digest?token=');
    await ask(business.id, prompt.id);
    expect(await alerts(user.email)).toHaveLength(2);
    answerWith(ANSWER.replace('(512) 555-0100', '(512) 555-0111'));
    await ask(business.id, prompt.id);
    expect(await alerts(user.email)).toHaveLength(3);
  });

  it('sends nothing for a right phone, nor to an owner who unsubscribed from the digest', async () => {
    const right = await owner({
      phone: '+15125550100',
      address: '1420 E 6th St, Austin, TX 78702',
    });
    await ask(right.business.id, right.prompt.id);
    expect(await alerts(right.user.email)).toEqual([]);
    const off = await owner();
    await db.user.update({ where: { id: off.user.id }, data: { trackingDigestOffAt: new Date() } });
    await ask(off.business.id, off.prompt.id);
    expect(await alerts(off.user.email)).toEqual([]);
  });
});

describe('where owners look', () => {
  it('the visibility page lists each fact with its share wrong, versions and what to do', async () => {
    const { business, prompt, cookie } = await owner();
    await ask(business.id, prompt.id);
    const loaded = await run(() =>
      visibilityPage.loader(
        args(
          new Request(`${BASE}/dashboard/businesses/${business.id}/visibility`, {
            headers: { Cookie: cookie },
          }),
          { id: business.id },
        ),
      ),
    );
    const { facts } = loaded.data as {
      facts: {
        days: number;
        facts: {
          kind: string;
          wrongShare: { share: number; low: number; high: number } | null;
          versions: { value: string; verdict: string; cited: string[] }[];
        }[];
      };
    };
    expect(facts.days).toBe(30);
    const phone = facts.facts.find((fact) => fact.kind === 'phone')!;
    expect(phone.wrongShare).toMatchObject({ share: 1, high: 1 });
    expect(phone.wrongShare!.low).toBeGreaterThan(0);
    expect(phone.versions[0]).toMatchObject({ value: '(512) 555-0100', verdict: 'wrong' });
    // The page the answer cited: where the wrong number may come from.
    expect(phone.versions[0]!.cited).toEqual([
      expect.stringMatching(/^https:\/\/www\.yelp\.com\/biz\/okafor-plumbing-austin/),
    ]);
  });

  it('the dashboard card marks a business with a wrong fact', async () => {
    const { business, prompt, cookie } = await owner();
    await ask(business.id, prompt.id);
    const loaded = await run(() =>
      dashboardLoader(args(new Request(`${BASE}/dashboard`, { headers: { Cookie: cookie } }))),
    );
    const { visibility } = loaded.data as {
      visibility: Record<string, { wrongFacts: string | null }>;
    };
    expect(visibility[business.id]?.wrongFacts).toBe('Wrong phone and hours in AI answers');
  });

  it('the weekly digest names a fact newly wrong, once', async () => {
    const { user, business, prompt } = await owner();
    await ask(business.id, prompt.id);
    const now = new Date();
    const week = now.toISOString().slice(0, 10);
    expect(await sendDigest({ userId: user.id, week }, now)).toBe('sent');
    const [digest] = await db.outboxMessage.findMany({
      where: { to: user.email, kind: 'tracking-digest' },
    });
    expect(digest!.text).toContain(
      'Newly wrong: your phone given as “(512) 555-0100” by ChatGPT (yours: (512) 555-0142).',
    );
    expect(digest!.html).toContain('Newly wrong: your phone given as');
    // A week later the same number is not new.
    const later = new Date(now.getTime() + 8 * 86_400_000);
    await db.trackingFactStat.updateMany({
      where: { businessId: business.id },
      data: { period: new Date(now.getTime() - 10 * 86_400_000) },
    });
    await ask(business.id, prompt.id);
    await db.trackingFactStat.updateMany({
      where: { businessId: business.id, period: { gte: new Date(now.getTime() - 86_400_000) } },
      data: { period: new Date(later.getTime() - 86_400_000) },
    });
    await db.trackingStat.updateMany({
      where: { businessId: business.id },
      data: { period: new Date(later.getTime() - 86_400_000) },
    });
    expect(
      await sendDigest({ userId: user.id, week: later.toISOString().slice(0, 10) }, later),
    ).toBe('sent');
    const digests = await db.outboxMessage.findMany({
      where: { to: user.email, kind: 'tracking-digest' },
      orderBy: { createdAt: 'asc' },
    });
    expect(digests).toHaveLength(2);
    expect(digests[1]!.text).not.toContain('Newly wrong');
  });
});
