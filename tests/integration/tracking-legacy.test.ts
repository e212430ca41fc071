import { describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.OPENAI_API_KEY = 'sk-test-tracking-legacy';
});

import { visibilityOf } from '~/domain/tracking/reports/visibility.server';
import { listAnswers } from '~/domain/tracking/reports/answers.server';
import { db } from '~/lib/db.server';
import { createUser } from './helpers';
import { migrationStatements } from './tracking-helpers';

// Answers recorded before cited and retrieved were told apart (every page of the search counted
// as "cited"), as that code stored them, then the data migration that splits them where the
// stored data allows, run on this file's database (SQLite or PostgreSQL) as `db:migrate` runs it.

const MIGRATION = '20261125184505_tracking_citations_split';

async function migrate() {
  const statements = migrationStatements(MIGRATION);
  await db.$transaction(async (tx) => {
    for (const statement of statements) await tx.$executeRawUnsafe(statement);
  });
}

const DAY = new Date('2026-11-23T00:00:00.000Z');
const AT = new Date('2026-11-23T10:00:00.000Z');
const OWN_PAGE = 'https://www.austinpipepros.com/emergency-plumber-austin/';
const YELP = 'https://www.yelp.com/search?find_desc=Plumbers&find_loc=Austin%2C+TX';
const page = (url: string, title: string | null = null) => ({ url, title });

