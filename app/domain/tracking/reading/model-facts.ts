// The extraction model's facts (TRACKING_EXTRACTION_MODEL), held to the reader's checks: each
// value must occur in the answer's text, read as a fact of its kind there (a phone that
// libphonenumber-js reads, an address with a street, hours words), and stand where the answer is
// not about another business (fact-owners.ts). What passes replaces the reader's own facts of
// that answer; when nothing passes, the reader's facts stand. Pure.

import type { CountryCode } from 'libphonenumber-js';
import { readStructure } from './answer-structure';
import { ownersOf } from './fact-owners';
import { findFacts, type FactKind } from './fact-patterns';
import { namePlaces, type StatedFact } from './facts';
import type { NameMatch } from './reader';
import { plainSentence } from './sentiment';

export function checkedModelFacts(input: {
  text: string;
  modelFacts: readonly { kind: FactKind; value: string }[];
  matches: readonly NameMatch[];
  otherNames: readonly string[];
  country: CountryCode | null;
}): StatedFact[] {
  const { text } = input;
  if (!input.matches.some((match) => match.kind === 'business')) return [];
  const structure = readStructure(text);
  const names = namePlaces(text, input.matches, input.otherNames);
  const ownerAt = ownersOf(text, structure, names);
  const found = findFacts(text, {
    country: input.country,
    masks: structure.masks,
    links: structure.links,
  });
  const checked: StatedFact[] = [];
  const used = new Set<number>();
  for (const { kind, value } of input.modelFacts) {
    for (let at = text.indexOf(value); at >= 0; at = text.indexOf(value, at + 1)) {
      const end = at + value.length;
      const fact = found.find((each) => each.kind === kind && each.start < end && at < each.end);
      if (!fact || used.has(fact.start)) continue;
      const { owner, sentence } = ownerAt(fact.start);
      if (owner === 'other') continue;
      const quote = plainSentence(sentence ? text.slice(sentence.start, sentence.end) : fact.value);
      used.add(fact.start);
      checked.push({ ...fact, quote: quote.slice(0, 300) });
      break;
    }
  }
  return checked.sort((a, b) => a.start - b.start);
}
