import { describe, expect, it } from 'vitest';
import { AUTH_LIMITS } from '~/domain/auth-throttle.server';
import * as forgotPage from '~/routes/forgot-password';
import * as loginPage from '~/routes/login';
import * as registerPage from '~/routes/register';
import { args, createUser, formRequest, run } from './helpers';

// Issue 41, item 8: the sign-in form's 429 carried no Retry-After. The action answered with one,
// but a route that exports `headers` decides its response's headers alone (React Router calls it
// with the action's headers), and the public pages' `headers` dropped it. Here each form's 429
// goes through its route's `headers` as React Router sends it.

describe('Retry-After on the forms’ 429', () => {
  it('the sign-in form (no JavaScript) says when to try again', async () => {
    const user = await createUser();
    const ip = '203.0.113.230';
    const post = (password: string) =>
      run(() =>
        loginPage.action(
          args(formRequest('/login', { email: user.email, password }, { 'X-Forwarded-For': ip })),
        ),
      );
    for (let i = 0; i < AUTH_LIMITS.failedLoginsPerAccountAndIp; i += 1) {
      expect((await post('wrong-password')).status).toBe(401);
    }
    const limited = await post(user.password);
    expect(limited.status).toBe(429);
    const sent = new Headers(
      loginPage.headers({
        actionHeaders: limited.headers,
        loaderHeaders: new Headers(),
        parentHeaders: new Headers(),
        errorHeaders: undefined,
      } as never),
    );
    expect(sent.get('Retry-After')).toBe(String(AUTH_LIMITS.windowMs / 1000));
  }, 30_000);

  it('the sign-up and forgotten-password forms pass it on too; other answers get none', () => {
    const actionHeaders = new Headers({ 'Retry-After': '3600' });
    for (const page of [registerPage, forgotPage]) {
      const sent = new Headers(page.headers({ actionHeaders } as never));
      expect(sent.get('Retry-After')).toBe('3600');
      expect(
        new Headers(page.headers({ actionHeaders: new Headers() } as never)).has('Retry-After'),
      ).toBe(false);
    }
  });
});
