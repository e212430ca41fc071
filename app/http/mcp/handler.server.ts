import {
  createMcpHandler,
  isLegacyRequest,
  WebStandardStreamableHTTPServerTransport,
  type AuthInfo,
  type McpRequestContext,
} from '@modelcontextprotocol/server';
import type { PublicUser } from '~/domain/accounts.server';
import { apiKeyCaller } from '../auth.server';
import { MAX_BODY_BYTES } from '../request-limits';
import { invalidCursorResponse } from './cursor.server';
import { inspectMcpBody, mcpHostRefusal } from './inbound.server';
import { mcpChallenge, oauthMcpCaller } from './oauth-caller.server';
import { mcpServerFor } from './tools.server';

// The remote MCP server at /mcp (decision 22): the official TypeScript SDK's Streamable HTTP
// serving, stateless, answering JSON (never an SSE stream), behind `Authorization: Bearer <API
// key>`. Two protocol eras are served from one set of tools:
// - 2026-07-28 (the current revision: every request carries its own envelope; no handshake) by
//   the SDK's createMcpHandler;
// - 2025-era clients (initialize, notifications/initialized, then calls; what most assistants
//   still speak) by a fresh stateless transport per request with JSON responses.
// The production server treats /mcp as the JSON API (methods, cross-site refusal, body limit);
// the SDK itself does no Origin checks, so a page elsewhere cannot call it through a browser.

type Authed = AuthInfo & { extra: { user: PublicUser } };

function userOf(context: McpRequestContext | { authInfo?: AuthInfo }): PublicUser {
  const user = (context.authInfo as Authed | undefined)?.extra?.user;
  // Never reached: every request is authenticated before it gets to a server.
  if (!user) throw new Error('MCP request without an authenticated user');
  return user;
}

const modern = createMcpHandler((context) => mcpServerFor(userOf(context)), {
  legacy: 'reject',
  responseMode: 'json',
  maxRequestBodySize: MAX_BODY_BYTES,
  onerror: (error) => console.warn('[mcp]', error.message),
});

async function legacy(request: Request, authInfo: Authed): Promise<Response> {
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  const server = mcpServerFor(authInfo.extra.user);
  await server.connect(transport);
  try {
    return await transport.handleRequest(request, { authInfo });
  } finally {
    await server.close();
  }
}

export const MCP_UNAUTHORIZED_MESSAGE =
  'Sign in is required: connect through OAuth (ChatGPT, Claude) or send Authorization: Bearer <API key> (make one under Account settings → API keys).';

function unauthorized(request: Request): Response {
  const bearer = /^Bearer\s/i.test(request.headers.get('authorization') ?? '');
  return Response.json(
    {
      message: bearer
        ? 'The API key or access token is unknown, expired or revoked.'
        : MCP_UNAUTHORIZED_MESSAGE,
    },
    {
      status: 401,
      headers: {
        'WWW-Authenticate': mcpChallenge(request, bearer),
        'Cache-Control': 'private, no-store',
      },
    },
  );
}

/**
 * One request to /mcp: an API key or an OAuth access token issued for this resource (a login's
 * token or cookie is not: 401 with WWW-Authenticate naming our protected resource metadata); past
 * the key's or the app's rate, 429 with Retry-After.
 */
export async function handleMcpRequest(request: Request): Promise<Response> {
  // Stateless: no session to open a stream on (GET) or to end (DELETE).
  if (request.method !== 'POST') {
    return Response.json(
      { message: 'Method not allowed: this MCP server is stateless; send requests with POST' },
      { status: 405, headers: { Allow: 'POST', 'Cache-Control': 'private, no-store' } },
    );
  }
  // The Host, the batch and initialize's params (./inbound.server); a batch's every call counts.
  const hostRefusal = mcpHostRefusal(request);
  if (hostRefusal) return hostRefusal;
  const inbound = await inspectMcpBody(request);
  if ('refusal' in inbound) return inbound.refusal;
  let authInfo: Authed | null;
  try {
    const keyCaller = await apiKeyCaller(request, inbound.calls);
    authInfo = keyCaller
      ? {
          token: 'api-key',
          clientId: keyCaller.apiKeyId ?? '',
          // A key is all of its owner's non-account powers (decision 22).
          scopes: ['read', 'write'],
          extra: { user: keyCaller.user },
        }
      : await oauthMcpCaller(request, inbound.calls);
  } catch (refusal) {
    if (refusal instanceof Response) return refusal;
    throw refusal;
  }
  if (!authInfo) return unauthorized(request);
  const refusedCursor = await invalidCursorResponse(request);
  if (refusedCursor) return refusedCursor;
  const response = (await isLegacyRequest(request, undefined, {
    maxRequestBodySize: MAX_BODY_BYTES,
  }))
    ? await legacy(request, authInfo)
    : await modern.fetch(request, { authInfo });
  const headers = new Headers(response.headers);
  headers.set('Cache-Control', 'private, no-store');
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
