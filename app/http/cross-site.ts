/**
 * A request another site made the browser send (a form on evil.example posting here). Browsers say
 * so in Sec-Fetch-Site; older ones at least send an Origin we can compare with our own host. A
 * caller that is not a browser (the Stripe webhook, curl) sends neither and is not cross-site.
 * `same-site` (a sibling subdomain) is refused too: only this origin may post here.
 *
 * Pure (no configuration), so the production server and the app share it.
 */
export function isCrossSite(headers: Pick<Headers, 'get'>, ownHost: string | null): boolean {
  const site = headers.get('sec-fetch-site');
  if (site) return site === 'cross-site' || site === 'same-site';
  const origin = headers.get('origin');
  if (!origin) return false;
  if (origin === 'null') return true;
  try {
    return new URL(origin).host !== ownHost;
  } catch {
    return true;
  }
}

/** Methods that change something; only these are checked. */
export function isUnsafeMethod(method: string): boolean {
  return !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase());
}

export const CROSS_SITE_MESSAGE = 'Cross-site requests are not allowed';
