import { describe, expect, it } from 'vitest';
import { db } from '~/lib/db.server';
import * as collection from '~/routes/api.businesses';
import * as item from '~/routes/api.businesses.$id';
import { args, createUser, jsonRequest, run, sessionCookieFor } from './helpers';

type Auth = { kind: 'bearer' | 'cookie'; headers: Record<string, string> };

async function signedIn(kind: Auth['kind']) {
  const user = await createUser();
  const { token, cookie } = await sessionCookieFor(user.id);
  const headers: Record<string, string> =
    kind === 'bearer' ? { Authorization: `Bearer ${token}` } : { Cookie: cookie };
  return { user, auth: { kind, headers } satisfies Auth };
}

const list = (headers: Record<string, string>) =>
  run(() => collection.loader(args(jsonRequest('/api/businesses', { headers }))));
const create = (headers: Record<string, string>, body: unknown, rawBody?: string) =>
  run(() =>
    collection.action(
      args(jsonRequest('/api/businesses', { method: 'POST', headers, body, rawBody })),
    ),
  );
const update = (headers: Record<string, string>, id: string, body: unknown, rawBody?: string) =>
  run(() =>
    item.action(
      args(jsonRequest(`/api/businesses/${id}`, { method: 'PUT', headers, body, rawBody }), { id }),
    ),
  );
const remove = (headers: Record<string, string>, id: string) =>
  run(() =>
    item.action(args(jsonRequest(`/api/businesses/${id}`, { method: 'DELETE', headers }), { id })),
  );

const full = {
  name: 'Bright Smile Dental',
  description: 'Family dentistry',
  website: 'https://brightsmile.example.com',
  industry: 'Dentistry',
  location: 'Denver, CO',
};

describe('the other names of a business (issue 43)', () => {
  it('are a list of names: kept, returned, cleared with null; a bad list is a 400 that changes nothing', async () => {
    const { auth } = await signedIn('bearer');
    const created = await create(auth.headers, { ...full, nameVariants: ['Bright Smile', 'BSD'] });
    expect(created.status).toBe(201);
    const business = created.data as { id: string; nameVariants: string[] };
    expect(business.nameVariants).toEqual(['Bright Smile', 'BSD']);

    for (const bad of [
      Array.from({ length: 11 }, (_, i) => `Name ${i}`),
      ['x'.repeat(101)],
      [42],
      'not\u0007printable',
    ]) {
      const refused = await update(auth.headers, business.id, { nameVariants: bad });
      expect(refused.status).toBe(400);
      expect(refused.data).toHaveProperty('message');
    }
    expect(await db.business.findUnique({ where: { id: business.id } })).toMatchObject({
      nameVariants: 'Bright Smile\nBSD',
    });

    const cleared = await update(auth.headers, business.id, { nameVariants: null });
    expect(cleared.status).toBe(200);
    expect((cleared.data as { nameVariants: string[] }).nameVariants).toEqual([]);
  });
});

for (const kind of ['bearer', 'cookie'] as const) {
  describe(`/api/businesses with a ${kind}`, () => {
    it('creates, lists, updates and deletes the caller’s own business', async () => {
      const { user, auth } = await signedIn(kind);

      const created = await create(auth.headers, full);
      expect(created.status).toBe(201);
      const business = created.data as { id: string } & typeof full;
      expect(business).toMatchObject({ ...full, userId: user.id });
      expect(business).toHaveProperty('createdAt');

      const listed = await list(auth.headers);
      expect(listed.status).toBe(200);
      expect(listed.data).toEqual([business]);

      const updated = await update(auth.headers, business.id, {
        name: 'Bright Smile',
        location: '',
      });
      expect(updated.status).toBe(200);
      expect(updated.data).toMatchObject({
        id: business.id,
        name: 'Bright Smile',
        location: null,
        description: 'Family dentistry',
        website: 'https://brightsmile.example.com',
      });

      const deleted = await remove(auth.headers, business.id);
      expect(deleted.status).toBe(204);
      expect(await db.business.count({ where: { userId: user.id } })).toBe(0);
      expect((await list(auth.headers)).data).toEqual([]);
    });

    it('creates with the name alone and stores a bare host as https', async () => {
      const { auth } = await signedIn(kind);
      const created = await create(auth.headers, {
        name: 'Quick Fix',
        website: 'quickfix.example',
      });
      expect(created.status).toBe(201);
      expect(created.data).toMatchObject({
        name: 'Quick Fix',
        website: 'https://quickfix.example',
        description: null,
        industry: null,
        location: null,
      });
    });
  });
}

