// What a name the reader found in an answer is there as (issue 43): a business offered for the
// question, or a place, a source (a review site or directory named as where to look), a label or
// a step (headings and list labels of itineraries, tips and how-tos), or a brand in another role
// (the assistant addressed by name, a client, a parent company, an integration). Only businesses
// are counted as competitors. Pure.

import { PLAIN_WORDS } from './data/plain-words';
import { isPlace, type PlaceOptions } from './places';
import { isSource } from './sources';

export type Role = 'business' | 'place' | 'source' | 'label' | 'step' | 'other';

let plainWords: Set<string> | null = null;

/** A word of ordinary English (the 40,000 most frequent in spoken English, written small). */
export function isPlainWord(word: string): boolean {
  plainWords ??= new Set(PLAIN_WORDS.split(' '));
  const small = word.toLowerCase().replace(/[’]/g, "'");
  if (plainWords.has(small) || plainWords.has(small.replace(/'s$/, ''))) return true;
  const parts = small.split('-');
  return parts.length > 1 && parts.every((part) => plainWords!.has(part));
}

/** The words of a name as written, without markdown and punctuation around them. */
function wordsOf(name: string): string[] {
  return name
    .split(/[\s/]+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter(Boolean);
}

/** A name made only of ordinary English words ("Celestial Art", "Research Local Options"). */
export function isPlainPhrase(name: string): boolean {
  const words = wordsOf(name);
  return words.length > 0 && words.every((word) => /^\d+$/.test(word) || isPlainWord(word));
}

/** Verbs a step or a tip opens with: "Identify Specific Needs", "Get a Written Quote". */
const STEP_VERBS = new Set(
  `identify research check compare meet define gather agree get ask read call book choose consider
  look find visit start plan set review verify confirm request schedule avoid make keep take use
  contact search browse explore head walk grab stop finish hire understand determine evaluate
  assess prepare budget negotiate sign test decide know think shop arrive order try bring pack
  think learn join follow pay save`
    .split(/\s+/)
    .filter(Boolean),
);

/** Words of an itinerary's labels: "Lunch", "Early Afternoon", "Day 2", "Dinner at". */
const TIME_WORDS = new Set(
  `morning afternoon evening night midday noon lunch dinner breakfast brunch supper late early mid
  day days break tips tip option options weekend weekday sunset sunrise drinks coffee snack
  overnight arrival departure at`
    .split(/\s+/)
    .filter(Boolean),
);

/** Words that end a news heading rather than a name: "FTX Case Update", "Coinbase Earnings". */
const NEWS_ENDS = new Set(
  `update updates news earnings results compliance outlook acquisition acquisitions funding launch
  launches lawsuit deal deals merger ipo layoffs partnership expansion case probe settlement
  investigation fine ruling report reports announcement moves shake-up`
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * A news heading's subject: "FTX Case Update" → "FTX", "Regulatory Outlook" → null (no name
 * left), or undefined when the name is not a news heading.
 */
export function headingSubject(name: string): string | null | undefined {
  const words = wordsOf(name);
  if (words.length < 2 || !NEWS_ENDS.has(words.at(-1)!.toLowerCase())) return undefined;
  let end = words.length;
  while (end > 0 && (NEWS_ENDS.has(words[end - 1]!.toLowerCase()) || isPlainWord(words[end - 1]!)))
    end -= 1;
  if (end === 0) return null;
  const subject = words.slice(0, end).join(' ');
  return isPlainPhrase(subject) ? null : subject;
}

/** Names listed before this one: "Shopify, Stripe and ", "BMW, Audi, ". */
const LISTED =
  /(?:[\p{Lu}][\p{L}\p{N}.'’&-]*(?:\s+[\p{Lu}][\p{L}\p{N}.'’&-]*)*(?:,\s+(?:and\s+|or\s+)?|\s+(?:and|or|&)\s+))+$/u;
const NAME = String.raw`([\p{Lu}][\p{L}'’.-]*(?:\s[\p{Lu}][\p{L}'’.-]*){0,3})`;
const PREVIOUS_NAME = new RegExp(`${NAME}(?:,\\s+(?:and\\s+)?|\\s+(?:and|or|&)\\s+)$`, 'u');
const NEXT_NAME = new RegExp(`^(?:,\\s+(?:and\\s+)?|\\s+(?:and|or|&)\\s+)${NAME}`, 'u');

/** What the words just before a name say it is there as: a client, a parent, an integration. */
const OTHER_ROLE_BEFORE =
  /(?:\bclients?\b[^.;:]{0,40}\b(?:include|included|including|such as|like)|\bworked with|\b(?:owned|acquired|backed|founded) by|\bpart of|\bsubsidiary of|\bfrom the makers of|\bmakers of|\bintegrat\w* (?:with|into)|\bworks? with|\bconnects? (?:directly )?(?:to|with)|\bsyncs? with|\bpartnership with|\bled by|\bused by|\bspeciali[sz](?:es|ing) in|\bprograms? from|\bsupports?|\bif you (?:already )?use|\bdealerships? like)\s+(?:(?:the|a|an|household names like|names like|brands like|like)\s+)*$/i;
/** A name followed by what it plugs into: "solid Xero and Mailchimp integrations". */
const OTHER_ROLE_AFTER =
  /^(?:(?:,\s+|\s+(?:and|or|&)\s+)[\p{Lu}][\p{L}\p{N}.'’&-]*)*\s+(?:integrations?|data|mesh|plugins?|add-ons?|chargers?|certified|compatible)\b/u;
/** A business described right after its name: "Harvey, the legal AI startup". */
const DESCRIBED_AFTER =
  /^,?\s+(?:is\s+)?(?:a|an|the)\s+(?:[\p{L}-]+\s+){0,3}(?:startup|firm|company|business|shop|restaurant|bakery|practice|studio|agency|chain|brand|provider|service|café|cafe|bar|pub|clinic|salon|team)\b/iu;
/** An assistant addressed by name: "However, ChatGPT, including …". */
const ADDRESSED_BEFORE =
  /(?:^|[.!?]\s+)(?:however|but|well|sorry|look|actually|now|and|so|no),?\s+$/i;

/** What a name the reader found is there as, from its words and the sentence around it. */
export function roleOf(
  name: string,
  before: string,
  after: string,
  places: PlaceOptions = {},
): Role {
  const written = name.trim();
  if (isSource(written)) return 'source';
  if (DESCRIBED_AFTER.test(after)) return 'business';
  if (isPlace(written, places)) return 'place';
  // Listed with places: "Bedminster and Southville", "Hackney and Islington coverage".
  const previous = PREVIOUS_NAME.exec(before)?.[1];
  const next = NEXT_NAME.exec(after)?.[1];
  if ((previous && isPlace(previous, places)) || (next && isPlace(next, places))) return 'place';
  const words = wordsOf(written);
  const small = words.map((word) => word.toLowerCase());
  if (small.length && small.every((word) => TIME_WORDS.has(word) || /^\d+$/.test(word)))
    return 'label';
  if (
    small.length > 1 &&
    STEP_VERBS.has(small[0]!) &&
    words.slice(1).every((word) => /^\d+$/.test(word) || isPlainWord(word))
  )
    return 'step';
  const tail = before.slice(-160);
  if (OTHER_ROLE_BEFORE.test(tail.replace(LISTED, '')) || OTHER_ROLE_AFTER.test(after))
    return 'other';
  if (ADDRESSED_BEFORE.test(tail) && /^\s*,/.test(after)) return 'other';
  return 'business';
}
