import { describe, expect, it } from 'vitest';
import { createBusiness } from '~/domain/businesses.server';
import { hashToken } from '~/domain/sessions.server';
import { db } from '~/lib/db.server';
import { action as notFoundAction } from '~/routes/$';
import { action as businessesAction } from '~/routes/api.businesses';
import { action as businessAction } from '~/routes/api.businesses.$id';
import { action as contactAction } from '~/routes/contact';
import { action as dashboardAction } from '~/routes/dashboard/route';
import { action as loginAction, loader as loginLoader } from '~/routes/login';
import { action as logoutAction } from '~/routes/logout';
import { action as registerAction } from '~/routes/register';
import {
  args,
  BASE,
  countRows,
  createUser,
  formRequest,
  jsonRequest,
  run,
  sessionCookieFor,
} from './helpers';

// Requests no browser form would send still get a 4xx, never a 500, and change nothing.

describe('page actions given a body that is not a form', () => {
  it.each([
    ['/contact', contactAction],
    ['/login', loginAction],
    ['/register', registerAction],
  ] as const)('%s answers JSON with 400', async (path, action) => {
    const before = await countRows();
    const res = await run(() =>
      action(args(jsonRequest(path, { body: { email: 'x@example.com' } }))),
    );
    expect(res.status).toBe(400);
    expect(await countRows()).toEqual(before);
    expect(await db.contactInquiry.count()).toBe(0);
  });

  it('/dashboard answers broken multipart with 400', async () => {
    const user = await createUser();
    const { cookie } = await sessionCookieFor(user.id);
    const request = new Request(`${BASE}/dashboard`, {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'multipart/form-data; boundary=xx' },
      body: 'garbage',
    });
    const res = await run(() => dashboardAction(args(request)));
    expect(res.status).toBe(400);
    expect(await db.business.count({ where: { userId: user.id } })).toBe(0);
  });
});

describe('oversized bodies', () => {
  it('are refused with 413 by the JSON API and by forms, unread', async () => {
    const user = await createUser();
    const { token } = await sessionCookieFor(user.id);
    const huge = 'x'.repeat(70 * 1024);
    const api = await run(() =>
      businessesAction(
        args(
          jsonRequest('/api/businesses', {
            body: { name: huge },
            headers: {
              Authorization: `Bearer ${token}`,
              'Content-Length': String(huge.length + 12),
            },
          }),
        ),
      ),
    );
    expect(api).toMatchObject({ status: 413, data: { message: 'Request body too large' } });

    const form = await run(() =>
      contactAction(
        args(
          formRequest(
            '/contact',
            { name: 'A', email: 'a@example.com', message: huge },
            { 'Content-Length': String(huge.length + 40) },
          ),
        ),
      ),
    );
    expect(form.status).toBe(413);
    expect(await db.contactInquiry.count()).toBe(0);
    expect(await db.business.count({ where: { userId: user.id } })).toBe(0);
  });
});

describe('redirects after login', () => {
  it('never leave the site, even with control characters browsers drop', async () => {
    const user = await createUser();
    for (const redirectTo of [
      '/\t/evil.example',
      '/\n/evil.example',
      '//evil.example',
      'https://evil.example',
    ]) {
      const res = await run(() =>
        loginAction(
          args(formRequest('/login', { email: user.email, password: user.password, redirectTo })),
        ),
      );
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/dashboard');
    }
    const { cookie } = await sessionCookieFor(user.id);
    const signedIn = await run(() =>
      loginLoader(
        args(
          new Request(`${BASE}/login?redirectTo=/%0A/evil.example`, {
            headers: { Cookie: cookie },
          }),
        ),
      ),
    );
    expect(signedIn).toMatchObject({ status: 302 });
    expect(signedIn.headers.get('location')).toBe('/dashboard');
  });
});

describe('logout from another site', () => {
  it('is refused and the session stays', async () => {
    const user = await createUser();
    const { token, cookie } = await sessionCookieFor(user.id);
    const res = await run(() =>
      logoutAction(
        args(formRequest('/logout', {}, { Cookie: cookie, 'Sec-Fetch-Site': 'cross-site' })),
      ),
    );
    expect(res.status).toBe(403);
    expect(res.headers.get('set-cookie')).toBeNull();
    const session = await db.session.findUniqueOrThrow({ where: { id: hashToken(token) } });
    expect(session.endedAt).toBeNull();
  });
});

describe('PUT /api/businesses/{id} with nothing to change', () => {
  it('answers the business as it is, and 404 for someone else’s', async () => {
    const [owner, other] = [await createUser(), await createUser()];
    const business = await createBusiness(owner, { name: 'Acme Plumbing' });
    const put = async (userId: string) => {
      const { token } = await sessionCookieFor(userId);
      return run(() =>
        businessAction(
          args(
            jsonRequest(`/api/businesses/${business.id}`, {
              method: 'PUT',
              body: {},
              headers: { Authorization: `Bearer ${token}` },
            }),
            { id: business.id },
          ),
        ),
      );
    };
    expect(await put(owner.id)).toMatchObject({
      status: 200,
      data: { id: business.id, name: 'Acme Plumbing' },
    });
    expect(await put(other.id)).toMatchObject({
      status: 404,
      data: { message: 'Business not found' },
    });
  });
});

describe('unknown paths', () => {
  it('answer a POST with 404 too', async () => {
    const res = await run(() => notFoundAction());
    expect(res.status).toBe(404);
  });
});
