import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuditView } from '~/domain/audits.server';
import { auditFetchPolicy, auditSite, runDueAudits } from '~/domain/audits.server';
import { db } from '~/lib/db.server';
import { safeFetch } from '~/lib/safe-fetch.server';
import * as auditApi from '~/routes/api.businesses.$id.audit';
import * as businessApi from '~/routes/api.businesses.$id';
import * as auditsApi from '~/routes/api.businesses.$id.audits';
import * as auditPage from '~/routes/dashboard_.businesses.$id.audit/route';
import { loader as dashboardLoader } from '~/routes/dashboard/route';
import { loader as adminLoader } from '~/routes/admin/route';
import { startFixtureSite, type FixtureSite } from '../fixtures/audit-sites/server';
import {
  args,
  BASE,
  createUser,
  formRequest,
  jsonRequest,
  run,
  sessionCookieFor,
  toastOf as flashOf,
} from './helpers';

const DAY = 24 * 60 * 60 * 1000;
let ready: FixtureSite;
let blocking: FixtureSite;
let redirects: FixtureSite;

beforeAll(async () => {
  ready = await startFixtureSite('ready');
  blocking = await startFixtureSite('blocking');
  // A site whose pages redirect elsewhere: into private networks, or round in circles.
  redirects = await startFixtureSite(null, {
    routes: {
      '/to-private': (_req, res) => res.writeHead(302, { Location: 'http://10.0.0.1/' }).end(),
      '/to-metadata': (_req, res) =>
        res.writeHead(301, { Location: 'http://169.254.169.254/latest/meta-data/' }).end(),
      '/to-ipv6-loopback': (_req, res, origin) =>
        res.writeHead(307, { Location: `http://[::1]:${new URL(origin).port}/` }).end(),
      '/to-ready': (_req, res) => res.writeHead(301, { Location: ready.url }).end(),
      '/loop': (_req, res) => res.writeHead(302, { Location: '/loop' }).end(),
      '/slow': (_req, res) => {
        setTimeout(
          () => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<p>late</p>'),
          2000,
        );
      },
      '/huge': (_req, res) => {
        res.writeHead(200, { 'Content-Type': 'text/html' });
        const chunk = Buffer.alloc(64 * 1024, 'a');
        let sent = 0;
        const write = () => {
          while (sent < 3 * 1024 * 1024) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', write);
          }
          res.end();
        };
        write();
      },
    },
  });
});

afterAll(async () => {
  await Promise.all([ready.close(), blocking.close(), redirects.close()]);
});

async function owner(tier = 'free', expiry: Date | null = null) {
  const user = await createUser({ firstName: 'Dana' });
  await db.user.update({
    where: { id: user.id },
    data: { subscriptionStatus: tier, subscriptionExpiry: expiry },
  });
  const { token, cookie } = await sessionCookieFor(user.id);
  return { user, token, cookie, bearer: { Authorization: `Bearer ${token}` } };
}

async function businessOf(
  userId: string,
  website: string | null,
  fields: { name?: string; location?: string | null } = {},
) {
  return db.business.create({
    data: {
      userId,
      name: fields.name ?? 'Bright Smile Dental',
      website,
      industry: 'Dentist',
      location: fields.location === undefined ? 'Austin, TX' : fields.location,
    },
  });
}

const postAudit = (id: string, headers: Record<string, string>) =>
  run(() =>
    auditApi.action(
      args(jsonRequest(`/api/businesses/${id}/audit`, { method: 'POST', headers }), { id }),
    ),
  );

const getAudit = (id: string, headers: Record<string, string>) =>
  run(() => auditApi.loader(args(jsonRequest(`/api/businesses/${id}/audit`, { headers }), { id })));

const listAuditsApi = (id: string, headers: Record<string, string>, query = '') =>
  run(() =>
    auditsApi.loader(
      args(jsonRequest(`/api/businesses/${id}/audits${query}`, { headers }), { id }),
    ),
  );

const signal = (audit: AuditView, id: string) => audit.signals.find((s) => s.id === id)!;

