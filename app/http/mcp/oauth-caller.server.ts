import type { AuthInfo } from '@modelcontextprotocol/server';
import type { PublicUser } from '~/domain/accounts.server';
import { noteGrantUse } from '~/domain/oauth/connected-apps.server';
import { OAUTH_SCOPES } from '~/domain/oauth/provider.server';
import { verifyAccessToken } from '~/domain/oauth/tokens.server';
import { getOrigin } from '../origin.server';
import { API_KEY_RATE_LIMIT_MESSAGE, takeApiKeyRequest } from '../api-key-limit.server';
import { bearerToken } from '../request-limits';

// /mcp as an OAuth 2.1 resource server (decision 26): a bearer token that is not an API key is
// looked up as an access token issued for `<origin>/mcp`; it shares the API keys' rate (per
// connected app) and notes "last used" for the Connected apps list.

/** Where a client finds our authorization server (RFC 9728), for the MCP server at /mcp. */
export function protectedResourceMetadataUrl(request: Request): string {
  return `${getOrigin(request)}/.well-known/oauth-protected-resource/mcp`;
}

/** The 401 challenge: where to discover how to sign in, and which scopes there are. */
export function mcpChallenge(request: Request, presentedToken: boolean): string {
  const parts = [
    'Bearer realm="mcp"',
    `resource_metadata="${protectedResourceMetadataUrl(request)}"`,
    `scope="${OAUTH_SCOPES.join(' ')}"`,
  ];
  if (presentedToken) {
    parts.push(
      'error="invalid_token"',
      'error_description="The API key or access token is unknown, expired or revoked"',
    );
  }
  return parts.join(', ');
}

/** The caller of an OAuth access token; a batch of `calls` takes as many from the app's rate. */
export async function oauthMcpCaller(
  request: Request,
  calls = 1,
): Promise<(AuthInfo & { extra: { user: PublicUser } }) | null> {
  const token = bearerToken(request.headers.get('authorization'));
  if (!token) return null;
  const caller = await verifyAccessToken(getOrigin(request), token);
  if (!caller) return null;
  const decision = takeApiKeyRequest(`oauth-grant:${caller.grantId}`, undefined, undefined, calls);
  if (!decision.allowed) {
    throw Response.json(
      { message: API_KEY_RATE_LIMIT_MESSAGE },
      { status: 429, headers: { 'Retry-After': String(decision.retryAfterSeconds) } },
    );
  }
  void noteGrantUse(caller.grantId).catch((error: unknown) =>
    console.warn('[oauth] last used', error),
  );
  return {
    token,
    clientId: caller.clientId,
    scopes: caller.scopes,
    // Where a scope challenge (a write tool with a read-only token) sends the client.
    resourceMetadataUrl: protectedResourceMetadataUrl(request),
    extra: { user: caller.user },
  };
}
