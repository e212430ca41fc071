import { describe, expect, it } from 'vitest';
import { AUTH_LIMITS } from '~/domain/auth-throttle.server';
import { db } from '~/lib/db.server';
import { action as apiAccount } from '~/routes/api.account';
import { action as apiRegister } from '~/routes/api.auth.register';
import { action as forgotPassword } from '~/routes/api.auth.forgot-password';
import { settleMail } from '~/lib/mail.server';
import { apiLoginFrom, deviceCookieOf } from './auth-helpers';
import { args, createUser, jsonRequest, run, uniqueEmail } from './helpers';

// Issue 41, item 1: every limit is counted before the password is checked, so attempts sent all
// at once check no more guesses than the limit allows (they checked them all before). A 401 is a
// checked guess; a 429 was turned away before its password was looked at. Run on SQLite and on
// PostgreSQL (TEST_DATABASE=postgresql), where the attempts really run side by side on the pool.

const login = apiLoginFrom;

function tally(statuses: number[]) {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

async function burst(count: number, attempt: (i: number) => Promise<{ status: number }>) {
  const results = await Promise.all(Array.from({ length: count }, (_, i) => attempt(i)));
  return tally(results.map((result) => result.status));
}

describe('limits hold against attempts sent all at once', () => {
  it('50 wrong passwords at once for one account from one address: at most 5 are checked', async () => {
    const user = await createUser();
    const ip = '203.0.113.201';
    const counts = await burst(50, () => login(user.email, 'wrong-password', ip));
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(50);
    expect(counts[401] ?? 0).toBeLessThanOrEqual(AUTH_LIMITS.failedLoginsPerAccountAndIp);
    // Only the checked guesses are failures on record: the refused ones counted nothing.
    expect(
      await db.authAttempt.count({ where: { kind: 'login', email: user.email, ipAddress: ip } }),
    ).toBe(counts[401] ?? 0);
    // The owner, from their own address, gets in all the same.
    expect((await login(user.email, user.password, '192.0.2.231')).status).toBe(200);
  }, 60_000);

  it('40 wrong passwords at once over 40 e-mails from one address: at most 20 are checked', async () => {
    const ip = '203.0.113.202';
    const counts = await burst(40, () => login(uniqueEmail('burst'), 'wrong-password', ip));
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(40);
    expect(counts[401] ?? 0).toBeLessThanOrEqual(AUTH_LIMITS.failedLoginsPerIp);
  }, 60_000);

  it('30 wrong passwords at once on one device cookie: at most 5 are checked', async () => {
    const user = await createUser();
    const ip = '203.0.113.203';
    const device = deviceCookieOf((await login(user.email, user.password, ip)).headers);
    const counts = await burst(30, () => login(user.email, 'wrong-password', ip, device));
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(30);
    expect(counts[401] ?? 0).toBeLessThanOrEqual(AUTH_LIMITS.failedLoginsPerDevice);
  }, 60_000);

  it('under distributed guessing, 20 guesses at once from a new address: at most 2 are checked', async () => {
    const user = await createUser();
    await db.authAttempt.createMany({
      data: Array.from({ length: AUTH_LIMITS.failedLoginsPerAccount }, (_, i) => ({
        kind: 'login',
        succeeded: false,
        email: user.email,
        ipAddress: `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}`,
        createdAt: new Date(Date.now() - 60_000),
      })),
    });
    const counts = await burst(20, (i) => login(user.email, `guess-${i}`, '203.0.113.204'));
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(20);
    expect(counts[401] ?? 0).toBeLessThanOrEqual(AUTH_LIMITS.guessesPerUnknownAddressUnderAttack);
  }, 60_000);

  it('a burst and the attempts after it check exactly the limit, then the address waits', async () => {
    const user = await createUser();
    const ip = '203.0.113.205';
    const counts = await burst(20, () => login(user.email, 'wrong-password', ip));
    let checked = counts[401] ?? 0;
    for (let i = 0; i < AUTH_LIMITS.failedLoginsPerAccountAndIp + 1; i += 1) {
      const status = (await login(user.email, 'wrong-password', ip)).status;
      if (status === 429) break;
      expect(status).toBe(401);
      checked += 1;
    }
    expect(checked).toBe(AUTH_LIMITS.failedLoginsPerAccountAndIp);
    expect((await login(user.email, user.password, ip)).status).toBe(429);
  }, 60_000);

  it('15 sign-ups at once from one address: at most 10 accounts are made', async () => {
    const ip = '203.0.113.206';
    const emails = Array.from({ length: 15 }, () => uniqueEmail('burst-signup'));
    const counts = await burst(15, (i) =>
      run(() =>
        apiRegister(
          args(
            jsonRequest('/api/auth/register', {
              body: { email: emails[i], password: 'long-enough-1' },
              headers: { 'X-Forwarded-For': ip },
            }),
          ),
        ),
      ),
    );
    expect((counts[201] ?? 0) + (counts[429] ?? 0)).toBe(15);
    expect(counts[201] ?? 0).toBeLessThanOrEqual(AUTH_LIMITS.registrationsPerIp);
    expect(await db.user.count({ where: { email: { in: emails } } })).toBe(counts[201] ?? 0);
  }, 60_000);

  it('30 wrong current passwords at once on a password change: at most 5 are checked', async () => {
    const user = await createUser();
    const ip = '203.0.113.207';
    const signedIn = await login(user.email, user.password, '192.0.2.232');
    const { token } = signedIn.data as { token: string };
    const counts = await burst(30, (i) =>
      run(() =>
        apiAccount(
          args(
            jsonRequest('/api/account', {
              method: 'PUT',
              body: { newPassword: 'another-long-password', currentPassword: `guess-${i}` },
              headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': ip },
            }),
          ),
        ),
      ),
    );
    // A wrong current password is a 400 with the field's message: a checked guess.
    expect((counts[400] ?? 0) + (counts[429] ?? 0)).toBe(30);
    expect(counts[400] ?? 0).toBeLessThanOrEqual(AUTH_LIMITS.failedLoginsPerAccountAndIp);
  }, 60_000);

  it('20 reset requests at once for one e-mail: at most 3 links are sent', async () => {
    const user = await createUser();
    const counts = await burst(20, (i) =>
      run(() =>
        forgotPassword(
          args(
            jsonRequest('/api/auth/forgot-password', {
              body: { email: user.email },
              headers: { 'X-Forwarded-For': `203.0.114.${i + 1}` },
            }),
          ),
        ),
      ),
    );
    await settleMail();
    expect(counts[202]).toBe(20);
    expect(
      await db.outboxMessage.count({ where: { to: user.email, kind: 'password_reset' } }),
    ).toBeLessThanOrEqual(AUTH_LIMITS.resetLinksPerEmail);
  }, 60_000);
});
