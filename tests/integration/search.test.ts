import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { listAllBusinesses, listUsers } from '~/domain/admin.server';
import { listBusinesses } from '~/domain/businesses.server';
import { searchWords } from '~/domain/search.server';
import { db } from '~/lib/db.server';
import { createUser } from './helpers';

// Word-prefix search (issue 23, docs/decisions/0013) on whichever engine the run uses: every word
// typed must start a word of the row. Each test makes up a word no other row holds, so the shared
// database's other rows never match.

/** A made-up word of letters only (the tests' rows are found by it and nothing else is). */
function word() {
  return `q${randomBytes(6)
    .toString('hex')
    .replace(/\d/g, (d) => 'ghijklmnop'[Number(d)]!)}`;
}

const T0 = Date.UTC(2026, 0, 1);

async function owner(
  email: string,
  more: { firstName?: string; lastName?: string; createdAt?: Date } = {},
) {
  return db.user.create({ data: { email, ...more } });
}

async function business(userId: string, name: string, i: number) {
  return db.business.create({ data: { userId, name, createdAt: new Date(T0 + i * 1000) } });
}

describe('searchWords', () => {
  it('lower-cases, drops accents, and splits at anything but letters and digits', () => {
    expect(searchWords('Jane.OKAFOR@example.com')).toEqual(['jane', 'okafor', 'example', 'com']);
    expect(searchWords('Café   Müller-Ørsted + o’brien_2')).toEqual([
      'cafe',
      'muller',
      'ørsted',
      'o',
      'brien',
      '2',
    ]);
    expect(searchWords('"plumb"* OR (x) NEAR -y')).toEqual(['plumb', 'or', 'x', 'near', 'y']);
    expect(searchWords('%_\\*"()\'')).toEqual([]);
    expect(searchWords('pl plumb plumbing')).toEqual(['plumbing']);
  });
});