describe('POST /api/businesses/{id}/audit on fixture sites', () => {
  it('scores a well-prepared site high, with the evidence behind each signal', async () => {
    const { user, bearer } = await owner();
    const business = await businessOf(user.id, ready.url);
    const response = await postAudit(business.id, bearer);
    expect(response.status).toBe(201);
    const audit = response.data as AuditView;
    expect(audit.businessId).toBe(business.id);
    expect(audit.score).toBeGreaterThanOrEqual(85);
    expect(Date.parse(audit.auditedAt)).not.toBeNaN();
    for (const id of ['answer_bots', 'training_bots', 'robots_txt', 'robots_meta', 'sitemap']) {
      expect(signal(audit, id).status, id).toBe('pass');
    }
    for (const id of ['llms_txt', 'structured_data', 'nap_consistency', 'faq', 'canonical', 'h1']) {
      expect(signal(audit, id).status, id).toBe('pass');
    }
    // Served over plain http: the one thing to fix, and the fix says how.
    expect(signal(audit, 'https').status).toBe('fail');
    expect(audit.fixes.map((fix) => fix.signal)).toEqual(['https']);
    const answer = signal(audit, 'answer_bots');
    expect(answer.evidence.url).toBe(`${ready.origin}/robots.txt`);
    expect(answer.evidence.items?.map((item) => item.label)).toEqual(
      expect.arrayContaining([
        'OAI-SearchBot',
        'ChatGPT-User',
        'Claude-SearchBot',
        'PerplexityBot',
      ]),
    );
    expect(signal(audit, 'sitemap').evidence).toMatchObject({
      url: `${ready.origin}/sitemap.xml`,
      status: 200,
      snippet: '3 entries',
    });
    expect(signal(audit, 'structured_data').evidence.snippet).toBe('@type: Dentist');
    // Every signal explains itself in a sentence.
    for (const s of audit.signals) expect(s.reason.length, s.id).toBeGreaterThan(10);
  });

  it('scores a blocking site low, saying which crawler is blocked by which line', async () => {
    const { user, bearer } = await owner();
    const business = await businessOf(user.id, blocking.url, { name: 'Rapid Rooter' });
    const audit = (await postAudit(business.id, bearer)).data as AuditView;
    expect(audit.score).toBeLessThan(35);
    // Its CDN lets the crawlers through: it is robots.txt and the page that shut them out.
    expect(signal(audit, 'edge_access').status).toBe('pass');
    const answer = signal(audit, 'answer_bots');
    expect(answer.status).toBe('fail');
    expect(answer.evidence.items?.find((item) => item.label === 'OAI-SearchBot')).toEqual({
      label: 'OAI-SearchBot',
      ok: false,
      note: 'blocked by line 2 in the group for all crawlers (*): Disallow: /',
    });
    expect(answer.evidence.items?.find((item) => item.label === 'PerplexityBot')?.ok).toBe(false);
    // GPTBot has its own group: the evidence says so.
    const training = signal(audit, 'training_bots');
    expect(training.status).toBe('warn');
    expect(training.evidence.items?.find((item) => item.label === 'GPTBot')?.note).toBe(
      'blocked by line 5 in its own group: Disallow: /',
    );
    expect(signal(audit, 'robots_meta')).toMatchObject({
      status: 'fail',
      evidence: { snippet: '<meta name="robots" content="noindex, noai">' },
    });
    expect(signal(audit, 'structured_data').evidence.snippet).toMatch(/^Broken JSON-LD/);
    expect(signal(audit, 'sitemap')).toMatchObject({ status: 'fail', evidence: { status: 404 } });
    expect(signal(audit, 'server_text').status).toBe('fail');
    // The robots.txt fix is built for this business and lets the answer crawlers in.
    const robotsFix = audit.fixes.find(
      (fix) => fix.signal === 'robots_txt' || fix.signal === 'answer_bots',
    );
    expect(robotsFix?.text).toContain('User-agent: OAI-SearchBot');
    // It has no sitemap (404): the block does not point to one; the sitemap fix makes one.
    expect(robotsFix?.text).not.toContain('Sitemap:');
    expect(audit.fixes.find((fix) => fix.signal === 'sitemap')?.help).toContain(
      `add "Sitemap: ${blocking.origin}/sitemap.xml" to robots.txt`,
    );
    const llms = audit.fixes.find((fix) => fix.signal === 'llms_txt');
    expect(llms?.text.startsWith('# Rapid Rooter\n')).toBe(true);
  });

  it('follows a redirect to the real site and audits where it landed', async () => {
    const { user, bearer } = await owner();
    const business = await businessOf(user.id, `${redirects.origin}/to-ready`);
    const audit = (await postAudit(business.id, bearer)).data as AuditView;
    expect(signal(audit, 'home_page').evidence.snippet).toBe(
      `${redirects.origin}/to-ready → ${ready.url}`,
    );
    expect(signal(audit, 'answer_bots').evidence.url).toBe(`${ready.origin}/robots.txt`);
    expect(audit.score).toBeGreaterThanOrEqual(85);
  });

  it('an address we refuse (a private network) is a 201 audit that checked nothing, and says so', async () => {
    const { user, bearer } = await owner();
    const business = await businessOf(user.id, 'http://10.0.0.1/');
    const response = await postAudit(business.id, bearer);
    expect(response.status).toBe(201);
    const audit = response.data as AuditView;
    expect(audit.outcome).toBe('unreachable');
    expect(audit.unreachable).toEqual({
      host: '10.0.0.1',
      code: 'unreachable_address',
      reason: 'we could not reach this address from the internet',
      message: 'We could not reach 10.0.0.1: we could not reach this address from the internet.',
    });
    // Nothing was checked: no signal claims a result (an https address is not "insecure").
    expect(audit.signals.map((s) => s.status)).toEqual(audit.signals.map(() => 'not_checked'));
    // One fix, the one that matters: the address, not "open it in a browser".
    expect(audit.fixes).toHaveLength(1);
    expect(audit.fixes[0]?.title).toBe('Check your website address');
    expect(audit.fixes[0]?.text).not.toMatch(/browser/);
    // The JSON contract keeps its fields: score is still a number.
    expect(audit.score).toBe(0);
    expect((await getAudit(business.id, bearer)).data).toEqual(audit);
  });

  it('a site that cannot be reached stays out of the trend and the latest score; the history marks it', async () => {
    const { user, bearer } = await owner('diy');
    const business = await businessOf(user.id, ready.url);
    const scored = (await postAudit(business.id, bearer)).data as AuditView;
    expect(scored.outcome).toBe('complete');
    expect(scored.unreachable).toBeNull();

    await db.business.update({
      where: { id: business.id },
      data: { website: 'http://no-such-host.invalid/' },
    });
    const failed = (await postAudit(business.id, bearer)).data as AuditView;
    expect(failed).toMatchObject({
      outcome: 'unreachable',
      unreachable: {
        host: 'no-such-host.invalid',
        code: 'unreachable_address',
        message:
          'We could not reach no-such-host.invalid: we could not reach this address from the internet.',
      },
    });
    expect(failed.fixes.map((fix) => fix.title)).toEqual(['Check your website address']);

    const row = await db.business.findUniqueOrThrow({ where: { id: business.id } });
    expect(row.lastAuditScore).toBe(scored.score);
    expect(JSON.parse(row.auditTrend ?? '[]')).toEqual([scored.score]);
    expect(row.lastUnreachableAt).not.toBeNull();

    const history = await listAuditsApi(business.id, bearer);
    expect(history.data).toEqual([
      {
        id: failed.id,
        score: 0,
        outcome: 'unreachable',
        auditedAt: failed.auditedAt,
        trigger: 'owner',
      },
      {
        id: scored.id,
        score: scored.score,
        outcome: 'complete',
        auditedAt: scored.auditedAt,
        trigger: 'owner',
      },
    ]);

    // Reached again: the note goes, the trend goes on.
    await db.business.update({ where: { id: business.id }, data: { website: ready.url } });
    const again = (await postAudit(business.id, bearer)).data as AuditView;
    const after = await db.business.findUniqueOrThrow({ where: { id: business.id } });
    expect(JSON.parse(after.auditTrend ?? '[]')).toEqual([scored.score, again.score]);
    expect(after.lastUnreachableAt).toBeNull();
  });

  it('GET returns the latest audit and GET …/audits the history, newest first, paged', async () => {
    const { user, bearer } = await owner('diy');
    const business = await businessOf(user.id, ready.url);
    expect((await getAudit(business.id, bearer)).status).toBe(404);
    const first = (await postAudit(business.id, bearer)).data as AuditView;
    const second = (await postAudit(business.id, bearer)).data as AuditView;
    const latest = await getAudit(business.id, bearer);
    expect(latest.status).toBe(200);
    expect((latest.data as AuditView).id).toBe(second.id);
    const page1 = await listAuditsApi(business.id, bearer, '?limit=1');
    expect(page1.headers.get('X-Total-Count')).toBe('2');
    expect((page1.data as { id: string }[]).map((a) => a.id)).toEqual([second.id]);
    const page2 = await listAuditsApi(business.id, bearer, '?limit=1&page=2');
    expect((page2.data as { id: string; score: number }[])[0]).toMatchObject({
      id: first.id,
      score: first.score,
      trigger: 'owner',
    });
    // The business keeps its latest score and trend for the dashboard.
    const row = await db.business.findUniqueOrThrow({ where: { id: business.id } });
    expect(row.lastAuditScore).toBe(second.score);
    expect(JSON.parse(row.auditTrend ?? '[]')).toEqual([first.score, second.score]);
  });
});

