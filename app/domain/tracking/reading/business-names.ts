// Whether a run of capitalised words in an answer is a business's name, and where such runs are in
// running text. Used by the reader (reader.ts) for the names it did not know beforehand. Pure.
//
// A run gets a level of evidence:
// 3 (named anywhere): a brand-shaped word ("DeepSeek", "PipeRight"), an opening possessive
//   ("Ken's Artisan Bakery"), a legal form ("Tidy Nest Ltd", "Leeds Roofing Co."), or a
//   business word at its end ("Plumbing", "Dental", "Solutions", "Law") after a word that is
//   neither ordinary English nor a heading word ("Ironwood Plumbing", "Leeds Family Plumbing").
// 2 (named in a sentence): a business word after ordinary name words ("Reliable Plumbing",
//   "Precision Garage Door Service"): capitalised mid-sentence they are a name, as a heading not.
// 1 (named in a list entry or table cell): a word that is not ordinary English, a heading word,
//   a place or a date ("Takk", "Truly Nolen", "Jobber"), or a business word with a number.
// 0: never a business: headings, labels and table headers made of ordinary words ("Recent AI
//   Developments", "Holiday Name", "Purpose"), dates and holidays ("September 26", "Boxing Day"),
//   "X in Y" / "X for Y" phrases, public bodies ("Texas State Board of Plumbing Examiners"),
//   review sites and directories ("Google", "Checkatrade").
// Headings and bold lines standing alone need 3, running text 2, list entries and table cells 1.

import { COMMON_WORDS, GENERIC_WORDS, LEGAL_SUFFIXES, SMALL_WORDS, type WordToken } from './names';

function words(list: string): Set<string> {
  return new Set(list.split(/\s+/).filter(Boolean));
}

/**
 * Words a business name ends in: its trade, its kind of firm ("Partners", "Group"), or what it
 * sells. "Ironwood Plumbing", "Quan Law Group", "Azucar Bakery".
 */
export const BUSINESS_WORDS = words(`
  plumbing plumbers plumber roofing roofers roofer electric electrical electricians electrician
  electricals heating cooling heat air conditioning hvac mechanical services service solutions group
  company companies corporation partners associates clinic clinics dental dentistry dentists
  dentist orthodontics law lawyers attorneys solicitors legal studio studios salon spa bakery
  bakehouse bakers cafe café roasters restaurant kitchen grill bar pub diner pizzeria builders
  building construction contractors contracting landscaping landscapes landscape lawn lawns
  garden gardens turf tree trees cleaning cleaners maids maid movers moving removals storage
  locksmiths locksmith pest control exterminators painting painters decorators flooring carpets
  windows glazing doors door garage auto automotive motors tire tires tyres repair repairs care
  health medical vet veterinary pharmacy realty properties homes realtors insurance accounting
  accountants consulting marketing agency media design photography productions catering florist
  florists energy power lighting networks systems technologies labs works supply supplies store
  shop foods brewing brewery winery pies pastries cakes bagels pros specialists management
  dentalcare espresso coffee
`);

/** Words that head a description before a name: "Chinese AI firm DeepSeek", "the bakery Takk". */
export const DESCRIBING_NOUNS = words(`
  firm firms company companies startup start-up maker makers manufacturer chain brand retailer
  provider contractor practice shop bakery studio lab giant outfit business agency group
  developer operator supplier specialist favourite favorite
`);

/**
 * Words of headings, labels and table headers, and of the topics answers are about: together
 * with GENERIC_WORDS, what "Recent AI Developments", "Key Takeaways", "Holiday Name" and
 * "ROC License" are made of.
 */
