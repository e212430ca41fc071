import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchClientMetadata } from '~/lib/client-metadata-fetch.server';

// Client ID Metadata Documents are fetched from addresses clients choose: against a local fake
// that fails, stalls, redirects and answers too much, the fetch retries once where that is safe,
// gives up in time, and never follows a redirect. (127.0.0.1 is allowlisted in the tests.)

let server: http.Server;
let base: string;
const hits = new Map<string, number>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const count = (hits.get(req.url!) ?? 0) + 1;
    hits.set(req.url!, count);
    if (req.url === '/flaky') {
      if (count === 1) return void res.writeHead(503).end('busy');
      res.writeHead(200, { 'Content-Type': 'application/json' });
      return void res.end(JSON.stringify({ client_id: `${base}/flaky` }));
    }
    if (req.url === '/down') return void res.writeHead(500).end('down');
    if (req.url === '/stall') return; // never answers
    if (req.url === '/redirect') {
      return void res.writeHead(302, { Location: `${base}/flaky` }).end();
    }
    if (req.url === '/huge') return void res.writeHead(200).end('x'.repeat(50_000));
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('fetchClientMetadata', () => {
  it('retries once after a server error, then answers', async () => {
    const response = await fetchClientMetadata(`${base}/flaky`, { retryDelayMs: 10 });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ client_id: `${base}/flaky` });
    expect(hits.get('/flaky')).toBe(2);
  });

  it('gives up after the second failure', async () => {
    await expect(fetchClientMetadata(`${base}/down`, { retryDelayMs: 10 })).rejects.toThrow();
    expect(hits.get('/down')).toBe(2);
  });

  it('times out on a server that never answers', async () => {
    const started = Date.now();
    await expect(
      fetchClientMetadata(`${base}/stall`, { retryDelayMs: 10, timeoutMs: 300 }),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('never follows a redirect, and refuses a body past 5 KB', async () => {
    await expect(fetchClientMetadata(`${base}/redirect`, { retryDelayMs: 10 })).rejects.toThrow();
    await expect(fetchClientMetadata(`${base}/huge`, { retryDelayMs: 10 })).rejects.toThrow();
  });

  it('refuses addresses on our own network that are not allowlisted', async () => {
    await expect(fetchClientMetadata('http://10.0.0.1/client.json')).rejects.toThrow();
  });
});
