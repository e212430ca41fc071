import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type RouteObject,
} from 'react-router';
import { describe, expect, it, vi } from 'vitest';

// Real assistants only: outside demo mode (mcp-tools.test.ts runs in it).
vi.hoisted(() => {
  process.env.DEMO_TRACKING = 'false';
});

import { createApiKey } from '~/domain/api-keys.server';
import { handleMcpRequest } from '~/http/mcp/handler.server';
import { db } from '~/lib/db.server';
import * as help from '~/routes/help.mcp';
import { BASE, createUser } from './helpers';
import { connected } from './mcp-helpers';

// Issue 44, item 10: /help/mcp's curl examples carry the Accept header a plain curl needs (and
// work as shown), and get_visibility says `simulated: null` for a business with no answers.

async function helpHtml() {
  const routes: RouteObject[] = [
    { id: 'help', path: '/help/mcp', loader: help.loader, Component: help.default },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`${BASE}/help/mcp`));
  if (context instanceof Response) throw new Error('unexpected response');
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(createElement(StaticRouterProvider, { router, context }));
}

const unescape = (html: string) =>
  html
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

/** The curl commands shown on the page, as a reader would copy them. */
function curlCommands(html: string): string[] {
  return [...html.matchAll(/<code>(curl [\s\S]*?)<\/code>/g)].map((m) => unescape(m[1]!));
}

/** A copied curl command sent as curl would send it (headers and body), with a real key. */
function asRequest(command: string, key: string): Request {
  const url = /^curl (\S+)/.exec(command)![1]!;
  const headers = new Headers();
  for (const [, header] of command.matchAll(/-H "([^"]+)"/g)) {
    const at = header!.indexOf(':');
    headers.set(
      header!.slice(0, at).trim(),
      header!
        .slice(at + 1)
        .trim()
        .replace('aiv_YOUR_KEY', key),
    );
  }
  const body = /-d '([^']+)'/.exec(command)![1]!;
  return new Request(url, { method: 'POST', headers, body });
}

describe('/help/mcp curl examples', () => {
  it('send Accept: application/json, text/event-stream, and work as copied', async () => {
    const commands = curlCommands(await helpHtml());
    expect(commands.length).toBeGreaterThanOrEqual(2);
    const user = await createUser();
    const made = await createApiKey(
      { id: user.id, subscriptionStatus: 'free', subscriptionExpiry: null },
      { name: 'curl' },
    );
    for (const command of commands) {
      expect(command).toContain('-H "Accept: application/json, text/event-stream"');
      const response = await handleMcpRequest(asRequest(command, made.key));
      expect(response.status, command).toBe(200);
      const answer = (await response.json()) as { result?: unknown; error?: unknown };
      expect(answer.error, command).toBeUndefined();
      expect(answer.result, command).toBeDefined();
    }
    // Without the header a plain curl is refused: why the page shows it.
    const bare = asRequest(commands[0]!.replace(/ {2}-H "Accept: [^"]+" \\\n/, ''), made.key);
    expect(bare.headers.get('Accept')).toBeNull();
    expect((await handleMcpRequest(bare)).status).toBe(406);
  });
});

describe('get_visibility outside demo mode', () => {
  it('says simulated: null for a business with no answers', async () => {
    const owner = await createUser();
    const business = await db.business.create({
      data: { userId: owner.id, name: 'Quiet Dental', location: 'Tampa, FL' },
    });
    const client = await connected(owner.id);
    const result = (await client.callTool({
      name: 'get_visibility',
      arguments: { businessId: business.id, days: 30 },
    })) as { content: { text: string }[]; isError?: boolean };
    expect(result.isError).toBeFalsy();
    const figures = JSON.parse(result.content[0]!.text) as { simulated: unknown };
    expect(figures.simulated).toBeNull();
    await client.close();
  });
});
