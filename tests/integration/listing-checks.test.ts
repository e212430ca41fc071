import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BLOCKED_REASON,
  checkListings,
  listingFetchPolicy,
  LISTING_TOKEN,
  ROBOTS_UNREACHABLE_REASON,
} from '~/domain/tracking/sources/listing-check.server';
import { enqueueDueListingChecks } from '~/domain/tracking/sources/listing-jobs.server';
import { jobEngine } from '~/jobs/engine.server';
import { pageKey } from '~/lib/ai/pages';
import { db } from '~/lib/db.server';
import { createUser } from './helpers';

// The weekly listing check against a local directory site that misbehaves: pages that list the
// business and pages that do not, a robots.txt that blocks one path, a 403, a page that never
// answers in time, one that fails once and then answers, a host whose robots.txt fails. What each
// page gets (listed, not listed, unknown with why), our user agent, the plan's pages and the cap
// of 10 fetches a week, and the Demo assistant's pages never fetched.

const seen: { path: string; userAgent: string }[] = [];
let flakyCalls = 0;

function directory(
  request: IncomingMessage,
  respond: (status: number, body: string, type?: string) => void,
) {
  const path = request.url ?? '/';
  seen.push({ path, userAgent: request.headers['user-agent'] ?? '' });
  if (path === '/robots.txt')
    return respond(
      200,
      `User-agent: *\nAllow: /\n\nUser-agent: ${LISTING_TOKEN}\nDisallow: /private\n`,
      'text/plain',
    );
  if (path.startsWith('/listed'))
    return respond(200, '<html><body><h2>Moreno Plumbing</h2><p>Leeds</p></body></html>');
  if (path.startsWith('/others'))
    return respond(200, '<html><body><h2>Ace Drains</h2><h2>Bob Pipes</h2></body></html>');
  if (path.startsWith('/forbidden')) return respond(403, 'no');
  if (path.startsWith('/slow')) return; // never answers: the fetch's time limit ends it
  if (path.startsWith('/flaky')) {
    flakyCalls += 1;
    if (flakyCalls === 1) return respond(503, 'busy');
    return respond(
      200,
      '<html><body><a href="https://moreno-plumbing.example/">Moreno</a></body></html>',
    );
  }
  return respond(404, 'not found');
}

