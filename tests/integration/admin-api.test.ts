import { describe, expect, it } from 'vitest';
import { db } from '~/lib/db.server';
import * as accessLogs from '~/routes/api.admin.access-logs';
import * as analytics from '~/routes/api.admin.analytics';
import * as businesses from '~/routes/api.admin.businesses';
import * as createAdmin from '~/routes/api.admin.create-admin';
import * as loginHistory from '~/routes/api.admin.login-history';
import * as userItem from '~/routes/api.admin.users.$id';
import * as users from '~/routes/api.admin.users';
import { checkPremiumGptAccess } from '~/domain/premium-access.server';
import * as login from '~/routes/api.auth.login';
import { signedIn } from './admin-helpers';
import { args, createUser, jsonRequest, run, sessionCookieFor, uniqueEmail } from './helpers';

/** An admin; its cookie as the headers a browser sends. */
async function admin() {
  const { user, bearer, cookie } = await signedIn('admin');
  return { user, bearer, cookie: { Cookie: cookie } };
}
const plainUser = () => signedIn('user');

const get = (
  route: { loader: (a: ReturnType<typeof args>) => unknown },
  path: string,
  headers: Record<string, string> = {},
) => run(() => route.loader(args(jsonRequest(path, { headers }))));

const put = (id: string, body: unknown, headers: Record<string, string>, rawBody?: string) =>
  run(() =>
    userItem.action(
      args(jsonRequest(`/api/admin/users/${id}`, { method: 'PUT', body, rawBody, headers }), {
        id,
      }),
    ),
  );

const postCreate = (body: unknown, headers: Record<string, string>) =>
  run(() => createAdmin.action(args(jsonRequest('/api/admin/create-admin', { body, headers }))));

const listRoutes = [
  ['/api/admin/users', users],
  ['/api/admin/businesses', businesses],
  ['/api/admin/login-history', loginHistory],
  ['/api/admin/access-logs', accessLogs],
  ['/api/admin/analytics', analytics],
] as const;

describe('who may call /api/admin/*', () => {
  for (const [path, route] of listRoutes) {
    it(`GET ${path}: visitor 401, non-admin 403, admin 200`, async () => {
      const visitor = await get(route, path);
      expect(visitor.status).toBe(401);
      expect(visitor.data).toEqual({ message: 'Authentication required' });

      const { bearer } = await plainUser();
      const denied = await get(route, path, bearer);
      expect(denied.status).toBe(403);
      expect(denied.data).toEqual({ message: 'Admin access required' });

      const { bearer: adminBearer, cookie } = await admin();
      expect((await get(route, path, adminBearer)).status).toBe(200);
      expect((await get(route, path, cookie)).status).toBe(200);
    });
  }

  it('refuses a non-admin PUT and create-admin and changes nothing', async () => {
    const { user, bearer } = await plainUser();
    const promoted = await put(user.id, { role: 'admin', subscriptionStatus: 'authority' }, bearer);
    expect(promoted.status).toBe(403);
    const email = uniqueEmail('sneaky');
    const created = await postCreate(
      { email, password: 'long-enough-pass', firstName: 'S', lastName: 'N' },
      bearer,
    );
    expect(created.status).toBe(403);
    expect(await db.user.findUnique({ where: { id: user.id } })).toMatchObject({
      role: 'user',
      subscriptionStatus: 'free',
    });
    expect(await db.user.count({ where: { email } })).toBe(0);
    expect((await put(user.id, { subscriptionStatus: 'diy' }, {})).status).toBe(401);
  });
});

