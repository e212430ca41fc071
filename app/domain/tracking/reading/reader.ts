// Room: reading (tracking/reading/). Everything that reads one answer's text, pure and alone: its
// structure (answer-structure), the names in it (names, known-names, business-names, model-names),
// its tone (sentiment), what it kept beside its text (stored, searches), and the extraction model's
// reading of it (extract.server); facts stated about a business (issue 45) read here too. It imports
// no other room (docs/decisions/0025-tracking-in-rooms.md).
//
// Reading an AI assistant's answer: does it name the business (or a variant of its name), where
// does it rank it, does it cite the business's site, and which other businesses does it offer as
// options? Deterministic and pure: the same answer always reads the same, with no second model.
// The markdown structure comes from the `marked` lexer (answer-structure.ts) with the options
// markdown does not mark (cards, "Name | …" lines, "A. B. C.": segments.ts); names are compared as
// word tokens (names.ts). The rules, in the order they apply (entries, names, common-word names,
// recommended businesses, roles, positions, citations) are set out in
// docs/decisions/0027-reading-answers-nobody-wrote.md; the numbers below refer to them.

import { readStructure, type Entry, type Range } from './answer-structure';
import {
  actsLikeCompany,
  capitalisedRuns,
  describedAfter,
  describedBefore,
  nameLevel,
  type NameLevel,
  type Run,
} from './business-names';
import { backed, continues, findOccurrences, isCommon, within, type Known } from './known-names';
import { optionJudge } from './options';
import { answerPlaces } from './places';
import { proseSignal } from './prose';
import { headingSubject, isPlainPhrase } from './roles';
import { aloneOnLine, branchOf, businessSegments, headingRole, type Segment } from './segments';
import { labelValue, leadEvidence } from './leads';
import { nameVariants } from './variants';
import { NO_SITE, sameStart, siteReading } from './citations';
import { siteOf } from './domains';
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
  business: {
    name: string;
    website?: string | null;
    location?: string | null;
    /** Other names the owner says the business goes by (variants.ts adds the usual ones). */
    variants?: readonly string[];
  };
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
  /** The lines that belong to each business named (its card, list item, row or section). */
  segments?: Segment[];
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
  // The places the answer names ("coffee shops in Shoreditch") are places too.
  const placesNamed = answerPlaces(masked);
  for (const place of placesNamed) for (const word of place.split(' ')) locationWords.add(word);
  const townWords = wordTokens(location.split(',')[0] ?? '').map((token) => token.norm);
  const businessSite = input.business.website ? siteOf(input.business.website) : null;

  const knowns: Known[] = [];
  const seen = new Set<string>();
  const addKnown = (name: string, kind: Known['kind'], short = false, added = false) => {
    const key = normalizeName(name);
    if (!key || seen.has(key)) return;
    seen.add(key);
    const core = nameCore(wordTokens(name));
    // A name the owner added ("LMP") is a name as written, unless it is plain English.
    const common = isCommon(core, locationWords) && !(added && !isPlainPhrase(name));
    knowns.push({ name: name.trim(), kind, core, common, short });
  };
  const { name: ownName, location: ownLocation, variants: ownVariants } = input.business;
  for (const variant of nameVariants(ownName, ownLocation, ownVariants))
    addKnown(variant.name, 'business', variant.short, variant.added);
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
      sameWords(withoutPlace(core), withoutPlace(known.core)) ||
      branchOf(masked, core, known.core)
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

  const required = (entry: Entry, lead: Range) => leadEvidence(text, entry, lead);
  const valueOf = (lead: Range, block: Range) => labelValue(text, lead, block);

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
  const sections: Range[] = [];
  const details: Range[] = [];
  for (const entry of structure.entries) {
    // Details under a business's entry ("Phone:", "Family Owned") are about that business.
    if (entry.parent && owned.has(entry.parent)) {
      details.push(entry.block);
      continue;
    }
    if (!entry.lead) continue;
    // A line titling the list of options under it ("Top picks", "Emergency Lockout Services").
    if (
      (entry.kind === 'heading' || entry.kind === 'bold') &&
      aloneOnLine(text, entry.lead) &&
      headingRole(text, entry.lead.end) === 'section'
    ) {
      sections.push(entry.lead);
      // A section titled by a place or an area ("### Ancoats"): that name is a place here.
      placesNamed.add(normalizeName(text.slice(entry.lead.start, entry.lead.end)));
      continue;
    }
    // A news heading is about its subject: "FTX Case Update" → FTX.
    const subject = headingSubject(
      text.slice(entry.lead.start, entry.lead.end).replace(/[*_`]/g, ''),
    );
    const at = subject ? text.indexOf(subject, entry.lead.start) : -1;
    if (subject && at >= 0 && at < entry.lead.end) {
      owned.set(entry, unknown({ start: at, end: at + subject.length }));
      continue;
    }
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
  // Only options count (options.ts): not places, sources, labels, steps or other roles.
  const leads = new Map<Entry, Range>();
  for (const [entry, owner] of owned) if ('lead' in owner) leads.set(entry, owner.lead);
  const judge = optionJudge(text, structure, leads, placesNamed);
  const claimed: Range[] = [...sections];
  for (const [entry, owner] of owned) {
    if (!('lead' in owner)) continue;
    const counted = judge(owner.lead, entry);
    if (!counted) owned.delete(entry);
    else if (counted.start !== owner.lead.start || counted.end !== owner.lead.end)
      owned.set(entry, unknown(counted));
    if (!counted) claimed.push(owner.lead);
  }
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
    if (occurrence.known.common && !occurrence.known.short)
      occurrence.valid =
        backed(occurrence, {
          tokens,
          structure,
          townWords,
          businessSite: occurrence.known.kind === 'business' ? businessSite : null,
        }) ||
        (tokens[occurrence.first]!.capital &&
          proseSignal(
            masked,
            occurrence.start,
            occurrence.end,
            !isPlainPhrase(occurrence.known.name),
          ));
  }
  // A short form ("Gus's") counts after a longer form of the business's name.
  for (const occurrence of occurrences)
    if (occurrence.valid && occurrence.known.short)
      occurrence.valid = occurrences.some(
        (other) =>
          other.valid &&
          !other.known.short &&
          other.known.kind === 'business' &&
          other.start < occurrence.start,
      );
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
        details.some((detail) => within(range, detail)) || (bold && aloneOnLine(text, range))
          ? level >= 3
          : level >= 2 ||
            (level >= 1 &&
              (bold ||
                described ||
                (proseSignal(masked, range.start, range.end) &&
                  !isPlainPhrase(text.slice(range.start, range.end)))))
      ) {
        const counted = judge(range, null);
        if (counted) inProse.push({ start: counted.start, owner: unknown(counted) });
      }
    }
    i = end;
  }

  // Rule 5: positions.
  const order: { key: string; owner: Owner }[] = [];
  // Every form of the business's name is one business.
  const keyOf = (owner: Owner) =>
    'known' in owner
      ? owner.known.kind === 'business'
        ? 'business'
        : `known:${owner.known.name}`
      : `lead:${owner.key}`;
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
  const segments = businessSegments(
    text,
    structure.entries,
    [...owned].flatMap(([entry, owner]) =>
      'known' in owner
        ? valid.some((occurrence) => occurrence.known === owner.known)
          ? [{ entry, name: owner.known.name, kind: owner.known.kind }]
          : []
        : [
            {
              entry,
              name: text.slice(owner.lead.start, owner.lead.end),
              kind: 'competitor' as const,
            },
          ],
    ),
  );

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
    segments,
    matches: matches.sort((a, b) => a.start - b.start || a.end - b.end),
  };
}
