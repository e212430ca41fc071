// The names the reader knows beforehand (the owner's business and competitors), found in an
// answer as word sequences, and the rules for when an occurrence in running text counts
// (reader.ts rules 2 and 3). Pure.

import type { Range, Structure } from './answer-structure';
import { siteOf } from './domains';
import { startsWithPlace } from './places';
import {
  COMMON_WORDS,
  GENERIC_WORDS,
  LEGAL_SUFFIXES,
  SMALL_WORDS,
  sameWords,
  type WordToken,
} from './names';

export type Known = {
  name: string;
  kind: 'business' | 'competitor';
  core: WordToken[];
  /** Rule 3: the name alone is ordinary English. */
  common: boolean;
  /** A short form of the business's name ("Gus's"): counts only after a longer form. */
  short?: boolean;
};

export type Occurrence = {
  known: Known;
  /** Token indexes [first, last). */
  first: number;
  last: number;
  start: number;
  end: number;
  valid: boolean;
  /** Part of an entry's lead (bold, list, heading or table formatting). */
  formatted: boolean;
};

export function isCommon(core: WordToken[], placeWords: Set<string>): boolean {
  return (
    core.length === 1 ||
    core.every(
      (token) =>
        COMMON_WORDS.has(token.norm) || GENERIC_WORDS.has(token.norm) || placeWords.has(token.norm),
    )
  );
}

/** Only spaces (and markdown emphasis or quotes) between two words of one name. */
function joins(text: string, from: number, to: number): boolean {
  return /^[ \t*_~`"“”'’,./-]*$/.test(text.slice(from, to));
}

export function findOccurrences(text: string, tokens: WordToken[], knowns: Known[]): Occurrence[] {
  const found: Occurrence[] = [];
  for (const known of knowns) {
    const size = known.core.length;
    for (let i = 0; i + size <= tokens.length; i++) {
      if (!sameWords(tokens.slice(i, i + size), known.core)) continue;
      let ok = true;
      for (let k = i + 1; k < i + size && ok; k++)
        ok = joins(text, tokens[k - 1]!.end, tokens[k]!.start);
      if (!ok) continue;
      // Take a legal suffix that follows into the highlighted range ("Joe's Plumbing, LLC").
      let last = i + size;
      for (;;) {
        const next = tokens[last];
        if (!next) break;
        if (LEGAL_SUFFIXES.has(next.norm) && joins(text, tokens[last - 1]!.end, next.start)) {
          last++;
          continue;
        }
        // "Hollis & Co": the "&" of a legal form.
        const after = tokens[last + 1];
        if (
          next.norm === 'and' &&
          after &&
          LEGAL_SUFFIXES.has(after.norm) &&
          /^\s+$/.test(text.slice(tokens[last - 1]!.end, next.start))
        ) {
          last += 2;
          continue;
        }
        break;
      }
      found.push({
        known,
        first: i,
        last,
        start: tokens[i]!.start,
        end: tokens[last - 1]!.end,
        valid: true,
        formatted: false,
      });
    }
  }
  // Where names overlap, the longer one wins.
  found.sort((a, b) => b.known.core.length - a.known.core.length || a.start - b.start);
  const kept: Occurrence[] = [];
  for (const occurrence of found)
    if (!kept.some((other) => occurrence.first < other.last && other.first < occurrence.last))
      kept.push(occurrence);
  return kept.sort((a, b) => a.start - b.start);
}

export function within(inner: Range, outer: Range): boolean {
  return inner.start >= outer.start && inner.end <= outer.end;
}

/**
 * Rule 2: the name runs on into a longer one: the next word, after only spaces (or " & "), is
 * capitalised and is not a legal suffix, a place or a small word.
 */
export function continues(
  text: string,
  tokens: WordToken[],
  occurrence: { last: number },
  locationWords: Set<string>,
): boolean {
  let next = tokens[occurrence.last];
  const previous = tokens[occurrence.last - 1];
  if (!next || !previous) return false;
  let gap = text.slice(previous.end, next.start);
  if (next.norm === 'and' && text.slice(next.start, next.end) === '&') {
    const after = tokens[occurrence.last + 1];
    if (!after) return false;
    gap += '&' + text.slice(next.end, after.start);
    next = after;
  }
  if (!/^[ \t]+(?:&[ \t]+)?$/.test(gap)) return false;
  // "Origin Coffee Shoreditch", "Caravan King's Cross": a branch's place, not a longer name.
  const following = tokens.slice(occurrence.last, occurrence.last + 3).map((token) => token.norm);
  if (gap.trim() === '' && startsWithPlace(following)) return false;
  return (
    next.capital &&
    !/^\d+$/.test(next.norm) &&
    !LEGAL_SUFFIXES.has(next.norm) &&
    !SMALL_WORDS.has(next.norm) &&
    !locationWords.has(next.norm)
  );
}

/** Rule 3: a common-word name in running text needs its capitals, and a one-word name one more sign. */
export function backed(
  occurrence: Occurrence,
  context: {
    tokens: WordToken[];
    structure: Structure;
    townWords: string[];
    businessSite: string | null;
  },
): boolean {
  const { tokens, structure, townWords, businessSite } = context;
  const written = tokens.slice(occurrence.first, occurrence.first + occurrence.known.core.length);
  const capitals = occurrence.known.core.every(
    (word, i) =>
      !/^\p{Lu}/u.test(occurrence.known.name.slice(word.start, word.end)) || written[i]!.capital,
  );
  if (!capitals) return false;
  if (occurrence.known.core.length > 1) return true;
  if (structure.strong.some((bold) => within(occurrence, bold))) return true;
  if (structure.links.some((link) => link.label && within(occurrence, link.label))) return true;
  if (townWords.length) {
    const near = tokens.slice(Math.max(0, occurrence.first - 6), occurrence.last + 6);
    for (let i = 0; i + townWords.length <= near.length; i++)
      if (townWords.every((word, k) => near[i + k]!.norm === word)) return true;
  }
  if (businessSite)
    return structure.blocks.some(
      (block) =>
        within(occurrence, block) &&
        structure.links.some((link) => within(link, block) && siteOf(link.href) === businessSite),
    );
  return false;
}