describe('who may audit what', () => {
  it("another user's business is 404 on every call, and nothing is audited", async () => {
    const alice = await owner();
    const bob = await owner('authority');
    const business = await businessOf(alice.user.id, ready.url);
    expect(await postAudit(business.id, bob.bearer)).toMatchObject({
      status: 404,
      data: { message: 'Business not found' },
    });
    expect((await getAudit(business.id, bob.bearer)).status).toBe(404);
    expect((await listAuditsApi(business.id, bob.bearer)).status).toBe(404);
    const page = await run(() =>
      auditPage.loader(
        args(
          new Request(`${BASE}/dashboard/businesses/${business.id}/audit`, {
            headers: { Cookie: bob.cookie },
          }),
          { id: business.id },
        ),
      ),
    );
    expect(page.status).toBe(404);
    // The report page's Check AI Readiness form (a plain POST) as Bob: the 404 page as well.
    const posted = await run(() =>
      auditPage.action(
        args(
          formRequest(
            `/dashboard/businesses/${business.id}/audit`,
            { intent: 'run' },
            { Cookie: bob.cookie },
          ),
          { id: business.id },
        ),
      ),
    );
    expect(posted.status).toBe(404);
    expect(await db.audit.count({ where: { businessId: business.id } })).toBe(0);
    // Bob's attempt did not use Alice's allowance either.
    expect((await postAudit(business.id, alice.bearer)).status).toBe(201);
  });

  it('needs a sign-in, and a business with no website is a 400 saying what to do', async () => {
    const { user, bearer } = await owner();
    const business = await businessOf(user.id, null);
    expect((await postAudit(business.id, {})).status).toBe(401);
    const response = await postAudit(business.id, bearer);
    expect(response.status).toBe(400);
    expect((response.data as { message: string }).message).toMatch(/^Add your website/);
  });

  it('other methods are 405', async () => {
    const { user, bearer } = await owner();
    const business = await businessOf(user.id, ready.url);
    const response = await run(() =>
      auditApi.action(
        args(
          jsonRequest(`/api/businesses/${business.id}/audit`, {
            method: 'DELETE',
            headers: bearer,
          }),
          {
            id: business.id,
          },
        ),
      ),
    );
    expect(response.status).toBe(405);
  });
});

