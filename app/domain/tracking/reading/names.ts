// How the answer reader compares business names: a name and a piece of answer text become the same
// kind of word tokens, so "The Joe's Plumbing, LLC", "joe's plumbing" and "JOE’S PLUMBING" compare
// equal. Pure; shared by the reader, the figures and (later) the page that highlights names.

/** One word of a text, with where it sits in the text it came from. */
export type WordToken = {
  /** Lower-case, accents removed, inner apostrophes/hyphens/dots removed, possessive removed. */
  norm: string;
  /** The word ended in a possessive ("Joe's", "Smiths'"), removed from `norm`. */
  possessive: boolean;
  /** The word as written starts with a capital letter or a digit. */
  capital: boolean;
  start: number;
  end: number;
};

// A word: letters and digits, joined inside by apostrophes, hyphens or dots ("A-1", "Joe's",
// "U.S"), with an optional trailing apostrophe ("Smiths'"). A lone "&" is a word too: it reads
// as "and".
const WORD = /[\p{L}\p{N}]+(?:['’.\-‐][\p{L}\p{N}]+)*['’]?|&/gu;

/** Legal-form words dropped from the end of a name: "Joe's Plumbing, LLC" is "Joe's Plumbing". */
export const LEGAL_SUFFIXES = new Set([
  'llc',
  'inc',
  'incorporated',
  'ltd',
  'limited',
  'corp',
  'corporation',
  'co',
  'pllc',
  'llp',
  'lp',
  'plc',
  'pc',
  'gmbh',
]);

function normalizeWord(raw: string): { norm: string; possessive: boolean } {
  if (raw === '&') return { norm: 'and', possessive: false };
  let word = raw.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/’/g, "'");
  let possessive = false;
  if (word.endsWith("'s")) {
    word = word.slice(0, -2);
    possessive = true;
  } else if (word.endsWith("'")) {
    word = word.slice(0, -1);
    possessive = true;
  }
  return { norm: word.replace(/['.\-‐]/g, ''), possessive };
}

/** The words of `text` with their offsets. Markdown punctuation (`**`, `#`, `|`, `[`) is skipped. */
export function wordTokens(text: string): WordToken[] {
  const tokens: WordToken[] = [];
  for (const match of text.matchAll(WORD)) {
    const raw = match[0];
    const { norm, possessive } = normalizeWord(raw);
    if (!norm) continue;
    tokens.push({
      norm,
      possessive,
      // Scripts without capitals (Japanese, Chinese, Korean) count as capitalised.
      capital:
        /^[\p{Lu}\p{N}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(
          raw,
        ),
      start: match.index,
      end: match.index + raw.length,
    });
  }
  return tokens;
}

/**
 * The core words of a business name: its words without a leading "The" and without trailing
 * legal-form words ("LLC", "Inc.", "Ltd", "& Co."). A name that would lose every word keeps them.
 */
export function nameCore(tokens: WordToken[]): WordToken[] {
  let first = 0;
  let last = tokens.length;
  if (tokens[0]?.norm === 'the' && tokens.length > 1) first = 1;
  while (last - first > 1 && LEGAL_SUFFIXES.has(tokens[last - 1]!.norm)) {
    last--;
    // "Smith & Co." drops the "&" that joined the legal form too.
    if (last - first > 1 && tokens[last - 1]!.norm === 'and') last--;
  }
  return tokens.slice(first, last);
}

/**
 * A business name in comparable form: "The Joe’s Plumbing & Heating, L.L.C." →
 * "joe plumbing and heating". Two names are the same business when these are equal.
 */
export function normalizeName(name: string): string {
  return nameCore(wordTokens(name))
    .map((token) => token.norm)
    .join(' ');
}

/**
 * Whether a word of the text matches a word of a name. Equal words match; so do "Joe's" and
 * "Joes", because answers drop and add possessive apostrophes freely.
 */
export function sameWord(a: WordToken, b: WordToken): boolean {
  if (a.norm === b.norm) return true;
  if (a.possessive && b.norm === `${a.norm}s`) return true;
  if (b.possessive && a.norm === `${b.norm}s`) return true;
  return false;
}

export function sameWords(a: WordToken[], b: WordToken[]): boolean {
  return a.length === b.length && a.every((token, i) => sameWord(token, b[i]!));
}

/**
 * Words that on their own do not make a name stand out from ordinary English: a name made only of
 * these (or of one word) needs more than the words to count as a mention (see the reader).
 * A short, hand-kept list: adjectives and nouns service businesses take as names, and trade words.
 */
export const COMMON_WORDS = new Set(
  `a1 ace advanced affordable all allied american apex alpha atlas best better blue bright budget
  capital care central certified choice city classic clean clear coastal complete county crown
  done eagle elite empire essential excellence excellent expert experts express fair family fast
  first five friendly general gold golden good great green guaranteed guardian happy heritage home
  honest ideal independence integrity liberty local main master modern mountain national neighbor
  neighborhood network new north northern one patriot peak perfect pinnacle pioneer precision
  premier premium prime pro professional professionals quality quick rapid red reliable reliant
  royal safe secure select service smart solid south southern speedy star sterling summit sun
  sunrise superior supreme sure swift team total trusted true trust united valley value victory
  vision west western`
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * Words that make up headings and labels rather than business names ("Top Rated Plumbers",
 * "Why Choose Them", "Phone", "Sources"). A list item or bold phrase made only of these (and of the
 * town's words) is not a business the answer recommends.
 */
export const GENERIC_WORDS = new Set(
  `a about additional address after all also an and angi angie angies answer any are area as ask
  at availability available average bbb be before benefits best better bottom budget business
  businesses by call can check choose choosing companies company compare comparison conclusion
  consider considerations contact contractor contractors cost costs customer customers
  directory do emergency estimate estimates etc experience expert experts facebook factors faq
  final find for free from get google guide hire hiring homeadvisor honorable hours how i if in
  info information insurance insured is it key know licensed licenses line list local location
  look looking map maps mentions more my near nearby need next nextdoor note notes of on one
  option options or other others our overview phone price prices pricing pro pros cons questions
  quick quote quotes rated rating ratings read reason reasons recommendation recommendations
  recommended reddit reference references related review reviews search service services should
  source sources specialties specialty step steps summary takeaway takeaways the their them
  these things this thumbtack tip tips to top toprated trusted types up us verify website what
  when where which who why with yelp you your thoughts verdict pick picks mention alternative
  alternatives glance criteria disclaimer caveat caveats important warning licensing license
  upfront highlights highlight
  plumber plumbers plumbing electrician electricians electrical hvac heating cooling air
  conditioning roofer roofers roofing landscaper landscapers landscaping cleaner cleaners
  cleaning dentist dentists dental lawyer lawyers attorney attorneys repair repairs
  installation maintenance remodeling contractor painter painters painting pest control
  mover movers moving locksmith locksmiths garage door doors handyman handymen`
    .split(/\s+/)
    .filter(Boolean),
);

/** Short words that stay lower-case inside a title-cased name ("Bath and Kitchen of Austin"). */
export const SMALL_WORDS = new Set([
  'a',
  'an',
  'and',
  'at',
  'by',
  'de',
  'del',
  'for',
  'in',
  'la',
  'n',
  'of',
  'on',
  'or',
  'the',
  'to',
  'with',
  'y',
]);
