// Where an answer's text states a phone number, a street address, opening hours, a website or
// that a business closed or moved: every such place, as offsets, whoever it is about (fact
// owners, fact-owners.ts, decide that). Regular expressions, phones checked by libphonenumber-js.
// Pure.

import type { CountryCode } from 'libphonenumber-js';
import { DIRECTION, POSTCODE, STREET_SUFFIX, addressKey, addressKeyText } from './fact-address';
import { readDays, readTime, readTimeRange, type HoursClaim } from './fact-hours';
import { toE164 } from './fact-phone';
import { siteOf } from './domains';

export const FACT_KINDS = ['phone', 'address', 'hours', 'website', 'status'] as const;
export type FactKind = (typeof FACT_KINDS)[number];

export type FoundFact = {
  kind: FactKind;
  start: number;
  end: number;
  /** As written. */
  value: string;
  /** What it is compared by: E.164, the address key, the site, the status; hours: the words. */
  key: string;
  /** Hours only: what the words claim. */
  claims?: HoursClaim[];
};

type Range = { start: number; end: number };

// Phones -------------------------------------------------------------------------------------

const PHONE =
  /(?<![\w+/.-])(?:\+\d{1,3}[ .-]?)?(?:\(\d{2,5}\)[ .-]?|\d{2,5}[ .-])\d{2,4}(?:[ .-]\d{2,4}){0,2}(?![\w/]|[.-]\d)|(?<![\w+/.-])\+?\d{10,12}(?![\w/])/g;

function phones(text: string, country: CountryCode | null): FoundFact[] {
  const found: FoundFact[] = [];
  for (const match of text.matchAll(PHONE)) {
    const value = match[0];
    // A year range or a price ("2019-2024", "150-300") is no phone: a phone has 7+ digits.
    if (value.replace(/\D/g, '').length < 7) continue;
    const e164 = toE164(value, country ?? 'US');
    if (!e164) continue;
    found.push({
      kind: 'phone',
      start: match.index,
      end: match.index + value.length,
      value,
      key: e164,
    });
  }
  return found;
}

// Addresses ----------------------------------------------------------------------------------

const STREET_WORD = "(?:[A-Z0-9][\\w'’.-]*|of|the|de|la)";
const TOWN_PART = "[A-Z][a-z'’.-]+(?: [A-Z][a-z'’.-]+){0,3}";
const ADDRESS = new RegExp(
  `(?<![\\w#$.,-])\\d{1,6}[A-Za-z]?(?:-\\d{1,6})? (?:(?:${DIRECTION})\\.? )?(?:${STREET_WORD} ){0,4}(?:${STREET_SUFFIX})\\b\\.?(?: (?:${DIRECTION})\\b\\.?)?` +
    `(?:,? (?:Suite|Ste\\.?|Unit|Apt\\.?|#) ?[\\w-]+)?` +
    `(?:, ${TOWN_PART})?(?:,? [A-Z]{2}\\b)?(?:,? (?:${POSTCODE})\\b)?`,
  'g',
);
/** A line that is an address without a number: "📍 Call Lane, Leeds", "Address: Main Street". */
const NUMBERLESS_LINE = new RegExp(
  `^[^\\p{L}\\p{N}\\n]*(?:(?:[Aa]ddress|[Ll]ocation)\\s*:\\s*[*_]*\\s*)?((?:(?:${DIRECTION})\\.? )?(?:[A-Z0-9][\\w'’.-]* ){1,3}(?:${STREET_SUFFIX})\\b\\.?(?:, ${TOWN_PART})?)\\s*$`,
  'gmu',
);

function addresses(text: string): FoundFact[] {
  const found: FoundFact[] = [];
  const add = (start: number, value: string) => {
    const trimmed = value.replace(/[\s,]+$/, '');
    const key = addressKey(trimmed);
    if (!key) return;
    found.push({
      kind: 'address',
      start,
      end: start + trimmed.length,
      value: trimmed,
      key: addressKeyText(key),
    });
  };
  for (const match of text.matchAll(ADDRESS)) add(match.index, match[0]);
  for (const match of text.matchAll(NUMBERLESS_LINE)) {
    const value = match[1]!;
    const start = match.index + match[0].indexOf(value);
    if (found.some((each) => each.start <= start && start < each.end)) continue;
    add(start, value);
  }
  return found;
}

// Opening hours -----------------------------------------------------------------------------

const DAY =
  '(?:mon(?:day)?s?|tue(?:s(?:day)?)?s?|wed(?:nesday)?s?|thu(?:r(?:s(?:day)?)?)?s?|fri(?:day)?s?|sat(?:urday)?s?|sun(?:day)?s?|weekdays?|weekends?)';
const DAYS = `${DAY}(?:\\s*(?:[-–—]|to|through|thru)\\s*${DAY})?(?:\\s*(?:,|&|and|\\/)\\s*${DAY}(?:\\s*(?:[-–—]|to|through|thru)\\s*${DAY})?)*`;
const TIME = '(?:\\d{1,2}(?::\\d{2})?\\s*(?:[ap]\\.?\\s?m\\.?)?|noon|midnight)';
const TIMES = `(${TIME})\\s*(?:[-–—]|to|until|till)\\s*(${TIME})`;
const EVERY_DAY = '(?:daily|every day|7 days a week|seven days a week)';

