import { createHmac, createPrivateKey } from 'node:crypto';
import Provider, { errors, interactionPolicy, type Configuration } from 'oidc-provider';
import { env } from '~/lib/env.server';
import { fetchClientMetadata } from '~/lib/client-metadata-fetch.server';
import { PrismaOAuthAdapter } from './store.server';

// The OAuth 2.1 authorization server in front of /mcp (decision 26), on oidc-provider (panva's
// certified OAuth 2.0 / OpenID Connect server): we configure it, store its records through
// PrismaOAuthAdapter (hashed), and render the owner's consent page ourselves
// (app/routes/oauth.consent.$uid.tsx). What it is set to do:
// - authorization code with PKCE S256 only (no implicit, no hybrid, no plain PKCE);
// - one resource, `<PUBLIC_URL>/mcp` (RFC 8707), two scopes on it, `read` and `write`; opaque
//   access tokens for it that live an hour; any other resource is `invalid_target`;
// - dynamic client registration (RFC 7591, open, rate limited per address by the server in
//   front) and Client ID Metadata Documents (an https client_id serving its own metadata);
//   redirect URIs https or loopback http, matched exactly;
// - refresh tokens rotated on every use; presenting a used one revokes the whole grant;
// - revocation (RFC 7009); metadata (RFC 8414 and OpenID discovery).

export const OAUTH_SCOPES = ['read', 'write'] as const;
export type OAuthScope = (typeof OAUTH_SCOPES)[number];
export const ACCESS_TOKEN_SECONDS = 60 * 60;
const REFRESH_TOKEN_SECONDS = 30 * 24 * 60 * 60;
const GRANT_SECONDS = 365 * 24 * 60 * 60;
const INTERACTION_SECONDS = 10 * 60;
/** Paths the authorization server answers (mounted by the production server, server/app.ts). */
export const OAUTH_ROUTES = {
  authorization: '/oauth/authorize',
  token: '/oauth/token',
  registration: '/oauth/register',
  revocation: '/oauth/revoke',
  jwks: '/oauth/jwks',
} as const;
export const CONSENT_PATH = '/oauth/consent';

/** The site's origin: PUBLIC_URL (production requires it), else the request's (development). */
export function issuerFor(requestOrigin: string): string {
  return env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : requestOrigin;
}

/** The protected resource: the MCP server's own URL, the audience of every token. */
export function resourceFor(issuer: string): string {
  return `${issuer}/mcp`;
}

function derived(label: string): Buffer {
  return createHmac('sha256', env.SESSION_SECRET).update(`oauth:${label}`).digest();
}

/**
 * The signing key (Ed25519) derived from SESSION_SECRET, so every instance signs alike with no key
 * file to deploy. Nothing we issue is signed today (access tokens are opaque, there are no ID
 * tokens); oidc-provider requires a key all the same.
 */
function signingJwk() {
  const pkcs8 = Buffer.concat([
    Buffer.from('302e020100300506032b657004220420', 'hex'),
    derived('signing-key'),
  ]);
  const jwk = createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' }).export({
    format: 'jwk',
  });
  return { ...jwk, alg: 'Ed25519', use: 'sig', kid: derived('kid').toString('hex').slice(0, 16) };
}

const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** A redirect URI we accept: https, or plain http to the client's own machine (RFC 8252). */
export function isAcceptableRedirectUri(uri: string): boolean {
  const parsed = URL.parse(uri);
  if (!parsed) return false;
  if (parsed.protocol === 'https:') return true;
  return parsed.protocol === 'http:' && LOOPBACK.has(parsed.hostname);
}

