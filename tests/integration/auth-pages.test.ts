import { describe, expect, it } from 'vitest';
import { hashToken } from '~/domain/sessions.server';
import { sessionCookie } from '~/http/auth.server';
import { db } from '~/lib/db.server';
import { loader as notFoundLoader } from '~/routes/$';
import { loader as adminLoader } from '~/routes/admin/route';
import { loader as dashboardLoader } from '~/routes/dashboard/route';
import { action as loginAction, loader as loginLoader } from '~/routes/login';
import { action as logoutAction } from '~/routes/logout';
import { action as registerAction, loader as registerLoader } from '~/routes/register';
import { loader as rootLoader } from '~/root';
import {
  args,
  BASE,
  countRows,
  createUser,
  formRequest,
  run,
  sessionCookieFor,
  uniqueEmail,
} from './helpers';

async function tokenFromSetCookie(headers: Headers) {
  const setCookie = headers.get('set-cookie') ?? '';
  return (await sessionCookie.parse(
    setCookie.split(', ').find((c) => c.startsWith('__session=')) ?? null,
  )) as string | null;
}

function cookiesFrom(headers: Headers) {
  return (headers.get('set-cookie') ?? '')
    .split(/,(?=\s*\w+=)/)
    .map((c) => c.split(';')[0]!.trim())
    .join('; ');
}

