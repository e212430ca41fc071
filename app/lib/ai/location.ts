// A business's location as the engines' web search takes it ("approximate": city, region and a
// two-letter country code), read best-effort from what owners type: "Austin, TX", "Austin, Texas",
// "12 Main St, Springfield, IL 62701", "Leeds, UK", "Toronto, ON, Canada". Anything not
// recognised is left out rather than guessed.

export type ApproximateLocation = { city?: string; region?: string; country?: string };

// prettier-ignore
const US_STATES: Record<string, string> = {
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado',
  CT: 'Connecticut', DE: 'Delaware', DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia',
  HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois', IN: 'Indiana', IA: 'Iowa', KS: 'Kansas',
  KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine', MD: 'Maryland', MA: 'Massachusetts',
  MI: 'Michigan', MN: 'Minnesota', MS: 'Mississippi', MO: 'Missouri', MT: 'Montana',
  NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey', NM: 'New Mexico',
  NY: 'New York', NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma',
  OR: 'Oregon', PA: 'Pennsylvania', RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota',
  TN: 'Tennessee', TX: 'Texas', UT: 'Utah', VT: 'Vermont', VA: 'Virginia', WA: 'Washington',
  WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
};

// prettier-ignore
const CANADIAN_PROVINCES: Record<string, string> = {
  AB: 'Alberta', BC: 'British Columbia', MB: 'Manitoba', NB: 'New Brunswick',
  NL: 'Newfoundland and Labrador', NS: 'Nova Scotia', NT: 'Northwest Territories', NU: 'Nunavut',
  ON: 'Ontario', PE: 'Prince Edward Island', QC: 'Quebec', SK: 'Saskatchewan', YT: 'Yukon',
};

// prettier-ignore
const COUNTRIES: Record<string, string> = {
  us: 'US', usa: 'US', 'u.s.': 'US', 'u.s.a.': 'US', 'united states': 'US',
  'united states of america': 'US', america: 'US',
  ca: 'CA', canada: 'CA',
  uk: 'GB', 'u.k.': 'GB', gb: 'GB', 'united kingdom': 'GB', 'great britain': 'GB', england: 'GB',
  scotland: 'GB', wales: 'GB', 'northern ireland': 'GB',
  ie: 'IE', ireland: 'IE', au: 'AU', australia: 'AU', nz: 'NZ', 'new zealand': 'NZ',
  de: 'DE', germany: 'DE', fr: 'FR', france: 'FR', es: 'ES', spain: 'ES', it: 'IT', italy: 'IT',
  nl: 'NL', netherlands: 'NL', mx: 'MX', mexico: 'MX', in: 'IN', india: 'IN',
  za: 'ZA', 'south africa': 'ZA', sg: 'SG', singapore: 'SG',
};

function findRegion(part: string): { region: string; country: 'US' | 'CA' } | undefined {
  const code = part.toUpperCase().replace(/\./g, '');
  if (US_STATES[code]) return { region: US_STATES[code], country: 'US' };
  if (CANADIAN_PROVINCES[code]) return { region: CANADIAN_PROVINCES[code], country: 'CA' };
  const lower = part.toLowerCase();
  const us = Object.values(US_STATES).find((name) => name.toLowerCase() === lower);
  if (us) return { region: us, country: 'US' };
  const ca = Object.values(CANADIAN_PROVINCES).find((name) => name.toLowerCase() === lower);
  if (ca) return { region: ca, country: 'CA' };
  return undefined;
}

/** "Austin, TX" → { city: 'Austin', region: 'Texas', country: 'US' }; null when nothing is read. */
export function approximateLocation(text: string | null | undefined): ApproximateLocation | null {
  if (!text) return null;
  const parts = text
    .split(/[,\n;]+/)
    .map((part) => part.trim())
    // Postal codes: US ZIP (after a state), Canadian, or a lone number.
    .map((part) => part.replace(/\s+(\d{5}(-\d{4})?|[A-Z]\d[A-Z]\s?\d[A-Z]\d)$/i, '').trim())
    .filter((part) => part && !/^\d[\d\s-]*$/.test(part));
  if (!parts.length) return null;

  const location: ApproximateLocation = {};
  const last = parts[parts.length - 1]!;
  const country = COUNTRIES[last.toLowerCase()];
  // "ca" alone is California's code as often as Canada's: read it as a region first.
  if (country && !(parts.length > 1 && findRegion(last))) {
    location.country = country;
    parts.pop();
  }
  const regionPart = parts.length > 1 ? parts[parts.length - 1]! : undefined;
  const region = regionPart ? findRegion(regionPart) : undefined;
  if (region && (!location.country || location.country === region.country)) {
    location.region = region.region;
    location.country = region.country;
    parts.pop();
  }
  const city = parts[parts.length - 1];
  // A street address's first part is not a city: take the part just before the region.
  if (city && !/^\d/.test(city) && city.length <= 80) location.city = city;
  return Object.keys(location).length ? location : null;
}

/**
 * Where an answer was asked from, as it was sent: through the search's own location setting
 * (ChatGPT, Claude and Perplexity take one), or in the question (Gemini's search takes none, so
 * the place goes into the words; `added` is the sentence appended, null when the question already
 * named the town).
 */
export type LocationSent = ApproximateLocation &
  ({ via: 'search' } | { via: 'question'; added: string | null });

const REGION_NAMES = new Intl.DisplayNames(['en'], { type: 'region' });

/** "Austin, Texas", "Leeds, United Kingdom", "Denver": the place in words. */
export function placeName(place: ApproximateLocation): string {
  const country = place.country ? (REGION_NAMES.of(place.country) ?? place.country) : undefined;
  return [place.city, place.region ?? country].filter(Boolean).join(', ');
}

function words(text: string): string {
  return ` ${text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;
}

/**
 * The question with the place in it, for an engine whose search cannot be told where the asker
 * is: the prompt as written when it already names the town (or, without a town, the region),
 * else the prompt and "I'm in Austin, Texas." on a line of its own.
 */
export function withPlace(
  prompt: string,
  place: ApproximateLocation,
): { prompt: string; added: string | null } {
  const name = placeName(place);
  const town = place.city ?? place.region;
  if (!name || !town) return { prompt, added: null };
  if (words(prompt).includes(words(town))) return { prompt, added: null };
  const added = `I'm in ${name}.`;
  return { prompt: `${prompt.trimEnd()}\n\n${added}`, added };
}
