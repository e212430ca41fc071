import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUDIT_REQUEST_LIMIT } from '~/domain/audit/run.server';
import {
  FREE_CHECK_ADDRESS_LIMIT_MESSAGE,
  FREE_CHECK_FIXES,
  FREE_CHECK_LIMITS,
  FREE_CHECK_SITE_LIMIT_MESSAGE,
} from '~/domain/free-check/free-check.server';
import { db } from '~/lib/db.server';
import * as freeCheck from '~/routes/free-check';
import * as result from '~/routes/free-check_.$id';
import { WEBSITE_ERROR } from '~/schemas/business';
import { WEBSITE_REQUIRED_ERROR } from '~/schemas/free-check';
import { startFixtureSite, type FixtureSite } from '../fixtures/audit-sites/server';
import {
  args,
  BASE,
  createUser,
  formRequest,
  nextClientAddress,
  run,
  sessionCookieFor,
} from './helpers';

// Issue 44, item 1: the free check is ours. A visitor types a website, the same audit a signed-in
// owner runs checks it (safe-fetch's rules, at most AUDIT_REQUEST_LIMIT requests) and our page
// shows the score and the top three fixes; limited per address and per site; then the visitor is
// offered an account, and a signed-in owner can keep the check as their business's first audit.

let ready: FixtureSite;
let redirecting: FixtureSite;
let requests = 0;

beforeAll(async () => {
  ready = await startFixtureSite('ready', { onRequest: () => (requests += 1) });
  redirecting = await startFixtureSite(null, {
    routes: {
      '/': (_req, res) =>
        res.writeHead(302, { Location: 'http://169.254.169.254/latest/meta-data/' }).end(),
    },
  });
});
afterAll(async () => {
  await Promise.all([ready.close(), redirecting.close()]);
});
beforeEach(async () => {
  await db.freeCheck.deleteMany();
  requests = 0;
});

function submit(website: string, address = nextClientAddress(), cookie?: string) {
  return run(() =>
    freeCheck.action(
      args(
        formRequest(
          '/free-check',
          { website },
          { 'X-Forwarded-For': address, ...(cookie ? { Cookie: cookie } : {}) },
        ),
      ),
    ),
  );
}

async function resultOf(location: string, cookie?: string) {
  const id = location.split('/').pop()!;
  const answer = await run(() =>
    result.loader(
      args(new Request(`${BASE}${location}`, { headers: cookie ? { Cookie: cookie } : {} }), {
        id,
      }),
    ),
  );
  return answer as { status: number; data: Awaited<ReturnType<typeof result.loader>> };
}

