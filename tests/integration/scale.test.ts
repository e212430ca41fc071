import { describe, expect, it } from 'vitest';
import { listAllBusinesses } from '~/domain/admin.server';
import { listBusinesses } from '~/domain/businesses.server';
import { db } from '~/lib/db.server';
import { loader as exportLoader } from '~/routes/account_.export';
import { args, BASE, createUser, sessionCookieFor } from './helpers';

// Lists a user can grow never become one query parameter per row: the database refuses a query
// with too many (SQLite at about a thousand: Prisma's P2029), so an account with a few thousand
// businesses would get a 500. Each of these ran into that before.

const MANY = 2_100;

async function manyBusinesses(userId: string, count = MANY, name = (i: number) => `Biz ${i}`) {
  const start = Date.now() - count * 1000;
  for (let offset = 0; offset < count; offset += 500) {
    await db.business.createMany({
      data: Array.from({ length: Math.min(500, count - offset) }, (_, j) => ({
        userId,
        name: name(offset + j),
        createdAt: new Date(start + (offset + j) * 1000),
      })),
    });
  }
}

describe('at a few thousand rows', () => {
  it('"Download my data" streams every business with its audits', async () => {
    const user = await createUser();
    await manyBusinesses(user.id);
    const some = await db.business.findMany({
      where: { userId: user.id },
      orderBy: { createdAt: 'asc' },
      take: 3,
      select: { id: true },
    });
    await db.audit.createMany({
      data: some.map((business, i) => ({
        businessId: business.id,
        userId: user.id,
        trigger: 'owner',
        url: `https://b${i}.example/`,
        score: 50 + i,
        signals: '[]',
        fixes: '[]',
        durationMs: 1,
      })),
    });
    const { cookie } = await sessionCookieFor(user.id);
    const response = await exportLoader(
      args(new Request(`${BASE}/account/export`, { headers: { Cookie: cookie } })),
    );
    expect(response.status).toBe(200);
    expect(response.body).toBeInstanceOf(ReadableStream);
    const body = JSON.parse(await response.text()) as {
      account: { email: string };
      businesses: { name: string; aiReadinessAudits: { score: number }[] }[];
      signIns: unknown[];
    };
    expect(body.account.email).toBe(user.email);
    expect(body.businesses).toHaveLength(MANY);
    expect(body.businesses[0]!.name).toBe('Biz 0');
    expect(body.businesses[MANY - 1]!.name).toBe(`Biz ${MANY - 1}`);
    expect(body.businesses.slice(0, 4).map((b) => b.aiReadinessAudits.map((a) => a.score))).toEqual(
      [[50], [51], [52], []],
    );
    expect(body.signIns).toHaveLength(1);
  }, 60_000);

  it('the dashboard search for a word in the middle of thousands of names pages and counts', async () => {
    const user = await createUser();
    await manyBusinesses(user.id, MANY, (i) => (i % 2 ? `Okafor Plumbing ${i}` : `Plain ${i}`));
    const page = await listBusinesses(user, { q: 'plumb', page: 2, perPage: 20 });
    expect(page.total).toBe(MANY / 2);
    expect(page.items).toHaveLength(20);
    expect(page.items.every((item) => item.name.startsWith('Okafor Plumbing'))).toBe(true);
    // Newest first: page 2 starts 20 matches below the newest.
    expect(page.items[0]!.name).toBe(`Okafor Plumbing ${MANY - 1 - 40}`);
  }, 60_000);

  it('the admin businesses search by owner e-mail, with thousands of matching owners', async () => {
    const admin = await createUser({ role: 'admin' });
    const stamp = Date.now();
    await db.user.createMany({
      data: Array.from({ length: MANY }, (_, i) => ({ email: `ops@scale${stamp}-${i}.example` })),
    });
    const owner = await db.user.findUniqueOrThrow({
      where: { email: `ops@scale${stamp}-7.example` },
    });
    await db.business.create({ data: { userId: owner.id, name: 'Owned' } });
    const page = await listAllBusinesses(admin, {
      page: 1,
      limit: 50,
      query: `ops@scale${stamp}-`,
    });
    expect(page.items.map((item) => item.name)).toEqual(['Owned']);
  }, 60_000);
});
