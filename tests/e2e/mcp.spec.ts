import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { APIRequestContext } from '@playwright/test';
import { expect, setSubscription, test, uniqueEmail } from './support';

// The MCP server at /mcp, spoken to from outside against the production build: the 2025 handshake
// by hand (initialize, notifications/initialized, tools/list, tools/call) and with the official
// client, the current 2026-07-28 revision with the official client, every key made through the
// JSON API. Also what must be refused: no key, a login's token, a wrong key, a revoked key, another
// owner's ids, bad arguments (a tool error, never a 500), and the plan's limits.

const LEGACY = '2025-11-25';

type Owner = { email: string; token: string; key: string; keyId: string; businessId: string };

async function owner(request: APIRequestContext, tier = 'free'): Promise<Owner> {
  const email = uniqueEmail('mcp');
  const registered = await request.post('/api/auth/register', {
    data: { email, password: 'a-long-password', firstName: 'Mia' },
  });
  expect(registered.status()).toBe(201);
  const { token } = (await registered.json()) as { token: string };
  if (tier !== 'free') setSubscription(email, tier);
  const login = { Authorization: `Bearer ${token}` };
  const business = await request.post('/api/businesses', {
    data: { name: `Okafor Plumbing ${email}`, industry: 'Plumbing', location: 'Austin, TX' },
    headers: login,
  });
  expect(business.status()).toBe(201);
  const key = await request.post('/api/account/api-keys', {
    data: { name: 'Claude Desktop' },
    headers: login,
  });
  expect(key.status()).toBe(201);
  const made = (await key.json()) as { key: string; id: string };
  return {
    email,
    token,
    key: made.key,
    keyId: made.id,
    businessId: ((await business.json()) as { id: string }).id,
  };
}

/** One JSON-RPC message posted to /mcp as a 2025-era client sends it. */
function rpc(
  request: APIRequestContext,
  authorization: string | null,
  message: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return request.post('/mcp', {
    data: { jsonrpc: '2.0', ...message },
    headers: {
      Accept: 'application/json, text/event-stream',
      ...(authorization ? { Authorization: authorization } : {}),
      ...(message.method === 'initialize' ? {} : { 'MCP-Protocol-Version': LEGACY }),
      ...headers,
    },
  });
}

async function connect(baseURL: string, key: string, modern = false) {
  const client = new Client(
    { name: 'e2e-client', version: '1.0.0' },
    modern ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {},
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL('/mcp', baseURL), {
      requestInit: { headers: { Authorization: `Bearer ${key}` } },
    }),
  );
  return client;
}

type ToolResult = { content: { type: string; text: string }[]; isError?: boolean };

function textOf(result: unknown): string {
  return (result as ToolResult).content.map((part) => part.text).join('\n');
}

