// Reading an AI assistant's answer: does it name the business, where does it rank it, does it cite
// the business's site, and which other businesses does it recommend? Deterministic and pure: the
// same answer always reads the same, with no second model. The markdown structure (lists, bold,
// headings, tables, links) comes from the `marked` lexer; names are compared as word tokens
// (names.ts) so case, punctuation, "&"/"and", "The", legal suffixes and possessives do not matter.
//
// The rules, in the order they apply:
// 1. Entries. Every list item, heading and table row is an entry, and so is a bold phrase in a
//    plain paragraph. An entry's lead is the name it is about: its first bold phrase or link when
//    that opens the entry (alone or after a short label such as "Best overall:"), else its first
//    line up to a separator (" – ", ": ", " (", ", " before a lower-case word, a sentence's end).
//    Details nested under a business's list item are not entries of their own. In a table the
//    lead comes from the column headed Name/Business/Company/..., else the first
//    column that is not a rank number. Lists under a "Sources"/"References" heading are not
//    entries and their text is not read for names (their links still count as citations).
// 2. Names. The business's and each competitor's name are found in the text as word sequences.
//    Where two known names overlap, the longer wins ("Joe's Plumbing Supply" over "Joe's
//    Plumbing"). A name inside an entry's lead counts only when the lead is that name (give or
//    take legal suffixes and a trailing "of <town>"): a lead "Joe's Plumbing Supply" is another
//    business, not ours. In running text a name followed directly by another capitalised word
//    ("Joe's Plumbing Supply", "Joe's Plumbing & Drain") is taken for a longer, different name.
// 3. Common-word names. A name made only of words from COMMON_WORDS, GENERIC_WORDS and the
//    location ("Reliable Plumbing", "Peak Roofing Co.", "Austin Plumbing") counts in running
//    text only when written with its capitals ("reliable plumbing service" is not a mention). A one-word name ("Summit", "Apex") needs
//    more than its word: its capitals and also bold, a link's text, the town within six words, or
//    a link to the business's site in the same paragraph, list item or table row. As an entry's
//    lead either always counts.
// 4. Recommended businesses are the entries whose lead is a known name or looks like a business
//    name (at most eight words, every significant word capitalised, not only heading/label words
//    such as "Top Rated Plumbers in Austin" or "Phone"), each counted once, in order. An entry
//    that is a sentence is about the known name, else the run of two or more capitalised words,
//    it opens with ("Abacus Plumbing offers a guarantee").
// 5. Position: a recommended business's rank in that order. A known business named only in
//    running text comes after all recommended ones, in order of first appearance; when the answer
//    recommends nothing in structure, order of first appearance is the whole rule.
// 6. Cited: a source's address (or, for redirecting sources such as Gemini's, a title that is a
//    domain), a link in the text, or a bare domain written in the text is on the business's site
//    (domains.ts). `citedNotNamed`: cited while the name is missing.

import { readStructure, type Entry, type Range, type Structure } from './answer-structure';
import { hostOf, siteOf } from './domains';
import {
  COMMON_WORDS,
  GENERIC_WORDS,
  LEGAL_SUFFIXES,
  SMALL_WORDS,
  nameCore,
  normalizeName,
  sameWords,
  wordTokens,
  type WordToken,
} from './names';

export type AnswerSource = { url: string; title?: string | null };

export type ReadAnswerInput = {
  /** The answer as the engine returned it (markdown or plain text). */
  text: string;
  /** The sources the engine returned with the answer, if any. */
  sources?: AnswerSource[];
  business: { name: string; website?: string | null; location?: string | null };
  /** The owner's competitors, by name. */
  competitors?: string[];
};

export type NameMatch = {
  /** Offsets into the answer text, for highlighting: text.slice(start, end) is the name. */
  start: number;
  end: number;
  kind: 'business' | 'competitor';
};

export type CompetitorReading = {
  /** The owner's spelling for a known competitor; the answer's for one it brought up. */
  name: string;
  position: number;
  /** One of the owner's competitors (true) or another business the answer recommends (false). */
  known: boolean;
};

export type AnswerReading = {
  mentioned: boolean;
  /** 1 = named first; null when not named. */
  position: number | null;
  cited: boolean;
  /** The business's site is cited but its name is missing from the answer. */
  citedNotNamed: boolean;
  /** The addresses (sources and links) on the business's site, without repeats. */
  citedUrls: string[];
  /** By position. */
  competitors: CompetitorReading[];
  /** By start offset. */
  matches: NameMatch[];
};

// ---------------------------------------------------------------------------------------------
// Names.

type Known = {
  name: string;
  kind: 'business' | 'competitor';
  core: WordToken[];
  /** Rule 3: the name alone is ordinary English. */
  common: boolean;
};