type HoursPattern = { pattern: RegExp; claims: (match: RegExpMatchArray) => HoursClaim[] | null };

const ALL_DAYS = [0, 1, 2, 3, 4, 5, 6];
const times = (opens: string, closes: string, days: number[] | null): HoursClaim[] | null => {
  const range = readTimeRange(opens, closes);
  return range ? [{ days, state: { kind: 'times', opens: range[0], closes: range[1] } }] : null;
};
const daysOr = (text: string | undefined, fallback: number[] | null) =>
  text ? readDays(text) : fallback;

const HOURS_PATTERNS: HoursPattern[] = [
  {
    // "open 24/7", "24/7 emergency service", "Open 24 hours", "open around the clock".
    pattern:
      /\b(?:open\s+)?24\s*\/\s*7\b|\bopen\s+24\s+hours(?:\s+a\s+day)?(?:,?\s+(?:7|seven)\s+days(?:\s+a\s+week)?)?|\b24\s+hours\s+a\s+day(?:,?\s+(?:7|seven)\s+days(?:\s+a\s+week)?)?|\bopen\s+(?:a)?round[\s-]the[\s-]clock\b/gi,
    claims: () => [{ days: ALL_DAYS, state: { kind: 'always' } }],
  },
  {
    // "Mon–Fri 8am–5pm", "Monday to Friday, 8 a.m. to 6 p.m.", "open Saturdays 9am–1pm".
    pattern: new RegExp(
      `\\b(?:open\\s+(?:on\\s+)?)?(${DAYS})\\s*[,:]?\\s*(?:from\\s+)?${TIMES}`,
      'gi',
    ),
    claims: (match) => times(match[2]!, match[3]!, readDays(match[1]!)),
  },
  {
    // "Open 8 AM–7 PM daily", "9am-5pm Monday to Friday".
    pattern: new RegExp(
      `\\b(?:open\\s+)?(?:from\\s+)?${TIMES}\\s*,?\\s*(?:on\\s+)?(${EVERY_DAY}|${DAYS})\\b`,
      'gi',
    ),
    claims: (match) =>
      times(
        match[1]!,
        match[2]!,
        /^(?:daily|every|7|seven)/i.test(match[3]!) ? ALL_DAYS : readDays(match[3]!),
      ),
  },
  {
    // "closed on Sundays", "Closed Fri–Sun", "closed weekends".
    pattern: new RegExp(`\\bclosed\\s+(?:on\\s+)?(?:all\\s+)?(${DAYS})\\b`, 'gi'),
    claims: (match) => {
      const days = readDays(match[1]!);
      return days ? [{ days, state: { kind: 'closed' } }] : null;
    },
  },
  {
    // "open until 9pm", "Closes 8 PM", "open until 7pm on weekdays".
    pattern: new RegExp(
      `\\b(?:open\\s+(?:late\\s+)?(?:until|till|til)|closes(?:\\s+at)?)\\s+(${TIME})(?:\\s+(?:on\\s+)?(${DAYS}))?`,
      'gi',
    ),
    claims: (match) => {
      const time = readTime(match[1]!);
      if (!time) return null;
      const closes = !time.meridiem && time.minutes < 720 ? time.minutes + 720 : time.minutes;
      return [{ days: daysOr(match[2], null), state: { kind: 'times', opens: null, closes } }];
    },
  },
  {
    // "Opens 8 am".
    pattern: new RegExp(`\\bopens(?:\\s+at)?\\s+(${TIME})`, 'gi'),
    claims: (match) => {
      const time = readTime(match[1]!);
      return time
        ? [{ days: null, state: { kind: 'times', opens: time.minutes, closes: null } }]
        : null;
    },
  },
  {
    // "open Saturdays", "Open Monday through Saturday", "open on weekends".
    pattern: new RegExp(`\\bopen\\s+(?:on\\s+)?(${DAYS})\\b`, 'gi'),
    claims: (match) => {
      const days = readDays(match[1]!);
      return days ? [{ days, state: { kind: 'open' } }] : null;
    },
  },
];

function hours(text: string): FoundFact[] {
  const found: FoundFact[] = [];
  for (const { pattern, claims } of HOURS_PATTERNS)
    for (const match of text.matchAll(pattern)) {
      // A sentence's full stop is not part of the hours ("open until 7pm."), a.m.'s is.
      const value = match[0].trim().replace(/(?<![ap]\.m)\.$/i, '');
      const start = match.index + match[0].indexOf(value);
      const end = start + value.length;
      if (found.some((each) => each.start < end && start < each.end)) continue;
      // A time's digits must not be a price or a count ("$150", "4.8").
      const read = claims(match);
      if (!read) continue;
      found.push({ kind: 'hours', start, end, value, key: value.toLowerCase(), claims: read });
    }
  return found;
}

