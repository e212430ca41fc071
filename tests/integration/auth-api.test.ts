import { describe, expect, it } from 'vitest';
import { db } from '~/lib/db.server';
import { action as loginAction, loader as loginGet } from '~/routes/api.auth.login';
import { action as logoutAction } from '~/routes/api.auth.logout';
import { loader as meLoader } from '~/routes/api.auth.me';
import { action as registerAction } from '~/routes/api.auth.register';
import {
  args,
  countRows,
  createUser,
  jsonRequest,
  run,
  sessionCookieFor,
  uniqueEmail,
} from './helpers';

const register = (body: unknown, init: Parameters<typeof jsonRequest>[1] = {}) =>
  run(() => registerAction(args(jsonRequest('/api/auth/register', { body, ...init }))));
const login = (body: unknown, init: Parameters<typeof jsonRequest>[1] = {}) =>
  run(() => loginAction(args(jsonRequest('/api/auth/login', { body, ...init }))));
const me = (headers: Record<string, string>) =>
  run(() => meLoader(args(jsonRequest('/api/auth/me', { headers }))));

describe('POST /api/auth/register', () => {
  it('refuses text that is not valid UTF-8 (a lone surrogate) with 400 and stores nothing', async () => {
    const before = await countRows();
    const res = await register({
      email: uniqueEmail(),
      password: 'long-enough-1',
      firstName: '\ud800',
    });
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({ message: expect.stringContaining('not allowed') });
    expect(await countRows()).toEqual(before);
  });

  it('creates the user and answers 201 { token, user } without password data', async () => {
    const email = uniqueEmail();
    const res = await register({
      email: email.toUpperCase(),
      password: 'long-enough-1',
      firstName: 'Ann',
    });
    expect(res.status).toBe(201);
    const body = res.data as { token: string; user: Record<string, unknown> };
    expect(body.token).toEqual(expect.any(String));
    expect(body.user).toMatchObject({
      email,
      firstName: 'Ann',
      lastName: null,
      role: 'user',
      subscriptionStatus: 'free',
    });
    expect(Object.keys(body.user).join()).not.toMatch(/password|hash/i);

    const stored = await db.user.findUniqueOrThrow({
      where: { email },
      include: { password: true },
    });
    expect(stored.password?.hash).toMatch(/^scrypt\$/);
    // The token works at once.
    expect((await me({ Authorization: `Bearer ${body.token}` })).status).toBe(200);
  });

  it('refuses a taken e-mail, in any letter case, with 409 and writes nothing', async () => {
    const user = await createUser();
    const before = await countRows();
    const res = await register({ email: user.email.toUpperCase(), password: 'long-enough-1' });
    expect(res.status).toBe(409);
    expect(res.data).toEqual({ message: 'An account with this email already exists' });
    expect(await countRows()).toEqual(before);
  });

  it('cannot make itself an admin', async () => {
    const email = uniqueEmail();
    const res = await register({ email, password: 'long-enough-1', role: 'admin' });
    expect(res.status).toBe(201);
    expect((await db.user.findUniqueOrThrow({ where: { email } })).role).toBe('user');
  });

  it.each([
    ['malformed JSON', { rawBody: '{"email": ' }, 400, 'Request body must be valid JSON'],
    ['a JSON array', { rawBody: '[]' }, 400, 'Request body must be a JSON object'],
    ['a missing password', { body: { email: 'x@example.com' } }, 400, 'password is required'],
    [
      'a number for an e-mail',
      { body: { email: 5, password: 'long-enough-1' } },
      400,
      'email must be a string',
    ],
    [
      'a bad e-mail',
      { body: { email: 'nope', password: 'long-enough-1' } },
      400,
      'email: Please enter a valid email address',
    ],
    [
      'a short password',
      { body: { email: 'x@example.com', password: 'short' } },
      400,
      'password: Password must be at least 8 characters',
    ],
  ] as const)(
    'answers %s with %i { message } and writes nothing',
    async (_case, init, status, message) => {
      const before = await countRows();
      const res = await run(() =>
        registerAction(args(jsonRequest('/api/auth/register', { ...init, method: 'POST' }))),
      );
      expect(res.status).toBe(status);
      expect(res.data).toEqual({ message });
      expect(await countRows()).toEqual(before);
    },
  );

  it('refuses a body that is not declared as JSON with 415', async () => {
    const request = new Request('http://localhost/api/auth/register', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: JSON.stringify({ email: uniqueEmail(), password: 'long-enough-1' }),
    });
    const res = await run(() => registerAction(args(request)));
    expect(res.status).toBe(415);
  });
});