test.describe('the MCP server', () => {
  test('answers the 2025 handshake and calls by hand, in JSON', async ({ request }) => {
    const mia = await owner(request);
    const auth = `Bearer ${mia.key}`;

    const init = await rpc(request, auth, {
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: LEGACY,
        capabilities: {},
        clientInfo: { name: 'by-hand', version: '1' },
      },
    });
    expect(init.status()).toBe(200);
    expect(init.headers()['content-type']).toContain('application/json');
    expect(init.headers()['cache-control']).toBe('private, no-store');
    const initialized = (await init.json()) as {
      result: { protocolVersion: string; serverInfo: { name: string }; capabilities: object };
    };
    expect(initialized.result.protocolVersion).toBe(LEGACY);
    expect(initialized.result.serverInfo.name).toBe('ai-visibility');
    expect(initialized.result.capabilities).toHaveProperty('tools');

    const note = await rpc(request, auth, { method: 'notifications/initialized' });
    expect(note.status()).toBe(202);

    const list = await rpc(request, auth, { id: 2, method: 'tools/list' });
    expect(list.status()).toBe(200);
    const tools = (
      (await list.json()) as {
        result: {
          tools: {
            name: string;
            description: string;
            inputSchema: { additionalProperties?: boolean };
            annotations?: { readOnlyHint?: boolean };
          }[];
        };
      }
    ).result.tools;
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'add_tracked_prompt',
      'get_competitors',
      'get_crawler_visits',
      'get_fact_check',
      'get_latest_audit',
      'get_source_gaps',
      'get_visibility',
      'list_answers',
      'list_businesses',
      'list_tracked_prompts',
      'remove_tracked_prompt',
      'run_audit',
    ]);
    const readOnly = tools
      .filter((tool) => tool.annotations?.readOnlyHint)
      .map((tool) => tool.name);
    expect(readOnly.sort()).toEqual([
      'get_competitors',
      'get_crawler_visits',
      'get_fact_check',
      'get_latest_audit',
      'get_source_gaps',
      'get_visibility',
      'list_answers',
      'list_businesses',
      'list_tracked_prompts',
    ]);
    for (const tool of tools) {
      expect(tool.description.length).toBeGreaterThan(60);
      expect(tool.inputSchema.additionalProperties).toBe(false);
    }

    const call = await rpc(request, auth, {
      id: 3,
      method: 'tools/call',
      params: { name: 'list_businesses', arguments: {} },
    });
    expect(call.status()).toBe(200);
    const listed = JSON.parse(textOf(((await call.json()) as { result: unknown }).result)) as {
      businesses: { id: string }[];
    };
    expect(listed.businesses.map((business) => business.id)).toEqual([mia.businessId]);
  });

  test('works with the official client, on the 2025 handshake and on 2026-07-28', async ({
    request,
    baseURL,
  }) => {
    const mia = await owner(request, 'diy');
    for (const modern of [false, true]) {
      const client = await connect(baseURL!, mia.key, modern);
      try {
        expect(client.getNegotiatedProtocolVersion()).toBe(modern ? '2026-07-28' : LEGACY);
        const { tools } = await client.listTools();
        expect(tools).toHaveLength(12);
        const visibility = await client.callTool({
          name: 'get_visibility',
          arguments: { businessId: mia.businessId, days: 7 },
        });
        expect(visibility.isError).toBeFalsy();
        const figures = JSON.parse(textOf(visibility)) as {
          from: string;
          to: string;
          overall: { answers: number; mentionRate95: number[] };
        };
        expect(figures.overall.answers).toBe(0);
        expect(figures.overall.mentionRate95).toHaveLength(2);
        expect((Date.parse(figures.to) - Date.parse(figures.from)) / 86_400_000).toBe(6);

        const text = `best plumber in Austin ${modern ? 'modern' : 'legacy'}`;
        const added = await client.callTool({
          name: 'add_tracked_prompt',
          arguments: { businessId: mia.businessId, text },
        });
        expect(added.isError).toBeFalsy();
        const prompts = await client.callTool({
          name: 'list_tracked_prompts',
          arguments: { businessId: mia.businessId },
        });
        expect(textOf(prompts)).toContain(text);
        const audit = await client.callTool({
          name: 'get_latest_audit',
          arguments: { businessId: mia.businessId },
        });
        expect(audit.isError).toBe(true);
        expect(textOf(audit)).toBe('No audit yet for this business. Run one with run_audit.');
      } finally {
        await client.close();
      }
    }
  });

  test('takes an API key only: no key, a login token, a wrong or a revoked key are 401', async ({
    request,
  }) => {
    const mia = await owner(request);
    const list = { id: 1, method: 'tools/list' };
    const missing = await rpc(request, null, list);
    expect(missing.status()).toBe(401);
    // The challenge names our protected resource metadata, where OAuth clients discover how to
    // sign in (tests/e2e/mcp-oauth.spec.ts); an API key is as good as ever.
    expect(missing.headers()['www-authenticate']).toMatch(
      /^Bearer realm="mcp", resource_metadata="http:\/\/localhost:\d+\/\.well-known\/oauth-protected-resource\/mcp", scope="read write"$/,
    );
    expect(await missing.json()).toHaveProperty('message');

    const wrongKey = `${mia.key.slice(0, -6)}${mia.key.endsWith('AAAAAA') ? 'BBBBBB' : 'AAAAAA'}`;
    for (const authorization of [`Bearer ${mia.token}`, `Bearer ${wrongKey}`, `Basic ${mia.key}`]) {
      const refused = await rpc(request, authorization, list);
      expect(refused.status(), authorization.slice(0, 12)).toBe(401);
      expect(refused.headers()['www-authenticate']).toMatch(/^Bearer realm="mcp"/);
    }
    // A signed-in browser's cookie is no key either: from another page it is refused before the
    // app (as for the JSON API), and even from our own pages it authorises nothing here.
    const cookie = await rpc(request, null, list, { Cookie: `__session=${mia.token}` });
    expect(cookie.status()).toBe(403);
    const sameOrigin = await rpc(request, null, list, {
      Cookie: `__session=${mia.token}`,
      'Sec-Fetch-Site': 'same-origin',
    });
    expect(sameOrigin.status()).toBe(401);

    expect((await rpc(request, `Bearer ${mia.key}`, list)).status()).toBe(200);
    const revoked = await request.delete(`/api/account/api-keys/${mia.keyId}`, {
      headers: { Authorization: `Bearer ${mia.token}` },
    });
    expect(revoked.status()).toBe(204);
    const after = await rpc(request, `Bearer ${mia.key}`, list);
    expect(after.status()).toBe(401);
    expect(after.headers()['www-authenticate']).toContain('error="invalid_token"');
  });

  test("another owner's ids are a tool error with no data", async ({ request, baseURL }) => {
    const mia = await owner(request, 'diy');
    const theo = await owner(request, 'diy');
    const theosPrompt = await request.post(`/api/businesses/${theo.businessId}/prompts`, {
      data: { text: 'emergency plumber near me' },
      headers: { Authorization: `Bearer ${theo.token}` },
    });
    expect(theosPrompt.status()).toBe(201);
    const promptId = ((await theosPrompt.json()) as { id: string }).id;

    const client = await connect(baseURL!, mia.key);
    try {
      const calls: [string, Record<string, unknown>][] = [
        ['get_visibility', { businessId: theo.businessId }],
        ['list_answers', { businessId: theo.businessId }],
        ['get_latest_audit', { businessId: theo.businessId }],
        ['get_competitors', { businessId: theo.businessId }],
        ['get_source_gaps', { businessId: theo.businessId }],
        ['get_fact_check', { businessId: theo.businessId }],
        ['get_crawler_visits', { businessId: theo.businessId }],
        ['list_tracked_prompts', { businessId: theo.businessId }],
        ['add_tracked_prompt', { businessId: theo.businessId, text: 'plumber austin' }],
        ['remove_tracked_prompt', { businessId: theo.businessId, promptId }],
        ['remove_tracked_prompt', { businessId: mia.businessId, promptId }],
        ['run_audit', { businessId: theo.businessId }],
      ];
      for (const [name, args] of calls) {
        const result = await client.callTool({ name, arguments: args });
        expect(result.isError, name).toBe(true);
        expect(textOf(result), name).toMatch(/^(Business not found|Prompt not found)$/);
      }
      const mine = JSON.parse(
        textOf(await client.callTool({ name: 'list_businesses', arguments: {} })),
      ) as { businesses: { id: string }[] };
      expect(mine.businesses.map((business) => business.id)).toEqual([mia.businessId]);
    } finally {
      await client.close();
    }
    // Theo's question is still tracked.
    const theos = await request.get(`/api/businesses/${theo.businessId}/prompts`, {
      headers: { Authorization: `Bearer ${theo.token}` },
    });
    expect(((await theos.json()) as { id: string }[]).map((prompt) => prompt.id)).toEqual([
      promptId,
    ]);
  });

  test('bad arguments are a clear tool error, never a 500', async ({ request }) => {
    const mia = await owner(request);
    const auth = `Bearer ${mia.key}`;
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['get_visibility', {}, /businessId/],
      ['get_visibility', { businessId: 42 }, /businessId must be a string id/],
      ['get_visibility', { businessId: mia.businessId, colour: 'red' }, /colour/],
      ['get_visibility', { businessId: mia.businessId, from: '27/11/2026' }, /YYYY-MM-DD/],
      ['get_visibility', { businessId: mia.businessId, days: 5000 }, /days/],
      [
        'get_visibility',
        { businessId: mia.businessId, from: '2026-11-20', to: '2026-11-01' },
        /from \(2026-11-20\) must be on or before to \(2026-11-01\)/,
      ],
      ['list_answers', { businessId: mia.businessId, limit: 500 }, /limit/],
      ['add_tracked_prompt', { businessId: mia.businessId, text: '' }, /question/i],
    ];
    let id = 10;
    for (const [name, args, message] of cases) {
      id += 1;
      const response = await rpc(request, auth, {
        id,
        method: 'tools/call',
        params: { name, arguments: args },
      });
      expect(response.status(), `${name} ${JSON.stringify(args)}`).toBe(200);
      const body = (await response.json()) as { result?: ToolResult; error?: unknown };
      expect(body.result?.isError, `${name} ${JSON.stringify(args)}`).toBe(true);
      expect(textOf(body.result), `${name} ${JSON.stringify(args)}`).toMatch(message);
    }
    const unknownTool = await rpc(request, auth, {
      id: 99,
      method: 'tools/call',
      params: { name: 'drop_tables', arguments: {} },
    });
    expect(unknownTool.status()).toBeLessThan(500);
  });

  test("adding a question past the plan's cap is refused with the plan's message", async ({
    request,
    baseURL,
  }) => {
    const mia = await owner(request, 'free');
    const client = await connect(baseURL!, mia.key);
    try {
      const first = await client.callTool({
        name: 'add_tracked_prompt',
        arguments: { businessId: mia.businessId, text: 'best plumber in Austin' },
      });
      expect(first.isError).toBeFalsy();
      const second = await client.callTool({
        name: 'add_tracked_prompt',
        arguments: { businessId: mia.businessId, text: 'emergency plumber Austin' },
      });
      expect(second.isError).toBe(true);
      expect(textOf(second)).toMatch(/Free plan/);
      const prompts = JSON.parse(
        textOf(
          await client.callTool({
            name: 'list_tracked_prompts',
            arguments: { businessId: mia.businessId },
          }),
        ),
      ) as { limit: number; prompts: { text: string }[] };
      expect(prompts.limit).toBe(1);
      expect(prompts.prompts.map((prompt) => prompt.text)).toEqual(['best plumber in Austin']);
    } finally {
      await client.close();
    }
  });

  test('is refused across sites and answers only POST', async ({ request }) => {
    const mia = await owner(request);
    const crossSite = await rpc(
      request,
      `Bearer ${mia.key}`,
      { id: 1, method: 'tools/list' },
      {
        Origin: 'https://evil.example',
      },
    );
    expect(crossSite.status()).toBe(403);
    expect(await crossSite.json()).toEqual({ message: 'Cross-site requests are not allowed' });
    const get = await request.get('/mcp', { headers: { Authorization: `Bearer ${mia.key}` } });
    expect(get.status()).toBe(405);
    expect(get.headers()['allow']).toBe('POST');
  });
});
