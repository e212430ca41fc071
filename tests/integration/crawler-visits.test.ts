import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { runImport } from '~/domain/tracking/visits/import.server';
import { ENTITLEMENTS } from '~/domain/plans/entitlements';
import { db } from '~/lib/db.server';
import * as crawlersApi from '~/routes/api.businesses.$id.crawlers';
import * as uploadApi from '~/routes/api.businesses.$id.crawler-logs';
import {
  BROWSER,
  CHATGPT_USER,
  CLAUDEBOT,
  GPTBOT,
  today,
  todayLine as line,
} from '~/domain/tracking/visits/test-lines';
import { args, callRoute, run, BASE } from './helpers';
import { owner } from './drain-helpers';

/** A day of a small business's log: what each count below must come to. */
const LOG = [
  line('20.171.207.10', 1, '/', 200, GPTBOT), // GPTBot, verified
  line('20.171.207.11', 2, '/menu', 200, GPTBOT), // GPTBot, verified
  line('20.171.207.12', 3, '/menu?x=1', 404, GPTBOT), // GPTBot, verified, 4xx, page /menu
  line('198.51.100.7', 4, '/', 200, GPTBOT), // claims GPTBot from elsewhere: unverified
  line('23.98.142.180', 5, '/contact', 403, CHATGPT_USER), // ChatGPT-User, verified, refused
  line('23.98.142.181', 6, '/contact', 403, CHATGPT_USER),
  line('203.0.113.5', 7, '/', 200, CLAUDEBOT), // Anthropic publishes no ranges: unverified
  line('192.0.2.1', 8, '/', 200, BROWSER), // a person: not counted
  line('192.0.2.2', 9, '/book', 200, BROWSER, 'https://chatgpt.com/'), // a referral from ChatGPT
  line('192.0.2.3', 10, '/?utm_source=chatgpt.com', 200, BROWSER), // a referral by utm_source
  line('192.0.2.4', 11, '/', 200, BROWSER, 'https://www.perplexity.ai/search/x'),
  'this line is not a log line',
].join('\n');

