import { describe, expect, it } from 'vitest';
import {
  LAST_ADMIN_DELETE_MESSAGE,
  PAID_PLAN_DELETE_MESSAGE,
  SESSIONS_PER_PAGE,
  WRONG_PASSWORD_MESSAGE,
} from '~/domain/account.server';
import { EMAIL_TAKEN_MESSAGE } from '~/domain/accounts.server';
import { createApiKey } from '~/domain/api-keys.server';
import { checkPremiumGptAccess } from '~/domain/premium-access.server';
import { createSession, getSessionUser, hashToken } from '~/domain/sessions.server';
import { db } from '~/lib/db.server';
import { settleMail } from '~/lib/mail.server';
import { action as accountAction, loader as accountLoader } from '~/routes/account/route';
import { loader as exportLoader } from '~/routes/account_.export';
import { action as apiAccount, loader as apiAccountGet } from '~/routes/api.account';
import { action as loginAction } from '~/routes/login';
import {
  args,
  BASE,
  createUser,
  formRequest,
  jsonRequest,
  nextClientAddress,
  run,
  sessionCookieFor,
  uniqueEmail,
} from './helpers';

/** A form on /account, posted from a signed-in browser. */
function post(cookie: string, fields: Record<string, string>, path = '/account') {
  return run(() =>
    accountAction(
      args(formRequest(path, fields, { Cookie: cookie, 'X-Forwarded-For': nextClientAddress() })),
    ),
  );
}

function load(cookie: string, search = '') {
  return run(() =>
    accountLoader(args(new Request(`${BASE}/account${search}`, { headers: { Cookie: cookie } }))),
  );
}

async function canSignIn(email: string, password: string) {
  const res = await run(() =>
    loginAction(
      args(
        formRequest(
          '/login',
          { email, password, redirectTo: '' },
          { 'X-Forwarded-For': nextClientAddress() },
        ),
      ),
    ),
  );
  return res.status === 302;
}

async function mailTo(email: string, kind: string) {
  await settleMail();
  return db.outboxMessage.findMany({ where: { to: email, kind } });
}

