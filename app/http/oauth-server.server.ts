import type { IncomingMessage, ServerResponse } from 'node:http';
import { OAUTH_ROUTES, oauthProvider } from '~/domain/oauth/provider.server';
import { takeApiKeyRequest } from './api-key-limit.server';

// The authorization server's endpoints (oidc-provider, a Koa app) on the production server:
// server/app.ts hands every request for them here (isOAuthServerPath), with its body already read
// under the usual limits and timeouts (oidc-provider reads `req.body` then). Dynamic client
// registration is open to anyone, so it is limited per client address.

/** Registrations one address may make a minute (a bucket: bursts up to it, then that pace). */
export const REGISTRATIONS_PER_MINUTE = 10;
export const REGISTRATION_RATE_MESSAGE =
  'Too many client registrations from this address. Wait a minute and try again.';

type Handler = (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;
const handlers = new Map<string, Handler>();

export function handleOAuthRequest(
  req: IncomingMessage,
  res: ServerResponse,
  { origin, clientAddress }: { origin: string; clientAddress: string | null },
): void {
  const path = new URL(req.url ?? '/', origin).pathname;
  if (req.method === 'POST' && path === OAUTH_ROUTES.registration) {
    const decision = takeApiKeyRequest(
      `oauth-register:${clientAddress ?? 'unknown'}`,
      Date.now(),
      REGISTRATIONS_PER_MINUTE,
    );
    if (!decision.allowed) {
      res.writeHead(429, {
        'Content-Type': 'application/json',
        'Cache-Control': 'no-store',
        'Retry-After': String(decision.retryAfterSeconds),
      });
      res.end(
        JSON.stringify({
          error: 'too_many_requests',
          error_description: REGISTRATION_RATE_MESSAGE,
        }),
      );
      return;
    }
  }
  const provider = oauthProvider(origin);
  let handler = handlers.get(provider.issuer);
  if (!handler) {
    handler = provider.callback();
    handlers.set(provider.issuer, handler);
  }
  void handler(req, res);
}
