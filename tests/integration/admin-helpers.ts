import { action, loader } from '~/routes/admin/route';
import { args, BASE, createUser, formRequest, run, sessionCookieFor } from './helpers';

// What the admin tests share (admin*.test.ts): a signed-in admin (or plain user) with its cookie
// for the admin page and its bearer token for /api/admin/*, and calls of the admin page.

/** A fresh user of `role`, signed in: its session cookie and its `Authorization` header. */
export async function signedIn(role: 'admin' | 'user' = 'admin') {
  const user = await createUser({ role });
  const { token, cookie } = await sessionCookieFor(user.id);
  return { user, cookie, bearer: { Authorization: `Bearer ${token}` } };
}

/** The admin page's loader at `path` (with a tab), for a cookie or a visitor (`null`). */
export const loadAdmin = (cookie: string | null, path: string) =>
  run(() =>
    loader(args(new Request(`${BASE}${path}`, { headers: cookie ? { Cookie: cookie } : {} }))),
  );

/** A plain form post to the admin page at `path`. */
export const postAdmin = (
  cookie: string,
  fields: Record<string, string>,
  path = '/admin?tab=users',
) => run(() => action(args(formRequest(path, fields, { Cookie: cookie }))));
