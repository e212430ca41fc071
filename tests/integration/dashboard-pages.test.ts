import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '~/lib/db.server';
import { listBusinesses } from '~/domain/businesses.server';
import { action, loader } from '~/routes/dashboard/route';
import * as collection from '~/routes/api.businesses';
import { args, BASE, createUser, formRequest, jsonRequest, run, sessionCookieFor } from './helpers';

// The dashboard shows one page of 10 businesses, newest first, with the total kept on the user's row;
// /api/businesses pages the same list like the admin lists. A user with a thousand businesses must
// not get a thousand of them in one answer.

type ListData = {
  businesses: { id: string; name: string }[];
  list: {
    total: number;
    allCount: number;
    page: number;
    perPage: number;
    pageCount: number;
    q: string;
  };
  editing: { id: string } | null;
  confirmDelete: { id: string } | null;
};

const T0 = Date.parse('2026-01-01T00:00:00Z');
const label = (i: number) => String(i).padStart(4, '0');

/**
 * `count` businesses for a user, the i-th created i seconds after T0 (so #0 is the oldest). Every
 * 100th is a dental practice, so a search has something to find.
 */
async function seed(userId: string, count: number, options: { sameTime?: boolean } = {}) {
  await db.business.createMany({
    data: Array.from({ length: count }, (_, i) => ({
      userId,
      name: i % 100 === 42 ? `Harbor Dental ${label(i)}` : `Business ${label(i)}`,
      createdAt: new Date(options.sameTime ? T0 : T0 + i * 1000),
    })),
  });
}

async function signedIn() {
  const user = await createUser();
  const { cookie, token } = await sessionCookieFor(user.id);
  return { user, cookie, token };
}

async function load(cookie: string, search = '') {
  const result = await run(() =>
    loader(args(new Request(`${BASE}/dashboard${search}`, { headers: { Cookie: cookie } }))),
  );
  expect(result.status).toBe(200);
  return result.data as ListData;
}

const names = (data: ListData) => data.businesses.map((business) => business.name);