describe('answers recorded before cited and retrieved were told apart', () => {
  it('are split where the stored data allows, marked "cited or retrieved" elsewhere, and nothing is lost', async () => {
    const user = await createUser();
    const business = await db.business.create({
      data: {
        userId: user.id,
        name: 'Austin Pipe Pros',
        website: 'https://www.austinpipepros.com/',
        location: 'Austin, TX',
      },
    });
    let n = 0;
    const legacy = async (
      engine: string,
      fields: { text: string; sources: object[]; mentioned?: boolean; cited: boolean },
      status = 'answered',
    ) => {
      n += 1;
      return db.trackingAnswer.create({
        data: {
          runKey: `legacy-${business.id}-${n}`,
          businessId: business.id,
          promptId: 'p1',
          prompt: 'best emergency plumber in Austin',
          engine,
          model: 'm',
          period: DAY,
          periodKind: 'week',
          sample: n,
          status,
          askedAt: AT,
          text: fields.text,
          sources: JSON.stringify(fields.sources),
          mentioned: fields.mentioned ?? false,
          cited: fields.cited,
          citedNotNamed: fields.cited && !fields.mentioned,
        },
      });
    };
    // ChatGPT tagged what it cited: the owner's page came bare, from its search only.
    const a = await legacy('chatgpt', {
      text: `Try [Yelp](${YELP}&utm_source=openai).`,
      sources: [page(`${YELP}&utm_source=openai`, 'Yelp'), page(OWN_PAGE), page(YELP)],
      cited: true,
    });
    // ... and here it cited the owner's page.
    const b = await legacy('chatgpt', {
      text: '1. **Austin Pipe Pros** – fast.',
      sources: [page(`${OWN_PAGE}?utm_source=openai`, 'Austin Pipe Pros'), page(YELP)],
      mentioned: true,
      cited: true,
    });
    // Perplexity stored its citations only.
    const c = await legacy('perplexity', {
      text: 'Radiant Plumbing is well reviewed [1][2].',
      sources: [page(OWN_PAGE, 'Austin Pipe Pros'), page(YELP, 'Yelp')],
      cited: true,
    });
    // Claude's citations and search results were stored alike: no telling.
    const d = await legacy('claude', {
      text: '**Austin Pipe Pros** answers at night.',
      sources: [page(OWN_PAGE, 'Austin Pipe Pros'), page(YELP, 'Yelp')],
      mentioned: true,
      cited: true,
    });
    // ... unless the answer writes the site's address.
    const e = await legacy('claude', {
      text: 'Some call austinpipepros.com first.',
      sources: [page(OWN_PAGE, 'Austin Pipe Pros')],
      cited: true,
    });
    const f = await legacy('gemini', {
      text: 'Radiant Plumbing.',
      sources: [page('https://yelp.com/', 'yelp.com')],
      cited: false,
    });
    const failed = await legacy('chatgpt', { text: '', sources: [], cited: false }, 'failed');
    const stat = (engine: string, counts: Record<string, number>) =>
      db.trackingStat.create({
        data: { businessId: business.id, engine, period: DAY, periodKind: 'day', ...counts },
      });
    await stat('chatgpt', { samples: 2, mentioned: 1, cited: 2, failed: 1 });
    await stat('perplexity', { samples: 1, cited: 1 });
    await stat('claude', { samples: 2, mentioned: 1, cited: 2 });
    await stat('gemini', { samples: 1 });
    const site = (engine: string, domain: string, answers: number) =>
      db.trackingDomainStat.create({
        data: { businessId: business.id, engine, period: DAY, domain, answers },
      });
    await site('chatgpt', 'austinpipepros.com', 2);
    await site('chatgpt', 'yelp.com', 2);
    await site('perplexity', 'austinpipepros.com', 1);
    await site('perplexity', 'yelp.com', 1);
    await site('claude', 'austinpipepros.com', 2);
    await site('claude', 'yelp.com', 1);
    await site('gemini', 'yelp.com', 1);

    await migrate();

    const answer = (id: string) => db.trackingAnswer.findUniqueOrThrow({ where: { id } });
    const kinds = async (id: string) =>
      (JSON.parse((await answer(id)).sources) as { url: string; cited?: boolean }[]).map(
        (source) => [source.url, source.cited ?? 'unknown'],
      );
    const flags = async (id: string) => {
      const row = await answer(id);
      return [row.cited, row.retrieved, row.citedOrRetrieved, row.citedNotNamed];
    };

    expect(await kinds(a.id)).toEqual([
      [`${YELP}&utm_source=openai`, true],
      [OWN_PAGE, false],
      [YELP, false],
    ]);
    expect(await flags(a.id)).toEqual([false, true, false, false]);
    expect(await kinds(b.id)).toEqual([
      [`${OWN_PAGE}?utm_source=openai`, true],
      [YELP, false],
    ]);
    expect(await flags(b.id)).toEqual([true, false, false, false]);
    expect(await kinds(c.id)).toEqual([
      [OWN_PAGE, true],
      [YELP, true],
    ]);
    expect(await flags(c.id)).toEqual([true, false, false, true]);
    expect(await kinds(d.id)).toEqual([
      [OWN_PAGE, 'unknown'],
      [YELP, 'unknown'],
    ]);
    expect(await flags(d.id)).toEqual([false, false, true, false]);
    expect(await flags(e.id)).toEqual([true, false, false, true]);
    expect(await kinds(f.id)).toEqual([['https://yelp.com/', 'unknown']]);
    expect(await flags(f.id)).toEqual([false, false, false, false]);
    // Nothing is lost: every answer, its text and every page are kept.
    expect(await db.trackingAnswer.count({ where: { businessId: business.id } })).toBe(7);
    expect((await answer(a.id)).text).toBe(a.text);
    expect((await answer(failed.id)).sources).toBe('[]');

    // The day's counts follow.
    const stats = Object.fromEntries(
      (await db.trackingStat.findMany({ where: { businessId: business.id } })).map((row) => [
        row.engine,
        [row.samples, row.cited, row.retrieved, row.citedOrRetrieved, row.citedNotNamed],
      ]),
    );
    expect(stats).toEqual({
      chatgpt: [2, 1, 1, 0, 0],
      perplexity: [1, 1, 0, 0, 1],
      claude: [2, 1, 0, 1, 1],
      gemini: [1, 0, 0, 0, 0],
    });
    const sites = Object.fromEntries(
      (await db.trackingDomainStat.findMany({ where: { businessId: business.id } })).map((row) => [
        `${row.engine} ${row.domain}`,
        [row.answers, row.cited, row.retrieved],
      ]),
    );
    expect(sites).toEqual({
      'chatgpt austinpipepros.com': [2, 1, 1],
      'chatgpt yelp.com': [2, 0, 0],
      'perplexity austinpipepros.com': [1, 1, 0],
      'perplexity yelp.com': [1, 1, 0],
      'claude austinpipepros.com': [2, 1, 0],
      'claude yelp.com': [1, 0, 0],
      'gemini yelp.com': [1, 0, 0],
    });

    // The figures and the answers say so.
    const visibility = await visibilityOf(business, 'week', new Date('2026-11-25T00:00:00Z'));
    expect(visibility.overall).toMatchObject({
      samples: 6,
      cited: 3,
      retrieved: 1,
      citedOrRetrieved: 1,
      citedNotNamed: 2,
    });
    expect(visibility.domains.find((row) => row.domain === 'yelp.com')).toMatchObject({
      cited: 1,
      citedOrRetrieved: 4,
    });
    const { items } = await listAnswers(user, business.id, { filter: {} });
    const shown = items.find((item) => item.id === d.id)!;
    expect(shown.sources.map((source) => source.kind)).toEqual([
      'cited-or-retrieved',
      'cited-or-retrieved',
    ]);
    const chatgpt = items.find((item) => item.id === a.id)!;
    // One page once: the tagged and the bare Yelp address are one cited page.
    expect(chatgpt.sources).toEqual([
      { url: `${YELP}&utm_source=openai`, title: 'Yelp', kind: 'cited' },
      { url: OWN_PAGE, title: null, kind: 'retrieved' },
    ]);
  });
});
