import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerApp } from '../../server/app';

// The production server itself (server/app.ts), in front of a stand-in app that records what
// reaches it: the body limits and timeouts, the same-origin rule for cookie calls, and the headers
// every answer carries.

const reached: { method: string; path: string; bytes: number }[] = [];
let server: Server;
let port: number;
let trustedServer: Server;
let trustedPort: number;

function start(trustProxy: boolean) {
  const clientDir = mkdtempSync(path.join(os.tmpdir(), 'aiv-client-'));
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(path.join(clientDir, 'assets', 'entry-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const app = createServerApp({
    build: {
      handler: async (request) => {
        const bytes = (await request.arrayBuffer()).byteLength;
        reached.push({ method: request.method, path: new URL(request.url).pathname, bytes });
        return Response.json({ ok: true }, { status: request.method === 'POST' ? 201 : 200 });
      },
    },
    clientDir,
    trustProxy,
    bodyTimeouts: { idleMs: 300, totalMs: 1_000 },
  });
  return new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
}

beforeAll(async () => {
  server = await start(false);
  port = (server.address() as AddressInfo).port;
  trustedServer = await start(true);
  trustedPort = (trustedServer.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  trustedServer.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await new Promise((resolve) => trustedServer.close(resolve));
});

/**
 * A raw HTTP exchange: writes the head, then the body as `feed` does, and resolves with what came
 * back (the status line and headers) when the server answers or closes, after at most `waitMs`.
 */
function exchange(
  head: string,
  feed: (socket: net.Socket) => void,
  waitMs = 3_000,
): Promise<{ status: number | null; text: string; ms: number; closed: boolean }> {
  return new Promise((resolve) => {
    const began = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    let closed = false;
    const done = () => {
      clearTimeout(timer);
      const status = Number(text.match(/^HTTP\/1\.1 (\d{3})/)?.[1] ?? NaN);
      resolve({
        status: Number.isNaN(status) ? null : status,
        text,
        ms: Date.now() - began,
        closed,
      });
      socket.destroy();
    };
    const timer = setTimeout(done, waitMs);
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
    });
    socket.on('close', () => {
      closed = true;
      done();
    });
    socket.on('error', () => {});
    socket.on('connect', () => {
      socket.write(head);
      feed(socket);
    });
  });
}

const post = (pathname: string, headers: string[]) =>
  [`POST ${pathname} HTTP/1.1`, 'Host: localhost', ...headers, '', ''].join('\r\n');