describe('/account', () => {
  it('sends a visitor to sign in first', async () => {
    const res = await run(() => accountLoader(args(new Request(`${BASE}/account`))));
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login?redirectTo=%2Faccount');
    const posted = await run(() =>
      accountAction(args(formRequest('/account', { intent: 'profile', firstName: 'X' }))),
    );
    expect(posted.status).toBe(302);
    expect(posted.headers.get('location')).toMatch(/^\/login/);
  });

  it('changes the names (an empty one clears it) and rejects control characters', async () => {
    const user = await createUser({ firstName: 'Old' });
    const { cookie } = await sessionCookieFor(user.id);
    const res = await post(cookie, { intent: 'profile', firstName: ' Ada ', lastName: '' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/account');
    expect(await db.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({
      firstName: 'Ada',
      lastName: null,
    });
    const bad = await post(cookie, { intent: 'profile', firstName: 'A\u0000B', lastName: '' });
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({
      intent: 'profile',
      result: { error: { firstName: expect.any(Array) } },
    });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).firstName).toBe('Ada');
  });

  describe('e-mail', () => {
    it('needs the current password, refuses a taken address, then changes it and tells the old one', async () => {
      const user = await createUser({ firstName: 'Eve' });
      const other = await createUser();
      const { cookie } = await sessionCookieFor(user.id);
      const next = uniqueEmail('moved');

      const wrong = await post(cookie, {
        intent: 'email',
        email: next,
        currentPassword: 'nope-nope',
      });
      expect(wrong.status).toBe(400);
      expect(wrong.data).toMatchObject({
        intent: 'email',
        result: { error: { currentPassword: [WRONG_PASSWORD_MESSAGE] } },
      });
      const taken = await post(cookie, {
        intent: 'email',
        email: other.email.toUpperCase(),
        currentPassword: user.password,
      });
      expect(taken.status).toBe(409);
      expect(taken.data).toMatchObject({ result: { error: { email: [EMAIL_TAKEN_MESSAGE] } } });
      expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email);

      const ok = await post(cookie, {
        intent: 'email',
        email: next,
        currentPassword: user.password,
      });
      expect(ok.status).toBe(302);
      expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(next);
      expect(await canSignIn(next, user.password)).toBe(true);
      expect(await canSignIn(user.email, user.password)).toBe(false);
      const [notice] = await mailTo(user.email, 'email_changed');
      expect(notice?.subject).toBe('Your AI Visibility e-mail address was changed');
      expect(notice?.text).toContain(`from ${user.email} to ${next}`);
    });
  });

  describe('password', () => {
    it('a wrong current password changes nothing; the right one ends every other session only', async () => {
      const user = await createUser();
      const current = await sessionCookieFor(user.id);
      const other = await sessionCookieFor(user.id);
      const fields = {
        intent: 'password',
        newPassword: 'a-new-password',
        confirmPassword: 'a-new-password',
      };

      const wrong = await post(current.cookie, { ...fields, currentPassword: 'wrong-password' });
      expect(wrong.status).toBe(400);
      expect(wrong.data).toMatchObject({
        result: { error: { currentPassword: [WRONG_PASSWORD_MESSAGE] } },
      });
      expect(await getSessionUser(other.token)).not.toBeNull();

      const mismatch = await post(current.cookie, {
        ...fields,
        confirmPassword: 'something-else',
        currentPassword: user.password,
      });
      expect(mismatch.data).toMatchObject({
        result: { error: { confirmPassword: ['Passwords do not match'] } },
      });

      const ok = await post(current.cookie, { ...fields, currentPassword: user.password });
      expect(ok.status).toBe(302);
      expect(await getSessionUser(current.token)).not.toBeNull();
      expect(await getSessionUser(other.token)).toBeNull();
      expect(await canSignIn(user.email, user.password)).toBe(false);
      expect(await canSignIn(user.email, 'a-new-password')).toBe(true);
      expect(await mailTo(user.email, 'password_changed')).toHaveLength(1);
    });

    it('wrong current passwords count as failed sign-ins from that address', async () => {
      const user = await createUser();
      const { cookie } = await sessionCookieFor(user.id);
      const ip = nextClientAddress();
      const attempt = () =>
        run(() =>
          accountAction(
            args(
              formRequest(
                '/account',
                {
                  intent: 'password',
                  currentPassword: 'guess-guess',
                  newPassword: 'a-new-password',
                  confirmPassword: 'a-new-password',
                },
                { Cookie: cookie, 'X-Forwarded-For': ip },
              ),
            ),
          ),
        );
      for (let i = 0; i < 5; i += 1) expect((await attempt()).status).toBe(400);
      const limited = await attempt();
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('900');
    });
  });

  describe('sessions', () => {
    it('lists only the user’s live sessions, newest first, the current one marked, 20 a page', async () => {
      const user = await createUser();
      const stranger = await createUser();
      await createSession(stranger.id, { userAgent: 'stranger' });
      const ended = await createSession(user.id);
      await db.session.update({
        where: { id: hashToken(ended.token) },
        data: { endedAt: new Date() },
      });
      const base = Date.now() - 60 * 60 * 1000;
      for (let i = 0; i < SESSIONS_PER_PAGE + 2; i += 1) {
        await createSession(
          user.id,
          {
            ipAddress: `203.0.113.${i}`,
            userAgent:
              'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
          },
          new Date(base + i * 1000),
        );
      }
      const { cookie } = await sessionCookieFor(user.id);
      const page1 = (await load(cookie)).data as {
        sessions: {
          total: number;
          pageCount: number;
          items: { device: string; current: boolean; ipAddress: string }[];
        };
      };
      expect(page1.sessions.total).toBe(SESSIONS_PER_PAGE + 3);
      expect(page1.sessions.pageCount).toBe(2);
      expect(page1.sessions.items).toHaveLength(SESSIONS_PER_PAGE);
      expect(page1.sessions.items[0]).toMatchObject({ current: true });
      expect(page1.sessions.items[1]).toMatchObject({
        device: 'Chrome on Windows',
        ipAddress: `203.0.113.${SESSIONS_PER_PAGE + 1}`,
        current: false,
      });
      const page2 = (await load(cookie, '?page=2')).data as typeof page1;
      expect(page2.sessions.items).toHaveLength(3);
      expect(page2.sessions.items.some((s) => s.device === 'Unknown device')).toBe(false);
    });

    it('lists the session in use first even when it is the oldest, each session once across pages', async () => {
      const user = await createUser();
      const { cookie, token } = await sessionCookieFor(user.id);
      await db.session.update({
        where: { id: hashToken(token) },
        data: { createdAt: new Date(Date.now() - 24 * 60 * 60 * 1000) },
      });
      const base = Date.now() - 60 * 60 * 1000;
      for (let i = 0; i < SESSIONS_PER_PAGE + 1; i += 1) {
        await createSession(
          user.id,
          {
            ipAddress: `198.51.100.${i}`,
            userAgent:
              'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
          },
          new Date(base + i * 1000),
        );
      }
      type Listing = {
        sessions: {
          total: number;
          pageCount: number;
          items: { id: string; device: string; current: boolean; ipAddress: string }[];
        };
      };
      const page1 = (await load(cookie)).data as Listing;
      const page2 = (await load(cookie, '?page=2')).data as Listing;
      expect(page1.sessions.total).toBe(SESSIONS_PER_PAGE + 2);
      expect(page1.sessions.items).toHaveLength(SESSIONS_PER_PAGE);
      expect(page1.sessions.items[0]).toMatchObject({ id: hashToken(token), current: true });
      // Then the others, newest first.
      expect(page1.sessions.items[1]).toMatchObject({
        device: 'Safari on iOS',
        ipAddress: `198.51.100.${SESSIONS_PER_PAGE}`,
        current: false,
      });
      expect(page2.sessions.items).toHaveLength(2);
      expect(page2.sessions.items.map((s) => s.ipAddress)).toEqual([
        '198.51.100.1',
        '198.51.100.0',
      ]);
      const ids = [...page1.sessions.items, ...page2.sessions.items].map((s) => s.id);
      expect(new Set(ids).size).toBe(SESSIONS_PER_PAGE + 2);
      expect(page2.sessions.items.some((s) => s.current)).toBe(false);
    });

    it('signs out one of its own sessions, never another user’s, and all the others at once', async () => {
      const user = await createUser();
      const stranger = await createUser();
      const current = await sessionCookieFor(user.id);
      const phone = await createSession(user.id);
      const tablet = await createSession(user.id);
      const theirs = await createSession(stranger.id);

      const foreign = await post(current.cookie, {
        intent: 'end-session',
        sessionId: hashToken(theirs.token),
      });
      expect(foreign.status).toBe(302);
      expect(await getSessionUser(theirs.token)).not.toBeNull();

      await post(current.cookie, { intent: 'end-session', sessionId: hashToken(phone.token) });
      expect(await getSessionUser(phone.token)).toBeNull();
      expect(await getSessionUser(tablet.token)).not.toBeNull();

      await post(current.cookie, { intent: 'end-others' });
      expect(await getSessionUser(tablet.token)).toBeNull();
      expect(await getSessionUser(current.token)).not.toBeNull();
      expect(await getSessionUser(theirs.token)).not.toBeNull();
    });
  });

  describe('deleting the account', () => {
    it('needs the password, then removes the user, businesses, sessions and links, keeping usage records detached', async () => {
      const user = await createUser();
      const { cookie, token } = await sessionCookieFor(user.id);
      const business = await db.business.create({ data: { userId: user.id, name: 'Gone Bakery' } });
      await db.user.update({ where: { id: user.id }, data: { subscriptionStatus: 'diy' } });
      await db.accessLog.create({
        data: {
          userId: user.id,
          businessId: business.id,
          accessType: 'premium_gpt',
          subscriptionTier: 'diy',
          wasAllowed: true,
        },
      });
      await checkPremiumGptAccess({ ...user, subscriptionStatus: 'diy' });
      await db.passwordReset.create({
        data: {
          userId: user.id,
          tokenHash: 'x'.repeat(64),
          expiresAt: new Date(Date.now() + 60_000),
        },
      });

      const wrong = await post(
        cookie,
        { intent: 'delete', password: 'not-it-at-all' },
        '/account?delete=1',
      );
      expect(wrong.status).toBe(400);
      expect(wrong.data).toMatchObject({
        result: { error: { password: [WRONG_PASSWORD_MESSAGE] } },
      });
      expect(await db.user.count({ where: { id: user.id } })).toBe(1);

      const res = await post(
        cookie,
        { intent: 'delete', password: user.password },
        '/account?delete=1',
      );
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/');
      expect(res.headers.get('set-cookie')).toMatch(/__session=;/);
      expect(await getSessionUser(token)).toBeNull();

      const [users, businesses, sessions, resets, logs, audit] = await Promise.all([
        db.user.count({ where: { id: user.id } }),
        db.business.count({ where: { userId: user.id } }),
        db.session.count({ where: { userId: user.id } }),
        db.passwordReset.count({ where: { userId: user.id } }),
        db.accessLog.findMany({ where: { userId: null, subscriptionTier: 'diy' } }),
        db.auditLog.findFirst({ where: { targetUserId: user.id, action: 'account_deleted' } }),
      ]);
      expect({ users, businesses, sessions, resets }).toEqual({
        users: 0,
        businesses: 0,
        sessions: 0,
        resets: 0,
      });
      // Both records stay for the admins' figures, with no user (and no business) attached.
      expect(logs.filter((log) => log.wasAllowed && log.businessId === null)).toHaveLength(2);
      expect(audit).toMatchObject({ actorEmail: user.email, targetEmail: user.email });
      expect(await canSignIn(user.email, user.password)).toBe(false);
    });

    it('asks a user with a running paid subscription to cancel first; a cancelled one may leave', async () => {
      const user = await createUser();
      const { cookie } = await sessionCookieFor(user.id);
      await db.user.update({
        where: { id: user.id },
        data: {
          subscriptionStatus: 'growth',
          subscriptionExpiry: new Date(Date.now() + 20 * 86_400_000),
          stripeSubscriptionId: 'sub_running',
        },
      });
      const dialog = await load(cookie, '?delete=1');
      expect(dialog.data).toMatchObject({ confirmDelete: true, paidPlanRunning: true });
      const res = await post(cookie, { intent: 'delete', password: user.password });
      expect(res.status).toBe(409);
      expect(res.data).toMatchObject({ result: { error: { '': [PAID_PLAN_DELETE_MESSAGE] } } });
      expect(await db.user.count({ where: { id: user.id } })).toBe(1);

      await db.user.update({
        where: { id: user.id },
        data: { subscriptionCancelAtPeriodEnd: true },
      });
      expect((await post(cookie, { intent: 'delete', password: user.password })).status).toBe(302);
      expect(await db.user.count({ where: { id: user.id } })).toBe(0);
    });

    it('the last admin cannot delete themselves; with another admin they can', async () => {
      // Every admin but two fresh ones is demoted for this file's database.
      await db.user.updateMany({ where: { role: 'admin' }, data: { role: 'user' } });
      const first = await createUser({ role: 'admin' });
      const second = await createUser({ role: 'admin' });
      const firstCookie = (await sessionCookieFor(first.id)).cookie;
      const secondCookie = (await sessionCookieFor(second.id)).cookie;

      expect((await post(firstCookie, { intent: 'delete', password: first.password })).status).toBe(
        302,
      );
      expect((await load(secondCookie, '?delete=1')).data).toMatchObject({ lastAdmin: true });
      const last = await post(secondCookie, { intent: 'delete', password: second.password });
      expect(last.status).toBe(409);
      expect(last.data).toMatchObject({ result: { error: { '': [LAST_ADMIN_DELETE_MESSAGE] } } });
      expect(await db.user.count({ where: { role: 'admin' } })).toBe(1);
    });
  });

  it('"Download my data" is the user’s own account, businesses and sign-ins, as a JSON file', async () => {
    const user = await createUser({ firstName: 'Dora' });
    const stranger = await createUser();
    await db.business.create({
      data: { userId: user.id, name: 'Dora Dental', website: 'https://dora.example' },
    });
    await db.business.create({ data: { userId: stranger.id, name: 'Not Dora' } });
    const apiKey = await createApiKey(user, { name: 'Dora’s assistant' });
    const { cookie } = await sessionCookieFor(user.id);
    const res = await run(() =>
      exportLoader(args(new Request(`${BASE}/account/export`, { headers: { Cookie: cookie } }))),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="ai-visibility-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const body = res.data as {
      account: { email: string; firstName: string };
      businesses: { name: string }[];
      signIns: { ipAddress: string; device: string }[];
      apiKeys: { name: string; prefix: string }[];
    };
    // The key's name and prefix, never the key.
    expect(body.apiKeys).toEqual([
      expect.objectContaining({ name: 'Dora’s assistant', prefix: apiKey.prefix }),
    ]);
    expect(JSON.stringify(body)).not.toContain(apiKey.key);
    expect(body.account).toMatchObject({ email: user.email, firstName: 'Dora' });
    expect(JSON.stringify(body)).not.toMatch(/hash|scrypt/i);
    expect(body.businesses.map((b) => b.name)).toEqual(['Dora Dental']);
    expect(body.signIns).toEqual([expect.objectContaining({ ipAddress: '203.0.113.9' })]);
    const anonymous = await run(() => exportLoader(args(new Request(`${BASE}/account/export`))));
    expect(anonymous.status).toBe(302);
  });
});

