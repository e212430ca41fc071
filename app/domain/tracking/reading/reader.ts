// Room: reading (tracking/reading/). Everything that reads one answer's text, pure and alone: its
// structure (answer-structure), the names in it (names, known-names, business-names, model-names),
// its tone (sentiment), what it kept beside its text (stored, searches), and the extraction model's
// reading of it (extract.server); facts stated about a business (issue 45) read here too. It imports
// no other room (docs/decisions/0025-tracking-in-rooms.md).
//
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
//    text only when written with its capitals ("reliable plumbing service" is not a mention).
//    A one-word name ("Summit", "Apex") needs
//    more than its word: its capitals and also bold, a link's text, the town within six words, or
//    a link to the business's site in the same paragraph, list item or table row. As an entry's
//    lead either always counts.
// 4. Recommended businesses are the entries whose lead is a known name or reads as a business's
//    name (business-names.ts): headings and bold lines standing alone, and the rows of a column
//    headed by a label word ("Holiday Name", "Date"), need a name that stands out on its own
//    ("Ironwood Plumbing", "DeepSeek", "Tidy Nest Ltd"), so "Recent AI Developments" or
//    "Chips and Hardware" never count; list items, bold phrases and table cells need a word that
//    is not ordinary English, a heading word, a date or a place. Dates, holidays, "X in Y"
//    phrases, public bodies and review sites never count. A label ("Best overall:", "Rebates:")
//    gives the name its value opens with; a description before a name gives the name ("Chinese
//    AI firm DeepSeek" → DeepSeek); an entry that is a sentence is about the known name, else
//    the capitalised run, it opens with ("Abacus Plumbing offers a guarantee"). In a list whose
//    other items are labels about nobody ("Cost: $150", "Timeline: 2 weeks") an item needs a
//    name that stands out on its own. Each business is counted once, in order.
//    Names in running text count too: a capitalised run that stands out as a name, or that a
//    description, a verb of hiring or an apposition says is a business ("try Hartwell
//    Exteriors", "Slater Heelis, a long-established practice"), split where a list goes on
//    ("Ironwood Plumbing and Moreno Plumbing"; "&" always joins). Names keep the period of "Co.".
// 5. Position: a recommended business's rank in that order. A business named only in running
//    text comes after all recommended ones, in order of first appearance; when the answer
//    recommends nothing in structure, order of first appearance is the whole rule.
// 6. Cited: a page the answer cited (its address or, for redirecting sources such as Gemini's, a
//    title that is a domain), a link in the text, or a bare domain written in the text is on the
//    business's site (domains.ts). Retrieved: not cited, but the search returned a page on the
//    site; pages of answers recorded before the two were told apart make it "cited or retrieved".
//    `citedNotNamed`: cited while the name is missing.

import { readStructure, trimLead, type Entry, type Link, type Range } from './answer-structure';
import {
  actsLikeCompany,
  capitalisedRuns,
  describedAfter,
  describedBefore,
  labelHeader,
  nameLevel,
  type NameLevel,
  type Run,
} from './business-names';
import { backed, continues, findOccurrences, isCommon, within, type Known } from './known-names';
import { hostOf, siteOf } from './domains';
import {
  LEGAL_SUFFIXES,
  SMALL_WORDS,
  nameCore,
  normalizeName,
  sameWords,
  wordTokens,
  type WordToken,
} from './names';

/**
 * A page of the answer: `cited` by it (true), or only returned by its search (false); undefined
 * for answers recorded before the two were told apart (cited or retrieved).
 */