let server: Server;
let origin: string;
beforeAll(async () => {
  server = createServer((request, response) =>
    directory(request, (status, body, type = 'text/html') => {
      response.writeHead(status, { 'Content-Type': type });
      response.end(body);
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const policy = () => listingFetchPolicy({ allowPrivateHosts: ['127.0.0.1'], timeoutMs: 700 });

async function business(plan: string) {
  const user = await createUser();
  await db.user.update({ where: { id: user.id }, data: { subscriptionStatus: plan } });
  return db.business.create({
    data: { userId: user.id, name: 'Moreno Plumbing', website: 'https://moreno-plumbing.example/' },
  });
}

/** Pages as the answers cited them (TrackingSourcePageStat), most cited first. */
async function cited(businessId: string, urls: string[], engine = 'chatgpt') {
  const period = new Date(Date.UTC(2026, 10, 20));
  await db.trackingSourcePageStat.createMany({
    data: urls.map((url, index) => ({
      businessId,
      engine,
      period,
      key: pageKey(url),
      domain: '127.0.0.1',
      url,
      answers: urls.length - index,
    })),
  });
}

const NOW = new Date(Date.UTC(2026, 10, 28, 4, 25));

describe('the weekly listing check', () => {
  it('says listed, not listed, or unknown with why, as ourselves and within robots.txt', async () => {
    const { id } = await business('growth');
    await cited(id, [
      `${origin}/listed/moreno`,
      `${origin}/others`,
      `${origin}/private/list`,
      `${origin}/forbidden`,
      `${origin}/slow`,
      `${origin}/flaky`,
    ]);
    seen.length = 0;
    expect(await checkListings(id, { now: NOW, policy: policy(), retryDelayMs: 10 })).toBe(6);

    const rows = await db.sourceListing.findMany({ where: { businessId: id } });
    const status = (path: string) => {
      const row = rows.find((r) => r.url === `${origin}${path}`)!;
      return [row.status, row.reason];
    };
    expect(status('/listed/moreno')).toEqual(['listed', null]);
    expect(status('/others')).toEqual(['not_listed', null]);
    expect(status('/private/list')).toEqual(['unknown', BLOCKED_REASON]);
    expect(status('/forbidden')).toEqual([
      'unknown',
      'Refused: the site answered 403 to our request',
    ]);
    expect(status('/slow')[0]).toBe('unknown');
    expect(status('/slow')[1]).toMatch(/^Not reachable: /);
    // Failed once with 503, answered the second time: a link to the business's site.
    expect(status('/flaky')).toEqual(['listed', null]);
    expect(rows.find((r) => r.url.endsWith('/flaky'))!.found).toBe('link');
    expect(rows.every((row) => row.checkedAt.getTime() === NOW.getTime())).toBe(true);

    // robots.txt read once for the site; the blocked page never asked for; our own user agent.
    expect(seen.filter((s) => s.path === '/robots.txt')).toHaveLength(1);
    expect(seen.some((s) => s.path.startsWith('/private'))).toBe(false);
    for (const request of seen) expect(request.userAgent).toContain(`${LISTING_TOKEN}/1.0`);

    // Checked this week: nothing again until it is due.
    seen.length = 0;
    expect(
      await checkListings(id, { now: new Date(NOW.getTime() + 86_400_000), policy: policy() }),
    ).toBe(0);
    expect(seen).toEqual([]);
  }, 30_000);

  it("keeps to the plan's pages and to 10 fetches a week, most cited first", async () => {
    const { id } = await business('diy');
    await cited(
      id,
      Array.from({ length: 12 }, (_, i) => `${origin}/listed/${i}`),
    );
    expect(await checkListings(id, { now: NOW, policy: policy() })).toBe(3);
    const checked = await db.sourceListing.findMany({
      where: { businessId: id },
      orderBy: { url: 'asc' },
    });
    expect(checked.map((row) => row.url)).toEqual([
      `${origin}/listed/0`,
      `${origin}/listed/1`,
      `${origin}/listed/2`,
    ]);

    const big = await business('authority');
    await cited(
      big.id,
      Array.from({ length: 12 }, (_, i) => `${origin}/listed/${i}`),
    );
    // 4 fetched three days ago: 6 left this week, whatever the plan's 10.
    const earlier = new Date(NOW.getTime() - 3 * 86_400_000);
    await db.sourceListing.createMany({
      data: [0, 1, 2, 3].map((i) => ({
        businessId: big.id,
        key: pageKey(`${origin}/listed/${i}`),
        domain: '127.0.0.1',
        url: `${origin}/listed/${i}`,
        status: 'listed',
        checkedAt: earlier,
      })),
    });
    expect(await checkListings(big.id, { now: NOW, policy: policy() })).toBe(6);
    expect(await db.sourceListing.count({ where: { businessId: big.id } })).toBe(10);
  }, 30_000);

  it('checks nothing on Free, and never fetches the Demo assistant’s pages', async () => {
    const free = await business('free');
    await cited(free.id, [`${origin}/listed/free`]);
    const demo = await business('growth');
    await cited(demo.id, [`${origin}/listed/demo`], 'demo');
    seen.length = 0;
    expect(await checkListings(free.id, { now: NOW, policy: policy() })).toBe(0);
    expect(await checkListings(demo.id, { now: NOW, policy: policy() })).toBe(0);
    expect(seen).toEqual([]);
  });

  it('stops starting pages when the run has taken too long, and leaves the rest unchecked', async () => {
    const { id } = await business('growth');
    await cited(id, [`${origin}/slow/a`, `${origin}/slow/b`, `${origin}/slow/c`]);
    // The first page never answers (700 ms time limit, twice): past the run's 500 ms, no more.
    expect(
      await checkListings(id, { now: NOW, policy: policy(), retryDelayMs: 10, runLimitMs: 500 }),
    ).toBe(1);
    expect(await db.sourceListing.count({ where: { businessId: id } })).toBe(1);
  }, 30_000);

  it("says unknown when the site's robots.txt cannot be read", async () => {
    const { id } = await business('growth');
    // A port nothing listens on: robots.txt is not reachable, so the page is not fetched.
    await cited(id, ['http://127.0.0.1:9/list']);
    expect(await checkListings(id, { now: NOW, policy: policy(), retryDelayMs: 10 })).toBe(1);
    const row = await db.sourceListing.findFirstOrThrow({ where: { businessId: id } });
    expect([row.status, row.reason]).toEqual(['unknown', ROBOTS_UNREACHABLE_REASON]);
  });

  it('queues each due business once a week', async () => {
    const { id } = await business('starter');
    await db.trackingSourcePageStat.create({
      data: {
        businessId: id,
        engine: 'chatgpt',
        period: new Date(NOW.getTime() - 86_400_000),
        key: 'example.org/a',
        domain: 'example.org',
        url: 'https://example.org/a',
        answers: 1,
      },
    });
    const first = await enqueueDueListingChecks({ now: NOW });
    expect(first).toBeGreaterThanOrEqual(1);
    expect(await enqueueDueListingChecks({ now: NOW })).toBe(0);
    const stats = await jobEngine().queueStats(NOW);
    expect(stats.find((stat) => stat.queue === 'listing-business')?.waiting).toBeGreaterThanOrEqual(
      1,
    );
  });
});
