import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  Client,
  StreamableHTTPClientTransport,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetPassword } from '~/domain/password-reset.server';
import { hashToken } from '~/domain/sessions.server';
import { deleteExpiredRows } from '~/domain/retention.server';
import { handleOAuthRequest, REGISTRATIONS_PER_MINUTE } from '~/http/oauth-server.server';
import { OAUTH_TOKEN_REFUSED_MESSAGE } from '~/http/auth.server';
import { handleMcpRequest } from '~/http/mcp/handler.server';
import { protectedResourceMetadata } from '~/http/mcp/resource-metadata.server';
import { db } from '~/lib/db.server';
import { settleMail } from '~/lib/mail.server';
import * as consentPage from '~/routes/oauth.consent.$uid';
import * as connectedAppsPage from '~/routes/account_.connected-apps';
import * as businessesApi from '~/routes/api.businesses';
import * as accountApi from '~/routes/api.account';
import { createServerApp } from '../../server/app';
import { MemoryOAuthClient } from '../fakes/mcp-oauth-client';
import { createUser, sessionCookieFor } from './helpers';

// The MCP server as an OAuth 2.1 resource server and the authorization server in front of it,
// over HTTP through the production server (server/app.ts), driven by the official MCP client:
// discovery from the 401, dynamic registration, PKCE, consent, tools with the token, refresh,
// revocation, and every failure case refused with the standard error. Runs on SQLite and, with
// TEST_DATABASE=postgresql, on PostgreSQL. (The browser's part, the consent page, is driven by
// Playwright in tests/e2e/mcp-oauth.spec.ts; here its loader and action are called directly.)

let server: Server;
let base: string;
const REDIRECT = 'http://127.0.0.1:9/callback';