describe('the free check on our own site', () => {
  it('checks the site and shows its score and top three fixes on our page, within a signed-in audit’s requests', async () => {
    const answer = await submit(ready.url);
    expect(answer.status).toBe(302);
    const location = answer.headers.get('Location')!;
    expect(location).toMatch(/^\/free-check\/[a-z0-9]+$/);
    expect(requests).toBeGreaterThan(0);
    expect(requests).toBeLessThanOrEqual(AUDIT_REQUEST_LIMIT);

    const page = await resultOf(location);
    expect(page.status).toBe(200);
    expect(page.data.score).toBeGreaterThan(0);
    expect(page.data.score).toBeLessThanOrEqual(100);
    expect(page.data.fixes.length).toBeLessThanOrEqual(FREE_CHECK_FIXES);
    expect(page.data.signedIn).toBe(false);
    // The offer: an account, coming back to this very check.
    expect(page.data.registerTo).toBe(`/register?redirectTo=${encodeURIComponent(location)}`);
  });

  it('a site with fixes to make shows three of them, the most important first', async () => {
    const blocking = await startFixtureSite('blocking');
    try {
      const location = (await submit(blocking.url)).headers.get('Location')!;
      const page = await resultOf(location);
      expect(page.data.fixes).toHaveLength(3);
      expect(page.data.fixes[0]!.title).toBeTruthy();
      // Never a fix that compares the site with a dashboard name the visitor never gave.
      expect(JSON.stringify(page.data.fixes)).not.toMatch(/dashboard/);
    } finally {
      await blocking.close();
    }
  });

  it('refuses what is not a website with a field error, and checks nothing', async () => {
    for (const [typed, message] of [
      ['', WEBSITE_REQUIRED_ERROR],
      ['not a site', WEBSITE_ERROR],
      ['ftp://example.com', WEBSITE_ERROR],
    ] as const) {
      const answer = await submit(typed);
      expect(answer.status).toBe(400);
      expect(answer.data).toMatchObject({ value: typed, error: message });
    }
    expect(await db.freeCheck.count()).toBe(0);
  });

  it('keeps the audit’s SSRF rules: a private address or a redirect into one is never fetched, and reads "No score"', async () => {
    for (const website of ['http://10.0.0.1/', redirecting.url]) {
      const location = (await submit(website)).headers.get('Location')!;
      const page = await resultOf(location);
      expect(page.data.score).toBeNull();
      expect(page.data.unreachable).toMatch(/could not reach/i);
    }
  });

  it('one address may run five checks an hour; the sixth is a 429 that fetches nothing', async () => {
    const address = nextClientAddress();
    const sites = await Promise.all(
      Array.from({ length: FREE_CHECK_LIMITS.perAddress }, () => startFixtureSite('ready')),
    );
    try {
      for (const site of sites) expect((await submit(site.url, address)).status).toBe(302);
      requests = 0;
      const refused = await submit(ready.url, address);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('Retry-After')).toBe('3600');
      expect(refused.data).toMatchObject({ formError: FREE_CHECK_ADDRESS_LIMIT_MESSAGE });
      expect(requests).toBe(0);
      expect(await db.freeCheck.count()).toBe(FREE_CHECK_LIMITS.perAddress);
    } finally {
      await Promise.all(sites.map((site) => site.close()));
    }
  });

  it('one site may be checked three times an hour, whoever asks', async () => {
    for (let i = 0; i < FREE_CHECK_LIMITS.perSite; i++)
      expect((await submit(ready.url)).status).toBe(302);
    requests = 0;
    const refused = await submit(ready.url);
    expect(refused.status).toBe(429);
    expect(refused.data).toMatchObject({ formError: FREE_CHECK_SITE_LIMIT_MESSAGE });
    expect(requests).toBe(0);
  });

  it('an unknown check is a 404', async () => {
    const page = await resultOf('/free-check/nope');
    expect(page.status).toBe(404);
  });

  it('a signed-in owner keeps the check: the site becomes a business with this check as its first audit', async () => {
    const location = (await submit(ready.url)).headers.get('Location')!;
    const user = await createUser();
    const { cookie } = await sessionCookieFor(user.id);
    expect((await resultOf(location, cookie)).data.signedIn).toBe(true);
    const id = location.split('/').pop()!;
    const kept = await run(() =>
      result.action(args(formRequest(location, {}, { Cookie: cookie }), { id })),
    );
    expect(kept.status).toBe(302);
    const business = await db.business.findFirstOrThrow({ where: { userId: user.id } });
    expect(business.website).toBe(ready.url);
    expect(kept.headers.get('Location')).toBe(`/dashboard/businesses/${business.id}/audit`);
    expect(await db.audit.count({ where: { businessId: business.id } })).toBe(1);
    expect(business.lastAuditScore).toBe((await resultOf(location)).data.score);

    // Keeping it again adds the audit to the same business, not a second business.
    await run(() => result.action(args(formRequest(location, {}, { Cookie: cookie }), { id })));
    expect(await db.business.count({ where: { userId: user.id } })).toBe(1);
  });

  it('keeping a check without an account sends the visitor to sign in', async () => {
    const location = (await submit(ready.url)).headers.get('Location')!;
    const id = location.split('/').pop()!;
    const before = await db.business.count();
    const answer = await run(() => result.action(args(formRequest(location, {}), { id })));
    expect(answer.status).toBe(302);
    expect(answer.headers.get('Location')).toMatch(/^\/login/);
    expect(await db.business.count()).toBe(before);
  });
});
