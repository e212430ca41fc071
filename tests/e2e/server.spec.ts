import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import Database from 'better-sqlite3';
import Stripe from 'stripe';
import { migrate } from '../../scripts/db-migrate';
import { E2E_WEBHOOK_SECRET } from '../../playwright.config';
import { PUBLIC_PAGE_CACHE } from '../../app/http/cache-policy';
import { expect, test, E2E_ADMIN, E2E_DATABASE, uniqueEmail } from './support';

// The production server (server/app.ts) seen from outside, over HTTP: client addresses, the
// cross-site guard, cache headers and the Content-Security-Policy. The e2e server runs with
// TRUST_PROXY (as behind nginx); one test starts its own server without it.

const EVIL = 'https://evil.example';

function sessionIps(email: string): (string | null)[] {
  const db = new Database(E2E_DATABASE, { readonly: true, timeout: 5000 });
  try {
    return db
      .prepare(
        'SELECT s."ipAddress" AS ip FROM "Session" s JOIN "User" u ON u.id = s."userId" WHERE u.email = ?',
      )
      .all(email)
      .map((row) => (row as { ip: string | null }).ip);
  } finally {
    db.close();
  }
}

function count(sql: string, ...params: unknown[]): number {
  const db = new Database(E2E_DATABASE, { readonly: true, timeout: 5000 });
  try {
    return (db.prepare(sql).get(...params) as { n: number }).n;
  } finally {
    db.close();
  }
}

async function signUp(request: APIRequestContext) {
  const email = uniqueEmail('srv');
  const response = await request.post('/api/auth/register', {
    data: { email, password: 'a-long-password', firstName: 'Sam' },
  });
  expect(response.status()).toBe(201);
  const { token } = (await response.json()) as { token: string };
  return { email, token };
}