describe('dashboard with 1,000 businesses', () => {
  let owner: Awaited<ReturnType<typeof signedIn>>;
  let other: Awaited<ReturnType<typeof signedIn>>;

  beforeAll(async () => {
    owner = await signedIn();
    other = await signedIn();
    await seed(owner.user.id, 1000);
    // Another user's rows, newer than all of the owner's and matching the same search.
    await db.business.createMany({
      data: [
        { userId: other.user.id, name: 'Harbor Dental Elsewhere', createdAt: new Date(T0 + 9e6) },
        { userId: other.user.id, name: 'Business 9999', createdAt: new Date(T0 + 9e6) },
      ],
    });
    // A thousand rows, each through the row-count, owner-count and search triggers.
  }, 60_000);

  it('page 1 holds the 10 newest and the total is the count, not the page length', async () => {
    const data = await load(owner.cookie);
    expect(data.businesses).toHaveLength(10);
    expect(data.list).toMatchObject({
      total: 1000,
      allCount: 1000,
      page: 1,
      perPage: 10,
      pageCount: 100,
      q: '',
    });
    expect(names(data)[0]).toBe('Business 0999');
    expect(names(data)[9]).toBe('Business 0990');
    // A card gets what it shows of a business (and its edit form fills in), not its owner or
    // timestamps.
    expect(Object.keys(data.businesses[0]!).sort()).toEqual(
      [
        'address',
        'description',
        'id',
        'industry',
        'location',
        'name',
        'nameVariants',
        'openingHours',
        'phone',
        'website',
        'zone',
      ].sort(),
    );
  });

  it('page 100 holds the 10 oldest', async () => {
    const data = await load(owner.cookie, '?page=100');
    expect(data.list.page).toBe(100);
    expect(data.businesses).toHaveLength(10);
    expect(names(data)[0]).toBe('Business 0009');
    expect(names(data)[9]).toBe('Business 0000');
  });

  it('never shows another user’s businesses', async () => {
    for (const search of ['', '?q=dental', '?q=9999', '?page=100']) {
      const data = await load(owner.cookie, search);
      const owners = await db.business.findMany({
        where: { id: { in: data.businesses.map((business) => business.id) } },
        select: { userId: true },
      });
      expect(owners.every((row) => row.userId === owner.user.id)).toBe(true);
      expect(names(data)).not.toContain('Harbor Dental Elsewhere');
    }
    const theirs = await load(other.cookie);
    expect(theirs.list.total).toBe(2);
    expect(names(theirs).sort()).toEqual(['Business 9999', 'Harbor Dental Elsewhere']);
    // An id from someone else in ?edit= / ?confirmDelete= opens nothing.
    const foreign = await db.business.findFirstOrThrow({ where: { userId: other.user.id } });
    const probe = await load(owner.cookie, `?edit=${foreign.id}&confirmDelete=${foreign.id}`);
    expect(probe.editing).toBeNull();
    expect(probe.confirmDelete).toBeNull();
  });

  it('searches the starts of the name’s words, in any case, and counts the matches', async () => {
    const expected = Array.from({ length: 10 }, (_, k) => `Harbor Dental ${label(942 - k * 100)}`);
    for (const q of ['dental', 'Dental', 'DENTAL', 'dEnTaL', 'harbor dental', 'harb den', 'Den']) {
      const data = await load(owner.cookie, `?q=${encodeURIComponent(q)}`);
      expect(names(data), q).toEqual(expected);
      expect(data.list).toMatchObject({ total: 10, allCount: 1000, page: 1, pageCount: 1, q });
    }
    // A prefix and an exact name ("Business 0900" to "0999", less "Harbor Dental 0942").
    const prefix = await load(owner.cookie, '?q=Business%2009');
    expect(prefix.list.total).toBe(99);
    expect(prefix.businesses).toHaveLength(10);
    expect(names(prefix)[0]).toBe('Business 0999');
    const exact = await load(owner.cookie, '?q=Business%200500');
    expect(names(exact)).toEqual(['Business 0500']);
    // Pages of a search.
    const second = await load(owner.cookie, '?q=business%2009&page=2');
    expect(second.list).toMatchObject({ total: 99, page: 2, pageCount: 10 });
    expect(names(second)[0]).toBe('Business 0989');
  });

  it('finds nothing for a search that matches nothing (punctuation alone is no search)', async () => {
    for (const q of [
      'zzz',
      'arbor',
      'ental',
      '%',
      '_',
      '\\',
      '"',
      '*',
      'Business zzz',
      'dental 1',
    ]) {
      const data = await load(owner.cookie, `?q=${encodeURIComponent(q)}`);
      expect(data.businesses, q).toEqual([]);
      expect(data.list, q).toMatchObject({ total: 0, allCount: 1000, page: 1, pageCount: 1 });
    }
  });

  it('clamps bad page values instead of failing', async () => {
    const cases: [string, number][] = [
      ['0', 1],
      ['-1', 1],
      ['abc', 1],
      ['1.5', 1],
      ['', 1],
      ['101', 100],
      ['999999999999', 100],
    ];
    for (const [value, page] of cases) {
      const data = await load(owner.cookie, `?page=${encodeURIComponent(value)}`);
      expect(data.list.page, value).toBe(page);
      expect(data.businesses, value).toHaveLength(10);
    }
    const search = await load(owner.cookie, '?q=dental&page=7');
    expect(search.list.page).toBe(1);
    expect(search.businesses).toHaveLength(10);
  });
});

