import { afterAll, describe, expect, it } from 'vitest';
import { normalizeName } from '~/domain/tracking/reading/names';
import { promptSuggestions } from '~/domain/tracking/rounds/suggestions';
import { db } from '~/lib/db.server';
import { verifyApiKey } from '~/domain/api-keys.server';
import { seedDemoHistory } from '~/domain/tracking/rounds/demo-history.server';
import { demoTally } from '~/domain/tracking/visits/demo-visits.server';
import { linesThisMonth } from '~/domain/tracking/visits/import.server';
import * as crawlersApi from '~/routes/api.businesses.$id.crawlers';
import * as crawlersPage from '~/routes/dashboard_.businesses.$id.crawlers/route';
import {
  demoCompetitors,
  demoPrompts,
  seedDemoApiKey,
  seedDemoCrawlerVisits,
  seedDemoTracking,
} from '../../prisma/seed-demo';
import { args, BASE, callRoute, run, sessionCookieFor } from './helpers';

// The demo seed's tracking data: every demo business gets prompts and competitors to track, once.

const EMAIL = `seed-tracking-${Date.now()}@demo.example.com`;

afterAll(async () => {
  await db.user.deleteMany({ where: { email: EMAIL } });
});

describe('seedDemoTracking', () => {
  it('gives each demo business 3–5 suggested prompts and 2–3 competitors, once', async () => {
    const user = await db.user.create({ data: { email: EMAIL, firstName: 'Demo' } });
    const specs = [
      { name: 'Garcia Plumbing', industry: 'Plumbing', location: 'Austin, TX' },
      { name: 'Khan Law Office', industry: 'Legal', location: 'Raleigh, NC' },
      { name: 'Lee Physio', industry: 'Healthcare', location: 'Tampa, FL' },
      { name: 'Rossi Dental', industry: 'Dentistry', location: 'Denver, CO' },
      { name: 'Silva Roofing', industry: 'Construction', location: 'Portland, OR' },
      { name: 'Wang Landscaping', industry: 'Landscaping', location: null },
    ];
    const businesses = await Promise.all(
      specs.map((spec) => db.business.create({ data: { ...spec, userId: user.id } })),
    );
    // Someone else's business (not a demo customer) is left alone.
    const other = await db.user.create({
      data: { email: `not-demo-${Date.now()}@example.com`, firstName: 'Real' },
    });
    const real = await db.business.create({
      data: { userId: other.id, name: 'Real Plumbing', industry: 'Plumbing', location: 'Austin' },
    });

    expect(await seedDemoTracking()).toBeGreaterThanOrEqual(businesses.length);

    for (const business of businesses) {
      const prompts = await db.trackedPrompt.findMany({ where: { businessId: business.id } });
      const competitors = await db.competitor.findMany({ where: { businessId: business.id } });
      expect(prompts.length).toBeGreaterThanOrEqual(3);
      expect(prompts.length).toBeLessThanOrEqual(5);
      expect(new Set(prompts.map((p) => p.text)).size).toBe(prompts.length);
      const suggestions = promptSuggestions(business);
      for (const prompt of prompts) {
        expect(suggestions).toContain(prompt.text);
        expect(prompt.text).not.toContain(business.name);
      }
      expect(competitors.length).toBeGreaterThanOrEqual(2);
      expect(competitors.length).toBeLessThanOrEqual(3);
      for (const competitor of competitors) {
        expect(competitor.name).toMatch(/^[A-Z][A-Za-z]+(?: [A-Z][A-Za-z]+)+$/);
        expect(competitor.key).toBe(normalizeName(competitor.name));
        expect(competitor.key).not.toBe(normalizeName(business.name));
      }
    }
    expect(await db.trackedPrompt.count({ where: { businessId: real.id } })).toBe(0);
    expect(await db.competitor.count({ where: { businessId: real.id } })).toBe(0);

    // Idempotent: a second run adds nothing to these businesses.
    const ids = businesses.map((b) => b.id);
    const before = await db.trackedPrompt.count({ where: { businessId: { in: ids } } });
    await seedDemoTracking();
    expect(await db.trackedPrompt.count({ where: { businessId: { in: ids } } })).toBe(before);
    expect(await db.competitor.count({ where: { businessId: { in: ids } } })).toBeLessThanOrEqual(
      ids.length * 3,
    );
    await db.user.delete({ where: { id: other.id } });
  });

  it('picks varied prompts and rivals, the same on every run', () => {
    const garcia = { name: 'Garcia Plumbing', industry: 'Plumbing', location: 'Austin, TX' };
    expect(demoPrompts(garcia)).toEqual(demoPrompts(garcia));
    expect(demoCompetitors(garcia)).toEqual(demoCompetitors(garcia));
    expect(demoCompetitors(garcia).every((name) => name.includes('Plumbing'))).toBe(true);
    // Every founder and place word is used across businesses (none left out, none undefined).
    const rivals = ['Garcia', 'Smith', 'Khan', 'Wang', 'Silva', 'Patel', 'Brown', 'Rossi']
      .flatMap((last, i) =>
        ['Denver, CO', 'Austin, TX', 'Portland, OR'].flatMap((location) =>
          demoCompetitors({ name: `${last} Plumbing ${i}`, industry: 'Plumbing', location }),
        ),
      )
      .join('|');
    expect(rivals).not.toMatch(/undefined|null/);
    const sets = ['Garcia', 'Smith', 'Khan', 'Wang', 'Silva', 'Patel', 'Brown', 'Rossi'].map(
      (last) => demoPrompts({ ...garcia, name: `${last} Plumbing` }).join('|'),
    );
    expect(new Set(sets).size).toBeGreaterThan(3);
  });

  it('gives the demo owner an API key once, the same at every run, keeping only its hash', async () => {
    const email = `seed-key-${Date.now()}@demo.example.com`;
    const owner = await db.user.create({
      data: { id: '0-seed-key-owner', email, firstName: 'Demo', subscriptionStatus: 'growth' },
    });
    try {
      const business = await db.business.create({
        data: {
          id: '0-seed-key-business',
          userId: owner.id,
          name: 'Aaron Plumbing',
          industry: 'Plumbing',
          location: 'Austin, TX',
        },
      });
      await db.trackedPrompt.create({
        data: { businessId: business.id, text: 'best plumber in Austin' },
      });
      expect(await seedDemoHistory(business.id, { weeks: 1 })).toBeGreaterThan(0);

      const first = await seedDemoApiKey('a-demo-only-secret-0123456789');
      expect(first).toMatchObject({ email, business: 'Aaron Plumbing', created: true });
      expect(first!.key).toMatch(/^aiv_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
      const again = await seedDemoApiKey('a-demo-only-secret-0123456789');
      expect(again).toMatchObject({ key: first!.key, created: false });
      const rows = await db.apiKey.findMany({ where: { userId: owner.id } });
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toContain(first!.key.slice(17));
      expect((await verifyApiKey(first!.key))?.user.email).toBe(email);
      // Another installation's secret gives another key.
      const other = await seedDemoApiKey('another-installation-secret-0123');
      expect(other!.key).not.toBe(first!.key);
    } finally {
      await db.user.delete({ where: { id: owner.id } });
    }
  });

  it('gives the first paid demo businesses a month of simulated crawler visits, shown and labelled, once', async () => {
    const email = `seed-crawl-${Date.now()}@demo.example.com`;
    const owner = await db.user.create({
      data: { id: '0-seed-crawl-owner', email, firstName: 'Demo', subscriptionStatus: 'growth' },
    });
    try {
      const business = await db.business.create({
        data: {
          id: '0-seed-crawl-business',
          userId: owner.id,
          name: 'Abbott Dental',
          website: 'https://abbott-dental-0.example.com',
          industry: 'Dentistry',
          location: 'Denver, CO',
        },
      });
      await db.trackedPrompt.create({ data: { businessId: business.id, text: 'best dentist' } });
      const now = new Date();
      const added = await seedDemoCrawlerVisits({ businesses: 1, now });
      const expected = demoTally('Abbott Dental|https://abbott-dental-0.example.com', {
        now,
        refused: true,
      });
      expect(added).toBe(expected.totals.counted);
      expect(added).toBeGreaterThan(100);

      // The JSON API shows the month: every simulated visit, by agent and by assistant.
      const { token, cookie } = await sessionCookieFor(owner.id);
      const res = await callRoute(
        crawlersApi,
        'loader',
        `/api/businesses/${business.id}/crawlers?days=30`,
        { id: business.id },
        { headers: { Authorization: `Bearer ${token}` } },
      );
      expect(res.status).toBe(200);
      const body = res.data as {
        agents: {
          agent: string;
          visits: number;
          verified: number;
          statuses: Record<string, number>;
        }[];
        referrals: { assistant: string; visits: number }[];
        imports: { status: string; lines: number; counted: number }[];
      };
      const agentVisits = body.agents.reduce((sum, agent) => sum + agent.visits, 0);
      const referred = body.referrals.reduce((sum, row) => sum + row.visits, 0);
      expect(agentVisits + referred).toBe(added);
      expect(body.agents.map((agent) => agent.agent)).toEqual(
        expect.arrayContaining(['GPTBot', 'ChatGPT-User', 'ClaudeBot', 'PerplexityBot']),
      );
      expect(body.agents.find((agent) => agent.agent === 'ClaudeBot')?.verified).toBe(0);
      expect(body.referrals.map((row) => row.assistant)).toContain('ChatGPT');
      expect(body.imports).toEqual([expect.objectContaining({ status: 'done', counted: added })]);

      // The page labels it simulated and explains the refusal the first business was given.
      const page = await run(() =>
        crawlersPage.loader(
          args(
            new Request(`${BASE}/dashboard/businesses/${business.id}/crawlers?days=30`, {
              headers: { Cookie: cookie },
            }),
            { id: business.id },
          ),
        ),
      );
      const data = page.data as { simulated: boolean; conclusions: { text: string }[] };
      expect(data.simulated).toBe(true);
      expect(data.conclusions.map((row) => row.text).join('\n')).toMatch(
        /ChatGPT-User was refused \(4xx\) on \d+ of \d+ visits/,
      );
      // Simulated lines use none of the plan's allowance.
      expect((await linesThisMonth({ ...owner, subscriptionExpiry: null })).used).toBe(0);

      // Once: a second run adds nothing.
      expect(await seedDemoCrawlerVisits({ businesses: 1, now })).toBe(0);
      expect(await db.crawlerLogImport.count({ where: { businessId: business.id } })).toBe(1);
      // The same business and day give the same month.
      expect(
        demoTally('Abbott Dental|https://abbott-dental-0.example.com', { now, refused: true }),
      ).toEqual(expected);
    } finally {
      await db.user.delete({ where: { id: owner.id } });
    }
  });
});