function configuration(issuer: string): Configuration {
  const resource = resourceFor(issuer);
  const policy = interactionPolicy.base();
  // The owner confirms every connection on our own page, signed in to our site: the provider's
  // own session never stands in for it (another person may have signed in on this browser since).
  policy
    .get('login')!
    .checks.add(
      new interactionPolicy.Check(
        'owner_confirms',
        'The owner signs in and allows the app',
        (ctx) =>
          ctx.oidc.result?.login
            ? interactionPolicy.Check.NO_NEED_TO_PROMPT
            : interactionPolicy.Check.REQUEST_PROMPT,
      ),
    );
  return {
    adapter: PrismaOAuthAdapter,
    clients: [],
    routes: OAUTH_ROUTES,
    responseTypes: ['code'],
    // read and write are the resource's scopes (getResourceServerInfo below); listed here too, as
    // clients register with them (RFC 7591 `scope`). The consent grants them on both.
    scopes: ['openid', 'offline_access', ...OAUTH_SCOPES],
    claims: { openid: ['sub'] },
    pkce: { required: () => true },
    clientAuthMethods: ['none', 'client_secret_basic', 'client_secret_post'],
    clientDefaults: {
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      id_token_signed_response_alg: 'Ed25519',
    },
    enabledJWA: { idTokenSigningAlgValues: ['Ed25519'] },
    jwks: { keys: [signingJwk()] },
    cookies: {
      keys: [derived('cookies').toString('base64url')],
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    interactions: {
      policy,
      url: (_ctx, interaction) => `${CONSENT_PATH}/${interaction.uid}`,
    },
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub }) }),
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      userinfo: { enabled: false },
      dPoP: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      registration: { enabled: true, initialAccessToken: false },
      revocation: { enabled: true },
      clientIdMetadataDocument: {
        enabled: true,
        ack: 'draft-02',
        allowClient: (_ctx, client) =>
          (client.redirectUris ?? []).every((uri: string) => isAcceptableRedirectUri(uri)),
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== resource) {
            throw new errors.InvalidTarget(`the only resource here is ${resource}`);
          }
          return {
            scope: OAUTH_SCOPES.join(' '),
            audience: resource,
            accessTokenTTL: ACCESS_TOKEN_SECONDS,
            accessTokenFormat: 'opaque',
          };
        },
      },
    },
    // Every registered client is checked here, whether it registered (RFC 7591) or serves its
    // own metadata document: redirect URIs https or loopback http only.
    extraClientMetadata: {
      properties: ['software_version'],
      validator: (_ctx, key, _value, metadata) => {
        if (key !== 'software_version') return;
        const uris = (metadata.redirect_uris ?? []) as string[];
        const bad = uris.find((uri) => !isAcceptableRedirectUri(uri));
        if (bad) {
          throw new errors.InvalidRedirectUri(
            `redirect_uris must be https, or http on 127.0.0.1, [::1] or localhost: ${bad}`,
          );
        }
      },
    },
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    expiresWithSession: () => false,
    ttl: {
      AccessToken: ACCESS_TOKEN_SECONDS,
      AuthorizationCode: 60,
      RefreshToken: REFRESH_TOKEN_SECONDS,
      Grant: GRANT_SECONDS,
      Interaction: INTERACTION_SECONDS,
      Session: INTERACTION_SECONDS,
      IdToken: ACCESS_TOKEN_SECONDS,
    },
    fetch: (url) => fetchClientMetadata(url),
    renderError: (ctx, out) => {
      ctx.type = 'html';
      const escape = (text: unknown) =>
        String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
      ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>The app could not connect</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#111"><h1>The app could not connect</h1><p>The app that sent you here asked for access in a way we cannot accept. Go back to the app and try connecting again.</p><p><code>${escape(out.error)}</code>: ${escape(out.error_description ?? '')}</p><p><a href="/help/mcp">How to connect an AI assistant</a></p></body></html>`;
    },
  };
}

const providers = new Map<string, Provider>();

/** The authorization server for this site's issuer (one per process). */
export function oauthProvider(requestOrigin: string): Provider {
  const issuer = issuerFor(requestOrigin);
  let provider = providers.get(issuer);
  if (!provider) {
    provider = new Provider(issuer, configuration(issuer));
    provider.proxy = env.TRUST_PROXY;
    providers.set(issuer, provider);
  }
  return provider;
}