describe('admin businesses search', () => {
  it('finds any word of the name by its start, in any case or accent', async () => {
    const admin = await createUser({ role: 'admin' });
    const w = word();
    const user = await owner(`${word()}@example.com`);
    await business(user.id, `Okafor Plumbing ${w}`, 1);
    await business(user.id, `${w} Plumbing & Heating`, 2);
    await business(user.id, `Café Müller ${w}`, 3);
    await business(user.id, `${w} Dental`, 4);
    const names = async (query: string) =>
      (await listAllBusinesses(admin, { page: 1, limit: 50, query })).items.map(
        (item) => item.name,
      );
    const plumbers = [`${w} Plumbing & Heating`, `Okafor Plumbing ${w}`];
    expect(await names(`Plumbing ${w}`)).toEqual(plumbers);
    expect(await names(`plumb ${w}`)).toEqual(plumbers);
    expect(await names(`${w.slice(0, 5).toUpperCase()} HEAT`)).toEqual([plumbers[0]]);
    expect(await names(`okafor ${w}`)).toEqual([`Okafor Plumbing ${w}`]);
    for (const query of [`cafe ${w}`, `CAFÉ ${w}`, `muller ${w}`, `Mül ${w}`]) {
      expect(await names(query), query).toEqual([`Café Müller ${w}`]);
    }
    // Not the middle of a word, and every word must match.
    expect(await names(`lumbing ${w}`)).toEqual([]);
    expect(await names(`plumbing dental ${w}`)).toEqual([]);
  });

  it('finds a business by any word of its owner’s e-mail, or the e-mail’s start', async () => {
    const admin = await createUser({ role: 'admin' });
    const w = word();
    const jane = await owner(`jane.okafor+shop_${w}@mail-${w}.example`);
    const other = await owner(`someone@${w}.example`);
    await business(jane.id, 'Bright Smile Dental', 1);
    await business(jane.id, 'Okafor Plumbing', 2);
    await business(other.id, 'Elsewhere', 3);
    const names = async (query: string) =>
      (await listAllBusinesses(admin, { page: 1, limit: 50, query })).items.map(
        (item) => item.name,
      );
    const janes = ['Okafor Plumbing', 'Bright Smile Dental'];
    for (const query of [
      `shop_${w}`,
      `okafor ${w}`,
      `jane.okafor+shop_${w}@mail-${w}.ex`,
      `jane.okafor+shop_${w}@mail-${w}.example`,
      `mail-${w}`,
    ]) {
      expect(await names(query), query).toEqual(janes);
    }
    expect(await names(w)).toEqual(['Elsewhere', ...janes]);
    // The owner's names are not the owner's e-mail.
    await db.user.update({ where: { id: other.id }, data: { firstName: `Ann${w}` } });
    expect(await names(`ann${w}`)).toEqual([]);
  });

  it('pages the matches newest first and counts them all', async () => {
    const admin = await createUser({ role: 'admin' });
    const w = word();
    const user = await owner(`${word()}@example.com`);
    for (let i = 0; i < 7; i += 1) await business(user.id, `Shop ${i} ${w}`, i);
    await business(user.id, `Unrelated ${word()}`, 8);
    const second = await listAllBusinesses(admin, { page: 2, limit: 3, query: w });
    expect(second).toMatchObject({ total: 7, page: 2, limit: 3, pageCount: 3 });
    expect(second.items.map((item) => item.name)).toEqual([
      `Shop 3 ${w}`,
      `Shop 2 ${w}`,
      `Shop 1 ${w}`,
    ]);
    expect(second.items[0]!.owner).toMatchObject({ id: user.id, email: user.email });
    const past = await listAllBusinesses(admin, { page: 9, limit: 3, query: w });
    expect(past).toMatchObject({ total: 7, items: [] });
  });

  it('follows renames, deletes and e-mail changes', async () => {
    const admin = await createUser({ role: 'admin' });
    const w = word();
    const user = await owner(`before-${w}@example.com`);
    const row = await business(user.id, `Old Name ${w}`, 1);
    const names = async (query: string) =>
      (await listAllBusinesses(admin, { page: 1, limit: 50, query })).items.map(
        (item) => item.name,
      );
    await db.business.update({ where: { id: row.id }, data: { name: `Harbor Plumbing ${w}` } });
    expect(await names(`old ${w}`)).toEqual([]);
    expect(await names(`harb ${w}`)).toEqual([`Harbor Plumbing ${w}`]);
    await db.user.update({ where: { id: user.id }, data: { email: `after-${w}@example.com` } });
    expect(await names(`before-${w}`)).toEqual([]);
    expect(await names(`after-${w}`)).toEqual([`Harbor Plumbing ${w}`]);
    await db.business.delete({ where: { id: row.id } });
    expect(await names(w)).toEqual([]);
    const total = await listAllBusinesses(admin, { page: 1, limit: 50, query: w });
    expect(total.total).toBe(0);
  });

  it('never treats the text as query syntax', async () => {
    const admin = await createUser({ role: 'admin' });
    const w = word();
    const user = await owner(`${word()}@example.com`);
    await business(user.id, `O'Brien & Sons ${w}`, 1);
    await business(user.id, `(Best) "Quoted" ${w}*`, 2);
    const names = async (query: string) =>
      (await listAllBusinesses(admin, { page: 1, limit: 50, query })).items.map(
        (item) => item.name,
      );
    expect(await names(`o'brien ${w}`)).toEqual([`O'Brien & Sons ${w}`]);
    expect(await names(`"quoted" ${w}*`)).toEqual([`(Best) "Quoted" ${w}*`]);
    expect(await names(`(best ${w}`)).toEqual([`(Best) "Quoted" ${w}*`]);
    // "-" is a separator, not "NOT".
    expect(await names(`${w} -best`)).toEqual([`(Best) "Quoted" ${w}*`]);
    for (const query of [
      `${w} OR sons`,
      `${w} NOT best`,
      `${w} AND zzz`,
      `NEAR(${w} zzz)`,
      `name:${w} zzz`,
      `${w}' | 'zzz`,
      `${w}:* & !zzz`,
      `{name}: ${w} zzz`,
      `${w} ^zzz`,
    ]) {
      // Each of these has a word ("zzz", "or", "not"...) that no row holds, so it finds nothing
      // instead of being read as an operator.
      const page = await listAllBusinesses(admin, { page: 1, limit: 50, query });
      expect(page, query).toMatchObject({ items: [], total: 0 });
    }
    for (const query of ['"', '*', '\\', "'", '%', '_', ':*', '()', '\u0301', '😀']) {
      const page = await listAllBusinesses(admin, { page: 1, limit: 50, query });
      expect(page, query).toMatchObject({ items: [], total: 0 });
    }
  });
});

