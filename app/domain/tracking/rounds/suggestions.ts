// Prompt suggestions: questions a customer would type to an AI assistant when looking for a
// business like the owner's, offered when the owner picks the prompts to track. Pure and
// deterministic: the same industry and location always give the same list, in the same order.
//
// The industry is the owner's free text, matched leniently against common local service trades
// (case, plurals and synonyms: "Plumbing", "HVAC contractor", "dental clinic"); any other text
// gets a generic set phrased with the owner's own words. The location's city ("Austin") goes into
// the conversational questions and the whole location ("Austin, TX") into the search-style ones;
// without a location the questions say "near me". The business's name never appears: a customer
// asking does not know it.
//
// The trades' own questions live in suggestion-trades-home.ts, -care.ts and -more.ts (in this order
// of matching), the nouns and articles in suggestion-nouns.ts.

import { dialectOf, inDialect } from './suggestion-words';
import { noun, pluralNoun, type Noun, type Trade, type Where } from './suggestion-nouns';
import { HOME_TRADES } from './suggestion-trades-home';
import { CARE_TRADES } from './suggestion-trades-care';
import { MORE_TRADES } from './suggestion-trades-more';

export type SuggestionBusiness = {
  industry: string | null;
  location: string | null;
  /** A .uk or .ie site tells the customers' wording when the location does not (dialectOf). */
  website?: string | null;
};

/** Each suggestion is at most this long (a tracked prompt's limit is larger). */
export const SUGGESTION_MAX_LENGTH = 200;
const MAX_SUGGESTIONS = 12;
/** Longer industry or location texts are cut at a word so the questions stay readable. */
const PART_MAX_LENGTH = 60;

/** The trades, first match wins: the order of the three tables is the order of matching. */
const TRADES: Trade[] = [...HOME_TRADES, ...CARE_TRADES, ...MORE_TRADES];

/** Questions that fit any business, phrased with what the customer is looking for. */
function generic(w: Where, n: Noun): string[] {
  const plural = n.one === n.many;
  return [
    `best ${n.one} ${w.full}`,
    `${n.one} ${w.near} with good reviews`,
    `How do I choose ${n.a} ${w.city}?`,
    `top-rated ${n.many} ${w.full}`,
    `affordable ${n.one} ${w.city}`,
    `Can you recommend ${n.a} ${w.city}?`,
    `What should I look for in ${n.a} ${w.city}?`,
    plural
      ? `Which ${n.many} ${w.city} do locals recommend?`
      : `Which ${n.one} ${w.city} do locals recommend?`,
    `${n.one} ${w.full} open on weekends`,
  ];
}

const LOCAL_BUSINESS: (w: Where) => string[] = (w) => [
  `best local businesses ${w.full}`,
  `top-rated local services ${w.full}`,
  `Which local businesses ${w.city} have the best reviews?`,
  `trusted local service providers ${w.near}`,
  `Can you recommend a reliable local business ${w.city}?`,
  `How do I find a trustworthy local service ${w.city}?`,
  `small local businesses ${w.city} that people recommend`,
  `What are the most popular local businesses ${w.area}?`,
  `local businesses ${w.near} open on weekends`,
  `affordable local services ${w.city} with good reviews`,
];

export function promptSuggestions(business: SuggestionBusiness): string[] {
  const where = whereOf(business.location);
  const industry = clip(clean(business.industry ?? ''));
  let questions: string[];
  if (!industry) {
    questions = LOCAL_BUSINESS(where);
  } else {
    const key = keyOf(industry);
    const trade = TRADES.find((candidate) => candidate.test.test(key));
    if (trade) {
      const n = typeof trade.noun === 'function' ? trade.noun(key) : trade.noun;
      const own = trade.questions(where, n);
      // The generic questions fill in, unless the trade's own set already asks one that opens
      // the same way ("affordable plumber in Austin with good reviews").
      const openings = new Set(own.map(opening));
      questions = [...own, ...generic(where, n).filter((q) => !openings.has(opening(q)))];
    } else {
      questions = generic(where, ownersNoun(industry));
    }
  }
  // In the customers' own wording: British terms and spelling for a business in the UK.
  const dialect = dialectOf(business);
  const seen = new Set<string>();
  const result: string[] = [];
  for (const question of questions) {
    const text = limit(clean(inDialect(question, dialect)));
    const key = text.toLowerCase();
    if (!text || seen.has(key)) continue;
    seen.add(key);
    result.push(text);
  }
  return result.slice(0, MAX_SUGGESTIONS);
}

/** A question's first three words, for telling near-repeats apart. */
function opening(question: string): string {
  return question.toLowerCase().split(' ').slice(0, 3).join(' ');
}

function whereOf(location: string | null): Where {
  const full = clip(clean(location ?? '').replace(/^[,\s]+|[,\s]+$/g, ''));
  if (!full) return { full: 'near me', city: 'near me', near: 'near me', area: 'in my area' };
  const city = full.split(',')[0]!.trim() || full;
  return {
    full: `in ${full}`,
    city: `in ${city}`,
    near: `near ${city}`,
    area: `in the ${city} area`,
  };
}

/** The industry text for matching: lower case, without accents, punctuation as spaces. */
function keyOf(industry: string): string {
  return industry
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}'\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The owner's words as what a customer looks for: "Underwater basket weaving lessons" stays
 * plural, "Yoga studio" takes an article, and a field ("Consulting", "Healthcare") becomes
 * "consulting services".
 */
function ownersNoun(industry: string): Noun {
  const words = industry
    .split(' ')
    // "Underwater" → "underwater"; "SEO", "iPhone" and other inner capitals stay as written.
    .map((word) => (/^\p{Lu}[\p{Ll}'’-]*$/u.test(word) ? word.toLowerCase() : word));
  const phrase = words.join(' ');
  const last = words.at(-1)!.toLowerCase();
  if (/[^s'’]s$/.test(last) && !/(?:us|is|ics|ss)$/.test(last)) return pluralNoun(phrase);
  const agent = /(?:er|or|ist|ian|ant|ent|ar|ect|smith|wright)$/.test(last);
  const place =
    /^(?:studio|shop|store|salon|clinic|school|agency|firm|center|centre|practice|company|gallery|bar|club|parlor|parlour|boutique|office|service|provider|consultant|academy|kennel|farm|market|lab|workshop|hotel|inn|wash)$/.test(
      last,
    );
  if (agent || place) return noun(phrase);
  if (words.length === 1 || /(?:ing|care|ry|ics|ance|ence|ion|al|ment|ism|ty)$/.test(last))
    return pluralNoun(`${phrase} services`);
  return noun(phrase);
}

function clean(text: string): string {
  return text
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.?!])/g, '$1')
    .trim();
}

/** A part (industry or location) cut at a word so it stays readable inside a question. */
function clip(text: string): string {
  if (text.length <= PART_MAX_LENGTH) return text;
  const cut = text.slice(0, PART_MAX_LENGTH + 1);
  const space = cut.lastIndexOf(' ');
  return (space > 0 ? cut.slice(0, space) : cut.slice(0, PART_MAX_LENGTH)).replace(/[,\s]+$/, '');
}

/** A whole question within the cap (already true unless the parts were long). */
function limit(text: string): string {
  if (text.length <= SUGGESTION_MAX_LENGTH) return text;
  const cut = text.slice(0, SUGGESTION_MAX_LENGTH);
  const space = cut.lastIndexOf(' ');
  return (space > 0 ? cut.slice(0, space) : cut).replace(/[,\s]+$/, '');
}