export const TOPIC_WORDS = words(`
  news update updates development developments recent latest major minor key highlights trend
  trends today week weekly month monthly year yearly daily morning evening weekend regulation
  regulations regulatory policy policies economy market markets industry industries tech
  technology science health politics world international global hardware software chip chips ai
  artificial intelligence machine learning data security privacy consumer consumers product
  products launch launches release releases funding deal deals earnings stock stocks finance
  financial court courts government federal state states public private policy name names date
  dates purpose purposes tradition traditions origin origins history significance description
  details detail feature features type types category categories time times hour cost fee fees
  rate rates value values note summary overview introduction background context example examples
  option notable considerations consideration important availability appointments appointment
  permit permits rebate rebates warranty warranties guarantee guarantees service offered
  offerings specialties requirement requirements step process plan plans benefit advantages
  disadvantages drawbacks strengths weaknesses comparison versus vs faq faqs question answer
  tip tips advice guidance recommendation picks pick winner winners runner runners overall
  budget friendly affordable cheap premium luxury high low mid range highly rated top-rated
  award winning popular favourite favorite favorites favourites best worst good great
  residential commercial emergency same next day local nearby area areas neighborhood
  neighbourhood neighborhoods region regions city town county downtown suburbs coverage covered
  serving served hours open opening closing contact booking book visit visiting visit things
  thing stuff ways way idea ideas reasons reason factors factor signs sign mistakes mistake
  questions red flags flag checklist final thoughts verdict bottom line takeaway takeaways
  editorial documentary classic traditional modern style styles approach cozy cosy quiet busy
  also worth consider considering choosing choose hiring hire finding find before after during
  what why how when where which who whom whose
  chinese american british english french german italian japanese korean indian mexican
  european asian african canadian australian spanish irish scottish welsh us uk eu usa
`);

/** Dates, days and holidays: "September 26", "Thanksgiving Day", "Boxing Day", "Easter Monday". */
const DATE_WORDS = words(`
  january february march april may june july august september october november december jan feb
  mar apr jun jul aug sep sept oct nov dec monday tuesday wednesday thursday friday saturday
  sunday today tomorrow yesterday christmas easter thanksgiving halloween hanukkah diwali eid
  ramadan kwanzaa passover holiday holidays festival festivals q1 q2 q3 q4
`);
/** Last words of an event's name: "Veterans Day", "Bonfire Night", "New Year's Eve". */
const EVENT_ENDS = words('day days night eve week weekend');

/** Public bodies: "Board of", "Bureau", "Registrar of Contractors", "Law Society". */
const INSTITUTION_WORDS = words(`
  board bureau council commission department ministry registrar register society association
  federation institute institution authority administration government court university college
  school office
`);

/** Review sites, directories and platforms: named as where to look, not as businesses. */
export const PLATFORM_WORDS = words(`
  google yelp angi angie homeadvisor thumbtack nextdoor facebook instagram reddit bbb checkatrade
  trustatrader trustpilot yell bark mybuilder ratedpeople houzz tripadvisor opentable zocdoc
  healthgrades avvo justia martindale youtube linkedin tiktok whatsapp chatgpt twitter maps
`);

/** Words that start a sentence and are not part of a name after it: "Call Moreno Plumbing". */
const STARTERS = words(`
  a an the this that these those there here it its it's they their them we our you your i i'm
  i'd i've he she his her if when while whether although though because since as after before
  during for from in on at by with without about also and but or so yet then however meanwhile
  additionally alternatively finally lastly first second third next plus overall generally
  typically usually most many some several few both each every all any another other others
  one two three call try contact consider check look ask see visit book hire choose get find read
  compare make ensure verify confirm note remember keep use avoid expect start begin whichever
  whoever wherever locals homeowners customers residents patients reviewers people clients
  owners drivers national
`);

/** Words after "&"/"and" that keep a name whole: "Smith & Sons", "Nguyen & Associates". */
const JOINING_WORDS = words('sons son daughters brothers bros associates partners co company');

/** Small words inside names: "Maid Right of Austin", "Bath and Kitchen", "Salon de la Mer". */
const NAME_JOINERS = words('of and the de del la y n');

const PREPOSITIONS = words('in near for around across within vs versus to from during');

