import type { BusinessFacts } from '../checks.server';

// What a fix needs to know of the business's place and words: its schema.org type, country and
// postal address from what the owner typed, the one-line summary, and small text helpers.

/** schema.org type for what owners type as their industry ("dentist", "Plumbing", "law firm"). */
const INDUSTRY_TYPES: [RegExp, string][] = [
  [/dent|orthodont/i, 'Dentist'],
  [/plumb/i, 'Plumber'],
  [/electric/i, 'Electrician'],
  [/hvac|heating|air condition|cooling/i, 'HVACBusiness'],
  [/roof/i, 'RoofingContractor'],
  [/paint/i, 'HousePainter'],
  [/locksmith/i, 'Locksmith'],
  [/mov(ing|ers)/i, 'MovingCompany'],
  [/contract|construct|build|remodel|handyman|landscap/i, 'HomeAndConstructionBusiness'],
  [/auto|car |mechanic|garage/i, 'AutoRepair'],
  [/hair|barber/i, 'HairSalon'],
  [/nail/i, 'NailSalon'],
  [/spa\b|massage/i, 'DaySpa'],
  [/beauty|salon|cosmet/i, 'BeautySalon'],
  [/gym|fitness|yoga|pilates/i, 'ExerciseGym'],
  [/vet(erinar)?/i, 'VeterinaryCare'],
  [/doctor|physician|medical|clinic|health|therap|chiro|physio/i, 'MedicalClinic'],
  [/law|legal|attorney|solicitor/i, 'LegalService'],
  [/account|bookkeep|tax/i, 'AccountingService'],
  [/insur/i, 'InsuranceAgency'],
  [/real estate|realtor|property/i, 'RealEstateAgent'],
  [/restaurant|bistro|diner|pizza/i, 'Restaurant'],
  [/bak(ery|er)/i, 'Bakery'],
  [/caf[eé]|coffee/i, 'CafeOrCoffeeShop'],
  [/clean|laundr/i, 'DryCleaningOrLaundry'],
  [/child ?care|daycare|nursery/i, 'ChildCare'],
  [/hotel|inn\b|lodg/i, 'Hotel'],
  [/travel/i, 'TravelAgency'],
  [/financ|wealth|advis/i, 'FinancialService'],
  [/consult|agency|marketing|design|photograph/i, 'ProfessionalService'],
];

export function schemaTypeFor(industry: string | null): string {
  if (!industry) return 'LocalBusiness';
  return INDUSTRY_TYPES.find(([pattern]) => pattern.test(industry))?.[1] ?? 'LocalBusiness';
}

export function origin(website: string) {
  return new URL(website).origin;
}

// US states and territories, Canadian provinces and Australian states: a region, not a country,
// when they follow the town ("Austin, TX", "Toronto, ON", "Perth, WA").
const REGION_CODES = new Set(
  (
    'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ ' +
    'NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR GU VI AS MP ' +
    'AB BC MB NB NL NS NT NU ON PE QC SK YT NSW VIC QLD SA TAS ACT'
  ).split(' '),
);

const COUNTRY_ALIASES: Record<string, string> = {
  uk: 'GB',
  'united kingdom': 'GB',
  'great britain': 'GB',
  britain: 'GB',
  england: 'GB',
  scotland: 'GB',
  wales: 'GB',
  'northern ireland': 'GB',
  usa: 'US',
  'u.s.': 'US',
  'u.s.a.': 'US',
  'united states': 'US',
  'united states of america': 'US',
};

/** Withdrawn or special codes that share a name with a current country (DD "Germany"). */
const NOT_COUNTRIES = new Set([
  'AN',
  'BU',
  'CS',
  'DD',
  'EU',
  'EZ',
  'FX',
  'NT',
  'QO',
  'SU',
  'TP',
  'UK',
  'UN',
  'YU',
  'ZR',
  'ZZ',
]);

let countryNames: Map<string, string> | null = null;

/** "France" → "FR", "UK" → "GB", "DE" → "DE"; null for what is not a country ("TX"). */
export function countryCode(text: string): string | null {
  const lower = text.trim().toLowerCase();
  if (COUNTRY_ALIASES[lower]) return COUNTRY_ALIASES[lower];
  if (!countryNames) {
    countryNames = new Map();
    const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    for (let a = 65; a <= 90; a++) {
      for (let b = 65; b <= 90; b++) {
        const code = String.fromCharCode(a, b);
        if (NOT_COUNTRIES.has(code)) continue;
        const name = names.of(code);
        if (name && !countryNames.has(name.toLowerCase()))
          countryNames.set(name.toLowerCase(), code);
      }
    }
  }
  const byName = countryNames.get(lower);
  if (byName) return byName;
  const upper = text.trim().toUpperCase();
  if (
    /^[A-Z]{2}$/.test(upper) &&
    !REGION_CODES.has(upper) &&
    [...countryNames.values()].includes(upper)
  ) {
    return upper;
  }
  return null;
}

/**
 * "Austin, TX" → locality Austin, region TX; "Leeds, West Yorkshire, UK" adds the country (GB);
 * "Leeds, UK" is a town and a country, not a region called UK.
 */
export function postalAddress(location: string) {
  const parts = location
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const [locality, ...rest] = parts;
  const last = rest.at(-1);
  const country = last ? countryCode(last) : null;
  const region = country ? rest.slice(0, -1).join(', ') : rest.join(', ');
  return {
    '@type': 'PostalAddress',
    ...(locality ? { addressLocality: locality } : {}),
    ...(region ? { addressRegion: region } : {}),
    ...(country ? { addressCountry: country } : {}),
  };
}

export function summary(business: BusinessFacts): string {
  if (business.description) return business.description.replace(/\s+/g, ' ').trim();
  const what = business.industry ? `a ${business.industry.toLowerCase()} business` : 'a business';
  return `${business.name} is ${what}${business.location ? ` in ${business.location}` : ''}.`;
}

export function clip(text: string, max: number) {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 20))}…`;
}

export const listOf = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
