import type * as dns from 'node:dns/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startFixtureSite, type FixtureSite } from '../fixtures/audit-sites/server';

// DNS under the test's control: the names below exist only here. A name that resolves to the
// allowed fixture address on the first lookup and to a private one on any later lookup shows that
// the socket connects to the address that was checked, with no second lookup to rebind.
const answers = new Map<string, { address: string; family: number }[][]>();
const lookups: string[] = [];

vi.mock('node:dns/promises', async (importOriginal) => {
  const real = await importOriginal<typeof dns>();
  const lookup = async (hostname: string, options?: unknown) => {
    const queue = answers.get(hostname);
    if (!queue) return real.lookup(hostname, options as never);
    lookups.push(hostname);
    const next = queue.length > 1 ? queue.shift()! : queue[0]!;
    return next;
  };
  return { ...real, default: { ...real, lookup }, lookup };
});

const { safeFetch } = await import('~/lib/safe-fetch.server');
const { auditFetchPolicy } = await import('~/domain/audits.server');

let site: FixtureSite;
beforeAll(async () => {
  site = await startFixtureSite('ready');
});
afterAll(() => site.close());
beforeEach(() => {
  lookups.length = 0;
  answers.clear();
});

const policy = auditFetchPolicy({ allowPrivateHosts: ['127.0.0.1'] });
const port = () => new URL(site.origin).port;

describe('safeFetch and DNS', () => {
  it('connects to the address it checked: one lookup, no second one to rebind', async () => {
    answers.set('rebind.test', [
      [{ address: '127.0.0.1', family: 4 }],
      [{ address: '10.0.0.1', family: 4 }],
    ]);
    const outcome = await safeFetch(`http://rebind.test:${port()}/`, policy);
    expect(outcome).toMatchObject({ ok: true, status: 200 });
    // "rebind.test" exists nowhere else: had the socket resolved it again, it would have failed.
    expect(lookups).toEqual(['rebind.test']);
  });

  it('refuses a name with any private address among its answers', async () => {
    answers.set('mixed.test', [
      [
        { address: '93.184.216.34', family: 4 },
        { address: '10.0.0.1', family: 4 },
      ],
    ]);
    expect(await safeFetch(`http://mixed.test:${port()}/`, policy)).toMatchObject({
      ok: false,
      code: 'refused_address',
      error: 'we could not reach this address from the internet',
      detail: 'the domain points into a private network',
    });
  });

  it('refuses a name that resolves to the metadata service or an IPv6 private address', async () => {
    answers.set('metadata.test', [[{ address: '169.254.169.254', family: 4 }]]);
    answers.set('v6.test', [[{ address: 'fd12:3456::1', family: 6 }]]);
    answers.set('mapped.test', [[{ address: '::ffff:10.1.2.3', family: 6 }]]);
    for (const host of ['metadata.test', 'v6.test', 'mapped.test']) {
      expect(await safeFetch(`http://${host}/`, policy), host).toMatchObject({
        code: 'refused_address',
      });
    }
  });

  it('looks up each redirect target again and refuses one that turns private', async () => {
    const hop = await startFixtureSite(null, {
      routes: {
        '/': (_req, res) => res.writeHead(302, { Location: `http://inside.test:${port()}/` }).end(),
      },
    });
    try {
      answers.set('start.test', [[{ address: '127.0.0.1', family: 4 }]]);
      answers.set('inside.test', [[{ address: '192.168.0.10', family: 4 }]]);
      const outcome = await safeFetch(`http://start.test:${new URL(hop.origin).port}/`, policy);
      expect(outcome).toMatchObject({ ok: false, code: 'refused_address' });
      expect(lookups).toEqual(['start.test', 'inside.test']);
    } finally {
      await hop.close();
    }
  });
});
