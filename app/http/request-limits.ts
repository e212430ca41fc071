// How much a request may send, and how the server tells what a request is. Pure (no
// configuration): the production server enforces it while the body streams in (server/app.ts),
// and the app's readers repeat the check for other runtimes.

/** A form or JSON call: far more than any of ours needs. */
export const MAX_BODY_BYTES = 64 * 1024;
/** Stripe's events are larger than a form (an invoice lists its lines). */
export const MAX_WEBHOOK_BYTES = 1024 * 1024;
export const WEBHOOK_PATH = '/api/webhooks/stripe';
/** A log drain's batch (Vercel and Netlify send up to a few hundred KB at a time). */
export const MAX_DRAIN_BYTES = 1024 * 1024;
/** A body that sends nothing for this long is answered 408 and its connection closed. */
export const BODY_IDLE_TIMEOUT_MS = 5_000;
/** However it trickles, a body must have arrived within this time (408 otherwise). */
export const BODY_TOTAL_TIMEOUT_MS = 20_000;

/**
 * The path as the router matches it: percent-decoded (where that is valid) and in lower case, as
 * React Router's routes are case-insensitive. `/API/businesses` and `/%61pi/businesses` are the
 * same route as `/api/businesses`, so every decision the server takes by path uses this.
 */
export function routePath(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    /* a malformed escape: the router does not decode it either */
  }
  return decoded.toLowerCase();
}

/** A request the JSON API answers (`/api/...` in any case or encoding). */
export function isApiPath(pathname: string): boolean {
  return /^\/api(?:\/|$)/.test(routePath(pathname));
}

/** The remote MCP server (`/mcp`, in any case or encoding, as the router matches it). */
export function isMcpPath(pathname: string): boolean {
  return /^\/mcp\/?$/.test(routePath(pathname));
}

/**
 * A machine's call rather than a page: the JSON API and the MCP server. The server answers their
 * refusals with `{ message }`, allows the API's methods and applies the cookie-call rule to them.
 */
export function isJsonApiPath(pathname: string): boolean {
  return isApiPath(pathname) || isMcpPath(pathname);
}

export function isWebhookPath(pathname: string): boolean {
  return routePath(pathname).replace(/\/+$/, '') === WEBHOOK_PATH;
}

/**
 * The routes that take a file too large for memory (an access log, issue 48): the server leaves
 * their body unread and hands the stream to the route, which streams it to disk with its own limit.
 */
export function isStreamingUploadPath(pathname: string): boolean {
  return /^\/(api\/businesses\/[^/]+\/crawler-logs|dashboard\/businesses\/[^/]+\/crawlers\/upload)\/?$/.test(
    routePath(pathname),
  );
}

/** A log drain's ingest address, `/api/ingest/{token}` (issue 48). */
export function isDrainIngestPath(pathname: string): boolean {
  return /^\/api\/ingest\/[^/]+\/?$/.test(routePath(pathname));
}

export function bodyLimitFor(pathname: string): number {
  if (isWebhookPath(pathname)) return MAX_WEBHOOK_BYTES;
  return isDrainIngestPath(pathname) ? MAX_DRAIN_BYTES : MAX_BODY_BYTES;
}

/**
 * The token of `Authorization: Bearer <token>`, the only scheme the JSON API knows (the scheme's
 * name in any case, as RFC 9110 says); null for any other header (Basic, a bare token, nothing).
 */
export function bearerToken(authorization: string | null | undefined): string | null {
  return authorization?.match(/^Bearer[ \t]+(\S+)[ \t]*$/i)?.[1] ?? null;
}

/** Methods a page route answers; anything else is 405 before the page's loader or action runs. */
export const PAGE_METHODS = ['GET', 'HEAD', 'POST'];
/** Methods the JSON API knows (each route narrows it further with its own 405). */
export const API_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** A Host header we can build a URL from: a name or address and an optional port. */
export function isWellFormedHost(host: string | undefined): boolean {
  if (!host || host.length > 255) return false;
  return /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i.test(
    host,
  );
}

/**
 * The OAuth authorization server's endpoints and metadata (served by oidc-provider in front of
 * the app; the consent page at /oauth/consent is one of ours): `/oauth/authorize` (and its
 * resume), token, register, revoke, jwks, and the two discovery documents.
 */
export function isOAuthServerPath(pathname: string): boolean {
  const path = routePath(pathname);
  return (
    /^\/oauth\/(?:authorize(?:\/[^/]+)?|token|register|revoke|jwks)$/.test(path) ||
    /^\/\.well-known\/(?:oauth-authorization-server|openid-configuration)$/.test(path)
  );
}