describe('listBusinesses', () => {
  it('treats punctuation and query syntax as spaces between words', async () => {
    const { user } = await signedIn();
    const other = await signedIn();
    const stored = ['50% Off Tyres', '500 Tyres', 'my_shop', 'myXshop', 'Back\\slash Bakery'];
    for (const [i, name] of stored.entries()) {
      await db.business.create({ data: { userId: user.id, name, createdAt: new Date(T0 + i) } });
    }
    await db.business.create({ data: { userId: other.user.id, name: '50% Theirs' } });
    const found = async (q: string) =>
      (await listBusinesses(user, { q })).items.map((item) => item.name);
    expect(await found('50%')).toEqual(['500 Tyres', '50% Off Tyres']);
    expect(await found('% OFF')).toEqual(['50% Off Tyres']);
    expect(await found('shop')).toEqual(['my_shop']);
    expect(await found('my_sh')).toEqual(['my_shop']);
    expect(await found('slash')).toEqual(['Back\\slash Bakery']);
    // Nothing here is FTS5 or tsquery syntax: quotes, "*", "(" and operators are plain words or
    // separators ("NOT tyres" asks for a word starting with "not" as well).
    for (const q of ['"tyres', 'tyres"*', '(tyres)', "tyres' | '", 'tyres:*', '-tyres']) {
      expect(await found(q), q).toEqual(['500 Tyres', '50% Off Tyres']);
    }
    for (const q of ['_', '\\', '%%', 'y_s', 'k\\s', 'NOT tyres', 'tyres OR shop', '"']) {
      expect(await found(q), q).toEqual([]);
    }
    const page = await listBusinesses(user, { q: 'tyre', perPage: 1, page: 5 });
    expect(page).toMatchObject({ total: 2, page: 2, pageCount: 2 });
  });

  it('pages rows created at the same instant without overlap or gaps (id breaks the tie)', async () => {
    const { user } = await signedIn();
    await seed(user.id, 45, { sameTime: true });
    const seen: string[] = [];
    for (const page of [1, 2, 3]) {
      const result = await listBusinesses(user, { page, perPage: 20 });
      expect(result).toMatchObject({ total: 45, page, perPage: 20, pageCount: 3 });
      seen.push(...result.items.map((item) => item.id));
    }
    expect(seen).toHaveLength(45);
    expect(new Set(seen).size).toBe(45);
    expect(seen).toEqual([...seen].sort().reverse());
  });

  it("is the dashboard's list: the same pages (ties, a page past the end) and the same fields", async () => {
    const { user, cookie } = await signedIn();
    await seed(user.id, 15, { sameTime: true });
    await seed(user.id, 9);
    await db.business.create({
      data: {
        userId: user.id,
        name: "Lou's Mobile Plumbing",
        description: 'Drains and boilers.',
        website: 'https://lou.example.com',
        industry: 'Plumbing',
        location: 'Austin, TX',
        phone: '+15125550142',
        address: '1 Main St, Austin, TX',
        openingHours: 'Mo-Fr 08:00-17:00',
        nameVariants: "Lou's\nLMP",
        createdAt: new Date(T0 + 9e6),
      },
    });
    // The dashboard reads its page with the cards' columns in one query (business-cards.server),
    // not through listBusinesses: what it shows must be what listBusinesses pages.
    for (const [search, page] of [
      ['', 1],
      ['?page=2', 2],
      ['?page=3', 3],
      ['?page=9', 9],
    ] as const) {
      const data = await load(cookie, search);
      const listed = await listBusinesses(user, { page, perPage: 10 });
      expect(data.list, search).toMatchObject({
        total: 25,
        page: listed.page,
        perPage: 10,
        pageCount: 3,
      });
      expect(data.businesses, search).toEqual(
        listed.items.map(
          ({ createdAt: _created, updatedAt: _updated, userId: _user, ...shown }) =>
            expect.objectContaining(shown) as unknown,
        ),
      );
    }
    const [lou] = (await load(cookie)).businesses;
    expect(lou).toMatchObject({ name: "Lou's Mobile Plumbing", nameVariants: ["Lou's", 'LMP'] });
  });

  it('answers an empty list as page 1 of 1', async () => {
    const { user } = await signedIn();
    expect(await listBusinesses(user, { page: 3 })).toEqual({
      items: [],
      total: 0,
      page: 1,
      perPage: 10,
      pageCount: 1,
    });
  });
});

