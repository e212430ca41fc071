import { describe, expect, it } from 'vitest';
import { db } from '~/lib/db.server';
import { loader as rootLoader } from '~/root';
import { loader as accountLoader } from '~/routes/account/route';
import { loader as dashboardLoader } from '~/routes/dashboard/route';
import { args, BASE, createUser, run, sessionCookieFor } from './helpers';

// Times are written in the viewer's time zone, which the browser leaves in the `tz` cookie; without
// it (or with junk in it) they are UTC and say so.

const SIGNED_IN = new Date('2026-11-23T23:30:00.000Z');

async function signedIn() {
  const user = await createUser({ firstName: 'Zoe' });
  const { cookie, token } = await sessionCookieFor(user.id);
  await db.session.updateMany({ where: { userId: user.id }, data: { createdAt: SIGNED_IN } });
  await db.user.update({
    where: { id: user.id },
    data: { subscriptionStatus: 'diy', subscriptionExpiry: new Date('2027-01-31T23:59:59.999Z') },
  });
  return { user, cookie, token };
}

function get(loader: typeof accountLoader | typeof dashboardLoader, path: string, cookie: string) {
  return run(() => loader(args(new Request(`${BASE}${path}`, { headers: { Cookie: cookie } }))));
}

type AccountData = { sessions: { items: { signedInAt: string }[] } };
type DashboardData = { plan: { expiresOn: string | null } };

describe('dates in the viewer’s time zone', () => {
  it('the same sign-in reads in the cookie’s zone, and in UTC without it', async () => {
    const { cookie } = await signedIn();
    const at = async (extra: string) =>
      ((await get(accountLoader, '/account', `${cookie}${extra}`)).data as AccountData).sessions
        .items[0]!.signedInAt;
    expect(await at('')).toBe('Nov 23, 2026, 11:30 PM UTC');
    expect(await at('; tz=Europe%2FBerlin')).toBe('Nov 24, 2026, 12:30 AM Central European Time');
    expect(await at('; tz=America%2FNew_York')).toBe('Nov 23, 2026, 6:30 PM Eastern Time');
    // A zone Intl does not know is ignored.
    expect(await at('; tz=Mars%2FOlympus')).toBe('Nov 23, 2026, 11:30 PM UTC');
    expect(await at('; tz=%3Cscript%3E')).toBe('Nov 23, 2026, 11:30 PM UTC');
  });

  it('the plan’s end date is the day it is in the viewer’s zone', async () => {
    const { cookie } = await signedIn();
    const expiresOn = async (extra: string) =>
      ((await get(dashboardLoader, '/dashboard', `${cookie}${extra}`)).data as DashboardData).plan
        .expiresOn;
    expect(await expiresOn('')).toBe('January 31, 2027');
    expect(await expiresOn('; tz=Asia%2FTokyo')).toBe('February 1, 2027');
  });

  it('hands signed-in pages the zone, and keeps public pages the same for everyone', async () => {
    const { cookie } = await signedIn();
    const zoneOf = async (headers: HeadersInit) => {
      const result = await run(() => rootLoader(args(new Request(`${BASE}/`, { headers }))));
      return (result.data as { timeZone: string }).timeZone;
    };
    expect(await zoneOf({ Cookie: `${cookie}; tz=Asia%2FTokyo` })).toBe('Asia/Tokyo');
    expect(await zoneOf({ Cookie: cookie })).toBe('UTC');
    // A visitor's tz cookie changes nothing in a page shared caches may keep.
    expect(await zoneOf({ Cookie: 'tz=Asia%2FTokyo' })).toBe('UTC');
  });
});