export type AnswerSource = { url: string; title?: string | null; cited?: boolean };

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
  /** The answer cited the business's site: a cited page, a link or an address in its text. */
  cited: boolean;
  /** Not cited, but the answer's search returned a page on the business's site. */
  retrieved: boolean;
  /** Not cited, and a page on the site came with an answer recorded before the distinction. */
  citedOrRetrieved: boolean;
  /** The business's site is cited but its name is missing from the answer. */
  citedNotNamed: boolean;
  /** The cited addresses (pages and links) on the business's site, without repeats. */
  citedUrls: string[];
  /** By position. */
  competitors: CompetitorReading[];
  /** By start offset. */
  matches: NameMatch[];
};

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
  const levelOf = (words: WordToken[]) => nameLevel(masked, words, locationWords);
  /** A run's range, with the period of an abbreviated legal form and without a possessive "'s". */
  const runRange = (run: Run): Range => {
    const last = tokens[run.last - 1]!;
    let end = last.end;
    if (last.possessive) end -= /['’]s$/.test(text.slice(last.start, last.end)) ? 2 : 1;
    else if (/^(?:co|inc|ltd|corp|bros)$/.test(last.norm) && text[end] === '.') end += 1;
    return { start: tokens[run.first]!.start, end };
  };
  const runWords = (run: Run) => tokens.slice(run.first, run.last);
  const unknown = (range: Range): Owner => ({
    lead: range,
    key: normalizeName(text.slice(range.start, range.end)),
  });

  /**
   * The evidence an entry's lead needs to be a name (business-names.ts): headings and bold lines
   * standing alone 3 unless numbered, rows of a column headed by a label word 3, others 1.
   */
  const required = (entry: Entry, lead: Range): NameLevel => {
    if (entry.kind === 'row') return entry.header && labelHeader(entry.header) ? 3 : 1;
    if (entry.kind === 'item') return 1;
    const lineStart = text.lastIndexOf('\n', lead.start - 1) + 1;
    const newline = text.indexOf('\n', lead.end);
    const lineEnd = newline < 0 ? text.length : newline;
    const before = text.slice(lineStart, lead.start);
    const numbered = /\d/.test(before);
    if (entry.kind === 'heading') return numbered ? 1 : 3;
    const alone = !/[\p{L}\p{N}]/u.test(
      before.replace(/\d+[.)]/, '') + text.slice(lead.end, lineEnd),
    );
    return alone && !numbered ? 3 : 1;
  };
  /** A label's value: "Best overall: Sunset Electric – licensed" → "Sunset Electric". */
  const valueOf = (lead: Range, block: Range): Range | null => {
    const colon = /^[*_]*\s*:[*_]*[ \t]*/.exec(text.slice(lead.end, block.end));
    if (!colon) return null;
    const start = lead.end + colon[0].length;
    const newline = text.indexOf('\n', start);
    const end = newline < 0 || newline > block.end ? block.end : newline;
    return start < end ? trimLead(text, { start, end }) : null;
  };

  // Rules 2 and 4: who each entry is about.
  type Owner = { known: Known } | { lead: Range; key: string };
  const ownerOf = (entry: Entry, lead: Range, need: NameLevel, label = true): Owner | null => {
    const words = tokensIn(lead);
    const inside = occurrences.filter((occurrence) => within(occurrence, lead));
    const exact = inside.find((occurrence) => leadIs(words, occurrence.known));
    if (exact) {
      exact.formatted = true;
      return { known: exact.known };
    }
    if (levelOf(words) >= need) {
      for (const occurrence of inside) occurrence.valid = false;
      return unknown(lead);
    }
    // A label ("Best overall:", "Rebates:"): the entry is about the name its value opens with.
    const value = label && entry.kind !== 'heading' ? valueOf(lead, entry.block) : null;
    if (value) return ownerOf(entry, value, 1, false);
    // A lead that is a sentence: the entry is about the known name it opens with, or else about
    // the run of capitalised words it opens with when that is a name ("Abacus Plumbing offers a
    // guarantee"); a description before a name gives the name ("Chinese AI firm DeepSeek").
    const first = firstTokenAt(lead.start);
    const opening = inside.find((occurrence) => occurrence.first === first);
    if (opening) {
      if (continues(text, tokens, opening, locationWords)) return null;
      opening.formatted = true;
      return { known: opening.known };
    }
    const runs = capitalisedRuns(masked, tokens, first, first + words.length, locationWords);
    const described = runs.find(
      (run) => describedBefore(masked, tokens, run.first) && levelOf(runWords(run)) >= 1,
    );
    if (described) return unknown(runRange(described));
    const [run] = runs;
    if (run && run.first <= first + 1) {
      const level = levelOf(runWords(run));
      const long = runWords(run).filter((word) => !SMALL_WORDS.has(word.norm)).length >= 2;
      if (level >= Math.max(need, 2) || (level >= need && long)) return unknown(runRange(run));
    }
    const strong = words.length <= 8 && runs.find((each) => levelOf(runWords(each)) >= 3);
    return strong ? unknown(runRange(strong)) : null;
  };
  const owners: Owner[] = [];
  const owned = new Map<Entry, Owner>();
  const details: Range[] = [];
  for (const entry of structure.entries) {
    // Details under a business's entry ("Phone:", "Family Owned") are about that business.
    if (entry.parent && owned.has(entry.parent)) {
      details.push(entry.block);
      continue;
    }
    if (!entry.lead) continue;
    const owner = ownerOf(entry, entry.lead, required(entry, entry.lead));
    if (owner) owned.set(entry, owner);
  }
  // In a list whose other items are mostly about nobody ("Cost: $150",
  // "Timeline: 2 weeks", "Free Estimates"), an item needs a name that stands out on its own.
  for (const [entry, owner] of owned) {
    if (!entry.list || !('lead' in owner)) continue;
    if (levelOf(tokensIn(owner.lead)) >= 3) continue;
    // Only a label ("Timeline:") or an item that is nothing but its lead ("Free Estimates").
    const rest = text.slice(owner.lead.end, entry.block.end);
    if (!/^[*_]*\s*:/.test(rest) && /[\p{L}\p{N}]/u.test(rest)) continue;
    const siblings = structure.entries.filter(
      (other) => other !== entry && other.kind === 'item' && other.list === entry.list,
    );
    const nobody = siblings.filter((other) => !owned.has(other)).length;
    if (siblings.length && nobody * 2 >= siblings.length && (nobody > 1 || siblings.length === 1)) {
      owned.delete(entry);
      details.push(owner.lead);
    }
  }
  const claimed: Range[] = [];
  for (const owner of owned.values()) {
    owners.push(owner);
    if ('lead' in owner) claimed.push(owner.lead);
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

  // Rule 4b: businesses named in running text ("Locals also recommend PipeRight Leeds, Leeds
  // Family Plumbing, Ironwood Plumbing and Moreno Plumbing"), and in bold inside an entry.
  claimed.push(...valid);
  const outside = [
    ...structure.headerRows,
    ...structure.entries.filter((entry) => entry.kind === 'heading').map((entry) => entry.block),
  ];
  // Characters not to read again: one pass over the ranges, not one per token.
  const taken = new Uint8Array(text.length + 1);
  for (const range of [...outside, ...claimed]) taken.fill(1, range.start, range.end);
  const free = tokens.map((token) => !taken.subarray(token.start, token.end).includes(1));
  const inProse: { start: number; owner: Owner }[] = [];
  for (let i = 0; i < tokens.length;) {
    if (!free[i]) {
      i += 1;
      continue;
    }
    let end = i;
    while (end < tokens.length && free[end]) end += 1;
    for (const run of capitalisedRuns(masked, tokens, i, end, locationWords)) {
      const range = runRange(run);
      const level = levelOf(runWords(run));
      const bold = structure.strong.some(
        (strong) =>
          within(range, strong) &&
          !/[\p{L}\p{N}]/u.test(
            text.slice(strong.start, range.start) + text.slice(range.end, strong.end),
          ),
      );
      const described =
        describedBefore(masked, tokens, run.first) ||
        describedAfter(masked, range.end) ||
        actsLikeCompany(masked, range.end);
      // Title-cased details under a business ("Licensed Master Plumbers") and items of a list of
      // labels need more.
      if (
        details.some((detail) => within(range, detail))
          ? level >= 3
          : level >= 2 || (level >= 1 && (bold || described))
      )
        inProse.push({ start: range.start, owner: unknown(range) });
    }
    i = end;
  }

  // Rule 5: positions.
  const order: { key: string; owner: Owner }[] = [];
  const keyOf = (owner: Owner) =>
    'known' in owner ? `known:${owner.known.name}` : `lead:${owner.key}`;
  for (const owner of owners) {
    if ('known' in owner && !valid.some((occurrence) => occurrence.known === owner.known)) continue;
    const key = keyOf(owner);
    if (!order.some((item) => item.key === key)) order.push({ key, owner });
  }
  const named = order.map((item) => item.key);
  const later = [
    ...valid.map((occurrence) => ({
      start: occurrence.start,
      owner: { known: occurrence.known } as Owner,
    })),
    ...inProse,
  ].sort((a, b) => a.start - b.start);
  for (const { owner } of later) {
    const key = keyOf(owner);
    // A shorter or longer spelling of a name read already ("HubSpot" after "HubSpot CRM").
    if ('lead' in owner && named.some((other) => sameStart(other, key))) continue;
    if (order.some((item) => item.key === key)) continue;
    order.push({ key, owner });
    named.push(key);
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
  const site = businessSite
    ? siteReading(input.sources ?? [], structure.links, masked, businessSite)
    : NO_SITE;
  const { cited, citedUrls } = site;
  return {
    mentioned,
    position: mentioned && business ? positionOf(keyOf({ known: business })) : null,
    cited,
    retrieved: site.retrieved,
    citedOrRetrieved: site.citedOrRetrieved,
    citedNotNamed: cited && !mentioned,
    citedUrls,
    competitors: competitors.sort((a, b) => a.position - b.position),
    matches: matches.sort((a, b) => a.start - b.start || a.end - b.end),
  };
}

/** Two unknown names where one's words start the other's ("HubSpot", "HubSpot CRM"). */
function sameStart(a: string, b: string): boolean {
  if (!a.startsWith('lead:') || !b.startsWith('lead:')) return false;
  const x = a.slice(5).split(' ');
  const y = b.slice(5).split(' ');
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  return short.length > 0 && short[0] !== '' && short.every((word, i) => long[i] === word);
}

type SiteReading = Pick<AnswerReading, 'cited' | 'retrieved' | 'citedOrRetrieved' | 'citedUrls'>;
const NO_SITE: SiteReading = {
  cited: false,
  retrieved: false,
  citedOrRetrieved: false,
  citedUrls: [],
};

/** Rule 6: where the business's site stands in the answer's pages and text. */
function siteReading(
  sources: AnswerSource[],
  links: Link[],
  masked: string,
  businessSite: string,
): SiteReading {
  const onSite = sources.filter((source) => {
    if (siteOf(source.url) === businessSite) return true;
    // Gemini's pages are redirect addresses whose title is the site's domain.
    const title = source.title?.trim() ?? '';
    return Boolean(hostOf(title)) && siteOf(title) === businessSite;
  });
  const citedUrls: string[] = [];
  for (const url of [
    ...onSite.filter((source) => source.cited === true).map((source) => source.url),
    ...links.filter((link) => siteOf(link.href) === businessSite).map((link) => link.href),
    ...[...masked.matchAll(/(?<![\w@.-])(?:[a-z0-9-]+\.)+[a-z]{2,}(?:\/[^\s)\]]*)?/gi)]
      .map((found) => found[0].replace(/[.,;:]+$/, ''))
      .filter((address) => siteOf(address) === businessSite),
  ])
    if (!citedUrls.includes(url)) citedUrls.push(url);
  const cited = citedUrls.length > 0;
  const unsure = !cited && onSite.some((source) => source.cited === undefined);
  return {
    cited,
    citedOrRetrieved: unsure,
    retrieved: !cited && !unsure && onSite.length > 0,
    citedUrls,
  };
}
