// How much a request may send. Pure (no configuration): the production server enforces it while
// the body streams in (server/app.ts), and the app's readers repeat the check for other runtimes.

/** A form or JSON call: far more than any of ours needs. */
export const MAX_BODY_BYTES = 64 * 1024;
/** Stripe's events are larger than a form (an invoice lists its lines). */
export const MAX_WEBHOOK_BYTES = 1024 * 1024;
export const WEBHOOK_PATH = '/api/webhooks/stripe';

export function bodyLimitFor(pathname: string): number {
  return pathname === WEBHOOK_PATH ? MAX_WEBHOOK_BYTES : MAX_BODY_BYTES;
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
