import { describe, expect, it } from 'vitest';
import { BUSINESSES_PER_ACCOUNT } from '~/domain/tiers';
import { db } from '~/lib/db.server';
import { action as businessesAction } from '~/routes/api.businesses';
import { action as dashboardAction, loader as dashboardLoader } from '~/routes/dashboard/route';
import { args, BASE, createUser, formRequest, jsonRequest, run, sessionCookieFor } from './helpers';

// How many businesses one account holds is capped by plan, and the dashboard says so where it
// bites.

async function fill(userId: string, count: number) {
  await db.business.createMany({
    data: Array.from({ length: count }, (_, i) => ({ userId, name: `Location ${i}` })),
  });
}

describe('businesses per account, by plan', () => {
  it('the API refuses one more past the plan’s cap with 403 { message, limit, currentTier }, and writes nothing', async () => {
    const user = await createUser();
    const { token } = await sessionCookieFor(user.id);
    const create = () =>
      run(() =>
        businessesAction(
          args(
            jsonRequest('/api/businesses', {
              body: { name: 'One more' },
              headers: { Authorization: `Bearer ${token}` },
            }),
          ),
        ),
      );
    await fill(user.id, BUSINESSES_PER_ACCOUNT.free);
    const refused = await create();
    expect(refused).toMatchObject({
      status: 403,
      data: {
        message:
          'Your Free plan holds up to 5 businesses. Delete one, or upgrade to DIY All-In for up to 10.',
        limit: 5,
        currentTier: 'free',
      },
    });
    expect(await db.business.count({ where: { userId: user.id } })).toBe(5);

    // On Growth there is room; an expired Growth plan counts as Free again.
    await db.user.update({
      where: { id: user.id },
      data: { subscriptionStatus: 'growth', subscriptionExpiry: new Date(Date.now() + 86400000) },
    });
    expect((await create()).status).toBe(201);
    await db.user.update({
      where: { id: user.id },
      data: { subscriptionExpiry: new Date(Date.now() - 86400000) },
    });
    expect((await create()).status).toBe(403);
    expect(await db.business.count({ where: { userId: user.id } })).toBe(6);
  });

  it('adds racing for the last place: one is created, the others are refused', async () => {
    const user = await createUser();
    const { token } = await sessionCookieFor(user.id);
    await fill(user.id, BUSINESSES_PER_ACCOUNT.free - 1);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        run(() =>
          businessesAction(
            args(
              jsonRequest('/api/businesses', {
                body: { name: `Racer ${i}` },
                headers: { Authorization: `Bearer ${token}` },
              }),
            ),
          ),
        ),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 403, 403, 403, 403]);
    expect(await db.business.count({ where: { userId: user.id } })).toBe(
      BUSINESSES_PER_ACCOUNT.free,
    );
  });

  it('the dashboard shows the cap, and at the cap the add form says why and links to the plans', async () => {
    const user = await createUser();
    const { cookie } = await sessionCookieFor(user.id);
    await fill(user.id, 2);
    const page = async () =>
      (
        await run(() =>
          dashboardLoader(args(new Request(`${BASE}/dashboard`, { headers: { Cookie: cookie } }))),
        )
      ).data as { list: { limit: number; limitMessage: string | null } };
    expect((await page()).list).toMatchObject({ limit: 5, limitMessage: null });

    await fill(user.id, 3);
    expect((await page()).list.limitMessage).toBe(
      'Your Free plan holds up to 5 businesses. Delete one, or upgrade to DIY All-In for up to 10.',
    );
    const added = await run(() =>
      dashboardAction(
        args(formRequest('/dashboard', { intent: 'create', name: 'Sixth' }, { Cookie: cookie })),
      ),
    );
    expect(added.status).toBe(403);
    expect(JSON.stringify(added.data)).toContain('Your Free plan holds up to 5 businesses.');
    expect(await db.business.count({ where: { userId: user.id } })).toBe(5);
  });
});