describe('/api/account', () => {
  const bearer = (token: string) => ({
    Authorization: `Bearer ${token}`,
    'X-Forwarded-For': nextClientAddress(),
  });

  it('GET is the user; without a session 401 { message }', async () => {
    const user = await createUser();
    const { token } = await createSession(user.id);
    const res = await run(() =>
      apiAccountGet(args(jsonRequest('/api/account', { headers: bearer(token) }))),
    );
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ id: user.id, email: user.email });
    const anonymous = await run(() => apiAccountGet(args(jsonRequest('/api/account'))));
    expect(anonymous).toMatchObject({ status: 401, data: { message: 'Authentication required' } });
  });

  it('PUT changes names alone; e-mail and password need the current password, checked before anything changes', async () => {
    const user = await createUser({ firstName: 'Api' });
    const { token } = await createSession(user.id);
    const other = await createSession(user.id);
    const put = (body: unknown) =>
      run(() =>
        apiAccount(
          args(jsonRequest('/api/account', { method: 'PUT', body, headers: bearer(token) })),
        ),
      );

    expect(await put({ lastName: 'Person' })).toMatchObject({
      status: 200,
      data: { firstName: 'Api', lastName: 'Person' },
    });
    expect(await put({ firstName: null })).toMatchObject({
      status: 200,
      data: { firstName: null },
    });

    const next = uniqueEmail('api-moved');
    expect(await put({ email: next })).toMatchObject({
      status: 400,
      data: { message: 'currentPassword: Enter your current password' },
    });
    expect(
      await put({ email: next, lastName: 'Changed', currentPassword: 'wrong-one' }),
    ).toMatchObject({
      status: 400,
      data: { message: WRONG_PASSWORD_MESSAGE, field: 'currentPassword' },
    });
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).lastName).toBe('Person');

    const ok = await put({
      email: next,
      newPassword: 'api-password-2',
      currentPassword: user.password,
    });
    expect(ok).toMatchObject({ status: 200, data: { email: next } });
    expect(await getSessionUser(token)).not.toBeNull();
    expect(await getSessionUser(other.token)).toBeNull();
    expect(await canSignIn(next, 'api-password-2')).toBe(true);
    expect(await put({ newPassword: 'short', currentPassword: 'api-password-2' })).toMatchObject({
      status: 400,
    });
  });

  it('DELETE removes the account with the password; 401 without a session', async () => {
    const user = await createUser();
    const { token } = await createSession(user.id);
    const del = (body: unknown, headers: Record<string, string> = bearer(token)) =>
      run(() => apiAccount(args(jsonRequest('/api/account', { method: 'DELETE', body, headers }))));
    expect((await del({ password: user.password }, {})).status).toBe(401);
    expect((await del({ password: 'wrong-password' })).status).toBe(400);
    expect((await del({ password: user.password })).status).toBe(204);
    expect(await db.user.count({ where: { id: user.id } })).toBe(0);
    expect(
      (await run(() => apiAccount(args(jsonRequest('/api/account', { method: 'POST', body: {} })))))
        .status,
    ).toBe(405);
  });
});