/** A signed-in browser's cookie, from a real sign-in form post. */
async function sessionCookie(request: APIRequestContext, email: string) {
  const response = await request.post('/login', {
    form: { email, password: 'a-long-password', redirectTo: '/dashboard' },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  const cookie = response.headers()['set-cookie']?.split(';')[0];
  expect(cookie).toMatch(/^__session=/);
  return cookie!;
}

test.describe('client address', () => {
  test('behind the proxy (TRUST_PROXY), a login records the address the proxy forwarded', async ({
    playwright,
    baseURL,
  }) => {
    const request = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { 'X-Forwarded-For': '203.0.113.7, 198.51.100.23' },
    });
    const { email } = await signUp(request);
    await request.post('/login', { form: { email, password: 'a-long-password' }, maxRedirects: 0 });
    // The last hop is the one our proxy appended; the first was the client's own claim.
    expect(sessionIps(email)).toEqual(['198.51.100.23', '198.51.100.23']);
    await request.dispose();
  });

  test('without a proxy, a login records the socket address and ignores forged headers', async ({
    playwright,
  }) => {
    test.setTimeout(60_000);
    const dir = mkdtempSync(path.join(tmpdir(), 'aiv-server-'));
    const databaseUrl = `file:${path.join(dir, 'app.db')}`;
    const port = 3350 + (process.pid % 40);
    let server: ChildProcess | undefined;
    try {
      await migrate(databaseUrl, true);
      const env = {
        ...process.env,
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        TRUST_PROXY: 'false',
        SESSION_SECRET: randomBytes(24).toString('base64url'),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
      };
      // No NODE_ENV: `npm start` is production without being told (CSP, secure cookies).
      Reflect.deleteProperty(env, 'NODE_ENV');
      server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
        env,
        stdio: 'ignore',
      });
      const request = await playwright.request.newContext({
        baseURL: `http://127.0.0.1:${port}`,
        extraHTTPHeaders: { 'X-Forwarded-For': '203.0.113.66', 'X-Real-IP': '203.0.113.67' },
      });
      await expect
        .poll(
          () =>
            request.get('/healthz').then(
              (r) => r.status(),
              () => 0,
            ),
          { timeout: 30_000 },
        )
        .toBe(200);
      const email = uniqueEmail('socket');
      const registered = await request.post('/api/auth/register', {
        data: { email, password: 'a-long-password' },
      });
      expect(registered.status()).toBe(201);
      const db = new Database(path.join(dir, 'app.db'), { readonly: true });
      const ips = db
        .prepare(
          'SELECT s."ipAddress" AS ip FROM "Session" s JOIN "User" u ON u.id = s."userId" WHERE u.email = ?',
        )
        .all(email)
        .map((row) => (row as { ip: string | null }).ip);
      db.close();
      expect(ips).toEqual(['127.0.0.1']);
      const home = await request.get('/');
      expect(home.headers()['content-security-policy']).toContain("script-src 'nonce-");
      await request.dispose();
    } finally {
      server?.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

test.describe('cross-site posts', () => {
  // Every page with an action, and the JSON calls that change something.
  const pages: [string, Record<string, string>][] = [
    ['/login', { email: E2E_ADMIN.email, password: E2E_ADMIN.password }],
    ['/register', { email: 'x@example.com', password: 'pw', confirmPassword: 'pw' }],
    ['/contact', { name: 'Eve', email: 'eve@example.com', message: 'hello there' }],
    ['/dashboard', { intent: 'create', name: 'Evil Co' }],
    ['/admin', { intent: 'set-tier', userId: 'x', tier: 'authority' }],
    ['/logout', {}],
    ['/billing', {}],
    ['/billing/demo', { intent: 'cancel' }],
    ['/checkout/growth', { intent: 'pay' }],
  ];

  test('a form another site posts to any page is refused with 403 before anything is read', async ({
    request,
  }) => {
    const { email, token } = await signUp(request);
    const cookie = await sessionCookie(request, email);
    const businesses = () => count('SELECT count(*) AS n FROM "Business"');
    const inquiries = () => count('SELECT count(*) AS n FROM "ContactInquiry"');
    const before = { businesses: businesses(), inquiries: inquiries() };
    for (const [url, form] of pages) {
      for (const headers of [{ Origin: EVIL }, { 'Sec-Fetch-Site': 'cross-site' }] as Record<
        string,
        string
      >[]) {
        const response = await request.post(url, {
          form: { ...form, email: form.email ?? email },
          headers: { ...headers, Cookie: cookie },
          maxRedirects: 0,
        });
        expect(response.status(), `${url} ${JSON.stringify(headers)}`).toBe(403);
        expect(await response.text()).toBe('Cross-site requests are not allowed.');
        expect(response.headers()['set-cookie']).toBeUndefined();
      }
    }
    expect({ businesses: businesses(), inquiries: inquiries() }).toEqual(before);
    // The session survived the cross-site logout.
    const me = await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(200);
    // The same forms from our own pages still work.
    const own = await request.post('/dashboard', {
      form: { intent: 'create', name: 'Own Co' },
      headers: { Origin: new URL(me.url()).origin, Cookie: cookie },
      maxRedirects: 0,
    });
    expect(own.status()).toBeLessThan(400);
    expect(count('SELECT count(*) AS n FROM "Business" WHERE name = ?', 'Own Co')).toBe(1);
  });

  test('a JSON call from another origin gets 403 { message }; the Stripe webhook still works', async ({
    request,
  }) => {
    const { token } = await signUp(request);
    const before = count('SELECT count(*) AS n FROM "Business"');
    for (const [method, url] of [
      ['POST', '/api/businesses'],
      ['POST', '/api/auth/register'],
      ['POST', '/api/auth/login'],
      ['POST', '/api/webhooks/stripe'],
    ] as const) {
      const response = await request.fetch(url, {
        method,
        data: { name: 'Evil Co', email: uniqueEmail(), password: 'a-long-password' },
        headers: { Origin: EVIL, Authorization: `Bearer ${token}` },
      });
      expect(response.status(), url).toBe(403);
      expect(await response.json()).toEqual({ message: 'Cross-site requests are not allowed' });
    }
    expect(count('SELECT count(*) AS n FROM "Business"')).toBe(before);

    // Stripe sends no Origin: its signed event is applied.
    const { email } = await signUp(request);
    const userId = (
      (await (
        await request.post('/api/auth/login', { data: { email, password: 'a-long-password' } })
      ).json()) as { user: { id: string } }
    ).user.id;
    const payload = JSON.stringify({
      id: `evt_server_spec_${Date.now()}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          client_reference_id: userId,
          payment_status: 'paid',
          metadata: { tier: 'starter' },
        },
      },
    });
    const signature = new Stripe('sk_test_unused').webhooks.generateTestHeaderString({
      payload,
      secret: E2E_WEBHOOK_SECRET,
    });
    const delivered = await request.post('/api/webhooks/stripe', {
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
      data: payload,
    });
    expect(delivered.status()).toBe(200);
    expect(
      count(
        'SELECT count(*) AS n FROM "User" WHERE email = ? AND "subscriptionStatus" = ?',
        email,
        'starter',
      ),
    ).toBe(1);
  });
});

test.describe('cache headers', () => {
  const publicPages = [
    '/',
    '/why-ai-visibility',
    '/how-it-works',
    '/pricing',
    '/contact',
    '/legal',
    '/privacy',
    '/terms',
    '/login',
    '/register',
  ];

  test('anonymous visits to public pages may be cached by a shared cache and set no cookie', async ({
    request,
  }) => {
    for (const url of publicPages) {
      const response = await request.get(url);
      expect(response.status(), url).toBe(200);
      expect(response.headers()['cache-control'], url).toBe(PUBLIC_PAGE_CACHE);
      expect(response.headers()['set-cookie'], url).toBeUndefined();
    }
    // A visitor's time-zone cookie changes nothing on a public page: it stays shareable, the same.
    const zoned = await request.get('/', { headers: { Cookie: 'tz=Asia%2FTokyo' } });
    expect(zoned.headers()['cache-control']).toBe(PUBLIC_PAGE_CACHE);
    expect(await zoned.text()).not.toContain('Asia/Tokyo');
    // Vite's fingerprinted assets are kept for a year (a public page's only one is its stylesheet).
    const html = await (await request.get('/')).text();
    const asset = html.match(/\/assets\/[^"]+\.css/)?.[0];
    expect(asset).toBeTruthy();
    const script = await request.get(asset!);
    expect(script.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('signed-in pages, flash messages and API answers with user data are never stored', async ({
    request,
  }) => {
    const { email, token } = await signUp(request);
    const cookie = await sessionCookie(request, email);
    for (const url of [...publicPages.slice(0, 6), '/dashboard', '/billing', '/dashboard.data']) {
      const response = await request.get(url, { headers: { Cookie: cookie }, maxRedirects: 0 });
      expect(response.headers()['cache-control'], url).toBe('private, no-store');
    }
    const me = await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } });
    expect(me.headers()['cache-control']).toBe('private, no-store');
    const anonymousMe = await request.get('/api/auth/me');
    expect(anonymousMe.headers()['cache-control']).toBe('private, no-store');

    // Signing out sets a flash message; the page that shows it is private, and so is the redirect.
    const out = await request.post('/logout', { headers: { Cookie: cookie }, maxRedirects: 0 });
    expect(out.headers()['cache-control']).toBe('private, no-store');
    const flash = out
      .headersArray()
      .filter((h) => h.name.toLowerCase() === 'set-cookie')
      .map((h) => h.value.split(';')[0])
      .find((c) => c?.startsWith('toast='));
    expect(flash).toBeTruthy();
    const home = await request.get('/', { headers: { Cookie: flash! } });
    expect(await home.text()).toContain('You have been logged out.');
    expect(home.headers()['cache-control']).toBe('private, no-store');
  });
});

test.describe('Content-Security-Policy', () => {
  test('every page has an enforced policy with a fresh nonce that every script tag carries', async ({
    request,
  }) => {
    const nonces = new Set<string>();
    // The public pages are documents (no script files); the unsubscribe page is a scripted one.
    const scripted = '/unsubscribe/digest?token=not-a-token';
    for (const url of ['/', '/', '/pricing', '/login', '/does-not-exist', scripted]) {
      const response = await request.get(url);
      const policy = response.headers()['content-security-policy'];
      expect(policy, url).toBeTruthy();
      const nonce = policy!.match(/script-src 'nonce-([A-Za-z0-9+/=]+)' 'strict-dynamic'/)?.[1];
      expect(nonce, url).toBeTruthy();
      nonces.add(nonce!);
      for (const directive of [
        "default-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
      ]) {
        expect(policy).toContain(directive);
      }
      expect(policy).toMatch(/form-action 'self' https:\/\/checkout\.stripe\.com /);
      const html = await response.text();
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length, url).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag, url).toContain(`nonce="${nonce}"`);
      const preloads = html.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
      if (url === scripted) expect(preloads.length, url).toBeGreaterThan(0);
      else expect(preloads.length, url).toBe(0);
    }
    expect(nonces.size).toBe(6);
  });
});

/**
 * A valid payload padded to `bytes` and sent chunked (no Content-Length), as a client that wants
 * to get past a length check: `head` + padding + `tail`.
 */
function chunkedPost(
  base: string,
  path: string,
  bytes: number,
  body: { head: string; tail: string },
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        agent: false,
        headers: { ...headers, 'Transfer-Encoding': 'chunked' },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    // The server may answer and close before all of it is sent.
    req.on('error', (error) => reject(error));
    const chunk = Buffer.alloc(16 * 1024, 'a');
    req.write(body.head);
    let sent = body.head.length;
    const pump = () => {
      while (sent < bytes) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      req.end(body.tail);
    };
    pump();
  });
}

test.describe('abuse resistance at the server', () => {
  test('a chunked 1 MB body to any JSON route or page action is 413 and writes nothing', async ({
    request,
    baseURL,
  }) => {
    const { email, token } = await signUp(request);
    const cookie = await sessionCookie(request, email);
    const tag = `big${Date.now()}`;
    const json = (fields: Record<string, string>) => ({
      head: `${JSON.stringify(fields).slice(0, -1)},"pad":"`,
      tail: '"}',
    });
    const form = (fields: Record<string, string>) => ({
      head: `${new URLSearchParams(fields)}&pad=`,
      tail: '',
    });
    const JSON_HEADERS = { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` };
    const FORM_HEADERS = { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie };
    const account = { password: 'a-long-password', confirmPassword: 'a-long-password' };
    // Each is a valid request that would write a row if its body were read.
    for (const [path, body, headers] of [
      ['/api/auth/register', json({ email: `${tag}-api@example.com`, ...account }), JSON_HEADERS],
      ['/api/businesses', json({ name: `${tag} api` }), JSON_HEADERS],
      ['/register', form({ email: `${tag}-form@example.com`, ...account }), FORM_HEADERS],
      ['/dashboard', form({ intent: 'create', name: `${tag} form` }), FORM_HEADERS],
      [
        '/contact',
        form({ name: 'Big', email: `${tag}-contact@example.com`, message: 'Hello there' }),
        FORM_HEADERS,
      ],
      ['/login', form({ email, password: 'a-long-password' }), FORM_HEADERS],
    ] as const) {
      const answer = await chunkedPost(baseURL!, path, 1024 * 1024, body, {
        ...headers,
        Origin: new URL(baseURL!).origin,
      });
      expect(answer.status, path).toBe(413);
      expect(answer.body, path).toMatch(/Request body too large/);
    }
    expect(count('SELECT count(*) AS n FROM "User" WHERE email LIKE ?', `${tag}%`)).toBe(0);
    expect(count('SELECT count(*) AS n FROM "Business" WHERE name LIKE ?', `${tag}%`)).toBe(0);
    expect(count('SELECT count(*) AS n FROM "ContactInquiry" WHERE email LIKE ?', `${tag}%`)).toBe(
      0,
    );
    // The webhook takes up to 1 MB, not more.
    const webhook = await chunkedPost(
      baseURL!,
      '/api/webhooks/stripe',
      2 * 1024 * 1024,
      { head: '{"pad":"', tail: '"}' },
      { 'Content-Type': 'application/json' },
    );
    expect(webhook.status).toBe(413);
  });

  test('methods: TRACE and PUT/PATCH/DELETE on a page are 405, OPTIONS runs no loader, a bad Host is 400', async ({
    request,
    baseURL,
  }) => {
    const { email, token } = await signUp(request);
    const cookie = await sessionCookie(request, email);
    const businesses = () => count('SELECT count(*) AS n FROM "Business"');
    const before = businesses();
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const response = await request.fetch('/dashboard', {
        method,
        form: { intent: 'create', name: `Via ${method}` },
        headers: { Cookie: cookie, Origin: new URL(baseURL!).origin },
      });
      expect(response.status(), method).toBe(405);
      expect(response.headers()['allow']).toBe('GET, HEAD, POST, OPTIONS');
    }
    expect(businesses()).toBe(before);
    expect((await request.fetch('/', { method: 'TRACE' })).status()).toBe(405);

    // The JSON API: an unknown path is 404 { message } in JSON, whatever the method; a known path
    // with a method it does not answer is 405 with Allow.
    for (const method of ['GET', 'POST', 'DELETE']) {
      const unknown = await request.fetch('/api/no-such-call', {
        method,
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(unknown.status(), method).toBe(404);
      expect(unknown.headers()['content-type'], method).toMatch(/^application\/json/);
      expect(await unknown.json(), method).toEqual({ message: 'Not found' });
    }
    const wrongMethod = await request.fetch('/api/auth/login', {
      method: 'DELETE',
      headers: { Origin: new URL(baseURL!).origin },
    });
    expect(wrongMethod.status()).toBe(405);
    expect(wrongMethod.headers()['allow']).toBe('POST');

    const logs = () => count('SELECT count(*) AS n FROM "AccessLog"');
    const logsBefore = logs();
    const options = await request.fetch('/api/premium-gpt-access', {
      method: 'OPTIONS',
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(options.status()).toBe(204);
    expect(logs()).toBe(logsBefore);

    const url = new URL(baseURL!);
    const badHost = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        { host: url.hostname, port: url.port, path: '/', headers: { Host: 'bad host!' } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(badHost).toBe(400);
  });

  test('a cookie-authenticated JSON call without proof of our origin is 403; bearer calls are not', async ({
    request,
    baseURL,
  }) => {
    const { email, token } = await signUp(request);
    const cookie = await sessionCookie(request, email);
    // A form on another page (text/plain, no Origin the browser would let through, or a sibling
    // subdomain) cannot sign the user out.
    for (const headers of [
      { 'Content-Type': 'text/plain' },
      { 'Content-Type': 'text/plain', 'Sec-Fetch-Site': 'same-site' },
    ] as Record<string, string>[]) {
      const out = await request.post('/api/auth/logout', {
        headers: { ...headers, Cookie: cookie },
        data: 'x',
      });
      expect(out.status()).toBe(403);
      expect(out.headers()['x-content-type-options']).toBe('nosniff');
    }
    const me = await request.get('/api/auth/me', { headers: { Cookie: cookie } });
    expect(me.status()).toBe(200);
    expect(me.headers()['cache-control']).toBe('private, no-store');
    expect(me.headers()['x-frame-options']).toBe('DENY');
    // From our own page it works; so does a bearer call with no Origin at all.
    const own = await request.post('/api/businesses', {
      headers: { Cookie: cookie, Origin: new URL(baseURL!).origin },
      data: { name: 'Cookie Co' },
    });
    expect(own.status()).toBe(201);
    const bearer = await request.post('/api/businesses', {
      headers: { Authorization: `Bearer ${token}` },
      data: { name: 'Bearer Co' },
    });
    expect(bearer.status()).toBe(201);
  });
});

test('a forged Host is served but never written into a page: PUBLIC_URL builds every absolute URL', async ({
  baseURL,
}) => {
  const url = new URL(baseURL!);
  const get = (path: string) =>
    new Promise<string>((resolve, reject) => {
      const req = httpRequest(
        { host: url.hostname, port: url.port, path, headers: { Host: 'evil.example' } },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve(body));
        },
      );
      req.on('error', reject);
      req.end();
    });
  for (const path of ['/sitemap.xml', '/robots.txt', '/', '/pricing']) {
    const body = await get(path);
    expect(body, path).not.toContain('evil.example');
    expect(body, path).toContain(url.origin);
  }
});