describe('dashboard actions keep the user on a sensible page', () => {
  const post = (cookie: string, path: string, fields: Record<string, string>) =>
    run(() => action(args(formRequest(path, fields, { Cookie: cookie }))));

  it('adding goes to page 1, where the new business is', async () => {
    const { cookie } = await signedIn();
    const result = await post(cookie, '/dashboard?page=3&q=x&add=1', {
      intent: 'create',
      name: 'Brand New',
    });
    expect(result.headers.get('Location')).toBe('/dashboard');
  });

  it('editing goes back to the same page of the same search', async () => {
    const { user, cookie } = await signedIn();
    await seed(user.id, 45);
    const row = await db.business.findFirstOrThrow({
      where: { userId: user.id, name: 'Business 0003' },
    });
    const result = await post(cookie, `/dashboard?q=business&page=3&edit=${row.id}`, {
      intent: 'update',
      businessId: row.id,
      name: 'Business 0003 renamed',
    });
    expect(result.status).toBe(302);
    expect(result.headers.get('Location')).toBe('/dashboard?q=business&page=3');
  });

  it('opens the edit form and delete dialog for a business on another page', async () => {
    const { user, cookie } = await signedIn();
    await seed(user.id, 45);
    const oldest = await db.business.findFirstOrThrow({
      where: { userId: user.id, name: 'Business 0000' },
    });
    const data = await load(cookie, `?edit=${oldest.id}`);
    expect(data.list.page).toBe(1);
    expect(data.editing).toMatchObject({ id: oldest.id });
    const dialog = await load(cookie, `?confirmDelete=${oldest.id}`);
    expect(dialog.confirmDelete).toMatchObject({ id: oldest.id });
  });

  it('deleting the last business of the last page goes to the previous page', async () => {
    const { user, cookie } = await signedIn();
    await seed(user.id, 21);
    const last = await load(cookie, '?page=3');
    expect(names(last)).toEqual(['Business 0000']);
    const id = last.businesses[0]!.id;
    const result = await post(cookie, `/dashboard?page=3&confirmDelete=${id}`, {
      intent: 'delete',
      businessId: id,
    });
    expect(result.status).toBe(302);
    expect(result.headers.get('Location')).toBe('/dashboard?page=2');

    // Deleting one of several on a page stays on it.
    const page2 = await load(cookie, '?page=2');
    const other = page2.businesses[5]!.id;
    const again = await post(cookie, '/dashboard?page=2', { intent: 'delete', businessId: other });
    expect(again.headers.get('Location')).toBe('/dashboard?page=2');
    expect(await db.business.count({ where: { userId: user.id } })).toBe(19);
  });

  it('deleting the only search match goes back to page 1 of that search', async () => {
    const { user, cookie } = await signedIn();
    await seed(user.id, 45);
    const row = await db.business.findFirstOrThrow({
      where: { userId: user.id, name: 'Harbor Dental 0042' },
    });
    const result = await post(cookie, '/dashboard?q=dental&page=2', {
      intent: 'delete',
      businessId: row.id,
    });
    expect(result.headers.get('Location')).toBe('/dashboard?q=dental');
  });
});

describe('GET /api/businesses pages like the admin lists', () => {
  const get = (token: string, search = '') =>
    run(() =>
      collection.loader(
        args(
          jsonRequest(`/api/businesses${search}`, {
            headers: { Authorization: `Bearer ${token}` },
          }),
        ),
      ),
    );

  let owner: Awaited<ReturnType<typeof signedIn>>;
  beforeAll(async () => {
    owner = await signedIn();
    const other = await signedIn();
    await seed(owner.user.id, 250);
    await seed(other.user.id, 5);
  });

  it('answers the first 100 newest as a plain array with the page in headers', async () => {
    const result = await get(owner.token);
    expect(result.status).toBe(200);
    const items = result.data as { name: string; userId: string }[];
    expect(items).toHaveLength(100);
    expect(items[0]!.name).toBe('Business 0249');
    expect(items.every((item) => item.userId === owner.user.id)).toBe(true);
    expect(result.headers.get('X-Total-Count')).toBe('250');
    expect(result.headers.get('X-Page')).toBe('1');
    expect(result.headers.get('X-Per-Page')).toBe('100');
    expect(result.headers.get('Link')).toBe('</api/businesses?page=2&limit=100>; rel="next"');
    expect(result.headers.get('Cache-Control')).toBe('private, no-store');
  });

  it('takes ?page and ?limit (at most 100) and links both ways', async () => {
    const middle = await get(owner.token, '?page=2&limit=10');
    const items = middle.data as { name: string }[];
    expect(items.map((item) => item.name)).toEqual(
      Array.from({ length: 10 }, (_, k) => `Business ${label(239 - k)}`),
    );
    expect(middle.headers.get('X-Page')).toBe('2');
    expect(middle.headers.get('X-Per-Page')).toBe('10');
    expect(middle.headers.get('Link')).toBe(
      '</api/businesses?page=3&limit=10>; rel="next", </api/businesses?page=1&limit=10>; rel="prev"',
    );

    const last = await get(owner.token, '?page=3');
    expect(last.data).toHaveLength(50);
    expect(last.headers.get('Link')).toBe('</api/businesses?page=2&limit=100>; rel="prev"');

    const capped = await get(owner.token, '?limit=1000');
    expect(capped.data).toHaveLength(100);
    expect(capped.headers.get('X-Per-Page')).toBe('100');
  });

  it('falls back on bad values and answers [] past the end', async () => {
    const bad = await get(owner.token, '?page=abc&limit=-5');
    expect(bad.status).toBe(200);
    expect(bad.data).toHaveLength(100);
    expect(bad.headers.get('X-Page')).toBe('1');

    const past = await get(owner.token, '?page=9');
    expect(past.status).toBe(200);
    expect(past.data).toEqual([]);
    expect(past.headers.get('X-Total-Count')).toBe('250');
    expect(past.headers.get('X-Page')).toBe('9');
    expect(past.headers.get('Link')).toBe('</api/businesses?page=3&limit=100>; rel="prev"');
  });

  it('searches with ?q and counts the matches', async () => {
    const result = await get(owner.token, '?q=dental&limit=2');
    expect((result.data as { name: string }[]).map((item) => item.name)).toEqual([
      'Harbor Dental 0242',
      'Harbor Dental 0142',
    ]);
    expect(result.headers.get('X-Total-Count')).toBe('3');
    expect(result.headers.get('Link')).toBe(
      '</api/businesses?q=dental&limit=2&page=2>; rel="next"',
    );
  });
});

