import { describe, expect, it } from 'vitest';
import { loader } from '~/routes/billing';
import { args, BASE, createUser, run, sessionCookieFor } from './helpers';

// Issue 44, item 10: typing /billing showed {"message":"Method not allowed"} as a page. Billing
// lives on the dashboard: a signed-in owner is taken there, a visitor signs in first.

describe('GET /billing', () => {
  it('takes a signed-in owner to the dashboard’s billing, and a visitor to sign in', async () => {
    const user = await createUser();
    const { cookie } = await sessionCookieFor(user.id);
    const signedIn = await run(() =>
      loader(args(new Request(`${BASE}/billing`, { headers: { Cookie: cookie } }))),
    );
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get('Location')).toBe('/dashboard#billing');
    const visitor = await run(() => loader(args(new Request(`${BASE}/billing`))));
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get('Location')).toMatch(/^\/login/);
  });
});
