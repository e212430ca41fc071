import { env } from '~/lib/env.server';

/**
 * The site's public origin, for absolute URLs (sitemap, og:url, payment return URLs): PUBLIC_URL,
 * which production requires. Without it (development, tests) the host comes from the request; behind a TLS-terminating reverse proxy (TRUST_PROXY) the scheme comes
 * from X-Forwarded-Proto, so links say https although the app itself speaks http.
 */
export function getOrigin(request: Request): string {
  // A configured address wins: a request's Host is never written into a page.
  if (env.PUBLIC_URL) return new URL(env.PUBLIC_URL).origin;
  const url = new URL(request.url);
  const forwardedProto = env.TRUST_PROXY
    ? request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase()
    : undefined;
  if (forwardedProto === 'https' || forwardedProto === 'http') url.protocol = `${forwardedProto}:`;
  return url.origin;
}