describe('/api/businesses refuses what it must', () => {
  it('answers 401 { message } without a session, and with an ended or unknown token', async () => {
    const before = await db.business.count();
    const anonymous = {};
    for (const headers of [anonymous, { Authorization: 'Bearer not-a-real-token' }]) {
      expect(await list(headers)).toMatchObject({
        status: 401,
        data: { message: 'Authentication required' },
      });
      expect(await create(headers, full)).toMatchObject({ status: 401 });
      expect(await update(headers, 'x', { name: 'y' })).toMatchObject({ status: 401 });
      expect(await remove(headers, 'x')).toMatchObject({ status: 401 });
    }
    expect(await db.business.count()).toBe(before);
  });

  it('answers 400 { message } to bad bodies and stores nothing', async () => {
    const { user, auth } = await signedIn('bearer');
    const cases: [unknown, string | undefined, string][] = [
      [undefined, '{"name": "Broken', 'Request body must be valid JSON'],
      [['a list'], undefined, 'Request body must be a JSON object'],
      [{ description: 'no name' }, undefined, 'name is required'],
      [{ name: '   ' }, undefined, 'name: Business name is required'],
      [{ name: 42 }, undefined, 'name must be a string'],
      [
        { name: 'A', website: 'not a url' },
        undefined,
        'website: Please enter a valid website URL (e.g. https://example.com)',
      ],
      [
        { name: 'A', website: 'ftp://files.example.com' },
        undefined,
        'website: Please enter a valid website URL (e.g. https://example.com)',
      ],
      [{ name: 'A', location: 7 }, undefined, 'location must be a string'],
    ];
    for (const [body, rawBody, message] of cases) {
      const result = await create(auth.headers, body, rawBody);
      expect({ body: body ?? rawBody, ...result }).toMatchObject({
        status: 400,
        data: { message },
      });
    }
    expect(await db.business.count({ where: { userId: user.id } })).toBe(0);
  });

  it('answers 415 when the body is not JSON', async () => {
    const { auth } = await signedIn('bearer');
    const request = new Request('http://localhost/api/businesses', {
      method: 'POST',
      headers: { ...auth.headers, 'Content-Type': 'text/plain' },
      body: 'name=x',
    });
    expect(await run(() => collection.action(args(request)))).toMatchObject({ status: 415 });
  });

  it('answers 400 to a bad update and changes nothing', async () => {
    const { auth } = await signedIn('cookie');
    const business = (await create(auth.headers, full)).data as { id: string };
    for (const [body, rawBody] of [
      [undefined, 'nope'],
      [{ name: '' }, undefined],
      [{ name: null }, undefined],
      [{ website: 'http://' }, undefined],
      [{ industry: false }, undefined],
    ] as const) {
      expect((await update(auth.headers, business.id, body, rawBody)).status).toBe(400);
    }
    expect(await db.business.findUnique({ where: { id: business.id } })).toMatchObject(full);
  });

  it('lists only the caller’s businesses', async () => {
    const ann = await signedIn('bearer');
    const bob = await signedIn('bearer');
    await create(ann.auth.headers, { name: 'Ann’s Bakery' });
    await create(bob.auth.headers, { name: 'Bob’s Garage' });
    const listed = (await list(ann.auth.headers)).data as { name: string }[];
    expect(listed.map((business) => business.name)).toEqual(['Ann’s Bakery']);
  });

  it('answers 404 for another user’s business (or an unknown id) and changes nothing', async () => {
    const owner = await signedIn('bearer');
    const intruder = await signedIn('cookie');
    const business = (await create(owner.auth.headers, full)).data as { id: string };

    expect(await update(intruder.auth.headers, business.id, { name: 'Hijacked' })).toMatchObject({
      status: 404,
      data: { message: 'Business not found' },
    });
    expect(await remove(intruder.auth.headers, business.id)).toMatchObject({
      status: 404,
      data: { message: 'Business not found' },
    });
    expect(await update(owner.auth.headers, 'no-such-id', { name: 'x' })).toMatchObject({
      status: 404,
    });
    expect(await remove(owner.auth.headers, 'no-such-id')).toMatchObject({ status: 404 });

    expect(await db.business.findUnique({ where: { id: business.id } })).toMatchObject({
      ...full,
      userId: owner.user.id,
    });
  });

  it('answers 405 to other methods', async () => {
    const { auth } = await signedIn('bearer');
    const patch = jsonRequest('/api/businesses', {
      method: 'PATCH',
      headers: auth.headers,
      body: {},
    });
    expect(await run(() => collection.action(args(patch)))).toMatchObject({ status: 405 });
    expect(await run(() => item.loader())).toMatchObject({ status: 405 });
  });
});
