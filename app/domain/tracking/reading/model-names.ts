// The extraction model's list of businesses (app/lib/ai/extraction.server.ts) combined with the
// reader's reading of the same answer. The model decides which names are businesses; the reader is
// the check: a name the model gives that the answer does not contain (word for word, as names.ts
// compares them) is dropped, and the owner's business and competitors stay as the reader found
// them (their matching is exact and deterministic). Order: the reader's ranking for the names it
// found, then the model's other names by first appearance. Pure.

import { nameCore, normalizeName, sameWords, wordTokens, type WordToken } from './names';
import type { AnswerReading, CompetitorReading, NameMatch } from './reader';

type Found = { name: string; key: string; start: number; end: number };

/** Where `name` first occurs in the text's words, or null. */
function firstOccurrence(text: string, tokens: WordToken[], name: string): Found | null {
  const core = nameCore(wordTokens(name));
  const key = normalizeName(name);
  if (!core.length || !key) return null;
  for (let i = 0; i + core.length <= tokens.length; i++) {
    if (!sameWords(tokens.slice(i, i + core.length), core)) continue;
    // Only spaces and light punctuation between the name's words ("Howie, Sacks & Henry").
    let joined = true;
    for (let k = i + 1; k < i + core.length && joined; k++)
      joined = /^[ \t*_~`"“”'’,./-]*$/.test(text.slice(tokens[k - 1]!.end, tokens[k]!.start));
    if (joined)
      return { name, key, start: tokens[i]!.start, end: tokens[i + core.length - 1]!.end };
  }
  return null;
}

/** One name's words start the other's ("HubSpot" and "HubSpot CRM"): one business. */
function sameBusiness(a: string, b: string): boolean {
  if (a === b) return true;
  const x = a.split(' ');
  const y = b.split(' ');
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  return short.every((word, i) => long[i] === word);
}

/**
 * The reading with the model's businesses: the reader's unknown names the model did not list are
 * dropped, the model's names the reader missed are added, positions are numbered again.
 */
export function withModelNames(
  reading: AnswerReading,
  text: string,
  business: { name: string },
  modelNames: readonly string[],
): AnswerReading {
  const tokens = wordTokens(text);
  const businessKey = normalizeName(business.name);
  const verified: Found[] = [];
  for (const name of modelNames) {
    const found = firstOccurrence(text, tokens, name);
    if (!found || sameBusiness(found.key, businessKey)) continue;
    if (verified.some((other) => sameBusiness(other.key, found.key))) continue;
    verified.push(found);
  }

  type Item = { kind: 'business' } | { kind: 'other'; competitor: CompetitorReading };
  const order: Item[] = [];
  const ranked: (Item & { position: number })[] = [
    ...(reading.position !== null
      ? [{ kind: 'business' as const, position: reading.position }]
      : []),
    ...reading.competitors.map((competitor) => ({
      kind: 'other' as const,
      competitor,
      position: competitor.position,
    })),
  ].sort((a, b) => a.position - b.position);
  const kept = new Set<string>();
  for (const item of ranked) {
    if (item.kind === 'business') {
      order.push(item);
      continue;
    }
    const key = normalizeName(item.competitor.name);
    const confirmed = verified.find((found) => sameBusiness(found.key, key));
    if (!item.competitor.known && !confirmed) continue;
    order.push(item);
    kept.add(key);
    if (confirmed) kept.add(confirmed.key);
  }
  const added = verified
    .filter((found) => ![...kept].some((key) => sameBusiness(key, found.key)))
    .sort((a, b) => a.start - b.start);
  for (const found of added)
    order.push({ kind: 'other', competitor: { name: found.name, position: 0, known: false } });

  const competitors = order.flatMap((item, index) =>
    item.kind === 'other' ? [{ ...item.competitor, position: index + 1 }] : [],
  );
  const position = order.findIndex((item) => item.kind === 'business');

  // Highlights: the reader's, less those of names dropped, plus the added names' first place.
  const dropped = reading.competitors
    .filter((competitor) => !competitors.some((other) => other.name === competitor.name))
    .map((competitor) => normalizeName(competitor.name));
  const matches: NameMatch[] = reading.matches.filter(
    (match) =>
      match.kind === 'business' ||
      !dropped.includes(normalizeName(text.slice(match.start, match.end))),
  );
  for (const found of added)
    if (!matches.some((match) => found.start < match.end && match.start < found.end))
      matches.push({ start: found.start, end: found.end, kind: 'competitor' });

  return {
    ...reading,
    position: position < 0 ? null : position + 1,
    competitors,
    matches: matches.sort((a, b) => a.start - b.start || a.end - b.end),
  };
}

/**
 * The model's labelled sentences that are about the business: those that name it (as the reader
 * compares names) and that the answer contains, give or take markdown and spacing.
 */
export function sentencesAbout<T extends { text: string }>(
  sentences: readonly T[],
  text: string,
  business: { name: string },
  /** The lines that belong to the business (segments.ts): a sentence there need not name it. */
  belongs: readonly { start: number; end: number }[] = [],
): T[] {
  const core = nameCore(wordTokens(business.name));
  const words = (value: string) =>
    wordTokens(value)
      .map((token) => token.norm)
      .join(' ');
  const answer = words(text);
  const own = belongs.map((range) => words(text.slice(range.start, range.end)));
  return sentences.filter((sentence) => {
    const tokens = wordTokens(sentence.text);
    const said = words(sentence.text);
    const names = tokens.some((_, i) => sameWords(tokens.slice(i, i + core.length), core));
    return (
      core.length > 0 &&
      said.length > 0 &&
      ((names && answer.includes(said)) || own.some((lines) => lines.includes(said)))
    );
  });
}