describe('POST /api/auth/login', () => {
  it('answers { token, user } and records the session with its IP', async () => {
    const user = await createUser({ firstName: 'Bo' });
    const res = await login(
      { email: `  ${user.email.toUpperCase()} `, password: user.password },
      { headers: { 'X-Forwarded-For': '203.0.113.50', 'User-Agent': 'api-client' } },
    );
    expect(res.status).toBe(200);
    const body = res.data as { token: string; user: { id: string; email: string } };
    expect(body.user).toMatchObject({ id: user.id, email: user.email });
    const session = await db.session.findFirstOrThrow({
      where: { userId: user.id, userAgent: 'api-client' },
    });
    expect(session.ipAddress).toBe('203.0.113.50');
  });

  it('gives the same 401 for a wrong password and an unknown e-mail', async () => {
    const user = await createUser();
    const wrong = await login({ email: user.email, password: 'wrong-password' });
    const unknown = await login({ email: uniqueEmail('ghost'), password: 'wrong-password' });
    expect(wrong).toMatchObject({ status: 401, data: { message: 'Invalid email or password' } });
    expect(unknown).toMatchObject({ status: 401, data: { message: 'Invalid email or password' } });
  });

  it('answers bad bodies with 400 and creates no session', async () => {
    const before = await countRows();
    expect((await login({ email: 'a@b.co' })).status).toBe(400);
    expect((await login({ email: ['a@b.co'], password: 'x' })).status).toBe(400);
    expect(
      (await run(() => loginAction(args(jsonRequest('/api/auth/login', { rawBody: 'nope' })))))
        .status,
    ).toBe(400);
    expect(await countRows()).toEqual(before);
  });

  it('only accepts POST', async () => {
    const res = await run(() => loginGet());
    expect(res.status).toBe(405);
  });
});

describe('GET /api/auth/me and POST /api/auth/logout', () => {
  it('resolves the Bearer token and the session cookie to the same user', async () => {
    const user = await createUser({ firstName: 'Cy' });
    const { token, cookie } = await sessionCookieFor(user.id);
    const byBearer = await me({ Authorization: `Bearer ${token}` });
    const byCookie = await me({ Cookie: cookie });
    expect(byBearer).toMatchObject({
      status: 200,
      data: { id: user.id, email: user.email, firstName: 'Cy' },
    });
    expect(byCookie.data).toEqual(byBearer.data);
  });

  it('answers 401 { message } without a token, with a made-up one, and after logout', async () => {
    const user = await createUser();
    const { token } = await sessionCookieFor(user.id);
    expect(await me({})).toMatchObject({
      status: 401,
      data: { message: 'Authentication required' },
    });
    expect((await me({ Authorization: 'Bearer made-up' })).status).toBe(401);

    const out = await run(() =>
      logoutAction(
        args(
          jsonRequest('/api/auth/logout', {
            method: 'POST',
            headers: { Authorization: `Bearer ${token}` },
          }),
        ),
      ),
    );
    expect(out.status).toBe(204);
    expect((await me({ Authorization: `Bearer ${token}` })).status).toBe(401);
  });

  it('stops accepting a session whose user was deleted', async () => {
    const user = await createUser();
    const { token } = await sessionCookieFor(user.id);
    await db.user.delete({ where: { id: user.id } });
    expect((await me({ Authorization: `Bearer ${token}` })).status).toBe(401);
  });
});