function upload(
  businessId: string,
  auth: Record<string, string>,
  body: string | Buffer,
  type = 'text/plain',
) {
  const request = new Request(`${BASE}/api/businesses/${businessId}/crawler-logs`, {
    method: 'POST',
    headers: { 'Content-Type': type, ...auth },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
  return run(() => uploadApi.action(args(request, { id: businessId }) as never));
}

function visits(businessId: string, auth: Record<string, string>, query = '') {
  return callRoute(
    crawlersApi,
    'loader',
    `/api/businesses/${businessId}/crawlers${query}`,
    { id: businessId },
    { headers: auth },
  );
}

describe('crawler visits from an uploaded access log', () => {
  it('counts each AI agent (verified or not), what it got, its pages, and the AI referrals', async () => {
    const { business, auth } = await owner();
    const sent = await upload(business.id, auth, LOG);
    expect(sent.status).toBe(202);
    const { importId } = sent.data as { importId: string };
    await runImport({ importId });

    const res = await visits(business.id, auth, '?days=7');
    expect(res.status).toBe(200);
    const body = res.data as {
      agents: {
        agent: string;
        vendor: string | null;
        purpose: string;
        visits: number;
        verified: number;
        unverified: number;
        statuses: Record<string, number>;
        lastSeen: string;
        topPages: { path: string; visits: number }[];
      }[];
      referrals: {
        assistant: string;
        visits: number;
        topPages: { path: string; visits: number }[];
      }[];
      imports: {
        importId: string;
        status: string;
        lines: number;
        counted: number;
        skipped: number;
      }[];
    };
    expect(Object.keys(body).sort()).toEqual(['agents', 'imports', 'referrals']);
    expect(body.agents).toEqual([
      {
        agent: 'GPTBot',
        vendor: 'OpenAI',
        purpose: 'training',
        visits: 4,
        verified: 3,
        unverified: 1,
        statuses: { '2xx': 3, '3xx': 0, '4xx': 1, '5xx': 0 },
        lastSeen: today,
        topPages: [
          { path: '/', visits: 2 },
          { path: '/menu', visits: 2 },
        ],
      },
      {
        agent: 'ChatGPT-User',
        vendor: 'OpenAI',
        purpose: 'user',
        visits: 2,
        verified: 2,
        unverified: 0,
        statuses: { '2xx': 0, '3xx': 0, '4xx': 2, '5xx': 0 },
        lastSeen: today,
        topPages: [{ path: '/contact', visits: 2 }],
      },
      {
        agent: 'ClaudeBot',
        vendor: 'Anthropic',
        purpose: 'training',
        visits: 1,
        verified: 0,
        unverified: 1,
        statuses: { '2xx': 1, '3xx': 0, '4xx': 0, '5xx': 0 },
        lastSeen: today,
        topPages: [{ path: '/', visits: 1 }],
      },
    ]);
    expect(body.referrals).toEqual([
      {
        assistant: 'ChatGPT',
        visits: 2,
        topPages: [
          { path: '/', visits: 1 },
          { path: '/book', visits: 1 },
        ],
      },
      { assistant: 'Perplexity', visits: 1, topPages: [{ path: '/', visits: 1 }] },
    ]);
    expect(body.imports).toEqual([
      { importId, status: 'done', lines: 12, counted: 10, skipped: 1 },
    ]);
    // Nothing of a visitor is kept: no address, no line.
    const stored = JSON.stringify([
      await db.crawlerVisitStat.findMany({ where: { businessId: business.id } }),
      await db.crawlerPageStat.findMany({ where: { businessId: business.id } }),
      await db.referralStat.findMany({ where: { businessId: business.id } }),
      await db.crawlerDaySeen.findMany({ where: { businessId: business.id } }),
    ]);
    expect(stored).not.toMatch(/20\.171|23\.98|192\.0\.2|GET \//);
  });

  it('counts the same lines uploaded twice once, and reads a .gz upload', async () => {
    const { business, auth } = await owner();
    const first = await upload(business.id, auth, LOG);
    await runImport(first.data as { importId: string });
    const again = await upload(business.id, auth, gzipSync(LOG), 'application/gzip');
    expect(again.status).toBe(202);
    await runImport(again.data as { importId: string });
    const body = (await visits(business.id, auth)).data as {
      agents: { agent: string; visits: number }[];
      imports: { counted: number; lines: number }[];
    };
    expect(body.agents.map((a) => [a.agent, a.visits])).toEqual([
      ['GPTBot', 4],
      ['ChatGPT-User', 2],
      ['ClaudeBot', 1],
    ]);
    expect(body.imports.map((row) => [row.lines, row.counted])).toEqual([
      [12, 0],
      [12, 10],
    ]);
  });

  it('refuses a file that is not an access log, whole: 400, no import, nothing counted', async () => {
    const { business, auth } = await owner();
    const res = await upload(
      business.id,
      auth,
      'name,email\nAnn,ann@example.com\nBob,bob@example.com\n',
    );
    expect(res.status).toBe(400);
    expect((res.data as { message: string }).message).toMatch(/not an access log/);
    expect(await db.crawlerLogImport.count({ where: { businessId: business.id } })).toBe(0);
    const empty = await upload(business.id, auth, '');
    expect(empty.status).toBe(400);
    const wrongType = await upload(business.id, auth, LOG, 'application/json');
    expect(wrongType.status).toBe(415);
    expect(await db.crawlerVisitStat.count({ where: { businessId: business.id } })).toBe(0);
  });

  it("another owner's business is not found, to read and to upload", async () => {
    const { business } = await owner();
    const other = await owner();
    expect((await visits(business.id, other.auth)).status).toBe(404);
    expect((await upload(business.id, other.auth, LOG)).status).toBe(404);
    expect(await db.crawlerLogImport.count({ where: { businessId: business.id } })).toBe(0);
  });

  it("refuses days out of range and uploads past the plan's lines this month", async () => {
    const { business, auth } = await owner('free');
    expect((await visits(business.id, auth, '?days=0')).status).toBe(400);
    expect((await visits(business.id, auth, '?days=367')).status).toBe(400);
    await db.crawlerLogImport.create({
      data: {
        businessId: business.id,
        source: 'upload',
        status: 'done',
        lines: ENTITLEMENTS.free.crawlerLogLinesPerMonth,
      },
    });
    const res = await upload(business.id, auth, LOG);
    expect(res.status).toBe(403);
    expect((res.data as { message: string }).message).toMatch(/log lines a month/);
  });
});