beforeAll(async () => {
  const app = createServerApp({
    build: {
      handler: async (request) => {
        const { pathname } = new URL(request.url);
        if (pathname === '/mcp') return handleMcpRequest(request);
        if (pathname.startsWith('/.well-known/oauth-protected-resource')) {
          return protectedResourceMetadata(request);
        }
        return Response.json({ message: 'Not found' }, { status: 404 });
      },
    },
    oauth: handleOAuthRequest,
    clientDir: mkdtempSync(path.join(os.tmpdir(), 'aiv-oauth-')),
    // As behind nginx: X-Forwarded-For is the client's address (registrations count per address).
    trustProxy: true,
  });
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** The cookies a browser keeps from a response, as one Cookie header (name=value; …). */
function cookiesOf(response: Response, jar: Map<string, string>) {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const [name, ...value] = pair!.split('=');
    jar.set(name!.trim(), value.join('='));
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

/**
 * The browser's part: open the authorization URL (the provider sends it to our consent page),
 * the owner answers there, and the provider sends the browser back to the app's redirect URI.
 * Returns the parameters the app receives.
 */
async function consent(
  authorizationUrl: URL,
  owner: { id: string },
  decision: 'allow' | 'deny' = 'allow',
): Promise<URLSearchParams> {
  const jar = new Map<string, string>();
  const start = await fetch(authorizationUrl, { redirect: 'manual' });
  cookiesOf(start, jar);
  const location = new URL(start.headers.get('location')!, base);
  expect(location.pathname).toMatch(/^\/oauth\/consent\//);
  const uid = location.pathname.split('/').pop()!;
  const { cookie } = await sessionCookieFor(owner.id);
  const page = await consentPage.loader({
    request: new Request(location, { headers: { Cookie: cookie } }),
    params: { uid },
    context: {},
  } as never);
  expect(JSON.stringify(page)).toContain('Test Assistant');
  const answer = (await consentPage.action({
    request: new Request(location, {
      method: 'POST',
      headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ decision }),
    }),
    params: { uid },
    context: {},
  } as never)) as Response;
  const resume = answer.headers.get('location')!;
  expect(resume).toContain('/oauth/authorize/');
  const back = await fetch(resume, {
    redirect: 'manual',
    headers: { Cookie: [...jar].map(([n, v]) => `${n}=${v}`).join('; ') },
  });
  expect(back.status).toBe(303);
  const redirect = new URL(back.headers.get('location')!);
  expect(redirect.origin + redirect.pathname).toBe(REDIRECT);
  return redirect.searchParams;
}

/** Connects the official client through the whole OAuth flow; returns it and its provider. */
async function connectWithOAuth(owner: { id: string }, scope = 'read write') {
  const oauth = new MemoryOAuthClient(REDIRECT, scope);
  const transport = new StreamableHTTPClientTransport(new URL('/mcp', base), {
    authProvider: oauth,
  });
  await expect(new Client({ name: 't', version: '1' }).connect(transport)).rejects.toThrow(
    UnauthorizedError,
  );
  expect(oauth.authorizationUrl).not.toBeNull();
  const params = await consent(oauth.authorizationUrl!, owner);
  // The whole callback (code, state and iss: RFC 9207's mix-up defence is checked).
  await transport.finishAuth(params);
  const client = new Client({ name: 't', version: '1' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL('/mcp', base), { authProvider: oauth }),
  );
  return { client, oauth };
}

const post = (url: string, form: Record<string, string>) =>
  fetch(new URL(url, base), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });

const mcpCall = (token: string, method: string, params?: Record<string, unknown>) =>
  fetch(new URL('/mcp', base), {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'MCP-Protocol-Version': '2025-11-25',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
const mcpList = (token: string) => mcpCall(token, 'tools/list');

/** Registration and the start of an authorization by hand, for the failure cases. */
let registrations = 0;
async function registerClient(redirectUris = [REDIRECT]) {
  registrations += 1;
  const response = await fetch(new URL('/oauth/register', base), {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Forwarded-For': `198.51.100.${registrations}`,
    },
    body: JSON.stringify({
      client_name: 'Test Assistant',
      redirect_uris: redirectUris,
      grant_types: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_method: 'none',
    }),
  });
  return { response, body: (await response.json()) as Record<string, unknown> };
}

async function codeFor(owner: { id: string }, clientId: string, verifier: string) {
  const url = new URL('/oauth/authorize', base);
  url.search = new URLSearchParams({
    client_id: clientId,
    response_type: 'code',
    redirect_uri: REDIRECT,
    scope: 'read',
    state: 'xyz',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    resource: `${base}/mcp`,
  }).toString();
  return (await consent(url, owner)).get('code')!;
}

const exchange = (clientId: string, code: string, verifier: string) =>
  post('/oauth/token', {
    grant_type: 'authorization_code',
    client_id: clientId,
    code,
    code_verifier: verifier,
    redirect_uri: REDIRECT,
    resource: `${base}/mcp`,
  });

describe('discovery', () => {
  it('answers a request without a token with 401 naming the protected resource metadata', async () => {
    const response = await fetch(new URL('/mcp', base), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain(
      `resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"`,
    );
    for (const suffix of ['', '/mcp']) {
      const metadata = await fetch(new URL(`/.well-known/oauth-protected-resource${suffix}`, base));
      expect(await metadata.json()).toMatchObject({
        resource: `${base}/mcp`,
        authorization_servers: [base],
        scopes_supported: ['read', 'write'],
      });
    }
    const as = (await (
      await fetch(new URL('/.well-known/oauth-authorization-server', base))
    ).json()) as Record<string, unknown>;
    expect(as).toMatchObject({
      issuer: base,
      registration_endpoint: `${base}/oauth/register`,
      token_endpoint: `${base}/oauth/token`,
      revocation_endpoint: `${base}/oauth/revoke`,
      code_challenge_methods_supported: ['S256'],
      client_id_metadata_document_supported: true,
    });
  });
});

describe('the whole flow with the official MCP client', () => {
  it('registers, signs in with PKCE, lists tools, refreshes, and stores only hashes', async () => {
    const owner = await createUser();
    const { client, oauth } = await connectWithOAuth(owner);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain('list_businesses');
    const tokens = oauth.saved!;

    // tools/list is one page: a cursor nobody handed out is invalid params, not the first page.
    const cursor = await mcpCall(tokens.access_token, 'tools/list', { cursor: 'bogus' });
    expect(await cursor.json()).toMatchObject({ error: { code: -32602 } });
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.expires_in).toBeLessThanOrEqual(3600);

    // The owner is told of the new app, once.
    await settleMail();
    const mails = await db.outboxMessage.findMany({
      where: { to: owner.email, kind: 'app_connected' },
      select: { subject: true, text: true },
    });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Test Assistant was connected to your AI Visibility account');
    expect(mails[0]!.text).toContain('/account/connected-apps');

    // Nothing stored holds a token or code as it was issued.
    const rows = await db.oAuthRecord.findMany({ select: { key: true, payload: true } });
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(tokens.access_token);
    expect(stored).not.toContain(tokens.refresh_token!);

    // Refresh: a new pair, and the old refresh token is spent.
    const clientId = oauth.client!.client_id;
    const refreshed = await post('/oauth/token', {
      grant_type: 'refresh_token',
      client_id: clientId,
      refresh_token: tokens.refresh_token!,
    });
    expect(refreshed.status).toBe(200);
    const fresh = (await refreshed.json()) as { access_token: string; refresh_token: string };
    expect(fresh.refresh_token).not.toBe(tokens.refresh_token);
    expect((await mcpList(fresh.access_token)).status).toBe(200);

    // Reusing the spent refresh token revokes the whole grant: the fresh tokens die with it.
    const reused = await post('/oauth/token', {
      grant_type: 'refresh_token',
      client_id: clientId,
      refresh_token: tokens.refresh_token!,
    });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await mcpList(fresh.access_token)).status).toBe(401);
    expect(
      (
        await post('/oauth/token', {
          grant_type: 'refresh_token',
          client_id: clientId,
          refresh_token: fresh.refresh_token,
        })
      ).status,
    ).toBe(400);
  });

  it('revocation: a revoked refresh token ends the app’s access', async () => {
    const owner = await createUser();
    const { oauth } = await connectWithOAuth(owner);
    const tokens = oauth.saved!;
    const revoked = await post('/oauth/revoke', {
      client_id: oauth.client!.client_id,
      token: tokens.refresh_token!,
    });
    expect(revoked.status).toBe(200);
    expect((await mcpList(tokens.access_token)).status).toBe(401);
  });

  it('the owner’s Deny returns access_denied to the app', async () => {
    const owner = await createUser();
    const { body } = await registerClient();
    const url = new URL('/oauth/authorize', base);
    url.search = new URLSearchParams({
      client_id: String(body.client_id),
      response_type: 'code',
      redirect_uri: REDIRECT,
      state: 's1',
      code_challenge: createHash('sha256').update('v'.repeat(43)).digest('base64url'),
      code_challenge_method: 'S256',
    }).toString();
    const params = await consent(url, owner, 'deny');
    expect(params.get('error')).toBe('access_denied');
    expect(params.get('state')).toBe('s1');
    expect(params.get('code')).toBeNull();
  });
});

