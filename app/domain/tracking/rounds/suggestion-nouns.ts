// The kinds of question a suggestion is built from (split from suggestions.ts, code unchanged):
// where the customer is looking, what they look for ("a plumber", "plumbers") and a trade's own
// questions; the trades' tables (suggestion-trades-*.ts) build on these. Pure.

/** Where the customer is looking, phrased for the different kinds of question. */
export type Where = {
  /** "in Austin, TX" / "near me": search-style queries. */
  full: string;
  /** "in Austin" / "near me": conversational questions. */
  city: string;
  /** "near Austin" / "near me". */
  near: string;
  /** "in the Austin area" / "in my area". */
  area: string;
};

/** What the customer is looking for: "a plumber", "plumbers". */
export type Noun = { one: string; many: string; a: string };

export type Trade = {
  test: RegExp;
  noun: Noun | ((industry: string) => Noun);
  questions: (w: Where, n: Noun) => string[];
};

export function noun(one: string, many = pluralize(one)): Noun {
  return { one, many, a: `${article(one)} ${one}` };
}

export function pluralNoun(many: string): Noun {
  return { one: many, many, a: many };
}

export function article(phrase: string): 'a' | 'an' {
  const word = phrase.split(' ')[0] ?? '';
  // An acronym is read letter by letter: "an HVAC company", "an SEO agency", "a CPA".
  if (/^[A-Z]{2,}$/.test(word)) return /^[AEFHILMNORSX]/.test(word) ? 'an' : 'a';
  const lower = word.toLowerCase();
  if (/^(?:hour|honest|honou?r|heir)/.test(lower)) return 'an';
  if (/^(?:uni|use|usu|uti|ure|euro|eu|one|once|ubi)/.test(lower)) return 'a';
  return /^[aeiou]/.test(lower) ? 'an' : 'a';
}

export function pluralize(one: string): string {
  if (/(?:s|x|z|ch|sh)$/.test(one)) return `${one}es`;
  if (/[^aeiou]y$/.test(one)) return `${one.slice(0, -1)}ies`;
  return `${one}s`;
}