describe('request bodies', () => {
  it('a declared length over the limit is 413 at once, with one byte sent', async () => {
    for (const length of ['70000000', '1000000000000000']) {
      reached.length = 0;
      const answer = await exchange(
        post('/api/businesses', ['Content-Type: application/json', `Content-Length: ${length}`]),
        (socket) => socket.write('{'),
      );
      expect(answer.status, length).toBe(413);
      expect(answer.ms).toBeLessThan(1_000);
      expect(answer.text).toMatch(/connection: close/i);
      expect(reached).toHaveLength(0);
    }
  });

  it('a chunked body is cut off at the limit: 413 and the connection closes, the rest unread', async () => {
    reached.length = 0;
    let sent = 0;
    const answer = await exchange(
      post('/api/businesses', ['Content-Type: application/json', 'Transfer-Encoding: chunked']),
      (socket) => {
        const chunk = Buffer.alloc(16 * 1024, 'a');
        const pump = () => {
          // Up to 300 MB, as the probe sent, for as long as the server takes it.
          while (sent < 300 * 1024 * 1024 && !socket.destroyed) {
            sent += chunk.length;
            const more = socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
            if (!more) return void socket.once('drain', pump);
          }
        };
        pump();
      },
    );
    expect(answer.status).toBe(413);
    expect(answer.closed).toBe(true);
    expect(reached).toHaveLength(0);
    // The server stopped reading long before the 300 MB were sent.
    expect(sent).toBeLessThan(64 * 1024 * 1024);
  });

  it('a body that stalls is 408 and its connection closes', async () => {
    reached.length = 0;
    const answer = await exchange(
      post('/api/businesses', ['Content-Type: application/json', 'Content-Length: 100']),
      (socket) => socket.write('{"name":'),
    );
    expect(answer.status).toBe(408);
    expect(answer.closed).toBe(true);
    expect(reached).toHaveLength(0);
  });

  it('a body that trickles forever is 408 once the whole-body time is up', async () => {
    const answer = await exchange(
      post('/api/businesses', ['Content-Type: application/json', 'Content-Length: 60000']),
      (socket) => {
        const drip = setInterval(
          () => (socket.destroyed ? clearInterval(drip) : socket.write(' ')),
          100,
        );
      },
    );
    expect(answer.status).toBe(408);
    expect(answer.ms).toBeLessThan(2_000);
  });

  it('a body within the limit reaches the app whole', async () => {
    reached.length = 0;
    const body = JSON.stringify({ name: 'x'.repeat(1000) });
    const response = await fetch(`http://127.0.0.1:${port}/api/businesses`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer abc' },
      body,
    });
    expect(response.status).toBe(201);
    expect(reached).toEqual([{ method: 'POST', path: '/api/businesses', bytes: body.length }]);
  });

  it("a log drain's batch may be 1 MB (issue 48), other API bodies 64 KB", async () => {
    reached.length = 0;
    const batch = `${JSON.stringify({ message: 'x'.repeat(900 * 1024) })}\n`;
    const send = (pathname: string, body: string) =>
      fetch(`http://127.0.0.1:${port}${pathname}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-ndjson' },
        body,
      });
    expect((await send('/api/ingest/ld_token', batch)).status).toBe(201);
    expect(reached).toEqual([
      { method: 'POST', path: '/api/ingest/ld_token', bytes: batch.length },
    ]);
    expect((await send('/api/businesses', batch)).status).toBe(413);
    const over = `${JSON.stringify({ message: 'x'.repeat(1024 * 1024) })}\n`;
    expect((await send('/api/ingest/ld_token', over)).status).toBe(413);
    expect(reached).toHaveLength(1);
  });
});

describe('cookie-authenticated JSON writes must come from our own pages', () => {
  const call = (pathname: string, headers: Record<string, string>) =>
    fetch(`http://127.0.0.1:${port}${pathname}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: '__session=s%3Aabc', ...headers },
      body: '{}',
    });

  it('whatever the path’s case or encoding, and whatever other Authorization scheme is sent', async () => {
    reached.length = 0;
    for (const [pathname, headers] of [
      ['/api/businesses', {}],
      ['/API/businesses', {}],
      ['/Api/Businesses', {}],
      ['/%61pi/businesses', {}],
      ['/api/businesses', { Authorization: 'Basic eDp5' }],
      ['/api/businesses', { Authorization: 'Bearer' }],
      ['/api/businesses', { Authorization: 'abc' }],
    ] as const) {
      const response = await call(pathname, headers);
      expect(response.status, `${pathname} ${JSON.stringify(headers)}`).toBe(403);
      expect(await response.json()).toEqual({ message: 'Cross-site requests are not allowed' });
    }
    expect(reached).toHaveLength(0);
  });

  it('a Bearer token (any case of the scheme) or our own Origin passes', async () => {
    expect((await call('/api/businesses', { Authorization: 'Bearer abc' })).status).toBe(201);
    expect((await call('/api/businesses', { Authorization: 'bearer abc' })).status).toBe(201);
    expect((await call('/API/businesses', { Origin: `http://127.0.0.1:${port}` })).status).toBe(
      201,
    );
  });
});