// Websites and status ------------------------------------------------------------------------

/** Sites that list businesses: a link there is a citation, not the business's own website. */
const DIRECTORIES =
  /(?:^|\.)(?:yelp|google|goo|bbb|angi|angieslist|homeadvisor|thumbtack|facebook|instagram|nextdoor|tripadvisor|yellowpages|mapquest|houzz|porch|checkatrade|trustpilot|which|ratedpeople|yell|linkedin|twitter|x|tiktok|youtube|wikipedia|reddit|apple|bing|zocdoc|healthgrades|avvo|justia|findlaw|opentable|ubereats|doordash|groupon|foursquare|manta|superpages|expertise|threebestrated|birdeye|trustatrader|mybuilder|bark|hotfrog|cylex|brownbook|chamberofcommerce)\.[a-z.]+$/i;

const DOMAIN =
  /(?<![\w@./-])(?:https?:\/\/)?(?:www\.)?[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9-]+)*\.(?:com|net|org|biz|info|co|io|us|ca|uk|ie|au|nz|de|fr|es|it|nl|dental|law|plumbing|services|site|online|shop|store)(?![\w-])(?:\/[^\s)\]]*)?/gi;

function websites(
  text: string,
  links: readonly { start: number; end: number; href: string; label: Range | null }[],
): FoundFact[] {
  const found: FoundFact[] = [];
  const add = (start: number, end: number, value: string, address: string) => {
    const site = siteOf(address);
    if (!site || DIRECTORIES.test(site) || !site.includes('.')) return;
    if (found.some((each) => each.start < end && start < each.end)) return;
    found.push({ kind: 'website', start, end, value, key: site });
  };
  // A link on a business's name: "[Okafor Plumbing](https://okaforplumbing.com)".
  for (const link of links)
    if (link.label && /^https?:/i.test(link.href)) {
      const label = text.slice(link.label.start, link.label.end);
      if (!/\.[a-z]{2,}/i.test(label)) add(link.start, link.end, label, link.href);
    }
  for (const match of text.matchAll(DOMAIN)) {
    // A file name or an e-mail address is no site; a domain written in a sentence is.
    if (/^[\d.]+$/.test(match[0])) continue;
    add(match.index, match.index + match[0].length, match[0].replace(/[.,]+$/, ''), match[0]);
  }
  return found;
}

const STATUS: [RegExp, string][] = [
  [
    /\b(?:permanently\s+closed|closed\s+permanently|closed\s+for\s+good|no\s+longer\s+in\s+business|out\s+of\s+business|has\s+(?:since\s+)?(?:permanently\s+)?(?:closed|shut)(?:\s+down)?(?!\s+(?:on|at|for|early|by|until))|(?:has|have)\s+shut\s+down)\b/gi,
    'closed',
  ],
  [/\btemporarily\s+closed\b/gi, 'temporarily closed'],
  [
    /\b(?:has\s+(?:since\s+)?(?:moved|relocated)|moved\s+to\s+a\s+new\s+location|relocated\s+to)\b/gi,
    'moved',
  ],
];

function statuses(text: string): FoundFact[] {
  const found: FoundFact[] = [];
  for (const [pattern, key] of STATUS)
    for (const match of text.matchAll(pattern))
      found.push({
        kind: 'status',
        start: match.index,
        end: match.index + match[0].length,
        value: match[0],
        key,
      });
  return found;
}

/**
 * Every place the text states a fact, in text order, outside `masks` (source lists, link
 * addresses, code). `country`: the business's, for phones written without a country code.
 */
export function findFacts(
  text: string,
  options: {
    country: CountryCode | null;
    masks: readonly Range[];
    links: readonly { start: number; end: number; href: string; label: Range | null }[];
  },
): FoundFact[] {
  // A bare address ("https://okaforplumbing.com") is masked for names, but is a website here.
  const bare = options.links.filter((link) => !link.label && text[link.start] !== '[');
  const masked = (fact: { start: number; kind?: FactKind }) =>
    options.masks.some(
      (mask) =>
        mask.start <= fact.start &&
        fact.start < mask.end &&
        !(
          fact.kind === 'website' &&
          bare.some((link) => link.start === mask.start && link.end === mask.end)
        ),
    );
  const all = [
    ...statuses(text),
    ...phones(text, options.country),
    ...addresses(text),
    ...hours(text),
    ...websites(
      text,
      options.links.filter((link) => !masked(link)),
    ),
  ];
  // Where two overlap, the one found first wins: a status over hours ("Permanently closed"), a
  // phone over an address's digits.
  const kept: FoundFact[] = [];
  for (const fact of all) {
    if (masked(fact)) continue;
    if (kept.some((each) => each.start < fact.end && fact.start < each.end)) continue;
    kept.push(fact);
  }
  return kept.sort((a, b) => a.start - b.start);
}

/** The claims of hours words (an answer's hours version, re-read when it is judged). */
export function hoursClaimsOf(text: string): HoursClaim[] {
  return hours(text).flatMap((fact) => fact.claims ?? []);
}
