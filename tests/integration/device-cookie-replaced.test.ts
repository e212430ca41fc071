import { describe, expect, it } from 'vitest';
import { AUTH_LIMITS } from '~/domain/auth-throttle.server';
import { db } from '~/lib/db.server';
import { apiLoginFrom, deviceCookieOf } from './auth-helpers';
import { createUser } from './helpers';

// Issue 41, item 8: a device cookie replaced by a later sign-in stayed valid, so a copy of it
// (taken from the browser, or an old backup) kept passing as the owner's browser. Now the newest
// one per browser and account is the only valid one.

const login = apiLoginFrom;

describe('a replaced device cookie', () => {
  it('counts as none once a later sign-in in that browser replaced it', async () => {
    const user = await createUser();
    const ip = '203.0.113.240';
    const older = deviceCookieOf((await login(user.email, user.password, ip)).headers);
    const newer = deviceCookieOf((await login(user.email, user.password, ip, older)).headers);
    expect(newer).not.toBe(older);
    // The address is locked out for sign-ins without a valid cookie.
    await db.authAttempt.createMany({
      data: Array.from({ length: AUTH_LIMITS.failedLoginsPerAccountAndIp }, () => ({
        kind: 'login',
        succeeded: false,
        email: user.email,
        ipAddress: ip,
      })),
    });
    expect((await login(user.email, user.password, ip)).status).toBe(429);
    expect((await login(user.email, user.password, ip, older)).status).toBe(429);
    expect((await login(user.email, user.password, ip, newer)).status).toBe(200);
  }, 30_000);

  it('another account’s cookie in the same browser stays valid', async () => {
    const first = await createUser();
    const second = await createUser();
    const ip = '203.0.113.241';
    let device = deviceCookieOf((await login(first.email, first.password, ip)).headers);
    device = deviceCookieOf((await login(second.email, second.password, ip, device)).headers);
    // Signing in to the second account again replaces only its own nonce.
    device = deviceCookieOf((await login(second.email, second.password, ip, device)).headers);
    await db.authAttempt.createMany({
      data: Array.from({ length: AUTH_LIMITS.failedLoginsPerIp }, () => ({
        kind: 'login',
        succeeded: false,
        email: 'someone-else@example.com',
        ipAddress: ip,
      })),
    });
    expect((await login(first.email, first.password, ip)).status).toBe(429);
    expect((await login(first.email, first.password, ip, device)).status).toBe(200);
  }, 30_000);
});
