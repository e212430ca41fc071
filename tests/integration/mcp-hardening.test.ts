import { describe, expect, it } from 'vitest';
import { createApiKey } from '~/domain/api-keys.server';
import { takeApiKeyRequest } from '~/http/api-key-limit.server';
import { handleMcpRequest } from '~/http/mcp/handler.server';
import { MCP_MAX_BATCH } from '~/http/mcp/inbound.server';
import { env } from '~/lib/env.server';
import { createUser } from './helpers';

// Issue 41, items 2, 6 and 8 on /mcp: a batch's every call counts against the key's rate, batches
// are capped and refused on revisions without them, only the site's own hosts are answered, and
// initialize without params is "invalid params" (-32602).

const PER_MINUTE = env.API_KEY_RATE_LIMIT_PER_MINUTE;

async function keyOf() {
  const user = await createUser();
  const made = await createApiKey(
    { id: user.id, subscriptionStatus: 'free', subscriptionExpiry: null },
    { name: 'Probe' },
  );
  return made;
}

function post(
  key: string,
  body: unknown,
  {
    url = 'http://localhost/mcp',
    headers = {},
  }: { url?: string; headers?: Record<string, string> } = {},
) {
  return handleMcpRequest(
    new Request(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        Authorization: `Bearer ${key}`,
        ...headers,
      },
      body: JSON.stringify(body),
    }),
  );
}

const call = (id: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'list_businesses', arguments: {} },
});

const OLD = { 'MCP-Protocol-Version': '2025-03-26' };

describe('JSON-RPC batches on /mcp', () => {
  it('count every call of a batch against the key’s rate', async () => {
    const made = await keyOf();
    // Leave five requests in the key's bucket: a single call passes, a batch of ten does not.
    for (let i = 0; i < PER_MINUTE - 5; i += 1) takeApiKeyRequest(made.id);
    const batch = await post(
      made.key,
      Array.from({ length: MCP_MAX_BATCH }, (_, i) => call(i + 1)),
      { headers: OLD },
    );
    expect(batch.status).toBe(429);
    expect(Number(batch.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
    // A single call still fits: the refused batch took nothing.
    expect((await post(made.key, call(1), { headers: OLD })).status).toBe(200);
  });

  it('serve a small batch of a 2025-03-26 client, one answer per call', async () => {
    const made = await keyOf();
    const response = await post(made.key, [call(1), call(2), call(3)], { headers: OLD });
    expect(response.status).toBe(200);
    const answers = (await response.json()) as { id: number }[];
    expect(answers.map((answer) => answer.id).sort()).toEqual([1, 2, 3]);
  });

  it(`refuse a batch of more than ${MCP_MAX_BATCH} messages, taking nothing`, async () => {
    const made = await keyOf();
    const response = await post(
      made.key,
      Array.from({ length: 100 }, (_, i) => call(i + 1)),
      { headers: OLD },
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: number; message: string } };
    expect(body.error.code).toBe(-32600);
    expect(body.error.message).toContain(`at most ${MCP_MAX_BATCH}`);
  });

  it('refuse batches for 2025-06-18 and later revisions (header or initialize)', async () => {
    const made = await keyOf();
    for (const version of ['2025-06-18', '2025-11-25']) {
      const response = await post(made.key, [call(1), call(2)], {
        headers: { 'MCP-Protocol-Version': version },
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toContain(
        version,
      );
    }
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'probe', version: '1' },
      },
    };
    expect((await post(made.key, [initialize, call(2)])).status).toBe(400);
  });
});

describe('the hosts /mcp answers for', () => {
  it('refuses a request addressed to another host (DNS rebinding), even with a valid key', async () => {
    const made = await keyOf();
    const response = await post(made.key, call(1), {
      url: 'http://evil.example/mcp',
      headers: { ...OLD, Origin: 'http://evil.example' },
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { message: string }).message).toContain('evil.example');
    // localhost (outside production) is answered.
    expect((await post(made.key, call(1), { headers: OLD })).status).toBe(200);
    expect(
      (await post(made.key, call(1), { url: 'http://127.0.0.1:4100/mcp', headers: OLD })).status,
    ).toBe(200);
  });
});

describe('initialize without params', () => {
  it('is -32602 (invalid params) with a plain message, not -32603 with a validation dump', async () => {
    const made = await keyOf();
    const response = await post(made.key, { jsonrpc: '2.0', id: 7, method: 'initialize' });
    const body = (await response.json()) as {
      id: number;
      error: { code: number; message: string };
    };
    expect(body.id).toBe(7);
    expect(body.error.code).toBe(-32602);
    expect(body.error.message).toMatch(/^Invalid params: initialize needs params/);
    expect(body.error.message).not.toContain('"code"');
  });
});
