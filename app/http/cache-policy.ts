// Who may keep a copy of a response. Pure (no configuration), so the production server applies it
// to every answer the app gives and the route modules declare their intent with the same values.

/** A page that is the same for every anonymous visitor: a shared cache (CDN, nginx) may keep it. */
export const PUBLIC_PAGE_CACHE = 'public, max-age=0, s-maxage=300, stale-while-revalidate=86400';
/** Anything tied to a person: never stored anywhere. */
export const PRIVATE_NO_STORE = 'private, no-store';

/** The cookies that make a response personal: the sign-in session and the flash message. */
export const PERSONAL_COOKIES = ['__session', 'toast'] as const;

/**
 * Route modules of public pages: `export const headers = publicPageHeaders;`. A route's `headers`
 * decides its response's headers alone, so the Retry-After of an action's or loader's answer (a
 * sign-in form's 429) is carried over here, or it would be lost.
 */
export function publicPageHeaders(
  args: { actionHeaders?: Headers; loaderHeaders?: Headers; errorHeaders?: Headers } = {},
) {
  const retryAfter = [args.actionHeaders, args.errorHeaders, args.loaderHeaders]
    .map((headers) => headers?.get('Retry-After'))
    .find(Boolean);
  return {
    'Cache-Control': PUBLIC_PAGE_CACHE,
    ...(retryAfter ? { 'Retry-After': retryAfter } : {}),
  };
}

export function carriesPersonalCookie(cookieHeader: string | null): boolean {
  if (!cookieHeader) return false;
  return cookieHeader
    .split(';')
    .some((pair) =>
      (PERSONAL_COOKIES as readonly string[]).includes(pair.split('=')[0]?.trim() ?? ''),
    );
}

/**
 * The Cache-Control a response leaves with. A response that sets a cookie, or answers a request
 * that carried a session, a flash message or a bearer token, is private whatever the route said.
 * Otherwise the route's own value stands (public pages, robots.txt), except that only a 200 may be
 * shared; a response that said nothing is private.
 */
export function cacheControlFor(
  request: { headers: Pick<Headers, 'get' | 'has'> },
  response: { status: number; headers: Pick<Headers, 'get' | 'has'> },
): string {
  const personal =
    response.headers.has('set-cookie') ||
    request.headers.has('authorization') ||
    carriesPersonalCookie(request.headers.get('cookie'));
  const declared = response.headers.get('cache-control');
  if (personal || !declared) return PRIVATE_NO_STORE;
  if (/\bpublic\b/i.test(declared) && response.status !== 200) return PRIVATE_NO_STORE;
  return declared;
}
