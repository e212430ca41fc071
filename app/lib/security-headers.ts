// The headers every answer carries, pages and the JSON API alike. Pure, so the production server
// applies them to everything it sends and entry.server to pages under the dev server too.

export function applySecurityHeaders(headers: Headers, { hsts }: { hsts: boolean }) {
  headers.set('X-Content-Type-Options', 'nosniff');
  // A page may ask for less (the password-reset link's page sends no referrer to other sites).
  if (!headers.has('Referrer-Policy')) {
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  }
  headers.set('X-Frame-Options', 'DENY');
  headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
  headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  if (hsts) headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
}
