// Street addresses, as one line: "1420 E 6th St, Austin, TX 78702", "14 Call Lane, Leeds LS1 6DT".
// Compared by what identifies a door: the house number, the street (case, punctuation and the
// usual abbreviations aside: "E 6th St" is "East 6th Street") and the postcode or ZIP when both
// sides give one. Pure.

export type AddressKey = {
  /** "1420", "12b"; null when the address gives none ("Call Lane, Leeds"). */
  number: string | null;
  /** "east 6th street" */
  street: string;
  /** "78702", "LS16DT"; null when none is given. */
  postcode: string | null;
};

const SUFFIXES: Record<string, string> = {
  st: 'street',
  street: 'street',
  ave: 'avenue',
  av: 'avenue',
  avenue: 'avenue',
  rd: 'road',
  road: 'road',
  blvd: 'boulevard',
  boulevard: 'boulevard',
  dr: 'drive',
  drive: 'drive',
  ln: 'lane',
  lane: 'lane',
  way: 'way',
  ct: 'court',
  court: 'court',
  pl: 'place',
  place: 'place',
  pkwy: 'parkway',
  parkway: 'parkway',
  hwy: 'highway',
  highway: 'highway',
  cir: 'circle',
  circle: 'circle',
  ter: 'terrace',
  terrace: 'terrace',
  trl: 'trail',
  trail: 'trail',
  sq: 'square',
  square: 'square',
  loop: 'loop',
  row: 'row',
  close: 'close',
  cres: 'crescent',
  crescent: 'crescent',
  mews: 'mews',
  walk: 'walk',
  gardens: 'gardens',
  parade: 'parade',
  pike: 'pike',
  plaza: 'plaza',
  broadway: 'broadway',
  gate: 'gate',
  hill: 'hill',
};

const DIRECTIONS: Record<string, string> = {
  n: 'north',
  s: 'south',
  e: 'east',
  w: 'west',
  ne: 'northeast',
  nw: 'northwest',
  se: 'southeast',
  sw: 'southwest',
  north: 'north',
  south: 'south',
  east: 'east',
  west: 'west',
  northeast: 'northeast',
  northwest: 'northwest',
  southeast: 'southeast',
  southwest: 'southwest',
};

const capital = (word: string) => word[0]!.toUpperCase() + word.slice(1);
/** The street suffixes a regular expression looks for, as written ("St", "Street"), longest first. */
export const STREET_SUFFIX = Object.keys(SUFFIXES)
  .sort((a, b) => b.length - a.length)
  .map(capital)
  .join('|');
/** "N", "NE", "North". */
export const DIRECTION = Object.keys(DIRECTIONS)
  .sort((a, b) => b.length - a.length)
  .map((word) => (word.length <= 2 ? word.toUpperCase() : capital(word)))
  .join('|');

/** US ZIP, UK postcode, Canadian postal code. */
export const POSTCODE =
  '\\d{5}(?:-\\d{4})?|[A-Z]{1,2}\\d[A-Z\\d]?\\s?\\d[A-Z]{2}|[A-Z]\\d[A-Z]\\s?\\d[A-Z]\\d';

const HOUSE_NUMBER = /^(\d{1,6}[a-z]?)(?:-\d{1,6})?$/i;
const POSTCODE_AT_END = new RegExp(`(?:^|[\\s,])(${POSTCODE})\\s*$`, 'i');

function normalStreet(words: string[]): string {
  return words
    .map((word) => word.toLowerCase().replace(/[.'’]/g, ''))
    .filter(Boolean)
    .map((word, i, all) =>
      i === all.length - 1
        ? (SUFFIXES[word] ?? word)
        : i === 0 || i === all.length - 2
          ? (DIRECTIONS[word] ?? SUFFIXES[word] ?? word)
          : word,
    )
    .join(' ');
}

/**
 * An address line's key, or null when it names no street: the first part that opens with a
 * number ("Unit 4, 12 Mill Road" → 12 Mill Road), else the first part when it ends in a street
 * word ("Call Lane, Leeds").
 */
export function addressKey(value: string): AddressKey | null {
  const text = value.replace(/\s+/g, ' ').trim();
  if (!text || text.length > 300) return null;
  const parts = text.split(/\s*[,;]\s*/).filter(Boolean);
  const postcode = POSTCODE_AT_END.exec(text)?.[1]?.replace(/\s/g, '').toUpperCase() ?? null;
  for (const part of parts) {
    const words = part.split(' ').filter(Boolean);
    const number = HOUSE_NUMBER.exec(words[0] ?? '');
    if (number && words.length >= 2 && /\p{L}/u.test(words.slice(1).join(' '))) {
      const street = normalStreet(words.slice(1));
      return { number: number[1]!.toLowerCase(), street, postcode };
    }
  }
  const first = parts[0]?.split(' ').filter(Boolean) ?? [];
  const last = first[first.length - 1]?.toLowerCase().replace(/\./g, '');
  if (first.length >= 2 && last && SUFFIXES[last] && !/\d{3,}/.test(first.join(' ')))
    return { number: null, street: normalStreet(first), postcode };
  return null;
}

/** The key as one string, kept with the counts: "1420|east 6th street|78702". */
export function addressKeyText(key: AddressKey): string {
  return `${key.number ?? ''}|${key.street}|${key.postcode ?? ''}`;
}

export function parseAddressKeyText(text: string): AddressKey | null {
  const [number, street, postcode] = text.split('|');
  if (street === undefined) return null;
  return { number: number || null, street, postcode: postcode || null };
}
