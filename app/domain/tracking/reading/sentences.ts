// The sentences of an answer that are about the business (issue 43 item 4): those naming it
// (where the reader found its name, its variants and short forms included), the lines that
// belong to it (its card, list item, table row or heading's section: segments.ts) that name no
// other business, and a sentence right after one of those that goes on about it ("It has …",
// "Their …"). Where a sentence names another business too, only the clauses about this one are
// scored ("Unlike X, which …, Y is …"). Split into sentences at their ends, not after "Co.",
// "Av." or "Dr.". Pure.

import type { NameMatch } from './reader';
import {
  labelOf,
  MAX_SENTENCE_CHARS,
  MAX_SENTENCES,
  plainSentence,
  sentenceScore,
  type LabelledSentence,
} from './sentiment';

export type Span = { start: number; end: number };

/** Abbreviations a period does not end a sentence after ("Co.", "Dr.", "St."). */
const ABBREVIATIONS = new Set([
  'av',
  'avda',
  'nte',
  'blvd',
  'mt',
  'ft',
  'co',
  'inc',
  'ltd',
  'llc',
  'llp',
  'plc',
  'corp',
  'dr',
  'mr',
  'mrs',
  'ms',
  'st',
  'ave',
  'rd',
  'jr',
  'sr',
  'vs',
  'etc',
  'no',
  'approx',
  'e.g',
  'i.e',
]);

const BOUNDARY = /[.!?](?:\*\*|__|[)\]"”’*_])*(?:\[\d+\])*\s+(?=[\p{Lu}\d"“*[(_])/gu;

/**
 * The sentences of an answer, as offsets: every line (list item, table row, heading) on its own,
 * split further at a sentence's end (not after "Co.", "Dr.", an initial or inside a name).
 */
export function sentenceSpans(text: string, keep: readonly Span[] = []): Span[] {
  const spans: Span[] = [];
  let lineStart = 0;
  for (const line of text.split('\n')) {
    const lineEnd = lineStart + line.length;
    if (line.trim() && !/^\s*\|?\s*:?-{3,}/.test(line)) {
      let from = lineStart;
      for (const match of line.matchAll(BOUNDARY)) {
        const at = lineStart + (match.index ?? 0);
        const word = /([\p{L}.]+)$/u.exec(text.slice(from, at))?.[1] ?? '';
        const abbreviation =
          ABBREVIATIONS.has(word.toLowerCase()) || /^\p{Lu}$/u.test(word) || /\.\p{L}$/u.test(word);
        // "1. **Name**", "### 2. Name": a list's or a heading's number, not a sentence.
        const number = /^\s*(?:#+\s*)?\d+$/.test(text.slice(from, at));
        if (abbreviation || number || keep.some((span) => span.start <= at && at < span.end))
          continue;
        const end = at + match[0].trimEnd().length;
        spans.push({ start: from, end });
        from = at + match[0].length;
      }
      if (from < lineEnd) spans.push({ start: from, end: lineEnd });
    }
    lineStart = lineEnd + 1;
  }
  return spans;
}

/** A sentence that goes on about the business of the one before. */
const CONTINUES = /^(?:it|it's|its|they|they're|their|the team|the staff|staff|service|prices)\b/i;
/** Where a sentence's clauses part: "Unlike X, which …, Y is …", "While X …, Y …". */
const CLAUSES =
  /;|,\s+(?=(?:which|who|while|whereas|but|and|unlike)\b)|,\s+(?=\p{Lu})|\s+(?=(?:but|while|whereas)\s)/gu;

/**
 * The sentences about the business, each once, in order, labelled: those naming it (where the
 * reader found its name: `matches` of kind "business"), those in the lines that belong to it
 * (`belongs`) naming no one else, and one going on about it ("It has …"). Every name found in a
 * sentence is left out of its scoring; in a sentence naming another business too, only the
 * clauses from the business's name to the next other name are scored.
 */
export function readSentiment(
  text: string,
  matches: readonly NameMatch[],
  belongs: readonly Span[] = [],
): LabelledSentence[] {
  const ours = matches.filter((match) => match.kind === 'business');
  if (!ours.length) return [];
  const spans = sentenceSpans(text, matches);
  const holds = (span: Span, match: NameMatch) =>
    span.start <= match.start && match.start < span.end;
  const inside = (span: Span) =>
    belongs.some((range) => range.start <= span.start && span.end <= range.end + 1);
  /** The span's text, and the same with every name in it blanked out (for scoring). */
  const read = (span: Span) => {
    const raw = text.slice(span.start, span.end);
    let masked = raw;
    for (const match of matches.filter((each) => holds(span, each) && each.end <= span.end))
      masked =
        masked.slice(0, match.start - span.start) +
        ' '.repeat(match.end - match.start) +
        masked.slice(match.end - span.start);
    return { plain: plainSentence(raw), masked: plainSentence(masked), raw, blank: masked };
  };
  /** In a sentence naming others too: the clauses from ours up to the next other name. */
  const clausesAbout = (span: Span, blank: string) => {
    const ourAt = ours.find((match) => holds(span, match))!.start - span.start;
    const others = matches
      .filter((match) => match.kind !== 'business' && holds(span, match))
      .map((match) => match.start - span.start);
    const cuts = [0, ...[...blank.matchAll(CLAUSES)].map((cut) => cut.index!), blank.length];
    let from = 0;
    let to = blank.length;
    for (let k = 0; k + 1 < cuts.length; k++)
      if (cuts[k]! <= ourAt && ourAt < cuts[k + 1]!) {
        from = cuts[k]!;
        to =
          cuts.find(
            (cut) =>
              cut > ourAt &&
              others.some(
                (other) => other >= cut && other < (cuts[cuts.indexOf(cut) + 1] ?? Infinity),
              ),
          ) ?? blank.length;
      }
    return plainSentence(blank.slice(from, to));
  };
  const sentences: LabelledSentence[] = [];
  let previous = -2;
  for (let i = 0; i < spans.length && sentences.length < MAX_SENTENCES; i++) {
    const span = spans[i]!;
    const naming = ours.some((match) => holds(span, match));
    const others = matches.some((match) => match.kind !== 'business' && holds(span, match));
    let { plain, masked } = read(span);
    if (!plain) continue;
    const sameBlock = !text.slice(spans[i - 1]?.end ?? 0, span.start).includes('\n\n');
    const about =
      naming ||
      (!others && inside(span)) ||
      (!others && previous === i - 1 && sameBlock && CONTINUES.test(plain));
    if (!about) continue;
    previous = i;
    if (naming && (others || /^\s*unlike\b/i.test(plain)))
      masked = clausesAbout(span, read(span).blank);
    // A heading or a bold line that is the name alone ("### 2. Moreno Plumbing"): what it says
    // of the business is the line after it, when that names no one else.
    const next = spans[i + 1];
    if (!/\p{L}/u.test(masked) && next && !matches.some((match) => holds(next, match))) {
      const after = read(next);
      plain = `${plain} – ${after.plain}`;
      masked = after.masked;
      i += 1;
      previous = i;
    }
    sentences.push({
      text:
        plain.length > MAX_SENTENCE_CHARS ? `${plain.slice(0, MAX_SENTENCE_CHARS - 1)}…` : plain,
      label: labelOf(sentenceScore(masked)),
    });
  }
  return sentences;
}
