import { describe, expect, it } from 'vitest';
import { COMPETITOR_LIMIT_MESSAGE } from '~/domain/tracking/rounds/prompts.server';
import { db } from '~/lib/db.server';
import * as competitorApi from '~/routes/api.businesses.$id.competitors.$competitorId';
import * as competitorsApi from '~/routes/api.businesses.$id.competitors';
import * as page from '~/routes/dashboard_.businesses.$id.visibility/route';
import { WEBSITE_ERROR } from '~/schemas/business';
import { args, callRoute, createUser, formRequest, run, sessionCookieFor } from './helpers';

// Competitors through the JSON API (issue 46), with their optional website, the plan's cap of 10
// and its message; and the visibility page's form taking the website without JavaScript.

async function owner() {
  const user = await createUser();
  const { token, cookie } = await sessionCookieFor(user.id);
  const business = await db.business.create({ data: { userId: user.id, name: 'Moreno Plumbing' } });
  return { business, cookie, auth: { Authorization: `Bearer ${token}` } };
}

const list = (id: string, auth: Record<string, string>) =>
  callRoute(
    competitorsApi,
    'loader',
    `/api/businesses/${id}/competitors`,
    { id },
    { headers: auth },
  );
const add = (id: string, auth: Record<string, string>, body: unknown) =>
  callRoute(
    competitorsApi,
    'action',
    `/api/businesses/${id}/competitors`,
    { id },
    { body, headers: auth },
  );
const remove = (id: string, competitorId: string, auth: Record<string, string>) =>
  callRoute(
    competitorApi,
    'action',
    `/api/businesses/${id}/competitors/${competitorId}`,
    { id, competitorId },
    { method: 'DELETE', headers: auth },
  );

describe('/api/businesses/{id}/competitors', () => {
  it('adds a competitor with or without its website, lists them oldest first, removes one', async () => {
    const { business, auth } = await owner();
    const first = await add(business.id, auth, {
      name: 'Ace Drains',
      website: 'acedrains.example',
    });
    expect(first.status).toBe(201);
    expect(first.data).toEqual({
      id: expect.any(String),
      name: 'Ace Drains',
      website: 'https://acedrains.example',
      createdAt: expect.any(String),
    });
    const second = await add(business.id, auth, { name: 'Bob Pipes' });
    expect(second.status).toBe(201);
    expect((second.data as { website: unknown }).website).toBeNull();

    const listed = await list(business.id, auth);
    expect(listed.status).toBe(200);
    expect((listed.data as { name: string }[]).map((c) => c.name)).toEqual([
      'Ace Drains',
      'Bob Pipes',
    ]);

    const id = (first.data as { id: string }).id;
    expect((await remove(business.id, id, auth)).status).toBe(204);
    expect((await remove(business.id, id, auth)).status).toBe(404);
    expect(await db.competitor.count({ where: { businessId: business.id } })).toBe(1);
  });

  it('refuses bad input with a message and changes nothing', async () => {
    const { business, auth } = await owner();
    const cases: [unknown, string][] = [
      [{}, 'name is required'],
      [{ name: '  ' }, "name: Please enter the competitor's name"],
      [{ name: 'Ace', website: 'not a site' }, `website: ${WEBSITE_ERROR}`],
      [{ name: 'Ace', website: 'javascript:alert(1)' }, `website: ${WEBSITE_ERROR}`],
      [{ name: 'Ace', website: 42 }, 'website must be a string'],
    ];
    for (const [body, message] of cases) {
      const response = await add(business.id, auth, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.data).toEqual({ message });
    }
    await add(business.id, auth, { name: 'Ace Drains' });
    const again = await add(business.id, auth, { name: 'ace drains' });
    expect(again.status).toBe(409);
    expect(await db.competitor.count({ where: { businessId: business.id } })).toBe(1);
  });

  it('keeps to 10 competitors a business, with the message', async () => {
    const { business, auth } = await owner();
    for (let i = 0; i < 10; i += 1)
      expect(
        (await add(business.id, auth, { name: `Rival ${String.fromCharCode(65 + i)}` })).status,
      ).toBe(201);
    const over = await add(business.id, auth, { name: 'One Too Many' });
    expect(over.status).toBe(403);
    expect(over.data).toMatchObject({ message: COMPETITOR_LIMIT_MESSAGE });
  });

  it("is not found on another owner's business", async () => {
    const { business, auth } = await owner();
    const added = await add(business.id, auth, { name: 'Ace Drains' });
    const stranger = await owner();
    expect((await list(business.id, stranger.auth)).status).toBe(404);
    expect((await add(business.id, stranger.auth, { name: 'Sneaky' })).status).toBe(404);
    const id = (added.data as { id: string }).id;
    expect((await remove(business.id, id, stranger.auth)).status).toBe(404);
    // A competitor of one business through another business's address.
    expect((await remove(stranger.business.id, id, stranger.auth)).status).toBe(404);
    expect(await db.competitor.count({ where: { businessId: business.id } })).toBe(1);
  });
});

describe("the competitor form's website, without JavaScript", () => {
  const post = (id: string, cookie: string, fields: Record<string, string>) =>
    run(() =>
      page.action(
        args(formRequest(`/dashboard/businesses/${id}/visibility`, fields, { Cookie: cookie }), {
          id,
        }),
      ),
    );

  it('stores the website, or answers a field error and stores nothing', async () => {
    const { business, cookie } = await owner();
    const bad = await post(business.id, cookie, {
      intent: 'add-competitor',
      name: 'Ace Drains',
      website: 'not a site',
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.data)).toContain(WEBSITE_ERROR);
    expect(await db.competitor.count({ where: { businessId: business.id } })).toBe(0);

    const good = await post(business.id, cookie, {
      intent: 'add-competitor',
      name: 'Ace Drains',
      website: 'www.acedrains.example',
    });
    expect(good.status).toBe(302);
    const stored = await db.competitor.findFirstOrThrow({ where: { businessId: business.id } });
    expect(stored.website).toBe('https://www.acedrains.example');
  });
});