describe("the digest's one-click unsubscribe (RFC 8058)", () => {
  const post = (headers: Record<string, string>) =>
    fetch(`http://127.0.0.1:${port}/unsubscribe/digest?token=abc.def`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
      body: 'List-Unsubscribe=One-Click',
    });

  it("reaches the app when the mail provider's server posts it (no Origin, no cookie)", async () => {
    reached.length = 0;
    expect((await post({})).status).toBe(201);
    expect(reached).toEqual([{ method: 'POST', path: '/unsubscribe/digest', bytes: 26 }]);
  });

  it('is refused like any other form when another site makes a browser post it', async () => {
    reached.length = 0;
    expect((await post({ Origin: 'https://evil.example' })).status).toBe(403);
    expect((await post({ 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    expect(reached).toHaveLength(0);
  });
});

describe('security headers', () => {
  it('are on every answer: assets, static files, OPTIONS, refusals and the app', async () => {
    for (const [method, pathname] of [
      ['GET', '/assets/entry-abc123.js'],
      ['GET', '/assets/missing.js'],
      ['GET', '/favicon.svg'],
      ['OPTIONS', '/'],
      ['OPTIONS', '/api/businesses'],
      ['DELETE', '/'],
      ['GET', '/dashboard'],
      ['GET', '/api/businesses'],
    ] as const) {
      const response = await fetch(`http://127.0.0.1:${port}${pathname}`, { method });
      const label = `${method} ${pathname}`;
      expect(response.headers.get('x-content-type-options'), label).toBe('nosniff');
      expect(response.headers.get('x-frame-options'), label).toBe('DENY');
      // Plain HTTP: no HSTS.
      expect(response.headers.get('strict-transport-security'), label).toBeNull();
    }
  });

  it('HSTS is on every HTTPS answer, the API and assets included, and never on plain HTTP', async () => {
    for (const pathname of [
      '/assets/entry-abc123.js',
      '/favicon.svg',
      '/dashboard',
      '/api/businesses',
    ]) {
      const https = await fetch(`http://127.0.0.1:${trustedPort}${pathname}`, {
        headers: { 'X-Forwarded-Proto': 'https' },
      });
      expect(https.headers.get('strict-transport-security'), pathname).toMatch(/max-age=\d+/);
      const plain = await fetch(`http://127.0.0.1:${trustedPort}${pathname}`);
      expect(plain.headers.get('strict-transport-security'), pathname).toBeNull();
    }
    const options = await fetch(`http://127.0.0.1:${trustedPort}/`, {
      method: 'OPTIONS',
      headers: { 'X-Forwarded-Proto': 'https' },
    });
    expect(options.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  });
});

describe('a client still sending when it is refused', () => {
  it('reads the 413 (the rest is dropped for a moment before the connection closes), every time', async () => {
    const { request: httpRequest } = await import('node:http');
    const send = () =>
      new Promise<number>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            path: '/api/businesses',
            method: 'POST',
            agent: false,
            headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        const chunk = Buffer.alloc(16 * 1024, 'a');
        let sent = 0;
        const pump = () => {
          while (sent < 1024 * 1024) {
            sent += chunk.length;
            if (!req.write(chunk)) return void req.once('drain', pump);
          }
          req.end();
        };
        pump();
      });
    for (let i = 0; i < 20; i += 1) expect(await send()).toBe(413);
  });
});

describe('/mcp is treated as the JSON API', () => {
  it('refuses cross-site and cookie calls with { message }, and lets the API methods through', async () => {
    reached.length = 0;
    for (const pathname of ['/mcp', '/MCP', '/%6Dcp']) {
      const crossSite = await fetch(`http://127.0.0.1:${port}${pathname}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' },
        body: '{}',
      });
      expect(crossSite.status, pathname).toBe(403);
      expect(await crossSite.json()).toEqual({ message: 'Cross-site requests are not allowed' });
      // A cookie call that does not say it comes from our own pages.
      const cookie = await fetch(`http://127.0.0.1:${port}${pathname}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: '__session=abc' },
        body: '{}',
      });
      expect(cookie.status, pathname).toBe(403);
    }
    expect(reached).toHaveLength(0);
    // DELETE reaches the app (which answers it), as for /api; a page would be 405 here.
    const remove = await fetch(`http://127.0.0.1:${port}/mcp`, { method: 'DELETE' });
    expect(remove.status).toBe(200);
    const page = await fetch(`http://127.0.0.1:${port}/mcp-guide`, { method: 'DELETE' });
    expect(page.status).toBe(405);
    const bearer = await fetch(`http://127.0.0.1:${port}/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer aiv_x' },
      body: '{}',
    });
    expect(bearer.status).toBe(201);
    expect(reached.map((request) => `${request.method} ${request.path}`)).toEqual([
      'DELETE /mcp',
      'POST /mcp',
    ]);
  });
});