describe('GET /api/admin/users', () => {
  it('pages newest first with total headers, searches, filters, and never sends passwords', async () => {
    const { bearer } = await admin();
    const tag = `pager${Date.now()}`;
    for (let i = 0; i < 5; i += 1) {
      await createUser({ email: `${tag}-${i}@example.com`, firstName: i === 3 ? 'Zelda' : 'Sam' });
    }
    const first = await get(users, `/api/admin/users?q=${tag}&limit=2`, bearer);
    expect(first.status).toBe(200);
    expect(first.headers.get('X-Total-Count')).toBe('5');
    expect(first.headers.get('Link')).toContain('rel="next"');
    const page1 = first.data as { email: string }[];
    expect(page1.map((u) => u.email)).toEqual([`${tag}-4@example.com`, `${tag}-3@example.com`]);
    const third = await get(users, `/api/admin/users?q=${tag}&limit=2&page=3`, bearer);
    expect((third.data as { email: string }[]).map((u) => u.email)).toEqual([
      `${tag}-0@example.com`,
    ]);
    expect(third.headers.get('Link')).toContain('rel="prev"');

    const byName = await get(users, `/api/admin/users?q=zelda`, bearer);
    expect((byName.data as { email: string }[]).map((u) => u.email)).toContain(
      `${tag}-3@example.com`,
    );
    const json = JSON.stringify(first.data);
    expect(json).not.toMatch(/password|hash|scrypt/i);

    // The limit is capped at 100 and a nonsense page falls back to the first.
    const capped = await get(users, '/api/admin/users?limit=100000&page=abc', bearer);
    expect(capped.headers.get('X-Per-Page')).toBe('100');
    expect(capped.headers.get('X-Page')).toBe('1');
  });

  it('filters by tier', async () => {
    const { bearer } = await admin();
    const growth = await createUser();
    await db.user.update({ where: { id: growth.id }, data: { subscriptionStatus: 'growth' } });
    const result = await get(users, '/api/admin/users?tier=growth', bearer);
    const listed = result.data as { id: string; subscriptionStatus: string }[];
    expect(listed.map((u) => u.id)).toContain(growth.id);
    expect(listed.every((u) => u.subscriptionStatus === 'growth')).toBe(true);
  });
});

describe('PUT /api/admin/users/{id}', () => {
  it('sets any tier (down as well as up), audits it, and the user’s premium access follows', async () => {
    const { user: actor, bearer } = await admin();
    const { user } = await plainUser();

    const up = await put(user.id, { subscriptionStatus: 'authority' }, bearer);
    expect(up.status).toBe(200);
    expect(up.data).toMatchObject({ id: user.id, subscriptionStatus: 'authority' });
    expect(JSON.stringify(up.data)).not.toMatch(/password/i);
    const fresh = await db.user.findUniqueOrThrow({ where: { id: user.id } });
    await expect(
      checkPremiumGptAccess({ ...fresh, subscriptionExpiry: null }),
    ).resolves.toMatchObject({ hasAccess: true });

    const down = await put(user.id, { subscriptionStatus: 'free' }, bearer);
    expect(down.data).toMatchObject({ subscriptionStatus: 'free' });

    const audit = await db.auditLog.findMany({
      where: { targetUserId: user.id },
      orderBy: { createdAt: 'asc' },
    });
    expect(audit.map((a) => [a.actorId, a.field, a.fromValue, a.toValue])).toEqual([
      [actor.id, 'subscriptionStatus', 'free', 'authority'],
      [actor.id, 'subscriptionStatus', 'authority', 'free'],
    ]);
  });

  it('refuses (409) to set the plan a subscription bills; other fields still change', async () => {
    const { bearer } = await admin();
    const { user } = await plainUser();
    await db.user.update({
      where: { id: user.id },
      data: {
        subscriptionStatus: 'growth',
        subscriptionExpiry: new Date(Date.now() + 20 * 24 * 60 * 60 * 1000),
        stripeSubscriptionId: `sub_${user.id}`,
      },
    });
    const refused = await put(user.id, { subscriptionStatus: 'authority' }, bearer);
    expect(refused.status).toBe(409);
    expect(refused.data).toMatchObject({
      message: expect.stringContaining('pays for Growth through a subscription'),
    });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).subscriptionStatus).toBe(
      'growth',
    );
    const named = await put(
      user.id,
      { firstName: 'Renamed', subscriptionStatus: 'growth' },
      bearer,
    );
    expect(named.status).toBe(200);
    expect(named.data).toMatchObject({ firstName: 'Renamed', billedBySubscription: true });
  });

  it('changes names, role and expiry, and audits each field from what to what', async () => {
    const { user: actor, bearer } = await admin();
    const { user } = await plainUser();
    const result = await put(
      user.id,
      { firstName: 'Robin', lastName: 'Hood', role: 'admin', subscriptionExpiry: '2031-05-31' },
      bearer,
    );
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({
      firstName: 'Robin',
      lastName: 'Hood',
      role: 'admin',
      subscriptionExpiry: '2031-05-31T23:59:59.999Z',
    });
    const audit = await db.auditLog.findMany({ where: { targetUserId: user.id } });
    expect(audit).toHaveLength(4);
    expect(audit.find((a) => a.field === 'role')).toMatchObject({
      actorEmail: actor.email,
      targetEmail: user.email,
      fromValue: 'user',
      toValue: 'admin',
    });
    expect(audit.find((a) => a.field === 'subscriptionExpiry')).toMatchObject({
      fromValue: null,
      toValue: '2031-05-31T23:59:59.999Z',
    });
    // Clearing the expiry (null) is a change too; repeating a value is not.
    await put(user.id, { subscriptionExpiry: null, firstName: 'Robin' }, bearer);
    expect(await db.auditLog.count({ where: { targetUserId: user.id } })).toBe(5);
  });

  it('answers 400 for an unknown tier or bad fields, 404 for an unknown user, and changes nothing', async () => {
    const { bearer } = await admin();
    const { user } = await plainUser();
    const badTier = await put(user.id, { subscriptionStatus: 'platinum' }, bearer);
    expect(badTier.status).toBe(400);
    expect((badTier.data as { message: string }).message).toMatch(/Unknown subscription tier/);
    expect((await put(user.id, { role: 'owner' }, bearer)).status).toBe(400);
    expect((await put(user.id, { subscriptionExpiry: '2031-02-30' }, bearer)).status).toBe(400);
    expect((await put(user.id, null, bearer, '{not json')).status).toBe(400);
    const unknown = await put('no-such-user', { subscriptionStatus: 'diy' }, bearer);
    expect(unknown.status).toBe(404);
    expect(unknown.data).toEqual({ message: 'User not found' });
    expect(await db.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({
      subscriptionStatus: 'free',
      role: 'user',
    });
    expect(await db.auditLog.count({ where: { targetUserId: user.id } })).toBe(0);
  });
});

