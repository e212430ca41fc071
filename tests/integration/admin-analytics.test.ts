import { describe, expect, it } from 'vitest';
import { getAnalytics } from '~/domain/admin.server';
import { db } from '~/lib/db.server';
import * as analytics from '~/routes/api.admin.analytics';
import { args, createUser, jsonRequest, run, sessionCookieFor } from './helpers';

const DAY = 24 * 60 * 60 * 1000;

// This file's database starts empty, so the figures are exact.
describe('analytics', () => {
  it('counts users, active subscribers, businesses, recent logins, tiers and access checks', async () => {
    const now = new Date();
    const adminUser = await createUser({ role: 'admin' });
    const make = async (subscriptionStatus: string, subscriptionExpiry: Date | null) => {
      const user = await createUser();
      await db.user.update({
        where: { id: user.id },
        data: { subscriptionStatus, subscriptionExpiry },
      });
      return user;
    };
    const diy = await make('diy', null); // active, never expires
    await make('growth', new Date(now.getTime() + DAY)); // active
    await make('starter', new Date(now.getTime() - DAY)); // expired: not active
    await make('authority', now); // expires this very instant: still active
    await make('mystery', null); // unknown status counts as free
    await db.business.createMany({
      data: [
        { userId: diy.id, name: 'A' },
        { userId: diy.id, name: 'B' },
      ],
    });
    await db.session.createMany({
      data: [
        {
          id: 's-recent',
          userId: diy.id,
          createdAt: new Date(now.getTime() - 6 * DAY),
          expiresAt: new Date(now.getTime() + DAY),
        },
        {
          id: 's-old',
          userId: diy.id,
          createdAt: new Date(now.getTime() - 8 * DAY),
          expiresAt: new Date(now.getTime() + DAY),
        },
      ],
    });
    await db.accessLog.createMany({
      data: [
        { userId: diy.id, accessType: 'premium_gpt', wasAllowed: true },
        { userId: diy.id, accessType: 'premium_gpt', wasAllowed: true },
        { userId: diy.id, accessType: 'premium_gpt', wasAllowed: false },
      ],
    });

    const figures = await getAnalytics(adminUser, now);
    expect(figures).toEqual({
      totalUsers: 6,
      activeUsers: 3,
      totalBusinesses: 2,
      recentLogins: 1,
      // One definition of an active subscriber (issue 44, item 4): each paid plan counts its
      // active subscribers, so they add up to activeUsers; the expired Starter counts as Free.
      subscriptionBreakdown: { free: 3, diy: 1, starter: 0, growth: 1, authority: 1 },
      lapsedPaid: 1,
      premiumAccess: 2,
      deniedAccess: 1,
    });

    // The JSON call answers exactly the seven fields (plus the admin's own new session).
    const { token } = await sessionCookieFor(adminUser.id);
    const result = await run(() =>
      analytics.loader(
        args(
          jsonRequest('/api/admin/analytics', { headers: { Authorization: `Bearer ${token}` } }),
        ),
      ),
    );
    expect(Object.keys(result.data as object).sort()).toEqual(
      [
        'activeUsers',
        'deniedAccess',
        'premiumAccess',
        'recentLogins',
        'subscriptionBreakdown',
        'totalBusinesses',
        'totalUsers',
      ].sort(),
    );
    expect(result.data).toMatchObject({ totalUsers: 6, recentLogins: 2 });
  });

  it('is refused to a non-admin', async () => {
    const user = await createUser();
    await expect(getAnalytics(user)).rejects.toMatchObject({ status: 403 });
  });
});

describe('one definition of an active subscriber (issue 44, item 4)', () => {
  it('the plans’ counts add up to Active Subscribers, and the whole adds up to every user', async () => {
    const { getAnalytics: analyticsOf } = await import('~/domain/admin.server');
    const { activeSubscriberWhere } = await import('~/domain/plans/subscribers.server');
    const admin = await createUser({ role: 'admin' });
    const now = new Date();
    for (const [tier, expiry] of [
      ['authority', new Date(now.getTime() - 5 * DAY)],
      ['authority', new Date(now.getTime() + 5 * DAY)],
      ['growth', new Date(now.getTime() - 1)],
    ] as const) {
      const user = await createUser();
      await db.user.update({
        where: { id: user.id },
        data: { subscriptionStatus: tier, subscriptionExpiry: expiry },
      });
    }
    const figures = await analyticsOf(admin, now);
    const paid = figures.subscriptionBreakdown;
    expect(paid.diy + paid.starter + paid.growth + paid.authority).toBe(figures.activeUsers);
    expect(Object.values(paid).reduce((sum, n) => sum + n, 0)).toBe(figures.totalUsers);
    expect(figures.activeUsers).toBe(await db.user.count({ where: activeSubscriberWhere(now) }));
  });
});