describe('/register', () => {
  it('creates the account, starts a session and lands on the dashboard', async () => {
    const email = uniqueEmail();
    const res = await run(() =>
      registerAction(
        args(
          formRequest('/register', {
            firstName: 'Ann',
            lastName: '',
            email,
            password: 'long-enough-1',
            confirmPassword: 'long-enough-1',
            redirectTo: '',
          }),
        ),
      ),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/dashboard');
    const token = await tokenFromSetCookie(res.headers);
    const user = await db.user.findUniqueOrThrow({ where: { email } });
    expect(user).toMatchObject({ firstName: 'Ann', lastName: null, role: 'user' });
    const session = await db.session.findUniqueOrThrow({ where: { id: hashToken(token!) } });
    expect(session.userId).toBe(user.id);
  });

  it("answers a mismatch with 'Passwords do not match' on the confirmation, keeps values, stores nothing", async () => {
    const before = await countRows();
    const email = uniqueEmail();
    const res = await run(() =>
      registerAction(
        args(
          formRequest('/register', {
            email,
            password: 'long-enough-1',
            confirmPassword: 'long-enough-2',
          }),
        ),
      ),
    );
    expect(res.status).toBe(400);
    const reply = res.data as {
      error: Record<string, string[]>;
      initialValue: Record<string, unknown>;
    };
    expect(reply.error.confirmPassword).toEqual(['Passwords do not match']);
    expect(reply.initialValue.email).toBe(email);
    expect(reply.initialValue).not.toHaveProperty('password');
    expect(await countRows()).toEqual(before);
  });

  it('says the e-mail is taken as a field error, never a 500', async () => {
    const user = await createUser();
    const res = await run(() =>
      registerAction(
        args(
          formRequest('/register', {
            email: user.email.toUpperCase(),
            password: 'long-enough-1',
            confirmPassword: 'long-enough-1',
          }),
        ),
      ),
    );
    expect(res.status).toBe(409);
    expect((res.data as { error: Record<string, string[]> }).error.email).toEqual([
      'An account with this email already exists',
    ]);
  });

  it('requires e-mail, password and confirmation', async () => {
    const res = await run(() => registerAction(args(formRequest('/register', {}))));
    expect(res.status).toBe(400);
    const { error } = res.data as { error: Record<string, string[]> };
    expect(error.email).toEqual(['Email is required']);
    expect(error.password).toEqual(['Password is required']);
    expect(error.confirmPassword).toEqual(['Please confirm your password']);
  });
});

describe('/login', () => {
  it('starts a new session on every login and returns to a safe redirectTo', async () => {
    const user = await createUser();
    const first = await run(() =>
      loginAction(
        args(
          formRequest('/login', {
            email: user.email,
            password: user.password,
            redirectTo: '/admin',
          }),
        ),
      ),
    );
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe('/admin');
    const second = await run(() =>
      loginAction(
        args(
          formRequest('/login', {
            email: user.email,
            password: user.password,
            redirectTo: '//evil.example',
          }),
        ),
      ),
    );
    expect(second.headers.get('location')).toBe('/dashboard');
    const [a, b] = [
      await tokenFromSetCookie(first.headers),
      await tokenFromSetCookie(second.headers),
    ];
    expect(a).not.toEqual(b);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(2);
  });

  it('an admin who signs in lands on the admin panel, unless the sign-in was headed elsewhere', async () => {
    const admin = await createUser({ role: 'admin' });
    const signIn = (redirectTo: string) =>
      run(() =>
        loginAction(
          args(formRequest('/login', { email: admin.email, password: admin.password, redirectTo })),
        ),
      );
    expect((await signIn('')).headers.get('location')).toBe('/admin');
    expect((await signIn('//evil.example')).headers.get('location')).toBe('/admin');
    expect((await signIn('/dashboard?tab=prompts')).headers.get('location')).toBe(
      '/dashboard?tab=prompts',
    );
    // A user who is not an admin still lands on the dashboard.
    const user = await createUser();
    const plain = await run(() =>
      loginAction(args(formRequest('/login', { email: user.email, password: user.password }))),
    );
    expect(plain.headers.get('location')).toBe('/dashboard');
  });

  it('ends the previous session of the same browser when logging in again', async () => {
    const user = await createUser();
    const { token, cookie } = await sessionCookieFor(user.id);
    await run(() =>
      loginAction(
        args(
          formRequest('/login', { email: user.email, password: user.password }, { Cookie: cookie }),
        ),
      ),
    );
    const old = await db.session.findUniqueOrThrow({ where: { id: hashToken(token) } });
    expect(old.endedAt).not.toBeNull();
  });

  it('refuses wrong credentials with one message and no session, keeping the e-mail but not the password', async () => {
    const user = await createUser();
    const res = await run(() =>
      loginAction(args(formRequest('/login', { email: user.email, password: 'wrong-password' }))),
    );
    expect(res.status).toBe(401);
    const reply = res.data as {
      error: Record<string, string[]>;
      initialValue: Record<string, unknown>;
    };
    expect(reply.error['']).toEqual(['Invalid email or password']);
    expect(reply.initialValue).toEqual({ email: user.email });
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
  });

  it('validates the e-mail format before checking anything', async () => {
    const res = await run(() =>
      loginAction(args(formRequest('/login', { email: 'nope', password: 'x' }))),
    );
    expect(res.status).toBe(400);
    expect((res.data as { error: Record<string, string[]> }).error.email).toEqual([
      'Please enter a valid email address',
    ]);
  });

  it('sends a signed-in user on to the dashboard', async () => {
    const user = await createUser();
    const { cookie } = await sessionCookieFor(user.id);
    const res = await run(() =>
      loginLoader(args(new Request(`${BASE}/login`, { headers: { Cookie: cookie } }))),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/dashboard');
  });
});

describe('logout', () => {
  it('ends the session on the server, clears the cookie and says goodbye', async () => {
    const user = await createUser();
    const { token, cookie } = await sessionCookieFor(user.id);
    const res = await run(() => logoutAction(args(formRequest('/logout', {}, { Cookie: cookie }))));
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
    expect(res.headers.get('set-cookie')).toMatch(/__session=;.*Max-Age=0/);
    const session = await db.session.findUniqueOrThrow({ where: { id: hashToken(token) } });
    expect(session.endedAt).not.toBeNull();

    // The same cookie no longer opens the dashboard.
    const again = await run(() =>
      dashboardLoader(args(new Request(`${BASE}/dashboard`, { headers: { Cookie: cookie } }))),
    );
    expect(again.status).toBe(302);
  });
});

describe('guards', () => {
  it('sends a visitor to the login screen and remembers where they were going', async () => {
    const dashboard = await run(() => dashboardLoader(args(new Request(`${BASE}/dashboard`))));
    expect(dashboard.headers.get('location')).toBe('/login?redirectTo=%2Fdashboard');
    const admin = await run(() => adminLoader(args(new Request(`${BASE}/admin`))));
    expect(admin.headers.get('location')).toBe('/login?redirectTo=%2Fadmin');
  });

  it("turns a non-admin away from /admin to /dashboard with 'Access Denied'", async () => {
    const user = await createUser();
    const { cookie } = await sessionCookieFor(user.id);
    const res = await run(() =>
      adminLoader(args(new Request(`${BASE}/admin`, { headers: { Cookie: cookie } }))),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/dashboard');

    // The next page shows the flash message once.
    const next = await run(() =>
      rootLoader(
        args(
          new Request(`${BASE}/dashboard`, {
            headers: { Cookie: `${cookie}; ${cookiesFrom(res.headers)}` },
          }),
        ),
      ),
    );
    expect((next.data as { toast: unknown }).toast).toMatchObject({
      title: 'Access Denied',
      description: 'You need admin privileges to access this page',
      variant: 'destructive',
    });
    expect(next.headers.get('set-cookie')).toMatch(/^toast=;/);
  });

  it('lets an admin in', async () => {
    const admin = await createUser({ role: 'admin' });
    const { cookie } = await sessionCookieFor(admin.id);
    const res = await run(() =>
      adminLoader(args(new Request(`${BASE}/admin`, { headers: { Cookie: cookie } }))),
    );
    expect(res.status).toBe(200);
  });

  it('answers unknown paths with 404', async () => {
    const res = await run(() => notFoundLoader());
    expect(res.status).toBe(404);
  });
});

describe('sign-up and sign-in on the way to a plan', () => {
  const page = (loader: typeof registerLoader, path: string) =>
    run(() => loader(args(new Request(`${BASE}${path}`))));

  it('name the plan and its price when the redirect target is a plan’s checkout, and only then', async () => {
    for (const [loader, path] of [
      [registerLoader, '/register'],
      [loginLoader, '/login'],
    ] as const) {
      expect((await page(loader, `${path}?redirectTo=%2Fcheckout%2Fgrowth`)).data).toMatchObject({
        plan: 'the Growth plan, $1,000 a month',
      });
      expect((await page(loader, `${path}?redirectTo=%2Fcheckout%2Fdiy`)).data).toMatchObject({
        plan: 'the DIY All-In plan, $249 a month',
      });
      for (const other of ['', '?redirectTo=%2Fdashboard', '?redirectTo=%2Fcheckout%2Fplatinum']) {
        expect((await page(loader, `${path}${other}`)).data).toMatchObject({ plan: null });
      }
    }
  });

  it('carry the destination back in every reply that re-renders the form, and only a path on this site', async () => {
    const badSignUp = (redirectTo: string, path = '/register') =>
      run(() =>
        registerAction(
          args(
            formRequest(path, {
              firstName: 'Ann',
              email: 'not-an-email',
              password: 'long-enough-1',
              confirmPassword: 'long-enough-1',
              redirectTo,
            }),
          ),
        ),
      );
    const badSignIn = (redirectTo: string, path = '/login') =>
      run(() =>
        loginAction(
          args(formRequest(path, { email: uniqueEmail(), password: 'wrong-password', redirectTo })),
        ),
      );
    expect((await badSignUp('/checkout/diy')).data).toMatchObject({ redirectTo: '/checkout/diy' });
    expect((await badSignIn('/checkout/growth')).data).toMatchObject({
      redirectTo: '/checkout/growth',
    });
    // A form posted to the page's address with the destination, without the hidden field.
    expect((await badSignUp('', '/register?redirectTo=%2Fcheckout%2Fdiy')).data).toMatchObject({
      redirectTo: '/checkout/diy',
    });
    for (const unsafe of ['//evil.example', 'https://evil.example/', '/\\evil.example']) {
      expect((await badSignUp(unsafe)).data).toMatchObject({ redirectTo: null });
      expect((await badSignIn(unsafe)).data).toMatchObject({ redirectTo: null });
    }
    const loaded = await run(() =>
      registerLoader(args(new Request(`${BASE}/register?redirectTo=%2F%2Fevil.example`))),
    );
    expect(loaded.data).toMatchObject({ redirectTo: null, plan: null });
  });

  it('a corrected sign-up goes on to the plan’s checkout', async () => {
    const email = uniqueEmail();
    const res = await run(() =>
      registerAction(
        args(
          formRequest('/register?redirectTo=%2Fcheckout%2Fdiy', {
            firstName: 'Ann',
            email,
            password: 'long-enough-1',
            confirmPassword: 'long-enough-1',
            redirectTo: '/checkout/diy',
          }),
        ),
      ),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/checkout/diy');
  });
});
