import { describe, expect, it } from 'vitest';
import { listUsers } from '~/domain/admin.server';
import { db } from '~/lib/db.server';
import { createUser } from './helpers';

// Issue 44, item 4: filtering Users by a plan lists its lapsed accounts too, and each says
// "Expired"; a billed plan's expiry says it includes the grace days after the paid period (the
// owner reads the period's end, "renews on …", a few days earlier).

const DAY = 86_400_000;

describe('the admin Users list', () => {
  it('marks an expired paid plan as expired, and names the grace days of a billed one', async () => {
    const admin = await createUser({ role: 'admin' });
    const lapsed = await createUser();
    const billed = await createUser();
    await db.user.update({
      where: { id: lapsed.id },
      data: { subscriptionStatus: 'authority', subscriptionExpiry: new Date(Date.now() - DAY) },
    });
    await db.user.update({
      where: { id: billed.id },
      data: {
        subscriptionStatus: 'authority',
        subscriptionExpiry: new Date(Date.now() + 30 * DAY),
        stripeSubscriptionId: 'sub_test_grace',
      },
    });
    const page = await listUsers(admin, { page: 1, limit: 20, tier: 'authority' });
    const byId = new Map(page.items.map((user) => [user.id, user]));
    expect(byId.get(lapsed.id)).toMatchObject({ expired: true, graceDays: null });
    expect(byId.get(billed.id)).toMatchObject({ expired: false, graceDays: 3 });
  });
});
