// Places, told apart from businesses (issue 43): a gazetteer (data/places.ts, GeoNames' populated
// places and sections of cities), countries, states and regions, the places the answer itself
// names after "in", "near", "around" ("coffee shops in Shoreditch"), the words streets,
// waterways and districts end in ("Regent's Canal", "Walcot Street"), a compass word before a
// place ("North Raleigh"), a place's possessive ("Glasgow's West End"), a district number or a
// state after a place ("Dublin 8", "Greenville, NC"), and addresses ("18 Parkway",
// "London N1C 4AB", "1200-202 Lisboa"). Pure; the gazetteer is read once, on first use.

import { PLACE_NAMES } from './data/places';
import { normalizeName } from './names';

let gazetteer: Set<string> | null = null;

const REGIONS = [
  'Alabama, Alaska, Arizona, Arkansas, California, Colorado, Connecticut, Delaware, Florida',
  'Georgia, Hawaii, Idaho, Illinois, Indiana, Iowa, Kansas, Kentucky, Louisiana, Maine, Maryland',
  'Massachusetts, Michigan, Minnesota, Mississippi, Missouri, Montana, Nebraska, Nevada',
  'New Hampshire, New Jersey, New Mexico, New York, North Carolina, North Dakota, Ohio, Oklahoma',
  'Oregon, Pennsylvania, Rhode Island, South Carolina, South Dakota, Tennessee, Texas, Utah',
  'Vermont, Virginia, Washington, West Virginia, Wisconsin, Wyoming, Ontario, Quebec',
  'British Columbia, Alberta, Manitoba, Saskatchewan, Nova Scotia, England, Scotland, Wales',
  'Northern Ireland, Ireland, UK, USA, US, United States, United Kingdom, Canada, Australia',
  'New Zealand, India, Spain, Portugal, Mexico, France, Germany, Italy, Japan, China, Europe',
  'EU, Asia, Africa, Maharashtra, Karnataka, Victoria, Queensland, New South Wales, Yorkshire',
  'West Yorkshire, Lancashire, Greater Manchester, Merseyside, Cornwall, Devon, Kent, Surrey',
  'Essex, Sussex, Cotswolds, Bay Area, GTA, Greater London, Midlands, Highlands',
].flatMap((line) => line.split(', '));

function places(): Set<string> {
  gazetteer ??= new Set(
    [...PLACE_NAMES.split('\n'), ...REGIONS].map(normalizeName).filter(Boolean),
  );
  return gazetteer;
}

/** Words a street, a waterway, a district or a landmark's name ends in. */
const PLACE_ENDS = new Set(
  `street st road rd avenue ave av lane ln square sq canal river bridge station village hill hills
  quarter cross market gardens common way walk yard row boulevard blvd drive crescent terrace beach
  bay island park district neighborhood neighbourhood downtown uptown county state museum theatre
  theater abbey cathedral campus airport lock pier mile green wharf docks dock parade mall plaza
  heights lake parkway pkwy end creek`
    .split(/\s+/)
    .filter(Boolean),
);
/** Words a street's name starts with in other languages: "Calle Colima", "Av. Álvaro Obregón". */
const STREET_STARTS = new Set(
  'calle av avenida rua r rue via viale piazza plaza carrer paseo camino strasse praca largo travessa'.split(
    ' ',
  ),
);

const COMPASS = new Set(
  `north south east west northern southern eastern western central downtown upper lower inner
  outer greater northeast northwest southeast southwest midtown`
    .split(/\s+/)
    .filter(Boolean),
);

/** A region's or a state's short form after a comma: "Greenville, NC", "Leeds, UK". */
const REGION = /^[A-Z]{2,3}$/;
/** A postcode: "N1C 4AB", "EC2A", "78702", "1200-202", "411001". */
const POSTCODE = /^(?:[a-z]{1,2}\d[a-z\d]?|\d[a-z]{2}|\d{4,8})$/;

