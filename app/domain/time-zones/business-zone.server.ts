import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { db } from '~/lib/db.server';
import { countryCode } from '../audit/fixes/place.server';
import { DEFAULT_TIME_ZONE, parseTimeZone } from '../dates';
import {
  AU_STATE_ZONES,
  CA_PROVINCE_ZONES,
  CITY_ZONES,
  COUNTRY_ZONES,
  US_STATE_NAMES,
  US_STATE_ZONES,
  US_TOWN_ZONES,
} from './table';

// The business's own time zone (issue 44, item 9): the times an owner reads about a business
// (its next round, when a question was last asked, when its site was checked) are in the zone of
// the place the business is, read from what the owner typed: its location ("Springfield, IL",
// "Leeds, UK", "Toronto"), else its address line, else its phone's country. What none of them
// tells leaves UTC, and the page says so.

export type BusinessZone = {
  /** An IANA zone ("America/Chicago"), or UTC when the place says nothing we know. */
  timeZone: string;
  /** What the zone was read from, as the owner typed it; null when it is the UTC fallback. */
  from: string | null;
  /** Which of the business's fields that was. */
  source: 'location' | 'address' | 'phone' | null;
};

/** Australian states written as a code that a US state shares: Australian only when said so. */
const AU_ONLY_WITH_COUNTRY = new Set(['WA', 'SA', 'NT']);

/** "IL 62701" → "IL"; "Springfield" stays. */
function withoutPostalCode(part: string): string {
  return part
    .replace(/\s+\d{5}(-\d{4})?$/, '')
    .replace(/\s+[A-Z]\d[A-Z] ?\d[A-Z]\d$/i, '')
    .replace(/\s+\d{4}$/, '')
    .trim();
}

function usState(part: string): string | null {
  const upper = part.toUpperCase().replace(/\./g, '');
  if (/^[A-Z]{2}$/.test(upper) && US_STATE_ZONES[upper]) return upper;
  return US_STATE_NAMES[part.toLowerCase()] ?? null;
}

function lookup(table: Record<string, string>, part: string): string | null {
  return table[part.toUpperCase()] ?? table[part.toLowerCase()] ?? null;
}

/**
 * The zone of a place as an owner types it, or null when it names nothing we know:
 * "Springfield, IL" → America/Chicago, "El Paso, TX" → America/Denver, "Leeds, UK" →
 * Europe/London, "Toronto, ON" → America/Toronto, "Chicago" → America/Chicago.
 */
export function zoneOfPlace(text: string | null | undefined): string | null {
  if (!text?.trim()) return null;
  const parts = text
    .split(',')
    .map((part) => withoutPostalCode(part.trim()))
    .filter(Boolean);
  if (!parts.length) return null;
  const last = parts.at(-1)!;
  const country = parts.length > 1 || !usState(last) ? countryCode(last) : null;
  const regions = country ? parts.slice(0, -1) : parts;
  const town = (index: number) => (index > 0 ? regions[index - 1]! : regions[0]!).toLowerCase();

  // A region, from the end: a US state, a Canadian province, an Australian state. The first part
  // is the town unless it is all there is ("Ontario", "IL").
  for (let index = regions.length - 1; index >= 0; index--) {
    const part = regions[index]!;
    if (index === 0 && regions.length > 1) break;
    if (!country || country === 'US') {
      const state = usState(part);
      const townZone = CITY_ZONES[town(index)];
      // "Perth, WA" is Western Australia's Perth, not a town in Washington.
      const australian =
        AU_ONLY_WITH_COUNTRY.has(part.toUpperCase()) && townZone?.startsWith('Australia/');
      if (state && !australian)
        return US_TOWN_ZONES[`${town(index)}|${state}`] ?? US_STATE_ZONES[state]!;
    }
    if (!country || country === 'CA') {
      const zone = lookup(CA_PROVINCE_ZONES, part);
      if (zone) return zone;
    }
    if (!country || country === 'AU') {
      const zone = lookup(AU_STATE_ZONES, part);
      const named = country || !AU_ONLY_WITH_COUNTRY.has(part.toUpperCase());
      if (zone && (named || CITY_ZONES[town(index)]?.startsWith('Australia/'))) return zone;
    }
  }
  // A town we know ("Chicago", "London, UK") before a country with several zones.
  for (const part of regions) {
    const zone = CITY_ZONES[part.toLowerCase()];
    if (zone && (!country || zoneCountry(zone) === country)) return zone;
  }
  return country ? (COUNTRY_ZONES[country] ?? null) : null;
}

/** The country a zone of the tables is in, for "Perth, UK" not to be read as Perth, Australia. */
function zoneCountry(zone: string): string | null {
  if (Object.values(US_STATE_ZONES).includes(zone)) return 'US';
  if (Object.values(CA_PROVINCE_ZONES).includes(zone)) return 'CA';
  if (Object.values(AU_STATE_ZONES).includes(zone)) return 'AU';
  return Object.entries(COUNTRY_ZONES).find(([, each]) => each === zone)?.[0] ?? null;
}

/** The zone of a phone number's country, when that country keeps one ("+44…" → Europe/London). */
export function zoneOfPhone(phone: string | null | undefined): string | null {
  if (!phone?.trim()) return null;
  const country = parsePhoneNumberFromString(phone)?.country;
  return country ? (COUNTRY_ZONES[country] ?? null) : null;
}

/**
 * The zone a business's times are shown in: from its location, else its address, else its
 * phone's country; UTC (from: null) when none of them tells.
 */
const ZONE_CACHE_LIMIT = 2_000;
const zones = new Map<string, BusinessZone>();

export function businessZone(business: {
  location?: string | null;
  address?: string | null;
  phone?: string | null;
}): BusinessZone {
  // Remembered by the three fields (a bounded map): the dashboard asks for every card of a page,
  // and an owner's businesses repeat a few towns (0.08 ms a reading, ten a page).
  const key = `${business.location ?? ''}\u0000${business.address ?? ''}\u0000${business.phone ?? ''}`;
  const known = zones.get(key);
  if (known) return known;
  const zone = Object.freeze(readBusinessZone(business));
  if (zones.size >= ZONE_CACHE_LIMIT) zones.clear();
  zones.set(key, zone);
  return zone;
}

function readBusinessZone(business: {
  location?: string | null;
  address?: string | null;
  phone?: string | null;
}): BusinessZone {
  const candidates = [
    ['location', business.location, zoneOfPlace],
    ['address', business.address, zoneOfPlace],
    ['phone', business.phone, zoneOfPhone],
  ] as const;
  for (const [source, value, read] of candidates) {
    const zone = value ? read(value) : null;
    const known = zone ? parseTimeZone(zone) : null;
    if (known) return { timeZone: known, from: value!.trim(), source };
  }
  return { timeZone: DEFAULT_TIME_ZONE, from: null, source: null };
}

/** The zone of a business of the owner's, read from its own fields (one small query). */
export async function zoneOfBusiness(businessId: string): Promise<BusinessZone> {
  const business = await db.business.findUnique({
    where: { id: businessId },
    select: { location: true, address: true, phone: true },
  });
  return business
    ? businessZone(business)
    : { timeZone: DEFAULT_TIME_ZONE, from: null, source: null };
}
