import { z } from 'zod';
import { addressKey } from '~/domain/tracking/reading/fact-address';
import { parseOpeningHours } from '~/domain/tracking/reading/fact-hours';
import { countryOf, toE164 } from '~/domain/tracking/reading/fact-phone';
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

export const PHONE_ERROR =
  'Please enter a phone number we can read, e.g. (512) 555-0142, or with its country code: +1 512 555 0142';
export const PHONE_COUNTRY_ERROR =
  'Please enter the phone number with its country code (e.g. +44 113 496 0123), or add your country to Location';
export const ADDRESS_ERROR =
  'Please enter the street address on one line with its number, e.g. 1420 E 6th St, Austin, TX 78702';
export const HOURS_ERROR =
  'Please enter opening hours like "Mo-Fr 08:00-17:00, Sa 09:00-12:00", or "24/7"';

/**
 * The phone as typed; made E.164 with the location's country once both are known (the whole
 * payload's check below, or updateBusiness for a PUT that leaves the location out).
 */
const phone = optionalText('Phone', BUSINESS_LIMITS.phone);
const address = optionalText('Address', BUSINESS_LIMITS.address).refine(
  (value) => value === null || addressKey(value)?.number != null,
  ADDRESS_ERROR,
);
const openingHours = optionalText('Opening hours', BUSINESS_LIMITS.openingHours).refine(
  (value) => value === null || parseOpeningHours(value) !== null,
  HOURS_ERROR,
);

/**
 * A phone number in E.164 read in the country of `location`, or the error to show: an
 * international number reads anywhere, a national one needs the location's country.
 */
export function phoneInE164(
  value: string,
  location: string | null | undefined,
): { ok: true; e164: string } | { ok: false; message: string } {
  const country = countryOf(location);
  const e164 = toE164(value, country);
  if (e164) return { ok: true, e164 };
  return {
    ok: false,
    message: country || value.trim().startsWith('+') ? PHONE_ERROR : PHONE_COUNTRY_ERROR,
  };
}

const name = z
  .string({ error: 'Business name is required' })
  .trim()
  .min(1, 'Business name is required')
  .max(BUSINESS_LIMITS.name, tooLong('Business name', BUSINESS_LIMITS.name))
  .refine(...printable('Business name'));

/**
 * Other names answers call the business (issue 43): a list (JSON API) or one per line (the
 * forms), each printable and short, at most 10; empty means none (null).
 */
const nameVariants = z
  .union([z.array(z.string({ error: 'Each other name must be a string' })), z.string()], {
    error: 'Other names must be a list of names',
  })
  // A line each (conform hands a textarea's value over as a list of one).
  .transform((value): (string | undefined)[] =>
    (Array.isArray(value) ? value : [value]).flatMap((item) => item.split(/\r?\n/)),
  )
  .pipe(
    z
      .array(
        z
          .string()
          .trim()
          .max(
            BUSINESS_LIMITS.nameVariant,
            `Each other name can be at most ${BUSINESS_LIMITS.nameVariant} characters`,
          )
          .refine(...printable('Other names'))
          // Conform reads an empty line as absent.
          .optional(),
      )
      .transform((names) => [...new Set(names.filter((each): each is string => Boolean(each)))])
      .refine((names) => names.length <= BUSINESS_LIMITS.nameVariants, {
        message: `At most ${BUSINESS_LIMITS.nameVariants} other names`,
      }),
  )
  .transform((names) => (names.length ? names : null));

const BusinessFields = z.object({
  name,
  description: optionalText('Description', BUSINESS_LIMITS.description, true).optional().nullable(),
  website: website.optional().nullable(),
  industry: optionalText('Industry', BUSINESS_LIMITS.industry).optional().nullable(),
  location: optionalText('Location', BUSINESS_LIMITS.location).optional().nullable(),
  phone: phone.optional().nullable(),
  address: address.optional().nullable(),
  openingHours: openingHours.optional().nullable(),
  nameVariants: nameVariants.optional().nullable(),
});

/** The phone made E.164 when the payload carries the location too (or is a whole business). */
function withPhone<T extends { phone?: string | null; location?: string | null }>(whole: boolean) {
  return (value: T, ctx: z.RefinementCtx): T => {
    if (!value.phone || (!whole && value.location === undefined)) return value;
    const read = phoneInE164(value.phone, value.location);
    if (!read.ok) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: read.message });
      return z.NEVER;
    }
    return { ...value, phone: read.e164 };
  };
}

/** Create-business payload (spec section 3); the add and edit forms post this too. */
export const BusinessSchema = BusinessFields.transform(withPhone(true));

/**
 * Optional fields come out as a string or null (empty or cleared), or undefined when absent.
 *
 * PUT /api/businesses/{id}: the fields to change. An absent field stays as it is; null or an
 * empty string clears an optional field; the name can be changed but never cleared. A phone sent
 * without the location is read in the stored location's country by updateBusiness.
 */
export const BusinessUpdateSchema = BusinessFields.partial().transform(withPhone(false));

export type BusinessInput = z.infer<typeof BusinessSchema>;
export type BusinessUpdateInput = z.infer<typeof BusinessUpdateSchema>;
