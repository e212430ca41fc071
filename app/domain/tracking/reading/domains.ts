// Which site an address belongs to, for "is this source the business's own website?".
//
// No dependency we have carries the Public Suffix List (checked: package.json and node_modules
// have no tldts, psl or parse-domain), so this applies a documented rule instead:
//  - the host is lower-cased, its trailing dot and any "www." (or "www2.", "m.") prefix dropped;
//  - an IP address or a one-label host ("localhost") is its own site;
//  - the site is the last two labels ("plumbing.joes.com" → "joes.com"), or the last three when
//    the second-to-last is a country's generic second level ("joes.co.uk", "joes.com.au");
//  - on shared hosting where every customer gets a subdomain ("joes.wixsite.com",
//    "joes.github.io") the customer's label is kept, because those hosts are public suffixes too.
// A wrong answer here costs little: it decides whether a citation counts as the business's site.

/** Second-level labels that countries sell names under: "co.uk", "com.au", "org.nz", ... */
const COUNTRY_SECOND_LEVELS = new Set([
  'ac',
  'co',
  'com',
  'edu',
  'gen',
  'gob',
  'gov',
  'info',
  'ltd',
  'me',
  'net',
  'nom',
  'org',
  'plc',
  'sch',
]);

/** Hosts that give each customer a subdomain; the customer's label is part of the site. */
const SHARED_HOSTS = [
  'blogspot.com',
  'business.site',
  'carrd.co',
  'github.io',
  'godaddysites.com',
  'myshopify.com',
  'netlify.app',
  'square.site',
  'squarespace.com',
  'vercel.app',
  'webflow.io',
  'weebly.com',
  'wixsite.com',
  'wordpress.com',
];

/** The host of an address typed with or without a scheme ("joes.com/contact"), or null. */
export function hostOf(address: string): string | null {
  const value = address.trim();
  if (!value || /\s/.test(value)) return null;
  const hasScheme = /^[a-z][a-z\d+.-]*:\/\//i.test(value);
  // "mailto:", "tel:" and the like are not web addresses.
  if (!hasScheme && /^[a-z][a-z\d+.-]*:(?!\d)/i.test(value)) return null;
  let url: URL;
  try {
    url = new URL(hasScheme ? value : `https://${value}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (!host || (!hasScheme && !host.includes('.'))) return null;
  return host;
}

/**
 * The registrable domain (the "site") of an address: "https://www.shop.joes.co.uk/x" →
 * "joes.co.uk". Null when the address is not an http(s) address.
 */
export function siteOf(address: string): string | null {
  const host = hostOf(address);
  if (!host) return null;
  if (/^[\d.]+$/.test(host) || host.includes(':') || host.startsWith('[')) return host;
  const labels = host.replace(/^(?:www\d*|m)\./, '').split('.');
  if (labels.length < 2) return labels.join('.');
  for (const shared of SHARED_HOSTS) {
    const depth = shared.split('.').length;
    if (labels.slice(-depth).join('.') === shared && labels.length > depth) {
      return labels.slice(-(depth + 1)).join('.');
    }
  }
  const tld = labels.at(-1)!;
  const second = labels.at(-2)!;
  const keep = tld.length === 2 && COUNTRY_SECOND_LEVELS.has(second) && labels.length > 2 ? 3 : 2;
  return labels.slice(-keep).join('.');
}

/** Whether two addresses are on the same site (subdomains and "www." ignored). */
export function sameSite(a: string, b: string): boolean {
  const siteA = siteOf(a);
  return siteA !== null && siteA === siteOf(b);
}
