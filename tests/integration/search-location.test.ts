import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { listAllBusinesses } from '~/domain/admin.server';
import { listBusinesses } from '~/domain/businesses.server';
import { db } from '~/lib/db.server';
import { createUser } from './helpers';

// Business search by name OR location (issue 44, item 10: "raleigh" found nothing beside
// "Raleigh, NC"), on whichever engine the run uses, case- and accent-blind on both. Each test's
// rows carry a made-up word no other row holds, so the shared database's rows never match.

function word() {
  return `q${randomBytes(6)
    .toString('hex')
    .replace(/\d/g, (d) => 'ghijklmnop'[Number(d)]!)}`;
}

describe('business search by location', () => {
  it('the admin finds a business by any word of its location, with or without its name', async () => {
    const admin = await createUser({ role: 'admin' });
    const town = word();
    const user = await db.user.create({ data: { email: `${word()}@example.com` } });
    const make = (name: string, location: string | null, i: number) =>
      db.business.create({
        data: { userId: user.id, name, location, createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)) },
      });
    await make('Okafor Plumbing', `${town[0]!.toUpperCase()}${town.slice(1)}, NC`, 1);
    await make(`Bright Dental`, `Café ${town}, Québec`, 2);
    await make(`${town} Roofing`, 'Durham, NC', 3);
    await make('Elsewhere Roofing', null, 4);
    const names = async (query: string) =>
      (await listAllBusinesses(admin, { page: 1, limit: 50, query })).items.map((b) => b.name);

    // Name or location, newest first; the total is a count.
    expect(await names(town)).toEqual([`${town} Roofing`, 'Bright Dental', 'Okafor Plumbing']);
    expect(await names(town.toUpperCase())).toEqual([
      `${town} Roofing`,
      'Bright Dental',
      'Okafor Plumbing',
    ]);
    // Every word must start a word of the name or the location.
    expect(await names(`plumb ${town}`)).toEqual(['Okafor Plumbing']);
    expect(await names(`quebec ${town.slice(0, 5)}`)).toEqual(['Bright Dental']);
    expect(await names(`cafe dental ${town}`)).toEqual(['Bright Dental']);
    expect(await names(`${town} durham`)).toEqual([`${town} Roofing`]);
    expect((await listAllBusinesses(admin, { page: 1, limit: 50, query: town })).total).toBe(3);

    // A location changed later is searched as it is now.
    const moved = await db.business.findFirstOrThrow({
      where: { userId: user.id, name: 'Elsewhere Roofing' },
    });
    await db.business.update({
      where: { id: moved.id },
      data: { location: `${town} Springs, CO` },
    });
    expect(await names(`springs ${town}`)).toEqual(['Elsewhere Roofing']);
    await db.business.update({ where: { id: moved.id }, data: { location: 'Denver, CO' } });
    expect(await names(`springs ${town}`)).toEqual([]);
  });

  it('an owner finds their own businesses by location, never someone else’s', async () => {
    const town = word();
    const owner = await createUser();
    const other = await createUser();
    await db.business.create({
      data: { userId: owner.id, name: 'Okafor Plumbing', location: `${town}, NC` },
    });
    await db.business.create({
      data: { userId: other.id, name: 'Not Yours', location: `${town}, NC` },
    });
    const mine = await listBusinesses(owner, { q: town.toUpperCase() });
    expect(mine.items.map((b) => b.name)).toEqual(['Okafor Plumbing']);
    expect(mine.total).toBe(1);
  });
});
