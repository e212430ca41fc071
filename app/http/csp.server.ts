import { env, isProduction } from '~/lib/env.server';

/** Stripe's hosted pages a form here may lead to (Checkout, Payment Links, Customer Portal). */
const STRIPE_PAGES = [
  'https://checkout.stripe.com',
  'https://buy.stripe.com',
  'https://billing.stripe.com',
];

/**
 * Where a form may send the browser, redirects included: this site, Stripe's hosted pages and the
 * hosts of the configured payment links (a plan's checkout may be any hosted page).
 */
const formActionSources = [
  ...new Set([
    "'self'",
    ...STRIPE_PAGES,
    ...[
      env.CHECKOUT_URL_DIY,
      env.CHECKOUT_URL_STARTER,
      env.CHECKOUT_URL_GROWTH,
      env.CHECKOUT_URL_AUTHORITY,
    ].map((url) => new URL(url).origin),
  ]),
];

/**
 * The enforced Content-Security-Policy of a page. Scripts run only with this response's nonce (and
 * what those load, 'strict-dynamic'); everything else comes from this origin; nothing may frame
 * the site, change its base URL or embed plugins.
 */
/**
 * A page may name one more place its forms lead to, in this response header (the entry removes it
 * before the answer goes out): the OAuth consent page, whose Allow and Deny end, after redirects,
 * at the connecting app's own address. Browsers check form-action on every redirect of a form's
 * submission, so without JavaScript the app would never get its answer otherwise.
 */
export const FORM_ACTION_ALSO_HEADER = 'X-Form-Action-Also';

/** An origin fit for a CSP source list (https, or http on the client's own machine). */
function formActionOrigin(value: string | null): string | null {
  const url = value ? URL.parse(value) : null;
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return null;
  return url.origin;
}

export function contentSecurityPolicy(nonce: string, formActionAlso: string | null = null): string {
  const also = formActionOrigin(formActionAlso);
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    `form-action ${[...formActionSources, ...(also ? [also] : [])].join(' ')}`,
  ].join('; ');
}

/** Vite's development server injects scripts of its own, so the policy is for built sites only. */
export const enforceCsp = isProduction;
