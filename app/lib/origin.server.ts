import { env } from './env.server';

/**
 * The site's public origin as the visitor sees it, for absolute URLs (sitemap, og:url). The host
 * comes from the request; behind a TLS-terminating reverse proxy (TRUST_PROXY) the scheme comes
 * from X-Forwarded-Proto, so links say https although the app itself speaks http.
 */
export function getOrigin(request: Request): string {
  const url = new URL(request.url);
  const forwardedProto = env.TRUST_PROXY
    ? request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase()
    : undefined;
  if (forwardedProto === 'https' || forwardedProto === 'http') url.protocol = `${forwardedProto}:`;
  return url.origin;
}