type Occurrence = {
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

function isCommon(core: WordToken[], placeWords: Set<string>): boolean {
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

function findOccurrences(text: string, tokens: WordToken[], knowns: Known[]): Occurrence[] {
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
      while (
        tokens[last] &&
        LEGAL_SUFFIXES.has(tokens[last]!.norm) &&
        joins(text, tokens[last - 1]!.end, tokens[last]!.start)
      )
        last++;
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

function within(inner: Range, outer: Range): boolean {
  return inner.start >= outer.start && inner.end <= outer.end;
}

// ---------------------------------------------------------------------------------------------

/** Reads one answer. Pure: the same input always gives the same reading. */
export function readAnswer(input: ReadAnswerInput): AnswerReading {
  // Same length as the input, so offsets in `matches` point into the caller's text.
  const text = input.text.replace(/\r\n/g, ' \n').replace(/\r/g, '\n');
  const structure = readStructure(text);

  let masked = '';
  let cursor = 0;
  for (const mask of [...structure.masks].sort((a, b) => a.start - b.start)) {
    if (mask.end <= cursor) continue;
    const start = Math.max(mask.start, cursor);
    masked += text.slice(cursor, start) + ' '.repeat(mask.end - start);
    cursor = mask.end;
  }
  masked += text.slice(cursor);
  const tokens = wordTokens(masked);

  const location = input.business.location ?? '';
  const locationWords = new Set(wordTokens(location).map((token) => token.norm));
  const townWords = wordTokens(location.split(',')[0] ?? '').map((token) => token.norm);
  const businessSite = input.business.website ? siteOf(input.business.website) : null;

  const knowns: Known[] = [];
  const seen = new Set<string>();
  const addKnown = (name: string, kind: Known['kind']) => {
    const key = normalizeName(name);
    if (!key || seen.has(key)) return;
    seen.add(key);
    const core = nameCore(wordTokens(name));
    knowns.push({ name: name.trim(), kind, core, common: isCommon(core, locationWords) });
  };
  addKnown(input.business.name, 'business');
  for (const competitor of input.competitors ?? []) addKnown(competitor, 'competitor');

  const occurrences = findOccurrences(masked, tokens, knowns);
  /** The index of the first token starting at or after `offset` (tokens are in text order). */
  const firstTokenAt = (offset: number) => {
    let low = 0;
    let high = tokens.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (tokens[middle]!.start < offset) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  const tokensIn = (range: Range) => {
    const words: WordToken[] = [];
    for (let i = firstTokenAt(range.start); tokens[i] && tokens[i]!.end <= range.end; i++)
      words.push(tokens[i]!);
    return words;
  };

  /** A lead's words without a trailing location ("Joe's Plumbing of Austin") or legal form. */
  const withoutPlace = (words: WordToken[]) => {
    let last = words.length;
    while (
      last > 1 &&
      (locationWords.has(words[last - 1]!.norm) || LEGAL_SUFFIXES.has(words[last - 1]!.norm))
    )
      last--;
    while (last > 1 && ['of', 'in', 'at', 'and'].includes(words[last - 1]!.norm)) last--;
    return words.slice(0, last);
  };
  const leadIs = (lead: WordToken[], known: Known) => {
    const core = nameCore(lead);
    return (
      sameWords(core, known.core) ||
      sameWords(withoutPlace(core), known.core) ||
      sameWords(withoutPlace(core), withoutPlace(known.core))
    );
  };
  const looksLikeName = (range: Range, words: WordToken[]) => {
    const written = text.slice(range.start, range.end);
    if (!words.length || words.length > 8 || written.length > 80 || written.includes('?'))
      return false;
    if (!words[0]!.capital) return false;
    const significant = words.filter((word) => !SMALL_WORDS.has(word.norm));
    if (!significant.every((word) => word.capital)) return false;
    return !significant.every(
      (word) =>
        GENERIC_WORDS.has(word.norm) || locationWords.has(word.norm) || /^\d+$/.test(word.norm),
    );
  };

  // Rules 2 and 4: who each entry is about.
  type Owner = { known: Known } | { lead: Range; key: string };
  const ownerOf = (lead: Range): Owner | null => {
    const words = tokensIn(lead);
    const inside = occurrences.filter((occurrence) => within(occurrence, lead));
    const exact = inside.find((occurrence) => leadIs(words, occurrence.known));
    if (exact) {
      exact.formatted = true;
      return { known: exact.known };
    }
    if (looksLikeName(lead, words)) {
      for (const occurrence of inside) occurrence.valid = false;
      return { lead, key: normalizeName(text.slice(lead.start, lead.end)) };
    }
    // A lead that is a sentence: the entry is about the known name it opens with, or else about
    // the run of capitalised words it opens with when that looks like a name ("Abacus Plumbing
    // offers a guarantee").
    const opening = inside.find((occurrence) => occurrence.first === firstTokenAt(lead.start));
    if (opening) {
      if (continues(text, tokens, opening, locationWords)) return null;
      opening.formatted = true;
      return { known: opening.known };
    }
    const run = openingRun(text, words);
    if (run.filter((word) => !SMALL_WORDS.has(word.norm)).length < 2) return null;
    const range = { start: run[0]!.start, end: run.at(-1)!.end };
    return looksLikeName(range, run)
      ? { lead: range, key: normalizeName(text.slice(range.start, range.end)) }
      : null;
  };
  const owners: Owner[] = [];
  const owned = new Set<Entry>();
  for (const entry of structure.entries) {
    // Details under a business's entry ("Phone:", "Family Owned") are about that business.
    if (!entry.lead || (entry.parent && owned.has(entry.parent))) continue;
    const owner = ownerOf(entry.lead);
    if (!owner) continue;
    owners.push(owner);
    owned.add(entry);
  }

  // Rules 2 and 3 for names in running text.
  for (const occurrence of occurrences) {
    if (!occurrence.valid || occurrence.formatted) continue;
    if (continues(text, tokens, occurrence, locationWords)) {
      occurrence.valid = false;
      continue;
    }
    if (occurrence.known.common)
      occurrence.valid = backed(occurrence, {
        tokens,
        structure,
        townWords,
        businessSite: occurrence.known.kind === 'business' ? businessSite : null,
      });
  }
  // An entry owned by a name that turned out invalid does not count either.
  const valid = occurrences.filter((occurrence) => occurrence.valid);

  // Rule 5: positions.
  const order: { key: string; owner: Owner }[] = [];
  const keyOf = (owner: Owner) =>
    'known' in owner ? `known:${owner.known.name}` : `lead:${owner.key}`;
  for (const owner of owners) {
    if ('known' in owner && !valid.some((occurrence) => occurrence.known === owner.known)) continue;
    const key = keyOf(owner);
    if (!order.some((item) => item.key === key)) order.push({ key, owner });
  }
  for (const occurrence of valid) {
    const key = keyOf({ known: occurrence.known });
    if (!order.some((item) => item.key === key))
      order.push({ key, owner: { known: occurrence.known } });
  }
  const positionOf = (key: string) => order.findIndex((item) => item.key === key) + 1;

  const business = knowns.find((known) => known.kind === 'business');
  const mentioned = valid.some((occurrence) => occurrence.known.kind === 'business');

  const competitors: CompetitorReading[] = [];
  const matches: NameMatch[] = valid.map((occurrence) => ({
    start: occurrence.start,
    end: occurrence.end,
    kind: occurrence.known.kind,
  }));
  for (const { key, owner } of order) {
    if ('known' in owner) {
      if (owner.known.kind === 'competitor')
        competitors.push({ name: owner.known.name, position: positionOf(key), known: true });
    } else {
      competitors.push({
        name: text.slice(owner.lead.start, owner.lead.end).replace(/[*_`[\]]/g, ''),
        position: positionOf(key),
        known: false,
      });
    }
  }
  for (const owner of owners)
    if (!('known' in owner))
      matches.push({ start: owner.lead.start, end: owner.lead.end, kind: 'competitor' });

  // Rule 6: citations.
  const citedUrls: string[] = [];
  if (businessSite) {
    const candidates = [
      ...(input.sources ?? []).flatMap((source) => {
        const urlSite = siteOf(source.url);
        if (urlSite === businessSite) return [source.url];
        // Gemini's sources are redirect addresses whose title is the site's domain.
        const title = source.title?.trim() ?? '';
        return hostOf(title) && siteOf(title) === businessSite ? [source.url] : [];
      }),
      ...structure.links
        .filter((link) => siteOf(link.href) === businessSite)
        .map((link) => link.href),
      ...[...masked.matchAll(/(?<![\w@.-])(?:[a-z0-9-]+\.)+[a-z]{2,}(?:\/[^\s)\]]*)?/gi)]
        .map((found) => found[0].replace(/[.,;:]+$/, ''))
        .filter((address) => siteOf(address) === businessSite),
    ];
    for (const url of candidates) if (!citedUrls.includes(url)) citedUrls.push(url);
  }
  const cited = citedUrls.length > 0;

  return {
    mentioned,
    position: mentioned && business ? positionOf(keyOf({ known: business })) : null,
    cited,
    citedNotNamed: cited && !mentioned,
    citedUrls,
    competitors: competitors.sort((a, b) => a.position - b.position),
    matches: matches.sort((a, b) => a.start - b.start || a.end - b.end),
  };
}

/** The capitalised words a sentence opens with, joined by spaces, "&" or small words. */
function openingRun(text: string, words: WordToken[]): WordToken[] {
  const run: WordToken[] = [];
  for (const word of words) {
    const previous = run.at(-1);
    if (previous && !/^[ \t]*$/.test(text.slice(previous.end, word.start))) break;
    if (!word.capital && !SMALL_WORDS.has(word.norm)) break;
    run.push(word);
  }
  while (run.length && SMALL_WORDS.has(run.at(-1)!.norm)) run.pop();
  return run;
}

/**
 * Rule 2: the name runs on into a longer one: the next word, after only spaces (or " & "), is
 * capitalised and is not a legal suffix, a place or a small word.
 */
function continues(
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
  return (
    next.capital &&
    !/^\d+$/.test(next.norm) &&
    !LEGAL_SUFFIXES.has(next.norm) &&
    !SMALL_WORDS.has(next.norm) &&
    !locationWords.has(next.norm)
  );
}

/** Rule 3: a common-word name in running text needs its capitals, and a one-word name one more sign. */
function backed(
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