describe('the last admin', () => {
  it('cannot be demoted; with a second admin the first can step down', async () => {
    // Demote every admin this file's other tests made, so exactly one is left.
    const { user: only, bearer } = await admin();
    await db.user.updateMany({
      where: { role: 'admin', NOT: { id: only.id } },
      data: { role: 'user' },
    });

    const refused = await put(only.id, { role: 'user' }, bearer);
    expect(refused.status).toBe(409);
    expect((refused.data as { message: string }).message).toMatch(/only admin/);
    expect((await db.user.findUniqueOrThrow({ where: { id: only.id } })).role).toBe('admin');
    expect(await db.auditLog.count({ where: { targetUserId: only.id, field: 'role' } })).toBe(0);

    const second = await plainUser();
    expect((await put(second.user.id, { role: 'admin' }, bearer)).status).toBe(200);
    const stepDown = await put(only.id, { role: 'user' }, bearer);
    expect(stepDown.status).toBe(200);
    expect(stepDown.data).toMatchObject({ role: 'user' });
    // And now the second is the last one: it cannot demote itself either.
    const secondRefused = await put(second.user.id, { role: 'user' }, second.bearer);
    expect(secondRefused.status).toBe(409);
  });
});

describe('POST /api/admin/create-admin', () => {
  it('creates an admin who can then sign in, and audits it', async () => {
    const { user: actor, bearer } = await admin();
    const email = uniqueEmail('new-admin');
    const created = await postCreate(
      {
        email: email.toUpperCase(),
        password: 'a-strong-password',
        firstName: 'Grace',
        lastName: 'Hopper',
      },
      bearer,
    );
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({
      email,
      role: 'admin',
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    expect(JSON.stringify(created.data)).not.toMatch(/password/i);
    expect(
      await db.auditLog.findFirst({ where: { action: 'admin_created', targetEmail: email } }),
    ).toMatchObject({ actorId: actor.id });

    const signIn = await run(() =>
      login.action(
        args(jsonRequest('/api/auth/login', { body: { email, password: 'a-strong-password' } })),
      ),
    );
    expect(signIn.status).toBe(200);
    expect(signIn.data).toMatchObject({ user: { email, role: 'admin' } });
  });

  it('answers 409 for a taken e-mail and 400 for missing or bad fields, creating nothing', async () => {
    const { bearer } = await admin();
    const { user: existing } = await plainUser();
    const taken = await postCreate(
      { email: existing.email, password: 'a-strong-password', firstName: 'A', lastName: 'B' },
      bearer,
    );
    expect(taken.status).toBe(409);
    expect(taken.data).toEqual({ message: 'An account with this email already exists' });

    const email = uniqueEmail('incomplete');
    for (const body of [
      { email, password: 'a-strong-password', firstName: 'A' },
      { email, password: 'a-strong-password', firstName: 'A', lastName: '   ' },
      { email: 'not-an-email', password: 'a-strong-password', firstName: 'A', lastName: 'B' },
      { email, password: 'short', firstName: 'A', lastName: 'B' },
    ]) {
      const result = await postCreate(body, bearer);
      expect(result.status).toBe(400);
      expect(result.data).toHaveProperty('message');
    }
    expect(await db.user.count({ where: { email } })).toBe(0);
    expect((await db.user.findUniqueOrThrow({ where: { id: existing.id } })).role).toBe('user');
  });
});

describe('GET /api/admin/businesses, login-history, access-logs', () => {
  it('lists businesses with their owner', async () => {
    const { bearer } = await admin();
    const { user } = await plainUser();
    const name = `Biz ${Date.now()}`;
    await db.business.create({ data: { userId: user.id, name, website: 'https://biz.example' } });
    const result = await get(
      businesses,
      `/api/admin/businesses?q=${encodeURIComponent(name)}`,
      bearer,
    );
    expect(result.data).toEqual([
      expect.objectContaining({ name, owner: expect.objectContaining({ email: user.email }) }),
    ]);
    const byOwner = await get(businesses, `/api/admin/businesses?q=${user.email}`, bearer);
    expect((byOwner.data as { name: string }[]).map((b) => b.name)).toEqual([name]);
  });

  it('lists logins with loginTime, logoutTime (null while active) and ipAddress', async () => {
    const { bearer } = await admin();
    const { user } = await plainUser();
    const { token } = await sessionCookieFor(user.id);
    const { endSession } = await import('~/domain/sessions.server');
    await endSession(token);
    const result = await get(loginHistory, '/api/admin/login-history?limit=100', bearer);
    const mine = (result.data as Record<string, unknown>[]).filter((r) => r.userId === user.id);
    expect(mine).toHaveLength(2);
    expect(mine.map((r) => r.status).sort()).toEqual(['Active', 'Logged Out']);
    const active = mine.find((r) => r.status === 'Active')!;
    expect(active).toMatchObject({ logoutTime: null, ipAddress: '203.0.113.9' });
    expect(typeof active.loginTime).toBe('string');
    expect(mine.find((r) => r.status === 'Logged Out')!.logoutTime).toEqual(expect.any(String));
  });

  it('lists access logs with wasAllowed as text and a result filter', async () => {
    const { bearer } = await admin();
    const { user } = await plainUser();
    await expect(checkPremiumGptAccess(user)).rejects.toThrow();
    const result = await get(accessLogs, '/api/admin/access-logs?result=denied', bearer);
    const rows = result.data as Record<string, unknown>[];
    expect(rows.find((r) => r.userId === user.id)).toMatchObject({
      accessType: 'premium_gpt',
      wasAllowed: 'false',
      allowed: false,
      subscriptionTier: 'free',
    });
    const allowed = await get(accessLogs, '/api/admin/access-logs?result=allowed', bearer);
    expect((allowed.data as Record<string, unknown>[]).every((r) => r.wasAllowed === 'true')).toBe(
      true,
    );
  });
});