/** The parts of a word as written ("Budget-friendly" → budget, friendly). */
function parts(text: string, word: WordToken): string[] {
  return text
    .slice(word.start, word.end)
    .toLowerCase()
    .replace(/['’]s?$/, '')
    .split(/[-‐]/)
    .map((part) => part.replace(/['’.]/g, ''))
    .filter(Boolean);
}

/** A word that reads as ordinary English or a heading word (every part of it, for "Top-Rated"). */
function ordinary(text: string, word: WordToken, placeWords: Set<string>): boolean {
  const pieces = parts(text, word);
  const plainWord = (piece: string) =>
    COMMON_WORDS.has(piece) ||
    GENERIC_WORDS.has(piece) ||
    TOPIC_WORDS.has(piece) ||
    DATE_WORDS.has(piece) ||
    STARTERS.has(piece) ||
    SMALL_WORDS.has(piece) ||
    PLATFORM_WORDS.has(piece) ||
    placeWords.has(piece) ||
    /^\d+(?:st|nd|rd|th)?$/.test(piece);
  return pieces.length > 0 && pieces.every(plainWord);
}

/** An all-capitals abbreviation of up to five letters (AI, HVAC, NFRC): not a name by itself. */
function acronym(text: string, word: WordToken): boolean {
  return /^[A-Z]{2,5}s?$/.test(text.slice(word.start, word.end));
}

/** Written like a brand: a capital inside the word after a small letter ("DeepSeek", "OpenAI"). */
function brandShaped(text: string, word: WordToken): boolean {
  const written = text.slice(word.start, word.end);
  return (
    /^\p{Lu}/u.test(written) && /\p{Ll}\p{Lu}/u.test(written) && !PLATFORM_WORDS.has(word.norm)
  );
}

function isDate(text: string, word: WordToken): boolean {
  return (
    parts(text, word).some((piece) => DATE_WORDS.has(piece)) || /^(?:19|20)\d\d$/.test(word.norm)
  );
}

export type NameLevel = 0 | 1 | 2 | 3;

/** A table column headed by a label word ("Holiday Name", "Date", "Feature"): not businesses. */
export function labelHeader(header: string): boolean {
  const names = header
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return (
    names.length > 0 &&
    names.every(
      (word) =>
        TOPIC_WORDS.has(word) ||
        GENERIC_WORDS.has(word) ||
        DATE_WORDS.has(word) ||
        SMALL_WORDS.has(word),
    )
  );
}

/** How strongly `run` (the words of one candidate name, in order) reads as a business's name. */
export function nameLevel(text: string, run: WordToken[], placeWords: Set<string>): NameLevel {
  const written = run.length ? text.slice(run[0]!.start, run.at(-1)!.end) : '';
  if (!run.length || run.length > 8 || written.length > 80 || /[?!]/.test(written)) return 0;
  if (!run[0]!.capital) return 0;
  const significant = run.filter((word) => !SMALL_WORDS.has(word.norm));
  if (!significant.length || !significant.every((word) => word.capital)) return 0;
  if (significant.some((word) => isDate(text, word))) return 0;
  if (EVENT_ENDS.has(significant.at(-1)!.norm) && significant.length > 1) return 0;
  // "Plumbers in Austin", "Major Tech News for September 26", "Tips for Your Visit".
  if (run.some((word, i) => i > 0 && i < run.length - 1 && PREPOSITIONS.has(word.norm))) return 0;
  // Public bodies: "Board of ...", "Better Business Bureau", "Law Society of Ontario".
  const institution = (word: WordToken, i: number) =>
    INSTITUTION_WORDS.has(word.norm) &&
    (run[i + 1]?.norm === 'of' || (i === run.length - 1 && word.norm !== 'office'));
  if (run.some(institution)) return 0;

  // The name's own words: without a trailing "of <Place>" and legal form.
  let end = run.length;
  const ofAt = run.findIndex((word, i) => i > 0 && word.norm === 'of');
  if (ofAt > 0) end = ofAt;
  let legal = false;
  while (end > 1 && LEGAL_SUFFIXES.has(run[end - 1]!.norm)) {
    end -= 1;
    legal = true;
    if (end > 1 && run[end - 1]!.norm === 'and') end -= 1;
  }
  const own = run.slice(0, end).filter((word) => !SMALL_WORDS.has(word.norm));
  if (!own.length) return 0;
  const last = own.at(-1)!;
  const head = BUSINESS_WORDS.has(last.norm) ? last : (run[end - 3] ?? last);
  const modifiers = own.filter((word) => word !== head && word !== last);
  const distinct = (word: WordToken) =>
    !ordinary(text, word, placeWords) && !acronym(text, word) && !BUSINESS_WORDS.has(word.norm);
  // "Brisbane Lighting & Data": the business word may come before a last "& <word>".
  const beforeAnd = run[end - 2]?.norm === 'and' ? run[end - 3] : undefined;
  const headed =
    own.length > 1 &&
    (BUSINESS_WORDS.has(last.norm) ||
      (beforeAnd !== undefined && BUSINESS_WORDS.has(beforeAnd.norm)));

  if (own.some((word) => brandShaped(text, word))) return 3;
  if (own.length > 1 && own[0]!.possessive && !ordinary(text, own[0]!, placeWords)) return 3;
  if (legal && own.some((word) => !ordinary(text, word, placeWords))) return 3;
  if (headed && modifiers.some((word) => distinct(word) || placeWords.has(word.norm))) return 3;
  if (
    headed &&
    modifiers.some((word) => COMMON_WORDS.has(word.norm) || BUSINESS_WORDS.has(word.norm)) &&
    !modifiers.every((word) => GENERIC_WORDS.has(word.norm) || TOPIC_WORDS.has(word.norm))
  )
    return 2;
  if (own.some(distinct)) return 1;
  if (
    own.some((word) => BUSINESS_WORDS.has(word.norm)) &&
    own.some((word) => /^\d+$/.test(word.norm))
  )
    return 1;
  return 0;
}

/** Verbs whose object is a business: "try Hartwell Exteriors", "recommend PipeRight Leeds". */
const HIRING_VERBS = words(`
  try trying call calling contact contacting hire hiring recommend recommends recommended
  recommending book booking
`);

/**
 * The word before `index` says a business follows, written small: a describing noun ("firm
 * DeepSeek", "studio Elora") or a verb of hiring ("try Hartwell Exteriors").
 */
export function describedBefore(text: string, tokens: WordToken[], index: number): boolean {
  const before = tokens[index - 1];
  if (!before || before.capital) return false;
  if (!/^[ \t]+$/.test(text.slice(before.end, tokens[index]!.start))) return false;
  return DESCRIBING_NOUNS.has(before.norm) || HIRING_VERBS.has(before.norm);
}

/**
 * The run is followed by an apposition that says it is a business: "Slater Heelis, a
 * long-established practice", "The Cake Crumbs is a smaller shop".
 */
export function describedAfter(text: string, end: number): boolean {
  const after = text.slice(end, end + 80);
  const found =
    /^(?:,\s+|\s+(?:is|was|has been)\s+)(?:a|an|the|one of the)\s+((?:[\p{L}-]+\s+){0,3}[\p{L}-]+)/u.exec(
      after,
    );
  return Boolean(found?.[1]!.split(/\s+/).some((word) => DESCRIBING_NOUNS.has(word.toLowerCase())));
}

/** What companies do in the news: "Alibaba unveiled Qwen3-Max", "Nvidia announced ...". */
const COMPANY_VERBS = words(`
  announced announces unveiled unveils launched launches released releases introduced
  introduces acquired acquires agreed agrees invested invests raised raises reported reports
  sued sues said says cut cuts hired fired shipped ships partnered partners rolled
`);

/** A one-word name acting like a company: followed by one of COMPANY_VERBS. */
export function actsLikeCompany(text: string, end: number): boolean {
  const next = /^[ \t]+(\p{Ll}+)/u.exec(text.slice(end, end + 30));
  return Boolean(next && COMPANY_VERBS.has(next[1]!));
}

export type Run = { first: number; last: number };

/**
 * The runs of capitalised words in tokens [from, to): words joined by single spaces, "&" or small
 * words, without starting words ("Call", "If"), cut where a list of names goes on ("Ironwood
 * Plumbing and Moreno Plumbing", "Tesla and ChargePoint"). Token indexes [first, last).
 */
export function capitalisedRuns(
  text: string,
  tokens: WordToken[],
  from: number,
  to: number,
  placeWords: Set<string>,
): Run[] {
  const runs: Run[] = [];
  let i = from;
  while (i < to) {
    if (!tokens[i]!.capital) {
      i += 1;
      continue;
    }
    let last = i + 1;
    for (;;) {
      const next = tokens[last];
      if (!next || last >= to) break;
      const gap = text.slice(tokens[last - 1]!.end, next.start);
      const spaced = /^[ \t]*$/.test(gap);
      const suffix = /^,[ \t]+$/.test(gap) && LEGAL_SUFFIXES.has(next.norm) && next.capital;
      if (!spaced && !suffix) break;
      if (next.capital) {
        last += 1;
        continue;
      }
      // A small word continues a name when a capitalised word follows it ("Maid Right of Austin").
      const after = tokens[last + 1];
      if (
        NAME_JOINERS.has(next.norm) &&
        after &&
        last + 1 < to &&
        after.capital &&
        /^[ \t]*$/.test(text.slice(next.end, after.start))
      ) {
        last += 2;
        continue;
      }
      break;
    }
    let first = i;
    while (
      first < last &&
      (STARTERS.has(tokens[first]!.norm) || SMALL_WORDS.has(tokens[first]!.norm))
    ) {
      // A capitalised "The" or "A" inside a sentence is part of the name ("A Plus Garage Doors").
      const at = tokens[first]!.start;
      const before = text.slice(Math.max(0, at - 16), at);
      const sentenceStart =
        /(?:[.!?:]\s+|\n[ \t]*(?:[-*+]|\d{1,3}[.)])?[ \t]*)[*_]*$/.test(before) ||
        (at <= 16 && /^[\s*_#>]*$/.test(before));
      if (!sentenceStart && ['the', 'a'].includes(tokens[first]!.norm) && first + 1 < last) break;
      first += 1;
    }
    while (last > first && SMALL_WORDS.has(tokens[last - 1]!.norm) && !tokens[last - 1]!.capital)
      last -= 1;
    if (first < last) runs.push(...splitList(text, tokens, { first, last }, placeWords));
    i = Math.max(last, i + 1);
  }
  return runs;
}

/**
 * "Ironwood Plumbing and Moreno Plumbing" is two names; "Smith and Sons Electric" and "Joe's
 * Plumbing & Drain Services" are one ("&" always joins).
 */
function splitList(text: string, tokens: WordToken[], run: Run, placeWords: Set<string>): Run[] {
  for (let k = run.first + 1; k < run.last - 1; k++) {
    if (tokens[k]!.norm !== 'and') continue;
    const ampersand = text.slice(tokens[k]!.start, tokens[k]!.end) === '&';
    const before = tokens.slice(run.first, k);
    const after = tokens.slice(k + 1, run.last);
    if (JOINING_WORDS.has(after[0]!.norm)) continue;
    const left = nameLevel(text, before, placeWords);
    const right = nameLevel(text, after, placeWords);
    if (!ampersand && left >= 1 && right >= 1)
      return [
        { first: run.first, last: k },
        ...splitList(text, tokens, { first: k + 1, last: run.last }, placeWords),
      ];
  }
  return [run];
}
