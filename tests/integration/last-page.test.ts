import { describe, expect, it } from 'vitest';
import { db } from '~/lib/db.server';
import { loader as adminLoader } from '~/routes/admin/route';
import { loader as connectedAppsLoader } from '~/routes/account_.connected-apps';
import { args, BASE, createUser, run, sessionCookieFor } from './helpers';

// A page past the last one (a stale link, a hand-typed ?page=999) opens the last page with its
// rows, never "No users found" under "Page 41 of 41" (issue 44, item 10).

const load = (
  loader: typeof adminLoader | typeof connectedAppsLoader,
  cookie: string,
  path: string,
) => run(() => loader(args(new Request(`${BASE}${path}`, { headers: { Cookie: cookie } }))));

describe('a page past the last one', () => {
  it('Admin Users ?page=999 goes to the last page, keeping the search, and shows its users', async () => {
    const admin = await createUser({ role: 'admin' });
    const { cookie } = await sessionCookieFor(admin.id);
    const tag = `lastpage${Date.now()}`;
    await db.user.createMany({
      data: Array.from({ length: 55 }, (_, i) => ({
        email: `${tag}-${String(i).padStart(2, '0')}@example.com`,
        createdAt: new Date(Date.UTC(2030, 0, 1, 0, i)),
      })),
    });
    const stale = await load(adminLoader, cookie, `/admin?tab=users&q=${tag}&page=999`);
    expect(stale.status).toBe(302);
    expect(stale.headers.get('Location')).toBe(`/admin?tab=users&q=${tag}&page=2`);

    const last = await load(adminLoader, cookie, stale.headers.get('Location')!);
    const users = (last.data as { users: { items: { email: string }[]; page: number } }).users;
    expect(users.page).toBe(2);
    expect(users.items.map((u) => u.email)).toEqual(
      [4, 3, 2, 1, 0].map((i) => `${tag}-0${i}@example.com`),
    );
  });

  it('every admin tab sends ?page=999999 to its last page, keeping its filters', async () => {
    const admin = await createUser({ role: 'admin' });
    const { cookie } = await sessionCookieFor(admin.id);
    const paths = [
      '/admin?tab=users&q=nobody-matches-this-zzz',
      '/admin?tab=businesses&q=nobody-matches-this-zzz',
      '/admin?tab=outbox&status=failed',
      '/admin?tab=jobs',
      '/admin?tab=inquiries',
      '/admin?tab=usage',
      '/admin?tab=logins',
      '/admin?tab=logins&show=lockouts',
      '/admin?tab=audit',
      '/admin',
    ];
    for (const path of paths) {
      const sep = path.includes('?') ? '&' : '?';
      const result = await load(adminLoader, cookie, `${path}${sep}page=999999`);
      expect(result.status, path).toBe(302);
      const location = new URL(result.headers.get('Location')!, BASE);
      // The last page: none named when there is one page (lists other tests fill may have more).
      expect(Number(location.searchParams.get('page') ?? 1), path).toBeLessThan(100);
      location.searchParams.delete('page');
      expect(location.pathname + location.search).toBe(path);
    }
  });

  it('the owner’s connected apps ?page=5 with none opens the list itself', async () => {
    const owner = await createUser();
    const { cookie } = await sessionCookieFor(owner.id);
    const result = await load(connectedAppsLoader, cookie, '/account/connected-apps?page=5');
    expect(result.status).toBe(302);
    expect(result.headers.get('Location')).toBe('/account/connected-apps');
  });
});
