// One page is one page: the key two addresses of the same page share, so a page the search
// returned bare and the answer cited with `?utm_source=openai` (as ChatGPT does) is counted once.
// The key drops what does not change the page: the scheme (http/https), the case of the host, a
// leading "www.", the default port, the fragment, trailing slashes, and tracking parameters
// (every `utm_*` and the click and mail identifiers below). Other parameters, and the case of the
// path, stay: `?page=2` is another page, and paths are case-sensitive. The original address is
// kept for the link; only comparisons use the key.

/** Query parameters that only say where a visit came from. */
const TRACKING_PARAMETERS = new Set([
  '_ga',
  '_gl',
  '_hsenc',
  '_hsmi',
  '__hssc',
  '__hstc',
  '__hsfp',
  'dclid',
  'fbclid',
  'gbraid',
  'gclid',
  'gclsrc',
  'hsctatracking',
  'igshid',
  'li_fat_id',
  'mc_cid',
  'mc_eid',
  'mkt_tok',
  'msclkid',
  'oly_anon_id',
  'oly_enc_id',
  'rb_clickid',
  's_cid',
  'srsltid',
  'ttclid',
  'twclid',
  'vero_conv',
  'vero_id',
  'wbraid',
  'yclid',
]);

function isTracking(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith('utm_') || TRACKING_PARAMETERS.has(lower);
}

/**
 * The key of the page at `address`: "https://www.Example.com/a/?utm_source=openai#top" and
 * "http://example.com/a" both give "example.com/a". An address that is not a URL is its own key
 * (trimmed).
 */
export function pageKey(address: string): string {
  const value = address.trim();
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return value;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return value;
  const host = url.hostname
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '');
  const port = url.port && url.port !== '80' && url.port !== '443' ? `:${url.port}` : '';
  const path = url.pathname.replace(/\/+$/, '');
  const kept = [...url.searchParams].filter(([name]) => !isTracking(name));
  const query = kept.length ? `?${new URLSearchParams(kept).toString()}` : '';
  return `${host}${port}${path}${query}`;
}

/** Whether two addresses are the same page. */
export function samePage(a: string, b: string): boolean {
  return pageKey(a) === pageKey(b);
}