describe('admin users search', () => {
  it('finds a user by any word of the e-mail or names, by its start', async () => {
    const admin = await createUser({ role: 'admin' });
    const w = word();
    const jane = await owner(`jane.okafor-${w}@example.com`, {
      firstName: 'Jane',
      lastName: `Okafor${w}`,
      createdAt: new Date(T0),
    });
    const josé = await owner(`${word()}@example.com`, {
      firstName: 'José',
      lastName: `Núñez ${w}`,
      createdAt: new Date(T0 + 1000),
    });
    const emails = async (query: string, tier?: 'growth') =>
      (await listUsers(admin, { page: 1, limit: 50, query, tier })).items.map((item) => item.email);
    for (const query of [
      `okafor-${w}`,
      `jane okafor${w}`,
      `okafor${w.slice(0, 4)}`,
      `${w} jane`,
      `JANE.OKAFOR-${w}@EXAMPLE.COM`,
      `jane.okafor-${w}@exa`,
    ]) {
      expect(await emails(query), query).toEqual([jane.email]);
    }
    for (const query of [`jose nunez ${w}`, `JOSÉ ${w}`, `Núñ ${w}`]) {
      expect(await emails(query), query).toEqual([josé.email]);
    }
    expect(await emails(w)).toEqual([josé.email, jane.email]);
    // With the plan filter, both must hold.
    expect(await emails(w, 'growth')).toEqual([]);
    await db.user.update({ where: { id: jane.id }, data: { subscriptionStatus: 'growth' } });
    const growth = await listUsers(admin, { page: 1, limit: 50, query: w, tier: 'growth' });
    expect(growth).toMatchObject({ total: 1, items: [{ id: jane.id }] });
  });

  it('pages the matches and follows name changes and deletes', async () => {
    const admin = await createUser({ role: 'admin' });
    const w = word();
    const users = [];
    for (let i = 0; i < 5; i += 1) {
      users.push(
        await db.user.create({
          data: {
            email: `${word()}@example.com`,
            lastName: `Smith-${w}`,
            createdAt: new Date(T0 + i * 1000),
          },
        }),
      );
    }
    const page2 = await listUsers(admin, { page: 2, limit: 2, query: `smith ${w}` });
    expect(page2).toMatchObject({ total: 5, page: 2, pageCount: 3 });
    expect(page2.items.map((item) => item.id)).toEqual([users[2]!.id, users[1]!.id]);
    await db.user.update({ where: { id: users[4]!.id }, data: { lastName: `Jones ${w}` } });
    await db.user.delete({ where: { id: users[0]!.id } });
    const after = await listUsers(admin, { page: 1, limit: 50, query: `smith ${w}` });
    expect(after.total).toBe(3);
    expect(after.items.map((item) => item.id)).toEqual([users[3]!.id, users[2]!.id, users[1]!.id]);
    const jones = await listUsers(admin, { page: 1, limit: 50, query: `jon ${w}` });
    expect(jones.items.map((item) => item.id)).toEqual([users[4]!.id]);
  });
});

describe('a word in most rows', () => {
  // Past a share of the table the page walks the date index and tests each row instead of sorting
  // every hit (search.server.ts): the same rows in the same order either way.
  it('pages users and businesses newest first when the matches are many', async () => {
    const admin = await createUser({ role: 'admin' });
    const w = word();
    const many = 1_200;
    const user = await owner(`${word()}@example.com`);
    await db.business.createMany({
      data: Array.from({ length: many }, (_, i) => ({
        userId: user.id,
        name: `Okafor Plumbing ${w} ${i}`,
        createdAt: new Date(T0 + i * 1000),
      })),
    });
    await db.user.createMany({
      data: Array.from({ length: many }, (_, i) => ({
        email: `${word()}@example.com`,
        lastName: `${w} ${i}`,
        createdAt: new Date(T0 + i * 1000),
      })),
    });
    const businesses = await listAllBusinesses(admin, { page: 3, limit: 50, query: `plumb ${w}` });
    expect(businesses).toMatchObject({ total: many, pageCount: many / 50 });
    expect(businesses.items.map((item) => item.name)).toEqual(
      Array.from({ length: 50 }, (_, k) => `Okafor Plumbing ${w} ${many - 101 - k}`),
    );
    const users = await listUsers(admin, { page: 2, limit: 50, query: w });
    expect(users.total).toBe(many);
    expect(users.items.map((item) => item.lastName)).toEqual(
      Array.from({ length: 50 }, (_, k) => `${w} ${many - 51 - k}`),
    );
    // The dashboard: the owner's own rows, most of which match.
    const mine = await listBusinesses(user, { q: `${w} plumbing`, page: 60, perPage: 20 });
    expect(mine).toMatchObject({ total: many, page: 60, pageCount: 60 });
    expect(mine.items.map((item) => item.name)).toEqual(
      Array.from({ length: 20 }, (_, k) => `Okafor Plumbing ${w} ${19 - k}`),
    );
  }, 60_000);
});

describe('dashboard search', () => {
  it('finds the owner’s businesses by any word, never someone else’s', async () => {
    const w = word();
    const mine = await owner(`${word()}@example.com`);
    const theirs = await owner(`${w}-theirs@example.com`);
    await business(mine.id, `Okafor Plumbing ${w}`, 1);
    await business(mine.id, `Harbor Dental ${w}`, 2);
    await business(theirs.id, `Okafor Plumbing ${w}`, 3);
    const names = async (q: string) =>
      (await listBusinesses(mine, { q })).items.map((item) => item.name);
    expect(await names('plumb')).toEqual([`Okafor Plumbing ${w}`]);
    expect(await names('PLUMBING')).toEqual([`Okafor Plumbing ${w}`]);
    expect(await names(w)).toEqual([`Harbor Dental ${w}`, `Okafor Plumbing ${w}`]);
    // The owner's own e-mail is not a word of their businesses' names.
    expect(await names('theirs')).toEqual([]);
    expect((await listBusinesses(theirs, { q: 'dental' })).total).toBe(0);
  });
});
