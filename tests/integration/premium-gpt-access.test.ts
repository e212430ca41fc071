import { describe, expect, it } from 'vitest';
import { db } from '~/lib/db.server';
import { env } from '~/lib/env.server';
import { loader } from '~/routes/api.premium-gpt-access';
import { args, createUser, jsonRequest, run, sessionCookieFor } from './helpers';

const DAY = 24 * 60 * 60 * 1000;

async function subscriber(subscriptionStatus: string, subscriptionExpiry: Date | null) {
  const user = await createUser();
  await db.user.update({
    where: { id: user.id },
    data: { subscriptionStatus, subscriptionExpiry },
  });
  const { token, cookie } = await sessionCookieFor(user.id);
  return { user, bearer: { Authorization: `Bearer ${token}` }, cookie: { Cookie: cookie } };
}

const check = (headers: Record<string, string>) =>
  run(() => loader(args(jsonRequest('/api/premium-gpt-access', { headers }))));

const logsOf = (userId: string) =>
  db.accessLog.findMany({ where: { userId }, orderBy: { accessTime: 'asc' } });

describe('GET /api/premium-gpt-access', () => {
  it('grants a diy subscriber the premium URL, by Bearer token and by cookie, logging each check', async () => {
    const { user, bearer, cookie } = await subscriber('diy', new Date(Date.now() + 30 * DAY));
    for (const headers of [bearer, cookie]) {
      const result = await check(headers);
      expect(result.status).toBe(200);
      expect(result.data).toEqual({
        hasAccess: true,
        accessGrantedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        userEmail: user.email,
        premiumGptUrl: env.PREMIUM_GPT_URL,
        subscriptionTier: 'diy',
      });
      expect(result.headers.get('Cache-Control')).toContain('no-store');
    }
    const logs = await logsOf(user.id);
    expect(logs).toHaveLength(2);
    expect(logs[0]).toMatchObject({
      accessType: 'premium_gpt',
      subscriptionTier: 'diy',
      wasAllowed: true,
      reason: 'Active DIY All-In subscription',
      businessId: null,
    });
  });

  it('grants higher tiers and a subscription without expiry', async () => {
    for (const tier of ['starter', 'growth', 'authority']) {
      const { bearer } = await subscriber(tier, null);
      expect(await check(bearer)).toMatchObject({
        status: 200,
        data: { hasAccess: true, subscriptionTier: tier },
      });
    }
  });

  it('refuses a free user with 403 "Subscription upgrade required" and no URL', async () => {
    const { user, bearer, cookie } = await subscriber('free', null);
    for (const headers of [bearer, cookie]) {
      const result = await check(headers);
      expect(result).toEqual({
        status: 403,
        headers: expect.anything(),
        data: {
          message: 'Subscription upgrade required',
          expiredAt: null,
          requiredTier: 'diy',
          currentTier: 'free',
        },
      });
      expect(JSON.stringify(result.data)).not.toContain(env.PREMIUM_GPT_URL);
    }
    const logs = await logsOf(user.id);
    expect(logs).toHaveLength(2);
    expect(logs[1]).toMatchObject({
      accessType: 'premium_gpt',
      subscriptionTier: 'free',
      wasAllowed: false,
      reason:
        'Subscription upgrade required: the premium GPT comes with DIY All-In and above, and this account is on Free.',
    });
  });

  it('refuses an expired diy user with 403 "Subscription expired" and the expiry', async () => {
    const expiry = new Date(Date.now() - DAY);
    const { user, bearer } = await subscriber('diy', expiry);
    const result = await check(bearer);
    expect(result.status).toBe(403);
    expect(result.data).toEqual({
      message: 'Subscription expired',
      expiredAt: expiry.toISOString(),
      requiredTier: 'diy',
      currentTier: 'diy',
    });
    expect(await logsOf(user.id)).toEqual([
      expect.objectContaining({
        accessType: 'premium_gpt',
        subscriptionTier: 'diy',
        wasAllowed: false,
        reason: `Subscription expired on ${expiry.toISOString()}`,
      }),
    ]);
  });

  it('answers 401 without a session and logs nothing', async () => {
    const before = await db.accessLog.count();
    expect(await check({})).toMatchObject({
      status: 401,
      data: { message: 'Authentication required' },
    });
    expect(await check({ Authorization: 'Bearer nope' })).toMatchObject({ status: 401 });
    expect(await db.accessLog.count()).toBe(before);
  });
});
