import { describe, expect, it } from 'vitest';
import { expiryBilledMessage } from '~/domain/billed-expiry';
import { premiumGptAccess } from '~/domain/tiers';
import { db } from '~/lib/db.server';
import * as userItem from '~/routes/api.admin.users.$id';
import { loadAdmin, postAdmin, signedIn } from './admin-helpers';
import { args, createUser, jsonRequest, run } from './helpers';

// Issue 41, item 3: the expiry of a plan a subscription bills is the billing's, like the plan.
// Before, an admin could set it in the past (the owner lost premium access while paying) and then,
// the user no longer counting as billed, change the plan the subscription bills.

const DAY = 24 * 60 * 60 * 1000;

async function billedSubscriber() {
  const user = await createUser();
  const billing = {
    subscriptionStatus: 'growth',
    subscriptionExpiry: new Date(Date.now() + 20 * DAY),
    stripeSubscriptionId: `sub_${user.id}`,
  };
  await db.user.update({ where: { id: user.id }, data: billing });
  return { user, billing };
}

const admin = () => signedIn('admin');

const put = (id: string, body: unknown, headers: Record<string, string>) =>
  run(() =>
    userItem.action(
      args(jsonRequest(`/api/admin/users/${id}`, { method: 'PUT', body, headers }), { id }),
    ),
  );

describe('the expiry of a billed plan', () => {
  it('PUT /api/admin/users/{id}: 409 with how to change it; the plan change that followed stays refused', async () => {
    const { bearer } = await admin();
    const { user, billing } = await billedSubscriber();
    const past = await put(user.id, { subscriptionExpiry: '2019-12-29' }, bearer);
    expect(past.status).toBe(409);
    expect(past.data).toMatchObject({
      message: expiryBilledMessage(user),
      reason: 'billed_expiry',
    });
    expect(past.data).toMatchObject({ message: expect.stringContaining('payment provider') });
    const stored = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(stored).toMatchObject(billing);
    // The owner keeps premium access.
    expect(premiumGptAccess(stored, new Date()).allowed).toBe(true);
    // The second step of the probe: the plan change is still refused.
    expect((await put(user.id, { subscriptionStatus: 'authority' }, bearer)).status).toBe(409);
    // Clearing it ("no expiry") is a change too.
    expect((await put(user.id, { subscriptionExpiry: null }, bearer)).status).toBe(409);
    // Other fields still change.
    expect((await put(user.id, { firstName: 'Noor' }, bearer)).status).toBe(200);
  });

  it('the admin page: the edit dialog shows the billing’s date, saves the rest, and refuses a posted expiry', async () => {
    const { cookie } = await admin();
    const { user, billing } = await billedSubscriber();
    const post = (fields: Record<string, string>) => postAdmin(cookie, fields);
    const opened = await loadAdmin(cookie, `/admin?tab=users&edit=${user.id}`);
    expect(opened.data).toMatchObject({
      editing: { user: { id: user.id, billedBySubscription: true } },
    });

    // The dialog sends no expiry for a billed user: the names are saved, the expiry is not touched.
    const saved = await post({
      intent: 'update-user',
      userId: user.id,
      firstName: 'Noor',
      lastName: '',
      role: 'user',
      redirectTo: '/admin?tab=users',
    });
    expect(saved.status).toBe(302);
    expect(await db.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({
      ...billing,
      firstName: 'Noor',
    });

    // A hand-made post with an expiry (no JavaScript needed) is refused with the message.
    const refused = await post({
      intent: 'update-user',
      userId: user.id,
      firstName: 'Noor',
      role: 'user',
      subscriptionExpiry: '2019-12-29',
    });
    expect(refused.status).toBe(409);
    expect(
      (refused.data as { result: { error: Record<string, string[]> } }).result.error[''],
    ).toEqual([expiryBilledMessage(user)]);
    expect(await db.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject(billing);
  });

  it('a plan an admin gave (no subscription) keeps an expiry the admin sets', async () => {
    const { bearer } = await admin();
    const user = await createUser();
    await db.user.update({ where: { id: user.id }, data: { subscriptionStatus: 'growth' } });
    const result = await put(user.id, { subscriptionExpiry: '2031-05-31' }, bearer);
    expect(result.status).toBe(200);
  });
});
