import { describe, expect, it } from 'vitest';
import { createDrainToken } from '~/domain/tracking/visits/drains.server';
import { BROWSER, GPTBOT } from '~/domain/tracking/visits/test-lines';
import * as crawlersApi from '~/routes/api.businesses.$id.crawlers';
import * as ingest from '~/routes/api.ingest.$token';
import { args, BASE, callRoute, run } from './helpers';
import { owner } from './drain-helpers';
import { connected, type Result } from './mcp-helpers';

// The MCP tool get_crawler_visits (issue 48): the same JSON as GET /api/businesses/{id}/crawlers
// for the days asked, read-only, and another owner's business refused as the API refuses it.

const DAY = 86_400_000;

const entry = (id: string, at: number, path: string, status: number, ua: string, referer = '') =>
  JSON.stringify({
    id,
    timestamp: at,
    source: 'edge',
    proxy: { path, statusCode: status, clientIp: '20.171.207.10', userAgent: [ua], referer },
  });

describe('get_crawler_visits', () => {
  it('answers the JSON API’s crawler visits for the days asked, and refuses another owner’s business', async () => {
    const { user, business, auth } = await owner();
    const drain = await createDrainToken(user, business.id, {});
    const now = Date.now();
    const body = [
      entry('1', now - 60_000, '/', 200, GPTBOT),
      entry('2', now - 60_000, '/menu', 404, GPTBOT),
      entry('3', now - 10 * DAY, '/old', 200, GPTBOT),
      entry('4', now - 60_000, '/book', 200, BROWSER, 'https://gemini.google.com/app'),
    ].join('\n');
    const posted = await run(() =>
      ingest.action(
        args(new Request(`${BASE}/api/ingest/${drain.token}`, { method: 'POST', body }), {
          token: drain.token,
        }) as never,
      ),
    );
    expect(posted.data).toMatchObject({ lines: 4, counted: 4 });

    const client = await connected(user.id);
    const { tools } = await client.listTools();
    const tool = tools.find((candidate) => candidate.name === 'get_crawler_visits');
    expect(tool?.annotations?.readOnlyHint).toBe(true);

    for (const days of [7, 30]) {
      const result = (await client.callTool({
        name: 'get_crawler_visits',
        arguments: { businessId: business.id, days },
      })) as Result;
      expect(result.isError).toBeFalsy();
      const api = await callRoute(
        crawlersApi,
        'loader',
        `/api/businesses/${business.id}/crawlers?days=${days}`,
        { id: business.id },
        { headers: auth },
      );
      expect(JSON.parse(result.content[0]!.text)).toEqual(api.data);
      expect(result.structuredContent).toEqual(api.data);
    }
    // The week leaves out the visit of ten days ago; the month has it.
    const week = (await client.callTool({
      name: 'get_crawler_visits',
      arguments: { businessId: business.id, days: 7 },
    })) as Result;
    expect(week.structuredContent).toMatchObject({
      agents: [{ agent: 'GPTBot', visits: 2, statuses: { '2xx': 1, '4xx': 1 } }],
      referrals: [{ assistant: 'Gemini', visits: 1 }],
    });
    const month = (await client.callTool({
      name: 'get_crawler_visits',
      arguments: { businessId: business.id },
    })) as Result;
    expect(month.structuredContent).toMatchObject({ agents: [{ agent: 'GPTBot', visits: 3 }] });

    const other = await owner();
    const refused = (await client.callTool({
      name: 'get_crawler_visits',
      arguments: { businessId: other.business.id },
    })) as Result;
    expect(refused).toMatchObject({ isError: true, content: [{ text: 'Business not found' }] });
    const tooLong = (await client.callTool({
      name: 'get_crawler_visits',
      arguments: { businessId: business.id, days: 400 },
    })) as Result;
    expect(tooLong.isError).toBe(true);
    await client.close();
  });
});
