import { describe, expect, it } from 'vitest';
import { db } from '~/lib/db.server';
import { IDEMPOTENCY_KEY_MESSAGE, IDEMPOTENCY_MISMATCH_MESSAGE } from '~/http/idempotency.server';
import { action as businessesAction } from '~/routes/api.businesses';
import { args, createUser, jsonRequest, run, sessionCookieFor } from './helpers';

// A client that retries a create after a lost reply, with the same Idempotency-Key, gets the first
// answer again and nothing is written twice.

async function client() {
  const user = await createUser();
  const { token } = await sessionCookieFor(user.id);
  const create = (body: unknown, key?: string) =>
    run(() =>
      businessesAction(
        args(
          jsonRequest('/api/businesses', {
            body,
            headers: {
              Authorization: `Bearer ${token}`,
              ...(key === undefined ? {} : { 'Idempotency-Key': key }),
            },
          }),
        ),
      ),
    );
  const count = () => db.business.count({ where: { userId: user.id } });
  return { user, create, count };
}

describe('Idempotency-Key on POST /api/businesses', () => {
  it('a retry with the same key answers what the first answered and writes nothing', async () => {
    const { create, count } = await client();
    const first = await create({ name: 'Harbor Dental' }, 'retry-1');
    expect(first.status).toBe(201);
    const again = await create({ name: 'Harbor Dental' }, 'retry-1');
    expect(again.status).toBe(201);
    expect(again.data).toEqual(first.data);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await count()).toBe(1);
    // A new key is a new business.
    expect((await create({ name: 'Harbor Dental' }, 'retry-2')).status).toBe(201);
    expect(await count()).toBe(2);
  });

  it('the same key with a different body is 422 and writes nothing', async () => {
    const { create, count } = await client();
    await create({ name: 'First' }, 'k-1');
    const other = await create({ name: 'Second' }, 'k-1');
    expect(other).toMatchObject({ status: 422, data: { message: IDEMPOTENCY_MISMATCH_MESSAGE } });
    expect(await count()).toBe(1);
  });

  it('keys belong to their user, and last 24 hours', async () => {
    const a = await client();
    const b = await client();
    expect((await a.create({ name: 'A' }, 'shared')).status).toBe(201);
    const fromB = await b.create({ name: 'A' }, 'shared');
    expect(fromB.status).toBe(201);
    expect(fromB.headers.get('Idempotent-Replayed')).toBeNull();
    expect(await b.count()).toBe(1);

    await db.idempotencyKey.updateMany({
      where: { userId: a.user.id },
      data: { createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) },
    });
    const later = await a.create({ name: 'Another' }, 'shared');
    expect(later.status).toBe(201);
    expect(await a.count()).toBe(2);
  });

  it('a refused request is not remembered: the corrected retry with the same key is created', async () => {
    const { create, count } = await client();
    expect((await create({ name: '' }, 'fix-me')).status).toBe(400);
    expect((await create({ name: 'Fixed' }, 'fix-me')).status).toBe(201);
    expect(await count()).toBe(1);
  });

  it('the same key sent several times at once creates one business, and every answer is it', async () => {
    const { create, count } = await client();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => create({ name: 'Racing' }, 'race-1')),
    );
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201]);
    const ids = new Set(answers.map((answer) => (answer.data as { id: string }).id));
    expect(ids.size).toBe(1);
    expect(await count()).toBe(1);
  });

  it('a malformed key is 400; no key creates every time', async () => {
    const { create, count } = await client();
    for (const key of ['', 'x'.repeat(256), 'has space', 'naïve']) {
      expect(await create({ name: 'A' }, key), JSON.stringify(key)).toMatchObject({
        status: 400,
        data: { message: IDEMPOTENCY_KEY_MESSAGE },
      });
    }
    expect(await count()).toBe(0);
    await create({ name: 'A' });
    await create({ name: 'A' });
    expect(await count()).toBe(2);
  });
});
