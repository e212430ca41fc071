import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { approximateLocation } from '~/lib/ai/location';

// Phone numbers, with libphonenumber-js: read in the country of the business's location (an
// owner types "(512) 555-0142" for a business in "Austin, TX"), kept and compared in E.164
// ("+15125550142"). Pure; shared by the business form's schema and the answers' reader.

/** The country a business's location names ("Austin, TX" → US, "Leeds, UK" → GB), or null. */
export function countryOf(location: string | null | undefined): CountryCode | null {
  const country = approximateLocation(location)?.country;
  return country ? (country as CountryCode) : null;
}

/**
 * A phone number as written, in E.164, or null when it is not a valid number. A number without
 * its country code is read in `country`; without a country only an international number reads.
 */
export function toE164(value: string, country: CountryCode | null): string | null {
  const text = value.trim();
  if (!text || text.length > 40 || /[^\d\s()+.\-–/x#ext]/i.test(text)) return null;
  const parsed = parsePhoneNumberFromString(text, country ?? undefined);
  if (!parsed || !parsed.isValid()) return null;
  return parsed.number;
}

/** "+15125550142" → "(512) 555-0142" in its own country, for showing the owner's number. */
export function formatPhone(e164: string): string {
  const parsed = parsePhoneNumberFromString(e164);
  return parsed ? parsed.formatNational() : e164;
}
