import { action as apiLogin } from '~/routes/api.auth.login';
import { args, jsonRequest, run } from './helpers';

// What the sign-in throttling tests share (auth-throttle*.test.ts, device-cookie-replaced): a
// sign-in by the JSON API from a client address with the browser's cookie, and the device cookie
// its answer sets.

/** POST /api/auth/login from `ip` (X-Forwarded-For), with the browser's cookie if any. */
export const apiLoginFrom = (email: string, password: string, ip: string, cookie?: string) =>
  run(() =>
    apiLogin(
      args(
        jsonRequest('/api/auth/login', {
          body: { email, password },
          headers: { 'X-Forwarded-For': ip, ...(cookie ? { Cookie: cookie } : {}) },
        }),
      ),
    ),
  );

/** The `__device=…` pair a sign-in's answer set, as the browser sends it back. */
export function deviceCookieOf(headers: Headers): string {
  const pair = headers
    .getSetCookie()
    .map((value) => value.split(';')[0]!)
    .find((value) => value.startsWith('__device='));
  if (!pair) throw new Error('no device cookie was set');
  return pair;
}
