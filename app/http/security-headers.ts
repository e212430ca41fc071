// The headers every answer carries, pages and the JSON API alike. Pure, so the production server
// applies them to everything it sends and entry.server to pages under the dev server too.

/**
 * `https`: the answer goes out over HTTPS (directly or, behind TRUST_PROXY, as the proxy says).
 * Only those carry Strict-Transport-Security; a browser ignores it over plain HTTP, and sending it
 * there would only mislead.
 */
export function applySecurityHeaders(headers: Headers, { https }: { https: boolean }) {
  headers.set('X-Content-Type-Options', 'nosniff');
  // A page may ask for less (the password-reset link's page sends no referrer to other sites).
  if (!headers.has('Referrer-Policy')) {
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  }
  headers.set('X-Frame-Options', 'DENY');
  headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
  headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  if (https) headers.set('Strict-Transport-Security', HSTS);
  else headers.delete('Strict-Transport-Security');
}

export const HSTS = 'max-age=31536000; includeSubDomains';