export type PlaceOptions = {
  /** The name leads an option (a list item, a card): street words alone do not make it a place. */
  lead?: boolean;
  /** Places the answer itself names (answerPlaces). */
  named?: Set<string>;
};

/**
 * Whether `name` (as written) is a place or an address rather than a business.
 */
export function isPlace(name: string, options: PlaceOptions = {}): boolean {
  const written = name.trim().replace(/[.*_]+$/, '');
  if (!written) return false;
  // "Ayden, NC and Farmville": places listed.
  const listed = written.split(/\s+and\s+/);
  if (listed.length > 1)
    return listed.every((part) => REGION.test(part.trim()) || isPlace(part, options));
  const [head, ...rest] = written.split(/,\s*/);
  if (rest.length && !rest.every((part) => REGION.test(part.trim()) || isPlace(part))) return false;
  const words = normalizeName(head ?? '')
    .split(' ')
    .filter(Boolean);
  if (!words.length || words.length > 6) return false;
  const known = places();
  const has = (list: string[]) =>
    list.length > 0 && (known.has(list.join(' ')) || Boolean(options.named?.has(list.join(' '))));
  const core = words[0] === 'the' && words.length > 1 ? words.slice(1) : words;
  if (has(core)) return true;
  // Addresses: "18 Parkway", "London N1C 4AB", "Calle de Durango 200", "1200-202 Lisboa".
  if (core.some((word) => POSTCODE.test(word)) && core.some((word) => /^\p{L}{3,}$/u.test(word)))
    return !options.lead || /\d/.test(core[0]!) || has(core.filter((w) => !POSTCODE.test(w)));
  if (/^\d+[a-z]?$/.test(core[0]!) && core.length > 1)
    return PLACE_ENDS.has(core.at(-1)!) || has(core.slice(1));
  if (STREET_STARTS.has(core[0]!) && core.length > 1) return true;
  // "Dublin 8", "Roma Nte".
  if (core.length > 1 && /^\d{1,3}$/.test(core.at(-1)!))
    return has(core.slice(0, -1)) || PLACE_ENDS.has(core.at(-2)!);
  if (core.length > 1 && COMPASS.has(core[0]!)) return isPlace(core.slice(1).join(' '), options);
  // "Covers West Bridgford": a verb run into a place.
  if (core.length > 1 && /^(?:covers|serves|serving|covering|near|visit|explore)$/.test(core[0]!))
    return isPlace(core.slice(1).join(' '), options);
  // "Glasgow's West End": a place's possessive.
  const possessive = /^([\p{L} ]+?)['’]s\s/u.exec(head ?? '');
  if (possessive && has(normalizeName(possessive[1]!).split(' '))) return true;
  const streetWords = options.lead ? core.length === 2 : core.length > 1 && core.length <= 4;
  return streetWords && PLACE_ENDS.has(core.at(-1)!);
}

/** Whether the words right after a name start with a place ("Origin Coffee Shoreditch"). */
export function startsWithPlace(words: string[], named?: Set<string>): boolean {
  for (let size = Math.min(3, words.length); size >= 1; size--) {
    const key = words.slice(0, size).join(' ');
    if (places().has(key) || named?.has(key)) return true;
  }
  return false;
}

/**
 * The places an answer names after "in", "near", "around", "across", "throughout" or "within"
 * ("coffee shops in Shoreditch", "a half-day plan around King's Cross"), as normalised names.
 */
export function answerPlaces(text: string): Set<string> {
  const found = new Set<string>();
  const pattern =
    /\b(?:in|near|around|across|throughout|within|serving)\s+((?:[\p{Lu}][\p{L}'’.-]*)(?:\s+(?:[\p{Lu}][\p{L}'’.-]*|de|la|del|upon|on))*)/gu;
  for (const match of text.matchAll(pattern)) {
    const words = match[1]!.split(/\s+/);
    // At most three words, and not a name with a trade word ("in Joe's Plumbing").
    if (words.length > 3) continue;
    found.add(normalizeName(match[1]!.replace(/['’]s$/, '')));
  }
  return found;
}