describe('the dashboard greeting', () => {
  it('welcomes a brand-new account, and welcomes it back from its next sign-in on', async () => {
    const user = await createUser({ firstName: 'Nova' });
    const first = await sessionCookieFor(user.id);
    const greeting = async (cookie: string) =>
      ((await load(cookie)) as unknown as { greeting: string }).greeting;
    expect(await greeting(first.cookie)).toBe('Welcome, Nova');
    // Reloading the first session's dashboard is still its first visit.
    expect(await greeting(first.cookie)).toBe('Welcome, Nova');

    const second = await sessionCookieFor(user.id);
    expect(await greeting(second.cookie)).toBe('Welcome back, Nova');
  });
});

describe('the cards of a page', () => {
  type Cards = ListData & {
    readiness: Record<
      string,
      { score: number | null; trend: number[]; unreachableAt: string | null }
    >;
    allowances: Record<string, { limit: number; used: number; resetsAt: string | null }>;
    visibility: Record<string, { mentions: string; change: string | null }>;
  };
  const DAY = 86_400_000;
  const today = new Date(Math.floor(Date.now() / DAY) * DAY);
  const daysAgo = (n: number) => new Date(today.getTime() - n * DAY);
  const stat = (
    businessId: string,
    engine: string,
    period: Date,
    samples: number,
    mentioned = 0,
  ) => ({
    businessId,
    engine,
    period,
    periodKind: 'day',
    samples,
    mentioned,
    failed: samples ? 0 : 2,
  });

  it('each card shows its own readiness, allowance and visibility, from its latest tracked day', async () => {
    const user = await createUser();
    await db.user.update({
      where: { id: user.id },
      data: { subscriptionStatus: 'growth', subscriptionExpiry: new Date(Date.now() + 30 * DAY) },
    });
    const { cookie } = await sessionCookieFor(user.id);
    // Twelve businesses, newest first: a, b, c, d on page 1 with eight more, two on page 2.
    await seed(user.id, 12);
    const ids = (
      await db.business.findMany({
        where: { userId: user.id },
        orderBy: { createdAt: 'desc' },
        select: { id: true },
      })
    ).map((row) => row.id);
    const [a, b, c, d] = ids as [string, string, string, string];
    const checkedAt = new Date(Date.now() - 60 * 60 * 1000);
    await db.business.update({
      where: { id: a },
      data: {
        lastAuditScore: 74,
        lastAuditAt: checkedAt,
        auditTrend: '[61,74]',
        auditWindowStart: checkedAt,
        auditWindowCount: 1,
      },
    });
    await db.business.update({ where: { id: b }, data: { lastUnreachableAt: checkedAt } });
    await db.trackingStat.createMany({
      data: [
        // a: yesterday 1 of 4, today 3 of 4 over two engines.
        stat(a, 'chatgpt', daysAgo(1), 2, 1),
        stat(a, 'perplexity', daysAgo(1), 2, 0),
        stat(a, 'chatgpt', today, 2, 2),
        stat(a, 'perplexity', today, 2, 1),
        // b: answers five days ago; today only failed calls (no answer), and the Demo assistant.
        stat(b, 'chatgpt', daysAgo(5), 3, 3),
        stat(b, 'chatgpt', today, 0),
        stat(b, 'demo', today, 4, 0),
        // c: only the Demo assistant's answers, which real figures leave out.
        stat(c, 'demo', today, 4, 4),
      ],
    });

    const page = (await load(cookie)) as Cards;
    expect(page.businesses.map((business) => business.id)).toEqual(ids.slice(0, 10));
    expect(page.visibility[a]).toEqual({
      mentions: 'named in 3 of 4 answers (75%) (low sample: fewer than 10 answers)',
      // 1 of 4 against 3 of 4: within noise, never "up 50 points" (issue 32).
      change: 'no clear change since yesterday',
      wrongFacts: null,
    });
    expect(page.visibility[b]).toEqual({
      mentions: 'named in 3 of 3 answers (100%) (low sample: fewer than 10 answers)',
      change: null,
      wrongFacts: null,
    });
    expect(page.visibility[c]).toBeUndefined();
    expect(page.visibility[d]).toBeUndefined();
    expect(page.readiness[a]).toEqual({ score: 74, trend: [61, 74], unreachableAt: null });
    expect(page.readiness[b]).toEqual({
      score: null,
      trend: [],
      unreachableAt: checkedAt.toISOString(),
    });
    expect(page.allowances[a]).toEqual({
      limit: 10,
      used: 1,
      resetsAt: new Date(checkedAt.getTime() + DAY).toISOString(),
    });
    expect(page.allowances[d]).toEqual({ limit: 10, used: 0, resetsAt: null });

    // Page 2: its own two cards only.
    const second = (await load(cookie, '?page=2')) as Cards;
    expect(Object.keys(second.readiness).sort()).toEqual(ids.slice(10).sort());
  });

  it("a card marks the facts its answers gave wrong in the last 30 days, judged against the owner's values", async () => {
    const user = await createUser();
    const { cookie } = await sessionCookieFor(user.id);
    const owned = {
      phone: '+15125550142',
      address: null,
      openingHours: null,
      website: 'https://okafor-plumbing.example.com',
    };
    const [tracked, untracked] = await Promise.all(
      ['Okafor Plumbing', 'Okafor Heating'].map((name, i) =>
        db.business.create({
          data: { userId: user.id, name, ...owned, createdAt: new Date(T0 + i * 1000) },
        }),
      ),
    );
    const fact = (businessId: string, period: Date, kind: string, key: string) => ({
      businessId,
      engine: 'chatgpt',
      period,
      kind,
      key,
      value: key,
      answers: 1,
      firstSeen: period,
      lastSeen: period,
      answerId: `answer-${kind}-${period.getTime()}`,
      quote: `They are at ${key}.`,
    });
    await db.trackingStat.createMany({
      data: [stat(tracked!.id, 'chatgpt', today, 2, 1), stat(untracked!.id, 'chatgpt', today, 0)],
    });
    await db.trackingFactStat.createMany({
      data: [
        // Inside the 30 days: a wrong website (another site) and the right phone.
        fact(tracked!.id, daysAgo(29), 'website', 'elsewhere.example.com'),
        fact(tracked!.id, today, 'phone', '+15125550142'),
        // Before them: a wrong phone, no longer counted.
        fact(tracked!.id, daysAgo(30), 'phone', '+15125550100'),
        // A business with no answer yet (only failed calls) has no visibility line, so no mark.
        fact(untracked!.id, today, 'phone', '+15125550100'),
      ],
    });
    const page = (await load(cookie)) as Cards;
    expect(page.visibility[tracked!.id]).toMatchObject({
      mentions: 'named in 1 of 2 answers (50%) (low sample: fewer than 10 answers)',
      wrongFacts: 'Wrong website in AI answers',
    });
    expect(page.visibility[untracked!.id]).toBeUndefined();
  });

  it("a weekly plan's card sets this week against the week before, and nothing older", async () => {
    const user = await createUser();
    await db.user.update({
      where: { id: user.id },
      data: { subscriptionStatus: 'starter', subscriptionExpiry: new Date(Date.now() + 30 * DAY) },
    });
    const { cookie } = await sessionCookieFor(user.id);
    await seed(user.id, 1);
    const { id } = await db.business.findFirstOrThrow({ where: { userId: user.id } });
    const monday = new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * DAY);
    await db.trackingStat.createMany({
      data: [
        // This week: 10 of 20. The week before, on its Monday and its Sunday: 4 of 40.
        stat(id, 'chatgpt', monday, 20, 10),
        stat(id, 'chatgpt', new Date(monday.getTime() - 7 * DAY), 20, 2),
        stat(id, 'chatgpt', new Date(monday.getTime() - DAY), 20, 2),
        // Two weeks back (its Sunday, 8 days before this Monday): not the week before.
        stat(id, 'chatgpt', new Date(monday.getTime() - 8 * DAY), 40, 40),
      ],
    });
    const page = (await load(cookie)) as Cards;
    expect(page.visibility[id]).toEqual({
      mentions: 'named in 10 of 20 answers (50%)',
      change: 'up 40 points since last week',
      wrongFacts: null,
    });
  });

  it("tests a card's change with the per-question counts: a rise from one question alone is no clear change, one over both questions is", async () => {
    const user = await createUser();
    await db.user.update({
      where: { id: user.id },
      data: { subscriptionStatus: 'growth', subscriptionExpiry: new Date(Date.now() + 30 * DAY) },
    });
    const { cookie } = await sessionCookieFor(user.id);
    await seed(user.id, 2);
    const [one, spread] = (
      await db.business.findMany({
        where: { userId: user.id },
        orderBy: { createdAt: 'desc' },
        select: { id: true },
      })
    ).map((row) => row.id) as [string, string];
    // Both asked two questions 10 times a day; yesterday each named once (2 of 20). Today `one`
    // is named 8 times, all by the first question; `spread` 9 times, 5 and 4.
    const question = (
      businessId: string,
      promptId: string,
      period: Date,
      mentioned: number,
      positions: number[] = [],
    ) => ({
      businessId,
      promptId,
      engine: 'chatgpt',
      period,
      periodKind: 'day',
      samples: 10,
      mentioned,
      positionSum: positions.reduce((sum, p) => sum + p, 0),
      positionSquares: positions.reduce((sum, p) => sum + p * p, 0),
      positionCount: positions.length,
    });
    await db.trackingStat.createMany({
      data: [
        stat(one, 'chatgpt', daysAgo(1), 20, 2),
        stat(one, 'chatgpt', today, 20, 8),
        stat(spread, 'chatgpt', daysAgo(1), 20, 2),
        stat(spread, 'chatgpt', today, 20, 9),
      ],
    });
    await db.trackingPromptStat.createMany({
      data: [
        question(one, 'q1', daysAgo(1), 1, [2]),
        question(one, 'q2', daysAgo(1), 1, [1]),
        question(one, 'q1', today, 8, [1, 1, 2, 1, 1, 3, 1, 1]),
        question(one, 'q2', today, 0),
        question(spread, 'q1', daysAgo(1), 1, [2]),
        question(spread, 'q2', daysAgo(1), 1, [1]),
        question(spread, 'q1', today, 5, [1, 2, 1, 2, 1]),
        question(spread, 'q2', today, 4, [2, 1, 2, 3]),
      ],
    });

    const page = (await load(cookie)) as Cards;
    // Counted as 20 separate answers, 2 to 8 of 20 would be a clear rise; but all of it came from
    // one question, so the answers are worth fewer (the clustering by question): within noise.
    expect(page.visibility[one]).toEqual({
      mentions: 'named in 8 of 20 answers (40%)',
      change: 'no clear change since yesterday',
      wrongFacts: null,
    });
    expect(page.visibility[spread]).toEqual({
      mentions: 'named in 9 of 20 answers (45%)',
      change: 'up 35 points since yesterday',
      wrongFacts: null,
    });
  });
});
