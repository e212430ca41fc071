// The facts an answer states about the business: its phone number, street address, opening
// hours, website, and that it closed or moved. Found anywhere in the text (fact-patterns.ts),
// kept only where they stand in the business's own sentence, list item, card, table row or
// heading section (fact-owners.ts). A value the answer also gives another business is never
// ours. Pure: the same answer always reads the same.

import type { CountryCode } from 'libphonenumber-js';
import { readStructure } from './answer-structure';
import { ownersOf, type NamePlace } from './fact-owners';
import { findFacts, type FactKind, type FoundFact } from './fact-patterns';
import type { NameMatch } from './reader';
import { plainSentence } from './sentiment';

export { FACT_KINDS, type FactKind } from './fact-patterns';

/** One fact the answer states about the business, where it says it. */
export type StatedFact = FoundFact & {
  /** The sentence (or line) it stands in, as plain text, led by the business's name when the
   * sentence itself does not name it. */
  quote: string;
};

export type ReadFactsInput = {
  text: string;
  /** The reader's marks: the business's names and the known competitors'. */
  matches: readonly NameMatch[];
  /** Other businesses the answer names (the reader's competitors, known or brought up). */
  otherNames: readonly string[];
  /** The business's country, for phones written without a country code. */
  country: CountryCode | null;
};

const MAX_QUOTE_CHARS = 300;

/** Where the answer names other businesses: the reader's marks and every place their names stand. */
export function namePlaces(text: string, matches: readonly NameMatch[], others: readonly string[]) {
  const places: NamePlace[] = matches.map((match) => ({
    start: match.start,
    end: match.end,
    ours: match.kind === 'business',
  }));
  const lower = text.toLowerCase();
  for (const name of others) {
    const needle = name.trim().toLowerCase();
    if (needle.length < 3) continue;
    for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, at + needle.length)) {
      const end = at + needle.length;
      if (places.some((place) => place.start < end && at < place.end)) continue;
      places.push({ start: at, end, ours: false });
    }
  }
  return places;
}

/** The facts `input.text` states about the business, in text order. */
export function readFacts(input: ReadFactsInput): StatedFact[] {
  const text = input.text.replace(/\r\n/g, ' \n').replace(/\r/g, '\n');
  if (!input.matches.some((match) => match.kind === 'business')) return [];
  const structure = readStructure(text);
  const names = namePlaces(text, input.matches, input.otherNames);
  const ownerAt = ownersOf(text, structure, names);
  const found = findFacts(text, {
    country: input.country,
    masks: structure.masks,
    links: structure.links,
  });
  const ours: StatedFact[] = [];
  const theirs = new Set<string>();
  for (const fact of found) {
    const { owner, unit, sentence } = ownerAt(fact.start);
    if (owner === 'other') theirs.add(`${fact.kind}:${fact.key}`);
    if (owner !== 'ours') continue;
    let quote = plainSentence(sentence ? text.slice(sentence.start, sentence.end) : fact.value);
    if (
      unit?.lead &&
      !(
        sentence &&
        names.some((name) => name.ours && name.start >= sentence.start && name.start < sentence.end)
      )
    )
      quote = `${plainSentence(text.slice(unit.lead.start, unit.lead.end))} — ${quote}`;
    if (quote.length > MAX_QUOTE_CHARS) quote = `${quote.slice(0, MAX_QUOTE_CHARS - 1)}…`;
    ours.push({ ...fact, quote });
  }
  // Another business's number (or site, or address) is never ours, wherever else it stands.
  return ours.filter(
    (fact) =>
      fact.kind === 'hours' || fact.kind === 'status' || !theirs.has(`${fact.kind}:${fact.key}`),
  );
}

/** The kinds an answer states, each once. */
export function kindsOf(facts: readonly { kind: FactKind }[]): FactKind[] {
  return [...new Set(facts.map((fact) => fact.kind))];
}

/** What an answer says of one kind of fact: one version (kept with the answer and counted). */
export type AnswerFact = { kind: FactKind; value: string; key: string; quote: string };

const STATUS_WEIGHT: Record<string, number> = { closed: 3, 'temporarily closed': 2, moved: 1 };

/**
 * One version of each kind an answer states: the first phone, address and website it gives the
 * business; its hours statements together ("Mon–Fri 8am–5pm; closed on Sundays"); the gravest
 * status (closed over temporarily closed over moved).
 */
export function versionsOf(facts: readonly StatedFact[]): AnswerFact[] {
  const versions: AnswerFact[] = [];
  for (const kind of ['phone', 'address', 'hours', 'website', 'status'] as const) {
    const ofKind = facts.filter((fact) => fact.kind === kind);
    if (!ofKind.length) continue;
    if (kind === 'hours') {
      const seen = new Set<string>();
      const parts = ofKind.filter((fact) => !seen.has(fact.key) && seen.add(fact.key));
      const value = parts.map((fact) => fact.value).join('; ');
      versions.push({ kind, value, key: value.toLowerCase(), quote: parts[0]!.quote });
      continue;
    }
    const chosen =
      kind === 'status'
        ? [...ofKind].sort((a, b) => (STATUS_WEIGHT[b.key] ?? 0) - (STATUS_WEIGHT[a.key] ?? 0))[0]!
        : ofKind[0]!;
    versions.push({ kind, value: chosen.value, key: chosen.key, quote: chosen.quote });
  }
  return versions;
}
