import { describe, expect, it, vi } from 'vitest';
import {
  AUTH_LIMITS,
  TOO_MANY_LOGINS_MESSAGE,
  TOO_MANY_REGISTRATIONS_MESSAGE,
} from '~/domain/auth-throttle.server';
import { db } from '~/lib/db.server';
import { settleMail } from '~/lib/mail.server';
import { action as apiAccount } from '~/routes/api.account';
import { action as apiRegister } from '~/routes/api.auth.register';
import { action as loginAction } from '~/routes/login';
import { loader as adminLoader } from '~/routes/admin/route';
import { action as registerAction } from '~/routes/register';
import { apiLoginFrom, deviceCookieOf } from './auth-helpers';
import {
  args,
  countRows,
  createUser,
  formRequest,
  jsonRequest,
  run,
  sessionCookieFor,
  uniqueEmail,
} from './helpers';

const apiLoginAs = (email: string, password: string, ip = '198.51.100.1', cookie?: string) =>
  apiLoginFrom(email, password, ip, cookie);

/** The login form posted without JavaScript, from `ip`, with the browser's cookies. */
const formLoginAs = (email: string, password: string, ip: string, cookie?: string) =>
  run(() =>
    loginAction(
      args(
        formRequest(
          '/login',
          { email, password },
          { 'X-Forwarded-For': ip, ...(cookie ? { Cookie: cookie } : {}) },
        ),
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
  it('slows the address that fails for one account, with 429 and Retry-After, and no one else', async () => {
    const user = await createUser();
    const attacker = '198.51.100.10';
    for (let i = 0; i < AUTH_LIMITS.failedLoginsPerAccountAndIp; i += 1) {
      expect((await apiLoginAs(user.email, 'wrong-password', attacker)).status).toBe(401);
    }
    const slowed = await apiLoginAs(user.email, user.password, attacker);
    expect(slowed).toMatchObject({ status: 429, data: { message: TOO_MANY_LOGINS_MESSAGE } });
    expect(slowed.headers.get('Retry-After')).toBe(String(AUTH_LIMITS.windowMs / 1000));

    // The form says the same, with 429.
    const form = await run(() =>
      loginAction(
        args(
          formRequest(
            '/login',
            { email: user.email, password: user.password },
            { 'X-Forwarded-For': attacker },
          ),
        ),
      ),
    );
    expect(form.status).toBe(429);
    expect((form.data as { error: Record<string, string[]> }).error['']).toEqual([
      TOO_MANY_LOGINS_MESSAGE,
    ]);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);

    // The owner, from their own address, is never locked out by someone else's guessing.
    expect((await apiLoginAs(user.email, user.password, '198.51.100.99')).status).toBe(200);
    // Eight sign-ins one after another, each a deliberately slow password hash.
  }, 30_000);

  it('lets the owner in while an attacker fails 50 times at once from another address', async () => {
    const user = await createUser();
    const attempts = Array.from({ length: 50 }, () =>
      apiLoginAs(user.email, 'wrong-password', '203.0.113.13'),
    );
    const owner = apiLoginAs(user.email, user.password, '192.0.2.200');
    const [ownerResult, ...attackResults] = await Promise.all([owner, ...attempts]);
    expect(ownerResult.status).toBe(200);
    expect(attackResults.every((r) => r.status === 401 || r.status === 429)).toBe(true);
    // The attacker's address has at most the limit's guesses checked, burst and later ones
    // together (a refused attempt counted nothing), then is slowed; the owner's is not.
    let checked = attackResults.filter((r) => r.status === 401).length;
    while ((await apiLoginAs(user.email, 'wrong-password', '203.0.113.13')).status === 401) {
      checked += 1;
    }
    expect(checked).toBe(AUTH_LIMITS.failedLoginsPerAccountAndIp);
    expect((await apiLoginAs(user.email, user.password, '192.0.2.200')).status).toBe(200);
    // 51 password hashes at once (scrypt on libuv's 4 threads) take a few seconds on a busy machine.
  }, 30_000);

  it('slows one address spraying wrong passwords over many e-mails', async () => {
    const sprayer = '203.0.113.66';
    for (let i = 0; i < AUTH_LIMITS.failedLoginsPerIp; i += 1) {
      expect((await apiLoginAs(uniqueEmail('spray'), 'wrong-password', sprayer)).status).toBe(401);
    }
    const user = await createUser();
    expect((await apiLoginAs(user.email, user.password, sprayer)).status).toBe(429);
    expect((await apiLoginAs(user.email, user.password, '203.0.113.67')).status).toBe(200);
    // 22 sign-ins one after another, each a deliberately slow password hash.
  }, 30_000);

  it('under distributed guessing the owner who mistyped once still gets in, from any address', async () => {
    const user = await createUser();
    await failedAttempts(AUTH_LIMITS.failedLoginsPerAccount + 5, { email: user.email });
    // One typo for this account from a place the owner never signed in from…
    expect((await apiLoginAs(user.email, 'typo', '198.51.100.150')).status).toBe(401);
    expect((await apiLoginAs(user.email, user.password, '198.51.100.150')).status).toBe(200);
    // …or a failure for another account (a shared office address): neither locks the owner out.
    await failedAttempts(1, { ipAddress: '198.51.100.152' });
    expect((await apiLoginAs(user.email, user.password, '198.51.100.152')).status).toBe(200);
    // A clean address is let through with the right password.
    expect((await apiLoginAs(user.email, user.password, '198.51.100.151')).status).toBe(200);
    // An address that has been guessing at this account is turned away, right password or not.
    await failedAttempts(AUTH_LIMITS.guessesPerUnknownAddressUnderAttack, {
      email: user.email,
      ipAddress: '198.51.100.153',
    });
    expect((await apiLoginAs(user.email, user.password, '198.51.100.153')).status).toBe(429);
  }, 30_000);

  it('under distributed guessing every new address waits before its password is checked; the owner’s usual ones do not', async () => {
    const user = await createUser();
    // The owner's usual address: a sign-in from it last week.
    await db.authAttempt.create({
      data: {
        kind: 'login',
        succeeded: true,
        email: user.email,
        ipAddress: '198.51.100.170',
        createdAt: new Date(Date.now() - 7 * 24 * 60 * 60 * 1000),
      },
    });
    await failedAttempts(AUTH_LIMITS.failedLoginsPerAccount, { email: user.email });
    const timed = async (password: string, ip: string) => {
      const started = Date.now();
      const result = await apiLoginAs(user.email, password, ip);
      return { status: result.status, ms: Date.now() - started };
    };
    // Ten fresh addresses guessing at once: each guess is held before it is checked.
    const guesses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => timed(`guess-${i}`, `198.51.100.${180 + i}`)),
    );
    for (const guess of guesses) {
      expect(guess.status).toBe(401);
      expect(guess.ms).toBeGreaterThanOrEqual(AUTH_LIMITS.unknownAddressDelayMsUnderAttack - 50);
    }
    // A new address with the right password is let in (after the same wait), never refused.
    const fresh = await timed(user.password, '198.51.100.199');
    expect(fresh.status).toBe(200);
    expect(fresh.ms).toBeGreaterThanOrEqual(AUTH_LIMITS.unknownAddressDelayMsUnderAttack - 50);
    // The owner's usual address, even after a typo, does not wait.
    expect((await timed('typo', '198.51.100.170')).status).toBe(401);
    const owner = await timed(user.password, '198.51.100.170');
    expect(owner.status).toBe(200);
    expect(owner.ms).toBeLessThan(AUTH_LIMITS.unknownAddressDelayMsUnderAttack);
  }, 30_000);

  it('e-mails the owner once when the account reaches the distributed-guessing ceiling', async () => {
    const user = await createUser();
    const notices = () =>
      db.outboxMessage.findMany({ where: { to: user.email, kind: 'account_under_attack' } });
    await failedAttempts(AUTH_LIMITS.failedLoginsPerAccount - 1, { email: user.email });
    await apiLoginAs(user.email, 'wrong-password', '198.51.100.159');
    await settleMail();
    // The 100th failure tells the owner; the 101st does not tell them again.
    expect(await notices()).toHaveLength(1);
    await apiLoginAs(user.email, 'wrong-password', '198.51.100.160');
    await settleMail();
    const [notice] = await notices();
    expect(await notices()).toHaveLength(1);
    expect(notice!.subject).toBe('Unusual sign-in attempts on your AI Visibility account');
    expect(notice!.text).toContain('you can still sign in as usual');
    expect(notice!.text).toMatch(/http:\/\/localhost(:\d+)?\/account\n/);
  });

  it('forgets failures older than 15 minutes', async () => {
    const user = await createUser();
    await failedAttempts(AUTH_LIMITS.failedLoginsPerIp, { ipAddress: '198.51.100.1' }, 16);
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

describe('device cookies (OWASP): the owner’s own browser is counted on its own', () => {
  it('a sign-in gives the browser a signed HttpOnly cookie for the account, from the form and the API', async () => {
    const user = await createUser();
    const api = await apiLoginAs(user.email, user.password, '198.51.100.200');
    expect(api.status).toBe(200);
    const apiCookie = api.headers.getSetCookie().find((value) => value.startsWith('__device='));
    expect(apiCookie).toMatch(/HttpOnly/i);
    expect(apiCookie).toMatch(/SameSite=Strict/i);
    expect(apiCookie).toMatch(/Max-Age=\d+/);
    // The cookie does not say who signed in.
    expect(decodeURIComponent(apiCookie!)).not.toContain(user.email);

    const form = await formLoginAs(user.email, user.password, '198.51.100.200');
    expect(form.status).toBe(302);
    expect(form.headers.getSetCookie().some((value) => value.startsWith('__session='))).toBe(true);
    expect(form.headers.getSetCookie().some((value) => value.startsWith('__device='))).toBe(true);
  });

  it('someone failing at the owner’s shared address cannot lock out the owner’s browser', async () => {
    const user = await createUser();
    const office = '203.0.113.140';
    const device = deviceCookieOf((await apiLoginAs(user.email, user.password, office)).headers);

    // A colleague behind the same NAT guesses at the owner's account, and sprays other accounts.
    for (let i = 0; i < AUTH_LIMITS.failedLoginsPerAccountAndIp; i += 1) {
      expect((await apiLoginAs(user.email, 'wrong-password', office)).status).toBe(401);
    }
    await failedAttempts(AUTH_LIMITS.failedLoginsPerIp, { ipAddress: office });
    // Without the cookie the address is locked out, as before, right password or not…
    expect((await apiLoginAs(user.email, user.password, office)).status).toBe(429);
    expect((await formLoginAs(user.email, user.password, office)).status).toBe(429);

    // …but the owner's browser gets in, by the form (no JavaScript) and by the API.
    const form = await formLoginAs(user.email, user.password, office, device);
    expect(form.status).toBe(302);
    expect(form.headers.get('Location')).toBe('/dashboard');
    // The browser now holds the cookie that sign-in gave it (the one before is replaced).
    const api = await apiLoginAs(user.email, user.password, office, deviceCookieOf(form.headers));
    expect(api.status).toBe(200);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(3);
  }, 30_000);

  it('the owner’s browser is locked only by its own failures, and its failures lock no one else', async () => {
    const user = await createUser();
    const ip = '203.0.113.141';
    const device = deviceCookieOf((await apiLoginAs(user.email, user.password, ip)).headers);
    for (let i = 0; i < AUTH_LIMITS.failedLoginsPerDevice; i += 1) {
      expect((await formLoginAs(user.email, 'wrong-password', ip, device)).status).toBe(401);
    }
    // The browser that kept failing waits, by the form and the API alike…
    const form = await formLoginAs(user.email, user.password, ip, device);
    expect(form.status).toBe(429);
    expect(form.headers.get('Retry-After')).toBe(String(AUTH_LIMITS.windowMs / 1000));
    expect((await apiLoginAs(user.email, user.password, ip, device)).status).toBe(429);
    // …while its failures were not the address's: another browser there gets in.
    expect((await apiLoginAs(user.email, user.password, ip)).status).toBe(200);
  }, 30_000);

  it('a cookie for another account, or an altered one, counts as none', async () => {
    const owner = await createUser();
    const other = await createUser();
    const ip = '203.0.113.142';
    const otherDevice = deviceCookieOf((await apiLoginAs(other.email, other.password, ip)).headers);
    const ownDevice = deviceCookieOf((await apiLoginAs(owner.email, owner.password, ip)).headers);
    await failedAttempts(AUTH_LIMITS.failedLoginsPerAccountAndIp, {
      email: owner.email,
      ipAddress: ip,
    });
    expect((await apiLoginAs(owner.email, owner.password, ip, otherDevice)).status).toBe(429);
    const [name, value] = ownDevice.split('=') as [string, string];
    const altered = `${name}=${value.slice(0, 10)}${value[10] === 'A' ? 'B' : 'A'}${value.slice(11)}`;
    expect((await apiLoginAs(owner.email, owner.password, ip, altered)).status).toBe(429);
    expect((await apiLoginAs(owner.email, owner.password, ip, ownDevice)).status).toBe(200);
  }, 30_000);

  it('one browser is recognised for each account signed in with it', async () => {
    const first = await createUser();
    const second = await createUser();
    const ip = '203.0.113.143';
    let device = deviceCookieOf((await apiLoginAs(first.email, first.password, ip)).headers);
    device = deviceCookieOf((await apiLoginAs(second.email, second.password, ip, device)).headers);
    await failedAttempts(AUTH_LIMITS.failedLoginsPerIp, { ipAddress: ip });
    expect((await apiLoginAs(first.email, first.password, ip)).status).toBe(429);
    expect((await apiLoginAs(first.email, first.password, ip, device)).status).toBe(200);
    expect((await apiLoginAs(second.email, second.password, ip, device)).status).toBe(200);
  }, 30_000);

  it('under distributed guessing the owner’s browser is let in from an address that was guessing', async () => {
    const user = await createUser();
    const ip = '198.51.100.210';
    const device = deviceCookieOf((await apiLoginAs(user.email, user.password, ip)).headers);
    await db.authAttempt.deleteMany({ where: { email: user.email } });
    await failedAttempts(AUTH_LIMITS.failedLoginsPerAccount, { email: user.email });
    await failedAttempts(AUTH_LIMITS.guessesPerUnknownAddressUnderAttack, {
      email: user.email,
      ipAddress: ip,
    });
    expect((await apiLoginAs(user.email, user.password, ip)).status).toBe(429);
    expect((await apiLoginAs(user.email, user.password, ip, device)).status).toBe(200);
  });

  it('a change that needs the current password counts the owner’s browser on its own too', async () => {
    const user = await createUser();
    const ip = '203.0.113.145';
    const signedIn = await apiLoginAs(user.email, user.password, ip);
    const { token } = signedIn.data as { token: string };
    const device = deviceCookieOf(signedIn.headers);
    await failedAttempts(AUTH_LIMITS.failedLoginsPerIp, { ipAddress: ip });
    const changePassword = (cookie?: string) =>
      run(() =>
        apiAccount(
          args(
            jsonRequest('/api/account', {
              method: 'PUT',
              body: { newPassword: 'another-long-password', currentPassword: user.password },
              headers: {
                Authorization: `Bearer ${token}`,
                'X-Forwarded-For': ip,
                ...(cookie ? { Cookie: cookie } : {}),
              },
            }),
          ),
        ),
      );
    expect((await changePassword()).status).toBe(429);
    expect((await changePassword(device)).status).toBe(200);
  });

  it('lock-outs are written down once, with the reason, and the admin sees them under Login History', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const user = await createUser();
      const ip = '203.0.113.144';
      const device = deviceCookieOf((await apiLoginAs(user.email, user.password, ip)).headers);
      await failedAttempts(AUTH_LIMITS.failedLoginsPerAccountAndIp, {
        email: user.email,
        ipAddress: ip,
      });
      // Refused three times: one lock-out.
      for (let i = 0; i < 3; i += 1) {
        expect((await apiLoginAs(user.email, user.password, ip)).status).toBe(429);
      }
      for (let i = 0; i < AUTH_LIMITS.failedLoginsPerDevice; i += 1) {
        await apiLoginAs(user.email, 'wrong-password', ip, device);
      }
      expect((await apiLoginAs(user.email, user.password, ip, device)).status).toBe(429);
      const rows = await db.authAttempt.findMany({
        where: { kind: 'lockout', email: user.email },
        orderBy: { createdAt: 'asc' },
      });
      expect(rows.map((row) => [row.reason, row.ipAddress])).toEqual([
        ['account_address', ip],
        ['device', ip],
      ]);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('(account_address)'));
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('(device)'));

      const admin = await createUser({ role: 'admin' });
      const { cookie } = await sessionCookieFor(admin.id);
      const page = await run(() =>
        adminLoader(
          args(
            new Request('http://localhost/admin?tab=logins&show=lockouts', {
              headers: { Cookie: cookie },
            }),
          ),
        ),
      );
      const { lockouts } = page.data as {
        lockouts: { items: { email: string; reason: string }[] };
      };
      expect(
        lockouts.items.filter((item) => item.email === user.email).map((item) => item.reason),
      ).toEqual(['device', 'account_address']);
    } finally {
      warn.mockRestore();
    }
  }, 30_000);
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

  it('counts sign-ups with a taken e-mail too, so nobody can test which e-mails have accounts at full speed', async () => {
    const owner = await createUser();
    const ip = '203.0.113.90';
    const statuses: number[] = [];
    for (let i = 0; i < 15; i += 1) {
      const result = await run(() =>
        apiRegister(
          args(
            jsonRequest('/api/auth/register', {
              body: { email: owner.email, password: 'long-enough-1' },
              headers: { 'X-Forwarded-For': ip },
            }),
          ),
        ),
      );
      statuses.push(result.status);
    }
    expect(statuses.slice(0, AUTH_LIMITS.registrationsPerIp)).toEqual(
      Array(AUTH_LIMITS.registrationsPerIp).fill(409),
    );
    expect(statuses.slice(AUTH_LIMITS.registrationsPerIp)).toEqual(
      Array(15 - AUTH_LIMITS.registrationsPerIp).fill(429),
    );
  }, 30_000);

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
