// The forms of the owner's business name an answer may write (issue 43 item 1): the name as
// given, and the variants an owner expects us to know without being told: without "& Co" or
// "and Sons", without the trade word(s) at its end ("Lou Malnati's" for "Lou Malnati's
// Pizzeria", "Hollis & Co" for "Hollis & Co Estate Agents"), without its town or district at its
// end ("Castle Roofing" for "Castle Roofing Leeds"), plus the variants the owner added. Legal forms
// ("LLC", "Ltd") and a leading "The" are dropped by the name comparison itself (names.ts). A short
// form (the possessive first word of a long name, "Gus's") is `short`: it counts only after the
// name or another variant appeared (reader.ts). Pure.

import { LEGAL_SUFFIXES, normalizeName } from './names';
import { isPlace } from './places';

/** `added`: one the owner gave (a name however it is written, unless plain English). */
export type NameVariant = { name: string; short: boolean; added?: boolean };

/** Words of a trade or a kind of firm that an answer often leaves off the end of a name. */
const TRADE_WORDS = new Set(
  `pizzeria restaurant restaurants trattoria cafe café coffee roasters roastery bakery bakehouse
  kitchen bar pub inn grill diner brewery taqueria ramen sushi wine ironmongers ironmonger hardware
  estate agents agent agency solicitors lawyers attorneys accountants accounting cpa cpas crm
  software app hq studio studios salon spa clinic practice dentistry dental surgery group
  services service company limited incorporated llc inc ltd co corp plc llp`
    .split(/\s+/)
    .filter(Boolean),
);

/** Joining pieces an answer leaves out: "& Co", "and Co.", "& Sons". */
const PARTNERS = /\s+(?:&|and)\s+(?:co\.?|company|sons)(?=\s|$)/gi;

function words(name: string): string[] {
  return name.split(/\s+/).filter(Boolean);
}

const bare = (word: string) => word.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** The name's words without legal forms at its end ("Twingate Inc." → "Twingate"). */
function withoutLegal(list: string[]): string[] {
  let end = list.length;
  while (end > 1 && LEGAL_SUFFIXES.has(bare(list[end - 1]!))) end -= 1;
  if (end > 1 && /^[,&]$|^and$/i.test(list[end - 1]!)) end -= 1;
  return list
    .slice(0, end)
    .map((word, i, kept) => (i === kept.length - 1 ? word.replace(/,$/, '') : word));
}

/** Whether a variant still says whose business it is: a word beyond small words and trades. */
function distinctive(list: string[]): boolean {
  return list.some((word) => {
    const plain = bare(word);
    return (
      plain.length > 1 && !TRADE_WORDS.has(plain) && !['the', 'of', 'and', 'a'].includes(plain)
    );
  });
}

/**
 * The variants of `name` an answer may write (the name itself first), and the owner's own ones.
 * `location` is the business's town ("Leeds, UK"): a trailing town is dropped too.
 */
export function nameVariants(
  name: string,
  location: string | null | undefined,
  added: readonly string[] = [],
): NameVariant[] {
  const found: NameVariant[] = [];
  const seen = new Set<string>();
  const add = (variant: string, short = false, owner = false) => {
    const key = normalizeName(variant);
    if (!key || seen.has(key)) return;
    seen.add(key);
    found.push({ name: variant.trim(), short, ...(owner ? { added: true } : {}) });
  };
  add(name);
  const town = normalizeName((location ?? '').split(',')[0] ?? '');
  const start = withoutLegal(words(name));
  const forms = [start, withoutLegal(words(start.join(' ').replace(PARTNERS, '')))];
  for (const form of forms) {
    let list = form;
    add(list.join(' '));
    // Drop a trailing town or district, then trade words, one at a time.
    for (let guard = 0; guard < 4 && list.length > 1; guard++) {
      const last = list.at(-1)!;
      const lastTwo = list.slice(-2).join(' ');
      let next: string[] | null = null;
      if (list.length > 2 && (normalizeName(lastTwo) === town || isPlace(lastTwo)))
        next = list.slice(0, -2);
      else if (normalizeName(last) === town || (isPlace(last) && /^\p{Lu}/u.test(last)))
        next = list.slice(0, -1);
      else if (TRADE_WORDS.has(bare(last))) next = list.slice(0, -1);
      if (!next || !distinctive(next)) break;
      next = withoutLegal(next);
      add(next.join(' '));
      list = next;
    }
  }
  // A name's possessive first word: "Gus's" for "Gus's World Famous Fried Chicken".
  const first = start[0] ?? '';
  if (start.length >= 2 && /\p{L}['’]s$/u.test(first)) add(first, true);
  for (const variant of added) add(variant, false, true);
  return found;
}

/** The owner's other names as stored (one per line), as a list. */
export function variantsOf(stored: string | null | undefined): string[] {
  return (stored ?? '').split('\n').filter(Boolean);
}