describe('audits per plan', () => {
  it('a free plan gets one audit per business a day, then 429 with Retry-After', async () => {
    const { user, bearer } = await owner('free');
    const business = await businessOf(user.id, ready.url);
    const other = await businessOf(user.id, ready.url, { name: 'Second Location' });
    expect((await postAudit(business.id, bearer)).status).toBe(201);
    const refused = await postAudit(business.id, bearer);
    expect(refused.status).toBe(429);
    expect((refused.data as { message: string }).message).toMatch(
      /^Your Free plan includes one audit per business a day\. You can run the next one in 24 hours\./,
    );
    const retryAfter = Number(refused.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    // The allowance is per business, and nothing was stored for the refusal.
    expect((await postAudit(other.id, bearer)).status).toBe(201);
    expect(await db.audit.count({ where: { businessId: business.id } })).toBe(1);
  });

  it('an audit that could not reach the site does not use up the allowance', async () => {
    const { user, bearer } = await owner('free');
    const business = await businessOf(user.id, 'http://no-such-host.invalid/');
    for (let i = 0; i < 2; i++) {
      const response = await postAudit(business.id, bearer);
      expect(response.status).toBe(201);
      expect((response.data as AuditView).outcome).toBe('unreachable');
    }
    // The typo fixed, the day's one check is still there; after it, the day's allowance is used.
    await db.business.update({ where: { id: business.id }, data: { website: ready.url } });
    expect(((await postAudit(business.id, bearer)).data as AuditView).outcome).toBe('complete');
    expect((await postAudit(business.id, bearer)).status).toBe(429);
  });

  it("editing the business's website makes a new check possible", async () => {
    const { user, bearer } = await owner('free');
    const business = await businessOf(user.id, ready.url);
    expect((await postAudit(business.id, bearer)).status).toBe(201);
    expect((await postAudit(business.id, bearer)).status).toBe(429);
    const edit = (body: unknown) =>
      run(() =>
        businessApi.action(
          args(
            jsonRequest(`/api/businesses/${business.id}`, { method: 'PUT', headers: bearer, body }),
            { id: business.id },
          ),
        ),
      );
    // Another field, or the same address again, changes nothing.
    expect((await edit({ location: 'Round Rock, TX' })).status).toBe(200);
    expect((await edit({ website: ready.url })).status).toBe(200);
    expect((await postAudit(business.id, bearer)).status).toBe(429);
    // A new address: one more check.
    expect((await edit({ website: blocking.url })).status).toBe(200);
    const audit = await postAudit(business.id, bearer);
    expect(audit.status).toBe(201);
    expect((audit.data as AuditView).url).toBe(blocking.url);
    expect((await postAudit(business.id, bearer)).status).toBe(429);
  });

  it('the window opens again after 24 hours', async () => {
    const { user, bearer } = await owner('free');
    const business = await businessOf(user.id, ready.url);
    expect((await postAudit(business.id, bearer)).status).toBe(201);
    await db.business.update({
      where: { id: business.id },
      data: { auditWindowStart: new Date(Date.now() - DAY - 1000) },
    });
    expect((await postAudit(business.id, bearer)).status).toBe(201);
  });

  it('the DIY plan gets five a day; an expired DIY plan counts as free', async () => {
    const diy = await owner('diy', new Date(Date.now() + 30 * DAY));
    const business = await businessOf(diy.user.id, ready.url);
    for (let i = 0; i < 5; i += 1)
      expect((await postAudit(business.id, diy.bearer)).status).toBe(201);
    const refused = await postAudit(business.id, diy.bearer);
    expect(refused.status).toBe(429);
    expect((refused.data as { message: string }).message).toContain(
      'Your DIY All-In plan includes 5 audits',
    );

    const lapsed = await owner('diy', new Date(Date.now() - DAY));
    const lapsedBusiness = await businessOf(lapsed.user.id, ready.url);
    expect((await postAudit(lapsedBusiness.id, lapsed.bearer)).status).toBe(201);
    expect((await postAudit(lapsedBusiness.id, lapsed.bearer)).status).toBe(429);
  });

  it('two requests at the same moment cannot both take the last audit', async () => {
    const { user, bearer } = await owner('free');
    const business = await businessOf(user.id, ready.url);
    const results = await Promise.all([
      postAudit(business.id, bearer),
      postAudit(business.id, bearer),
      postAudit(business.id, bearer),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 429, 429]);
    expect(await db.audit.count({ where: { businessId: business.id } })).toBe(1);
  });
});

describe('fetching safely (SSRF), with the test-only allowance off', () => {
  const strict = auditFetchPolicy({ allowPrivateHosts: [] });
  const allowingLoopback = auditFetchPolicy({ allowPrivateHosts: ['127.0.0.1'] });

  it.each([
    ['http://127.0.0.1/', 'loopback'],
    ['http://10.0.0.1/', 'private'],
    ['http://192.168.1.1/', 'private'],
    ['http://169.254.169.254/latest/meta-data/', 'metadata'],
    ['http://[::1]/', 'IPv6 loopback'],
    ['http://[fd00:ec2::254]/', 'IPv6 unique-local (cloud metadata)'],
    ['http://[::ffff:127.0.0.1]/', 'IPv4-mapped loopback'],
    ['http://[::127.0.0.1]/', 'IPv4-compatible loopback (::/96)'],
    ['http://[::10.0.0.1]/', 'IPv4-compatible private'],
    ['http://[::a9fe:a9fe]/', 'IPv4-compatible metadata'],
    ['http://[::0.0.0.2]/', 'IPv4-compatible unspecified network'],
    ['http://[::ffff:0:127.0.0.1]/', 'SIIT-translated loopback'],
    ['http://[64:ff9b::127.0.0.1]/', 'NAT64 loopback'],
    ['http://[64:ff9b:1::a00:1]/', 'local-use NAT64 private'],
    ['http://[2002:7f00:1::]/', '6to4 loopback'],
    ['http://0.0.0.0/', 'unspecified'],
    ['http://100.64.0.1/', 'carrier-grade NAT'],
  ])('refuses %s (%s) without connecting', async (url) => {
    const outcome = await safeFetch(url, strict);
    expect(outcome).toMatchObject({ ok: false, code: 'refused_address' });
  });

  it('refuses the fixture site itself when the allowance is off', async () => {
    expect(await safeFetch(ready.url, strict)).toMatchObject({
      ok: false,
      code: 'refused_address',
      error: 'we could not reach this address from the internet',
      detail: 'the address points into a private network',
    });
    const audit = await auditSite(
      {
        name: 'Bright Smile Dental',
        website: ready.url,
        location: null,
        industry: null,
        description: null,
      },
      strict,
    );
    expect(audit.outcome).toBe('unreachable');
    expect(audit.unreachable?.code).toBe('unreachable_address');
    expect(audit.signals.every((s) => s.status === 'not_checked')).toBe(true);
  });

  it('allows only the listed address: other private addresses stay refused', async () => {
    expect(await safeFetch(ready.url, allowingLoopback)).toMatchObject({ ok: true, status: 200 });
    for (const url of [
      'http://127.0.0.2/',
      'http://10.0.0.1/',
      'http://[::1]/',
      'http://169.254.169.254/',
    ]) {
      expect(await safeFetch(url, allowingLoopback), url).toMatchObject({
        code: 'refused_address',
      });
    }
  });

  it('re-checks every redirect: a public-looking start that redirects inside is refused', async () => {
    for (const path of ['/to-private', '/to-metadata', '/to-ipv6-loopback']) {
      const outcome = await safeFetch(`${redirects.origin}${path}`, allowingLoopback);
      expect(outcome, path).toMatchObject({ ok: false, code: 'refused_address' });
    }
  });

  it('stops after 5 redirects, after 2 MB, and after the time limit', async () => {
    expect(await safeFetch(`${redirects.origin}/loop`, allowingLoopback)).toMatchObject({
      ok: false,
      code: 'too_many_redirects',
      error: 'it redirected more than 5 times',
    });
    expect(await safeFetch(`${redirects.origin}/huge`, allowingLoopback)).toMatchObject({
      ok: false,
      code: 'too_large',
    });
    const slow = await safeFetch(`${redirects.origin}/slow`, {
      ...allowingLoopback,
      timeoutMs: 300,
    });
    expect(slow).toMatchObject({ ok: false, code: 'timeout' });
    expect(slow.elapsedMs).toBeLessThan(1500);
  });

  it('gives the whole audit one time budget: slow robots.txt and llms.txt cannot stretch it', async () => {
    const late = (_req: unknown, res: ServerResponse) => {
      setTimeout(
        () => res.writeHead(200, { 'Content-Type': 'text/plain' }).end('User-agent: *'),
        6000,
      );
    };
    const slowSite = await startFixtureSite('ready', {
      routes: { '/robots.txt': late, '/llms.txt': late, '/sitemap.xml': late },
    });
    try {
      const result = await auditSite(
        {
          name: 'Bright Smile Dental',
          website: slowSite.url,
          location: null,
          industry: null,
          description: null,
        },
        { ...allowingLoopback, timeoutMs: 500 },
      );
      // Each fetch may take 0.5 s and the whole audit twice that: far less than the 6 s they wait.
      expect(result.durationMs).toBeLessThan(4000);
      const robots = result.signals.find((s) => s.id === 'robots_txt')!;
      expect(robots.status).toBe('fail');
      expect(robots.reason).toContain('did not answer within');
      // The home page itself was read in time.
      expect(result.signals.find((s) => s.id === 'h1')?.status).toBe('pass');
    } finally {
      await slowSite.close();
    }
  });

  it('a sitemap that robots.txt points at a private or unknown host reads the same, the detail in the log only', async () => {
    // A site's own robots.txt can name any address: it must not tell which internal names exist.
    const reasons: string[] = [];
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      for (const target of ['http://10.0.0.7/sitemap.xml', 'http://no-such-host.invalid/s.xml']) {
        const site = await startFixtureSite('ready', {
          routes: {
            '/robots.txt': (_req, res) =>
              res
                .writeHead(200, { 'Content-Type': 'text/plain' })
                .end(`User-agent: *\nAllow: /\nSitemap: ${target}\n`),
          },
        });
        try {
          const result = await auditSite(
            {
              name: 'Bright Smile Dental',
              website: site.url,
              location: null,
              industry: null,
              description: null,
            },
            allowingLoopback,
          );
          reasons.push(result.signals.find((s) => s.id === 'sitemap')!.reason);
        } finally {
          await site.close();
        }
      }
      expect(warn.mock.calls.join('\n')).toContain(
        'http://10.0.0.7/sitemap.xml: the address points into a private network',
      );
      expect(warn.mock.calls.join('\n')).toContain(
        'http://no-such-host.invalid/s.xml: that domain name',
      );
    } finally {
      warn.mockRestore();
    }
    expect(reasons).toEqual([
      'We could not load your sitemap: we could not reach this address from the internet.',
      'We could not load your sitemap: we could not reach this address from the internet.',
    ]);
  });

  it('refuses other schemes and credentials, and names a domain that does not exist', async () => {
    expect(await safeFetch('file:///etc/passwd', strict)).toMatchObject({ code: 'bad_url' });
    expect(await safeFetch('ftp://example.com/', strict)).toMatchObject({ code: 'bad_url' });
    expect(await safeFetch('http://user:pw@example.com/', strict)).toMatchObject({
      code: 'bad_url',
    });
    expect(await safeFetch('http://no-such-host.invalid/', strict)).toMatchObject({ code: 'dns' });
  });

  it('sends a user agent that names the site', async () => {
    let seen = '';
    const echo = await startFixtureSite(null, {
      routes: {
        '/': (req, res) => {
          seen = req.headers['user-agent'] ?? '';
          res.writeHead(200, { 'Content-Type': 'text/html' }).end('<p>hi</p>');
        },
      },
    });
    try {
      await safeFetch(echo.url, allowingLoopback);
      expect(seen).toMatch(/^Mozilla\/5\.0 \(compatible; AIVisibilityAudit\/1\.0; \+http/);
    } finally {
      await echo.close();
    }
  });
});

describe('the weekly re-audit', () => {
  const policy = auditFetchPolicy({ allowPrivateHosts: ['127.0.0.1'] });

  it('audits premium businesses once, even when two instances run at the same moment', async () => {
    const premium = await owner('starter', new Date(Date.now() + 30 * DAY));
    const free = await owner('free');
    const lapsed = await owner('growth', new Date(Date.now() - DAY));
    const due = await businessOf(premium.user.id, ready.url);
    const noSite = await businessOf(premium.user.id, null);
    const freeBusiness = await businessOf(free.user.id, ready.url);
    const lapsedBusiness = await businessOf(lapsed.user.id, ready.url);

    const [a, b] = await Promise.all([
      runDueAudits({ policy, limit: 1000 }),
      runDueAudits({ policy, limit: 1000 }),
    ]);
    expect([...a, ...b].filter((id) => id === due.id)).toHaveLength(1);
    const scheduled = await db.audit.findMany({
      where: { businessId: { in: [due.id, noSite.id, freeBusiness.id, lapsedBusiness.id] } },
    });
    expect(scheduled.map((row) => [row.businessId, row.trigger])).toEqual([[due.id, 'scheduled']]);

    // Not due again within the week; due again after it.
    expect(await runDueAudits({ policy, limit: 1000 })).not.toContain(due.id);
    const weekLater = new Date(Date.now() + 7 * DAY + 1000);
    expect(await runDueAudits({ policy, limit: 1000, now: weekLater })).toContain(due.id);
    expect(await db.audit.count({ where: { businessId: due.id, trigger: 'scheduled' } })).toBe(2);
  });

  it('an owner audit within the week counts; a stale claim of a stopped instance is taken over', async () => {
    const premium = await owner('authority');
    const recent = await businessOf(premium.user.id, ready.url);
    expect((await postAudit(recent.id, premium.bearer)).status).toBe(201);
    const claimed = await businessOf(premium.user.id, ready.url, { name: 'Claimed' });
    await db.business.update({ where: { id: claimed.id }, data: { auditClaimedAt: new Date() } });
    const first = await runDueAudits({ policy, limit: 1000 });
    expect(first).not.toContain(recent.id);
    expect(first).not.toContain(claimed.id);
    const later = new Date(Date.now() + 16 * 60 * 1000);
    expect(await runDueAudits({ policy, limit: 1000, now: later })).toContain(claimed.id);
  });
});

describe('the dashboard and the report page', () => {
  it('Check AI Readiness (a plain form post) runs the audit and redirects to the report', async () => {
    const { user, cookie } = await owner();
    const business = await businessOf(user.id, ready.url);
    const path = `/dashboard/businesses/${business.id}/audit`;
    const response = await run(() =>
      auditPage.action(
        args(formRequest(path, { intent: 'run', back: '/dashboard' }, { Cookie: cookie }), {
          id: business.id,
        }),
      ),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(path);
    const toast = await flashOf(response.headers);
    expect(toast?.title).toBe('AI readiness checked');
    expect(toast?.description).toMatch(/^Score \d+\/100: Ready for AI\.$/);

    const page = await run(() =>
      auditPage.loader(
        args(new Request(`${BASE}${path}`, { headers: { Cookie: cookie } }), { id: business.id }),
      ),
    );
    const data = page.data as {
      audit: AuditView;
      history: { total: number };
      allowance: { limit: number; used: number };
    };
    expect(data.audit.score).toBeGreaterThanOrEqual(85);
    expect(data.history.total).toBe(1);
    expect(data.allowance).toMatchObject({ limit: 1, used: 1 });

    // An old link to an audit that is not this business's shows the latest instead.
    const stale = await run(() =>
      auditPage.loader(
        args(new Request(`${BASE}${path}?audit=no-such-audit`, { headers: { Cookie: cookie } }), {
          id: business.id,
        }),
      ),
    );
    expect((stale.data as { audit: AuditView }).audit.id).toBe(data.audit.id);

    // A second try the same day goes back where it came from, saying why.
    const refused = await run(() =>
      auditPage.action(
        args(formRequest(path, { intent: 'run', back: '/dashboard?page=2' }, { Cookie: cookie }), {
          id: business.id,
        }),
      ),
    );
    expect(refused.headers.get('location')).toBe('/dashboard?page=2');
    expect((await flashOf(refused.headers))?.description).toMatch(
      /^Your Free plan includes one audit/,
    );

    const dashboard = await run(() =>
      dashboardLoader(args(new Request(`${BASE}/dashboard`, { headers: { Cookie: cookie } }))),
    );
    const readiness = (
      dashboard.data as { readiness: Record<string, { score: number; trend: number[] }> }
    ).readiness[business.id];
    expect(readiness?.score).toBe(data.audit.score);
    expect(readiness?.trend).toEqual([data.audit.score]);
    // The card knows the day's check is used, and until when.
    const allowances = (dashboard.data as { allowances: Record<string, unknown> }).allowances;
    expect(allowances[business.id]).toEqual({
      limit: 1,
      used: 1,
      resetsAt: new Date(Date.parse(data.audit.auditedAt) + DAY).toISOString(),
    });
  });

  it("Check AI Readiness on a site that cannot be reached says so, and the day's check is still there", async () => {
    const { user, cookie } = await owner();
    const business = await businessOf(user.id, 'http://10.0.0.1/');
    const path = `/dashboard/businesses/${business.id}/audit`;
    const response = await run(() =>
      auditPage.action(
        args(formRequest(path, { intent: 'run' }, { Cookie: cookie }), { id: business.id }),
      ),
    );
    expect(response.headers.get('location')).toBe(path);
    const toast = await flashOf(response.headers);
    expect(toast?.title).toBe('Website not checked');
    expect(toast?.description).toBe(
      'We could not reach 10.0.0.1: we could not reach this address from the internet. This check did not count toward your allowance.',
    );
    const page = await run(() =>
      auditPage.loader(
        args(new Request(`${BASE}${path}`, { headers: { Cookie: cookie } }), { id: business.id }),
      ),
    );
    const data = page.data as { audit: AuditView; allowance: { used: number }; trend: number[] };
    expect(data.audit.outcome).toBe('unreachable');
    expect(data.allowance.used).toBe(0);
    expect(data.trend).toEqual([]);
  });

  it('admins see a business’s audits in the businesses tab; the owner’s data export lists them', async () => {
    const { user, bearer } = await owner();
    const business = await businessOf(user.id, ready.url, { name: `Audited ${Date.now()}` });
    const audit = (await postAudit(business.id, bearer)).data as AuditView;
    const admin = await createUser({ role: 'admin' });
    const { cookie } = await sessionCookieFor(admin.id);
    const page = await run(() =>
      adminLoader(
        args(
          new Request(
            `${BASE}/admin?tab=businesses&q=${encodeURIComponent(business.name)}&audits=${business.id}`,
            { headers: { Cookie: cookie } },
          ),
        ),
      ),
    );
    const data = page.data as {
      businesses: { items: { id: string; lastAudit: { score: number } | null }[] };
      audits: { audit: AuditView; history: { total: number } };
    };
    expect(data.businesses.items.find((b) => b.id === business.id)?.lastAudit?.score).toBe(
      audit.score,
    );
    expect(data.audits.audit.id).toBe(audit.id);
    expect(data.audits.history.total).toBe(1);

    const { exportAccountData } = await import('~/domain/account.server');
    let text = '';
    for await (const piece of await exportAccountData(user.id)) text += piece;
    const exported = JSON.parse(text) as {
      businesses: { aiReadinessAudits: unknown[] }[];
    };
    expect(exported.businesses[0]?.aiReadinessAudits).toEqual([
      {
        auditedAt: audit.auditedAt,
        url: ready.url,
        score: audit.score,
        outcome: 'complete',
        trigger: 'owner',
      },
    ]);
  });

  it('deleting the business deletes its audits', async () => {
    const { user, bearer } = await owner();
    const business = await businessOf(user.id, ready.url);
    await postAudit(business.id, bearer);
    await db.business.delete({ where: { id: business.id } });
    expect(await db.audit.count({ where: { businessId: business.id } })).toBe(0);
  });
});