describe('failure cases', () => {
  it('a wrong verifier and a reused code are invalid_grant; reuse revokes what the code gave', async () => {
    const owner = await createUser();
    const { body } = await registerClient();
    const clientId = String(body.client_id);
    const verifier = randomBytes(32).toString('base64url');
    const code = await codeFor(owner, clientId, verifier);
    const wrong = await exchange(clientId, code, randomBytes(32).toString('base64url'));
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_grant' });

    const code2 = await codeFor(owner, clientId, verifier);
    const first = await exchange(clientId, code2, verifier);
    expect(first.status).toBe(200);
    const { access_token } = (await first.json()) as { access_token: string };
    expect((await mcpList(access_token)).status).toBe(200);
    const again = await exchange(clientId, code2, verifier);
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await mcpList(access_token)).status).toBe(401);
  });

  it('refuses an unregistered redirect URI, and registers only https or loopback ones', async () => {
    const { body } = await registerClient();
    const url = new URL('/oauth/authorize', base);
    url.search = new URLSearchParams({
      client_id: String(body.client_id),
      response_type: 'code',
      redirect_uri: 'http://127.0.0.1:9/elsewhere',
      code_challenge: createHash('sha256').update('v'.repeat(43)).digest('base64url'),
      code_challenge_method: 'S256',
    }).toString();
    const refused = await fetch(url, { redirect: 'manual' });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('location')).toBeNull();
    expect(await refused.text()).toContain('redirect_uri did not match');

    for (const uri of ['http://evil.example/callback', 'myapp://callback']) {
      const { response, body: error } = await registerClient([uri]);
      expect(response.status).toBe(400);
      expect(error).toMatchObject({ error: 'invalid_redirect_uri' });
    }
  });

  it('refuses PKCE-less requests and plain PKCE', async () => {
    const { body } = await registerClient();
    const cases: Record<string, string>[] = [
      {},
      { code_challenge: 'v'.repeat(43), code_challenge_method: 'plain' },
    ];
    for (const extra of cases) {
      const url = new URL('/oauth/authorize', base);
      url.search = new URLSearchParams({
        client_id: String(body.client_id),
        response_type: 'code',
        redirect_uri: REDIRECT,
        ...extra,
      }).toString();
      const response = await fetch(url, { redirect: 'manual' });
      const location = new URL(response.headers.get('location')!);
      expect(location.searchParams.get('error')).toBe('invalid_request');
    }
  });

  it('a token for another resource: refused at the token endpoint and at /mcp', async () => {
    const owner = await createUser();
    const { body } = await registerClient();
    const clientId = String(body.client_id);
    const verifier = randomBytes(32).toString('base64url');
    const code = await codeFor(owner, clientId, verifier);
    const other = await post('/oauth/token', {
      grant_type: 'authorization_code',
      client_id: clientId,
      code,
      code_verifier: verifier,
      redirect_uri: REDIRECT,
      resource: 'https://elsewhere.example/mcp',
    });
    expect(other.status).toBe(400);
    expect(await other.json()).toMatchObject({ error: 'invalid_target' });

    // A token the authorization server holds for another audience never opens /mcp.
    const { oauthProvider } = await import('~/domain/oauth/provider.server');
    const provider = oauthProvider(base);
    const token = new provider.AccessToken({
      accountId: owner.id,
      clientId,
      grantId: 'some-grant',
      scope: 'read',
      aud: 'https://elsewhere.example/mcp',
    } as never);
    const value = await token.save();
    const response = await mcpList(value);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });

  it('a disconnected app is refused at once; another owner cannot disconnect it (404)', async () => {
    const owner = await createUser();
    const { oauth } = await connectWithOAuth(owner);
    const { cookie } = await sessionCookieFor(owner.id);
    const page = (await connectedAppsPage.loader({
      request: new Request(`${base}/account/connected-apps`, { headers: { Cookie: cookie } }),
      params: {},
      context: {},
    } as never)) as Awaited<ReturnType<typeof connectedAppsPage.loader>>;
    expect(page.total).toBe(1);
    expect(page.apps[0]).toMatchObject({ name: 'Test Assistant', scopes: ['read', 'write'] });
    const appId = page.apps[0]!.id;

    const stranger = await createUser();
    const strangerCookie = (await sessionCookieFor(stranger.id)).cookie;
    const refused = (await connectedAppsPage.action({
      request: new Request(`${base}/account/connected-apps`, {
        method: 'POST',
        headers: { Cookie: strangerCookie, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ intent: 'disconnect', appId }),
      }),
      params: {},
      context: {},
    } as never)) as { init: { status: number } };
    expect(refused.init.status).toBe(404);
    expect((await mcpList(oauth.saved!.access_token)).status).toBe(200);

    const done = (await connectedAppsPage.action({
      request: new Request(`${base}/account/connected-apps`, {
        method: 'POST',
        headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ intent: 'disconnect', appId }),
      }),
      params: {},
      context: {},
    } as never)) as Response;
    expect(done.status).toBe(302);
    expect((await mcpList(oauth.saved!.access_token)).status).toBe(401);
    const refresh = await post('/oauth/token', {
      grant_type: 'refresh_token',
      client_id: oauth.client!.client_id,
      refresh_token: oauth.saved!.refresh_token!,
    });
    expect(refresh.status).toBe(400);
  });

  it('an app connected for read only is challenged for write on the tools that change things', async () => {
    const owner = await createUser();
    const { body } = await registerClient();
    const verifier = randomBytes(32).toString('base64url');
    const code = await codeFor(owner, String(body.client_id), verifier);
    const tokens = (await (await exchange(String(body.client_id), code, verifier)).json()) as {
      access_token: string;
      scope: string;
    };
    expect(tokens.scope).toBe('read');
    const call = await mcpCall(tokens.access_token, 'tools/call', {
      name: 'add_tracked_prompt',
      arguments: { businessId: 'any', text: 'best plumber in Austin' },
    });
    expect(call.status).toBe(403);
    const challenge = call.headers.get('www-authenticate')!;
    expect(challenge).toContain('error="insufficient_scope"');
    expect(challenge).toContain('scope="write"');
    expect(challenge).toContain(
      `resource_metadata="${base}/.well-known/oauth-protected-resource/mcp"`,
    );
    const read = await mcpCall(tokens.access_token, 'tools/call', {
      name: 'list_businesses',
      arguments: {},
    });
    expect(read.status).toBe(200);
  });

  it('an app’s token reaches the MCP tools only: the JSON API refuses it with 403', async () => {
    const owner = await createUser();
    const { oauth } = await connectWithOAuth(owner);
    const headers = { Authorization: `Bearer ${oauth.saved!.access_token}` };
    for (const [route, method] of [
      [businessesApi.loader, 'GET'],
      [accountApi.action, 'DELETE'],
    ] as const) {
      const request = new Request(`${base}/api/x`, { method, headers });
      const refusal = await Promise.resolve(
        route({ request, params: {}, context: {} } as never),
      ).catch((error: unknown) => error);
      expect((refusal as Response).status).toBe(403);
      expect(await (refusal as Response).json()).toEqual({ message: OAUTH_TOKEN_REFUSED_MESSAGE });
    }
  });

  it('a password reset disconnects every app', async () => {
    const owner = await createUser();
    const { oauth } = await connectWithOAuth(owner);
    const token = randomBytes(32).toString('base64url');
    await db.passwordReset.create({
      data: {
        userId: owner.id,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + 60_000),
      },
    });
    await resetPassword(token, 'a-brand-new-password');
    expect((await mcpList(oauth.saved!.access_token)).status).toBe(401);
    expect(await db.oAuthRecord.count({ where: { userId: owner.id } })).toBe(0);
  });

  it('limits registrations per address, and unused registered clients expire', async () => {
    const address = '198.51.100.99';
    const statuses: number[] = [];
    for (let i = 0; i <= REGISTRATIONS_PER_MINUTE; i += 1) {
      const response = await fetch(new URL('/oauth/register', base), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
        body: JSON.stringify({ redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none' }),
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, REGISTRATIONS_PER_MINUTE).every((status) => status === 201)).toBe(
      true,
    );
    expect(statuses.at(-1)).toBe(429);

    const clients = await db.oAuthRecord.count({ where: { kind: 'Client' } });
    expect(clients).toBeGreaterThan(0);
    // A week later (the daily retention job): clients someone connected with are kept, the
    // unused ones are gone.
    const done = await deleteExpiredRows({ now: new Date(Date.now() + 8 * 24 * 60 * 60 * 1000) });
    expect(done.oauthRecords).toBeGreaterThanOrEqual(REGISTRATIONS_PER_MINUTE);
    const left = await db.oAuthRecord.findMany({
      where: { kind: 'Client' },
      select: { expiresAt: true },
    });
    expect(left.every((row) => row.expiresAt === null)).toBe(true);
  });
});
