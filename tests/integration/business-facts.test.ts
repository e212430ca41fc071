import { describe, expect, it } from 'vitest';
import { db } from '~/lib/db.server';
import * as collection from '~/routes/api.businesses';
import * as item from '~/routes/api.businesses.$id';
import { action } from '~/routes/dashboard/route';
import { args, createUser, formRequest, jsonRequest, run, sessionCookieFor } from './helpers';

// Issue 45 item 1: the business's own phone, address and opening hours, on the add and edit forms
// (plain POST) and in POST / PUT /api/businesses. Phones are stored in E.164, read in the country
// of the business's location; a value that cannot be read is a field error (400 { message } on
// the API) and changes nothing.

async function signedIn() {
  const user = await createUser();
  const { token, cookie } = await sessionCookieFor(user.id);
  return { user, cookie, headers: { Authorization: `Bearer ${token}` } };
}

const create = (headers: Record<string, string>, body: unknown) =>
  run(() =>
    collection.action(args(jsonRequest('/api/businesses', { method: 'POST', headers, body }))),
  );
const update = (headers: Record<string, string>, id: string, body: unknown) =>
  run(() =>
    item.action(
      args(jsonRequest(`/api/businesses/${id}`, { method: 'PUT', headers, body }), { id }),
    ),
  );
const post = (cookie: string, fields: Record<string, string>) =>
  run(() => action(args(formRequest('/dashboard', fields, { Cookie: cookie }))));

const facts = {
  name: 'Okafor Plumbing',
  location: 'Austin, TX',
  phone: '(512) 555-0142',
  address: '1420 E 6th St, Austin, TX 78702',
  openingHours: 'Mo-Fr 08:00-17:00, Sa 09:00-12:00',
};

describe('the business facts on the JSON API', () => {
  it('stores the phone in E.164 for the location’s country, with the address and hours as given', async () => {
    const { headers } = await signedIn();
    const created = await create(headers, facts);
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({
      phone: '+15125550142',
      address: '1420 E 6th St, Austin, TX 78702',
      openingHours: 'Mo-Fr 08:00-17:00, Sa 09:00-12:00',
    });
    const uk = await create(headers, {
      name: 'Kettle & Crumb',
      location: 'Leeds, UK',
      phone: '0113 496 0123',
      openingHours: '24/7',
    });
    expect(uk.data).toMatchObject({ phone: '+441134960123', openingHours: '24/7' });
  });

  it('refuses a phone, address or hours it cannot read with 400 { message } and creates nothing', async () => {
    const { user, headers } = await signedIn();
    for (const bad of [
      { phone: '555-CALL-NOW' },
      { phone: '12345' },
      { address: 'somewhere near the river' },
      { openingHours: 'weekdays, mostly' },
      { openingHours: 'Mo-Fr 08:00-25:00' },
    ]) {
      const result = await create(headers, { ...facts, ...bad });
      expect(result.status, JSON.stringify(bad)).toBe(400);
      expect((result.data as { message: string }).message).toMatch(/phone|address|opening hours/i);
    }
    // A national number without a country to read it in.
    const noCountry = await create(headers, {
      name: 'Somewhere',
      location: 'Springfield',
      phone: '555 0142 123',
    });
    expect(noCountry.status).toBe(400);
    expect((noCountry.data as { message: string }).message).toContain('country code');
    expect(await db.business.count({ where: { userId: user.id } })).toBe(0);
  });

  it('reads a PUT’s phone in the stored location’s country, clears with null, and changes nothing on bad input', async () => {
    const { headers } = await signedIn();
    const created = (await create(headers, { name: 'Okafor Plumbing', location: 'Austin, TX' }))
      .data as { id: string };
    const updated = await update(headers, created.id, { phone: '512.555.0199' });
    expect(updated.status).toBe(200);
    expect(updated.data).toMatchObject({ phone: '+15125550199' });

    const refused = await update(headers, created.id, { phone: 'call us', address: '9 Elm Rd' });
    expect(refused.status).toBe(400);
    const badHours = await update(headers, created.id, {
      openingHours: 'always',
      address: '9 Elm Rd',
    });
    expect(badHours.status).toBe(400);
    const refusedPhone = await update(headers, created.id, { phone: '0142' });
    expect(refusedPhone.status).toBe(400);
    expect((refusedPhone.data as { message: string }).message).toContain('phone');
    const row = await db.business.findUniqueOrThrow({ where: { id: created.id } });
    expect(row).toMatchObject({ phone: '+15125550199', address: null, openingHours: null });

    const cleared = await update(headers, created.id, { phone: null });
    expect(cleared.data).toMatchObject({ phone: null });
  });

  it('does not touch another owner’s business', async () => {
    const owner = await signedIn();
    const intruder = await signedIn();
    const created = (await create(owner.headers, facts)).data as { id: string };
    const result = await update(intruder.headers, created.id, { phone: '(512) 555-0100' });
    expect(result.status).toBe(404);
    expect((await db.business.findUniqueOrThrow({ where: { id: created.id } })).phone).toBe(
      '+15125550142',
    );
  });
});

describe('the business facts on the add and edit forms (no JavaScript)', () => {
  it('adds a business with its facts', async () => {
    const { user, cookie } = await signedIn();
    const result = await post(cookie, {
      intent: 'create',
      ...facts,
      website: '',
      description: '',
      industry: '',
    });
    expect(result.status).toBe(302);
    const row = await db.business.findFirstOrThrow({ where: { userId: user.id } });
    expect(row).toMatchObject({ phone: '+15125550142', openingHours: facts.openingHours });
  });

  it('shows a field error for each fact it cannot read and changes nothing', async () => {
    const { user, cookie } = await signedIn();
    const row = await db.business.create({
      data: { userId: user.id, ...facts, phone: '+15125550142' },
    });
    const result = await post(cookie, {
      intent: 'update',
      businessId: row.id,
      name: 'Okafor Plumbing',
      location: 'Austin, TX',
      phone: '(512) 555-0142',
      address: 'near the river',
      openingHours: 'Mon to Fri',
    });
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({
      result: {
        status: 'error',
        error: {
          address: [expect.stringContaining('street address')],
          openingHours: [expect.stringContaining('Mo-Fr 08:00-17:00')],
        },
      },
    });
    const phoneOnly = await post(cookie, {
      intent: 'update',
      businessId: row.id,
      name: 'Okafor Plumbing',
      location: 'Austin, TX',
      phone: '555',
    });
    expect(phoneOnly.status).toBe(400);
    expect(phoneOnly.data).toMatchObject({
      result: { error: { phone: [expect.stringContaining('phone number')] } },
    });
    expect(await db.business.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({
      phone: '+15125550142',
      address: facts.address,
      openingHours: facts.openingHours,
    });
  });
});
