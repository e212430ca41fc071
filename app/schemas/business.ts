import { z } from 'zod';
import { hasForbiddenCharacters, printable, tooLong } from './text';

// One schema per payload, shared by the dashboard's forms (conform), their action and the JSON API.
//
// Website: a valid http(s) URL by browser rules. A bare host such as "example.com" (what people
// type) is accepted and stored as "https://example.com"; without a scheme we insist on a dotted
// host name so a stray word is not taken for a site. An address with a user name or password in it
// is refused (the audit would not send them).

import { BUSINESS_LIMITS } from './limits';

export { BUSINESS_LIMITS };

export const WEBSITE_ERROR = 'Please enter a valid website URL (e.g. https://example.com)';
/** The audit never sends credentials, so an address that carries them is refused when typed. */
export const WEBSITE_CREDENTIALS_ERROR =
  'Please enter the website address without a user name or password';

function hasCredentials(input: string): boolean {
  const value = input.trim();
  const hasScheme = /^[a-z][a-z\d+.-]*:/i.test(value);
  try {
    const url = new URL(hasScheme ? value : `https://${value}`);
    return url.username !== '' || url.password !== '';
  } catch {
    return false;
  }
}

export function normalizeWebsite(input: string): string | null {
  const value = input.trim();
  const hasScheme = /^[a-z][a-z\d+.-]*:/i.test(value);
  const candidate = hasScheme ? value : `https://${value}`;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname) return null;
  if (!hasScheme && !url.hostname.includes('.')) return null;
  if (/\s/.test(value) || hasForbiddenCharacters(value)) return null;
  return hasScheme ? value : candidate;
}

/** A website field: optional, normalised, credentials refused (the business's and competitors'). */
export const website = z
  .string({ error: 'Website must be a string' })
  .trim()
  .max(BUSINESS_LIMITS.website, tooLong('Website', BUSINESS_LIMITS.website))
  .transform((value, ctx) => {
    if (!value) return null;
    if (hasCredentials(value)) {
      ctx.addIssue({ code: 'custom', message: WEBSITE_CREDENTIALS_ERROR });
      return z.NEVER;
    }
    const normalized = normalizeWebsite(value);
    if (!normalized) {
      ctx.addIssue({ code: 'custom', message: WEBSITE_ERROR });
      return z.NEVER;
    }
    return normalized;
  });

function optionalText(field: string, max: number, multiLine = false) {
  return z
    .string({ error: `${field} must be a string` })
    .trim()
    .max(max, tooLong(field, max))
    .refine(...printable(field, { multiLine }))
    .transform((value) => (value ? value : null));
}

const name = z
  .string({ error: 'Business name is required' })
  .trim()
  .min(1, 'Business name is required')
  .max(BUSINESS_LIMITS.name, tooLong('Business name', BUSINESS_LIMITS.name))
  .refine(...printable('Business name'));

/** Create-business payload (spec section 3); the add and edit forms post this too. */
export const BusinessSchema = z.object({
  name,
  description: optionalText('Description', BUSINESS_LIMITS.description, true).optional().nullable(),
  website: website.optional().nullable(),
  industry: optionalText('Industry', BUSINESS_LIMITS.industry).optional().nullable(),
  location: optionalText('Location', BUSINESS_LIMITS.location).optional().nullable(),
});

/**
 * Optional fields come out as a string or null (empty or cleared), or undefined when absent.
 *
 * PUT /api/businesses/{id}: the fields to change. An absent field stays as it is; null or an
 * empty string clears an optional field; the name can be changed but never cleared.
 */
export const BusinessUpdateSchema = BusinessSchema.partial();

export type BusinessInput = z.infer<typeof BusinessSchema>;
export type BusinessUpdateInput = z.infer<typeof BusinessUpdateSchema>;
