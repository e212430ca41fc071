import { approximateLocation } from '~/lib/ai/location';

// The wording of the suggested questions for where the business is: a customer in Leeds asks for
// a solicitor, an estate agent or a removal company, not an attorney, a realtor or movers, and
// writes "colour" and "specialised". The questions are written in American English
// (suggestions.ts); for a business in the UK or Ireland the customer's terms and spelling replace
// them, for Australia and New Zealand the spelling. Pure.

export type Dialect = 'us' | 'british-terms' | 'british-spelling';

/** A UK postcode: "LS1 4AP", "SW1A 1AA", "M1 1AE". */
const UK_POSTCODE = /\b[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}\b/i;

/** How the business's customers write: from its location's country, a UK postcode or a .uk site. */
export function dialectOf(business: { location: string | null; website?: string | null }): Dialect {
  const country = approximateLocation(business.location)?.country;
  if (country === 'GB' || country === 'IE') return 'british-terms';
  if (country === 'AU' || country === 'NZ') return 'british-spelling';
  if (!country && business.location && UK_POSTCODE.test(business.location)) return 'british-terms';
  let host = '';
  try {
    host = business.website ? new URL(business.website).hostname : '';
  } catch {
    host = '';
  }
  if (!country && /\.(?:uk|ie)$/i.test(host)) return 'british-terms';
  return 'us';
}

// [American, British]: whole words or phrases, matched case-insensitively; the first letter's case
// is kept. Longer phrases first, so "real estate attorney" is not turned word by word.
const SPELLING: [string, string][] = [
  ['colors', 'colours'],
  ['color', 'colour'],
  ['specializes', 'specialises'],
  ['specialized', 'specialised'],
  ['specializing', 'specialising'],
  ['specialty', 'speciality'],
  ['cozy', 'cosy'],
  ['favorite', 'favourite'],
  ['neighborhood', 'neighbourhood'],
  ['organize', 'organise'],
  ['center', 'centre'],
  ['centers', 'centres'],
  ['defense', 'defence'],
  ['labor', 'labour'],
  ['jewelry', 'jewellery'],
  ['tires', 'tyres'],
  ['tire', 'tyre'],
  ['mold', 'mould'],
  ['gray', 'grey'],
];

const TERMS: [string, string][] = [
  ['real estate attorney for a home closing', 'conveyancing solicitor for a house purchase'],
  ['who works on contingency', 'who works on a no win, no fee basis'],
  ['criminal defense attorney', 'criminal defence solicitor'],
  ['real estate agents', 'estate agents'],
  ['real estate agent', 'estate agent'],
  ['top listing agents', 'top estate agents'],
  ["buyer's agent", 'buying agent'],
  ['realtors', 'estate agents'],
  ['realtor', 'estate agent'],
  ['attorneys', 'solicitors'],
  ['attorney', 'solicitor'],
  ['lawyers', 'solicitors'],
  ['lawyer', 'solicitor'],
  ['set up an LLC', 'set up a limited company'],
  ['DUI', 'drink-driving'],
  ['green card application', 'visa application'],
  ['file for bankruptcy', 'declare bankruptcy'],
  ['moving companies', 'removal companies'],
  ['moving company', 'removal company'],
  ['piano movers', 'piano removals'],
  ['movers', 'removal firms'],
  ['one-bedroom apartment', 'one-bedroom flat'],
  ['apartments', 'flats'],
  ['apartment', 'flat'],
  ['physical therapists', 'physiotherapists'],
  ['physical therapist', 'physiotherapist'],
  ['physical therapy', 'physiotherapy'],
  ['auto repair shops', 'garages'],
  ['auto repair shop', 'garage'],
  ['auto shops', 'garages'],
  ['check engine light', 'engine warning light'],
  ['oil change and inspection', 'MOT and service'],
  ['HVAC companies', 'heating engineers'],
  ['HVAC company', 'heating engineer'],
  ['HVAC maintenance plans', 'boiler service plans'],
  ['heating and air conditioning contractors', 'heating and air conditioning engineers'],
  ['AC repair', 'air conditioning repair'],
  ['My AC stopped working', 'My air conditioning stopped working'],
  ['furnace', 'boiler'],
  ['water heater replacement', 'boiler replacement'],
  ['clogged drain', 'blocked drain'],
  ['kitchen remodeling company', 'kitchen fitting company'],
  ['remodeling', 'renovation'],
  ['remodel', 'renovation'],
  ['faucet', 'tap'],
  ['panel upgrade', 'fuse box upgrade'],
  ['My breaker keeps tripping', 'My fuse box keeps tripping'],
  ['recessed lighting', 'downlights'],
  ['backyard', 'back garden'],
  ['yard', 'garden'],
  ['for a move-out', 'for the end of a tenancy'],
  ['after-school program', 'after-school club'],
  ['first-time home buyers', 'first-time buyers'],
  ['maid service', 'cleaning service'],
  ['cleaning lady', 'cleaner'],
  ['exterminators', 'pest controllers'],
  ['exterminator', 'pest controller'],
  ['CPA', 'accountant'],
  ['do my taxes', 'do my tax return'],
  ['back taxes', 'unpaid tax'],
  ['tax preparer', 'tax adviser'],
  ['daycares', 'nurseries'],
  ['daycare', 'nursery'],
  ['preschools', 'nurseries'],
  ['preschool', 'nursery'],
  ['vacation', 'holiday'],
  ['open on weekends', 'open at weekends'],
  ['cell phone', 'mobile phone'],
  ['zip code', 'postcode'],
];

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function rules(pairs: [string, string][]) {
  return pairs.map(([us, uk]) => ({
    pattern: new RegExp(`\\b(?:(an?|An?) )?${escape(us)}(?![\\w-])`, 'gi'),
    uk,
  }));
}

const SPELLING_RULES = rules(SPELLING);
const TERM_RULES = rules(TERMS);

function articleOf(phrase: string): 'a' | 'an' {
  const word = phrase.split(' ')[0] ?? '';
  if (/^[A-Z]{2,}$/.test(word)) return /^[AEFHILMNORSX]/.test(word) ? 'an' : 'a';
  if (/^(?:uni|use|usu|one|once|euro)/i.test(word)) return 'a';
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}

function capital(text: string): string {
  return text[0]!.toUpperCase() + text.slice(1);
}

function apply(text: string, list: { pattern: RegExp; uk: string }[]): string {
  let out = text;
  for (const { pattern, uk } of list) {
    out = out.replace(pattern, (match: string, article: string | undefined, at: number) => {
      // A capital only where the question starts ("An auto repair shop…" → "A garage…").
      const first = at === 0 && /^[A-Z]/.test(match);
      if (!article) return first ? capital(uk) : uk;
      const fitting = articleOf(uk);
      return `${first ? capital(fitting) : fitting} ${uk}`;
    });
  }
  return out;
}

/** A question in the customer's wording: unchanged for the US. */
export function inDialect(question: string, dialect: Dialect): string {
  if (dialect === 'us') return question;
  const spelled = apply(question, SPELLING_RULES);
  return dialect === 'british-terms' ? apply(spelled, TERM_RULES) : spelled;
}
