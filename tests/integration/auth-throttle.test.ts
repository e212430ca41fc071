import { describe, expect, it } from 'vitest';
import {
  AUTH_LIMITS,
  TOO_MANY_LOGINS_MESSAGE,
  TOO_MANY_REGISTRATIONS_MESSAGE,
} from '~/domain/auth-throttle.server';
import { db } from '~/lib/db.server';
import { action as apiLogin } from '~/routes/api.auth.login';
import { action as apiRegister } from '~/routes/api.auth.register';
import { action as loginAction } from '~/routes/login';
import { action as registerAction } from '~/routes/register';
import { args, countRows, createUser, formRequest, jsonRequest, run, uniqueEmail } from './helpers';

const apiLoginAs = (email: string, password: string, ip = '198.51.100.1') =>
  run(() =>
    apiLogin(
      args(
        jsonRequest('/api/auth/login', {
          body: { email, password },
          headers: { 'X-Forwarded-For': ip },
        }),
      ),
    ),
  );

async function failedAttempts(
  count: number,
  where: { email?: string; ipAddress?: string },
  minutesAgo = 1,
) {
  await db.authAttempt.createMany({
    data: Array.from({ length: count }, () => ({
      kind: 'login',
      succeeded: false,
      email: where.email ?? uniqueEmail('someone'),
      ipAddress: where.ipAddress ?? null,
      createdAt: new Date(Date.now() - minutesAgo * 60 * 1000),
    })),
  });
}

describe('sign-in throttling', () => {
  it('counts each wrong password and locks the e-mail after 10 failures, even for the right password', async () => {
    const user = await createUser();
    for (let i = 0; i < AUTH_LIMITS.failedLoginsPerEmail; i += 1) {
      expect((await apiLoginAs(user.email, 'wrong-password', `198.51.100.${i + 10}`)).status).toBe(
        401,
      );
    }
    const locked = await apiLoginAs(user.email, user.password, '198.51.100.99');
    expect(locked).toMatchObject({ status: 429, data: { message: TOO_MANY_LOGINS_MESSAGE } });
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);

    // The form says the same, with 429, and keeps the e-mail.
    const form = await run(() =>
      loginAction(args(formRequest('/login', { email: user.email, password: user.password }))),
    );
    expect(form.status).toBe(429);
    expect((form.data as { error: Record<string, string[]> }).error['']).toEqual([
      TOO_MANY_LOGINS_MESSAGE,
    ]);

    // Another account is not affected.
    const other = await createUser();
    expect((await apiLoginAs(other.email, other.password, '198.51.100.99')).status).toBe(200);
  });

  it('locks one network out after 50 failures there, for every account', async () => {
    const user = await createUser();
    await failedAttempts(AUTH_LIMITS.failedLoginsPerIp, { ipAddress: '203.0.113.66' });
    expect((await apiLoginAs(user.email, user.password, '203.0.113.66')).status).toBe(429);
    expect((await apiLoginAs(user.email, user.password, '203.0.113.67')).status).toBe(200);
  });

  it('forgets failures older than 15 minutes', async () => {
    const user = await createUser();
    await failedAttempts(AUTH_LIMITS.failedLoginsPerEmail, { email: user.email }, 16);
    expect((await apiLoginAs(user.email, user.password)).status).toBe(200);
  });

  it('records successful sign-ins too', async () => {
    const user = await createUser();
    await apiLoginAs(user.email, user.password, '192.0.2.44');
    expect(
      await db.authAttempt.count({
        where: { kind: 'login', email: user.email, succeeded: true, ipAddress: '192.0.2.44' },
      }),
    ).toBe(1);
  });
});

describe('sign-up throttling', () => {
  async function registrationsFrom(ipAddress: string, count: number) {
    await db.authAttempt.createMany({
      data: Array.from({ length: count }, () => ({
        kind: 'register',
        succeeded: true,
        email: uniqueEmail(),
        ipAddress,
      })),
    });
  }

  it('refuses the 11th account from one network within an hour and writes nothing', async () => {
    await registrationsFrom('203.0.113.80', AUTH_LIMITS.registrationsPerIp);
    const before = await countRows();
    const api = await run(() =>
      apiRegister(
        args(
          jsonRequest('/api/auth/register', {
            body: { email: uniqueEmail(), password: 'long-enough-1' },
            headers: { 'X-Forwarded-For': '203.0.113.80' },
          }),
        ),
      ),
    );
    expect(api).toMatchObject({ status: 429, data: { message: TOO_MANY_REGISTRATIONS_MESSAGE } });

    const form = await run(() =>
      registerAction(
        args(
          formRequest(
            '/register',
            { email: uniqueEmail(), password: 'long-enough-1', confirmPassword: 'long-enough-1' },
            { 'X-Forwarded-For': '203.0.113.80' },
          ),
        ),
      ),
    );
    expect(form.status).toBe(429);
    expect((form.data as { error: Record<string, string[]> }).error['']).toEqual([
      TOO_MANY_REGISTRATIONS_MESSAGE,
    ]);
    expect(await countRows()).toEqual(before);

    // Another network signs up fine, and is counted.
    const email = uniqueEmail();
    const ok = await run(() =>
      apiRegister(
        args(
          jsonRequest('/api/auth/register', {
            body: { email, password: 'long-enough-1' },
            headers: { 'X-Forwarded-For': '203.0.113.81' },
          }),
        ),
      ),
    );
    expect(ok.status).toBe(201);
    expect(
      await db.authAttempt.count({ where: { kind: 'register', email, ipAddress: '203.0.113.81' } }),
    ).toBe(1);
  });
});
