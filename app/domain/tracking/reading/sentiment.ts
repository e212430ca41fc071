import Sentiment from 'sentiment';
import type { NameMatch } from './reader';

// How an answer describes the business: the sentences that name it (where the reader found its
// name), each labelled positive, neutral or negative. With the extraction model configured its
// labels are used (runs.server.ts); otherwise, and whenever it fails, this labeller: the AFINN-165
// word list of the `sentiment` package (decision 21) with a small lexicon for how answers about
// local businesses praise and warn ("highly rated", "complaints about", "slow to respond"), the
// customer's own trouble ("emergency", "leak", "injury", "divorce") counted as no judgement, the
// names themselves left out (a "Bright Smile Dental" is not praise), and a contrast ("…, but …")
// read the way its writer stresses it: by the clause after it. Its accuracy on a hand-labelled
// set of local-business sentences is printed by sentiment.test.ts. Pure.

export const SENTIMENT_LABELS = ['positive', 'neutral', 'negative'] as const;
export type SentimentLabel = (typeof SENTIMENT_LABELS)[number];
export type LabelledSentence = { text: string; label: SentimentLabel };
/** Who labelled an answer's sentences: the extraction model, or this labeller. */
export type SentimentSource = 'model' | 'library';

/** An answer's sentences kept at most (the extraction model's limit too). */
export const MAX_SENTENCES = 20;
const MAX_SENTENCE_CHARS = 500;

const analyzer = new Sentiment();

/**
 * Single words, as the library's tokenizer splits them (hyphenated words stay whole): 0 takes a
 * word of AFINN's out (the customer's trouble, legal and medical words for what a business
 * handles), other values add the words reviews of local businesses use and AFINN lacks.
 */
const WORDS: Record<string, number> = {
  // The customer's problem, not the business's fault.
  emergency: 0,
  emergencies: 0,
  leak: 0,
  leaks: 0,
  leaking: 0,
  problem: 0,
  problems: 0,
  damage: 0,
  damaged: 0,
  pain: 0,
  painful: 0,
  broken: 0,
  accident: 0,
  accidents: 0,
  injury: 0,
  injuries: 0,
  injured: 0,
  crime: 0,
  criminal: 0,
  death: 0,
  dead: 0,
  cancer: 0,
  fire: 0,
  urgent: 0,
  fear: 0,
  nervous: 0,
  anxious: 0,
  anxiety: 0,
  worried: 0,
  fines: 0,
  charge: 0,
  charges: 0,
  charged: 0,
  dispute: 0,
  disputes: 0,
  debt: 0,
  bankruptcy: 0,
  guilty: 0,
  kill: 0,
  die: 0,
  severe: 0,
  burst: 0,
  no: 0,
  limited: 0,
  hard: 0,
  // How reviews of local businesses praise…
  thorough: 2,
  trustworthy: 2,
  punctual: 2,
  gentle: 2,
  painless: 2,
  professional: 2,
  knowledgeable: 2,
  attentive: 2,
  efficient: 2,
  skilled: 2,
  tidy: 1,
  reputable: 2,
  dependable: 2,
  prompt: 1,
  respected: 2,
  // …and warn.
  unreliable: -2,
  unresponsive: -3,
  inconsistent: -2,
  rushed: -2,
  overpriced: -3,
  pricey: -2,
  pricier: -2,
  expensive: -2,
  late: -1,
  unfinished: -2,
  unresolved: -2,
  unanswered: -2,
  unprofessional: -3,
  avoid: -3,
  criticised: -3,
  criticized: -3,
  overcharged: -3,
  overcharging: -3,
};

/** Phrases, read before the words (and taken out, so their words do not count again). */
const PHRASES: readonly (readonly [RegExp, number])[] = [
  [/\bno (?:surprise|hidden|extra) (?:fees|charges|costs)\b/g, 2],
  [/\b(?:highly|well|top|best|positively|consistently)[ -](?:rated|reviewed|regarded)\b/g, 3],
  [/\bwidely (?:regarded|respected|recommended|praised)\b/g, 3],
  [/\brarely recommended\b/g, -3],
  [
    /\b(?:above and beyond|hard to beat|stands? out|go-to|first name people mention|repeat customers|upfront pricing|fair(?:ly)? pric\w*|(?:good|great) value|value for money|hire (?:them|him|her|it) again|(?:turn|show)s? up (?:on time|when))\b/g,
    2,
  ],
  [
    /\bslow (?:to |with |in )?(?:respond\w*|repl\w*|return\w*|answer\w*|get(?:ting)? back|email \w+|responses)\b/g,
    -3,
  ],
  [/\b(?:hard|difficult) to (?:reach|contact|get hold of|book)\b/g, -3],
  [/\bmixed reviews\b/g, -3],
  [/\bmissed (?:appointments?|deadlines?)\b/g, -3],
  [/\b(?:no[- ]shows?|not at all)\b/g, -2],
  [/\b(?:surprise|hidden|extra) (?:fees|charges|costs)\b/g, -2],
  [/\bhigher[- ]than[- ]quoted\b/g, -2],
  [/\bmore expensive\b/g, -2],
  [
    /\b(?:closed (?:down|permanently)|permanently closed|out of business|no longer (?:trading|operating))\b/g,
    -3,
  ],
  [/\b(?:long|longer) wait(?:s|ing)?(?: times?| lists?)?\b/g, -2],
  [/\bpoor (?:communication|workmanship|service)\b/g, -3],
  [/\b(?:low|lower|poor) (?:rating|ratings|score)\b/g, -2],
  [/\b(?:few|no) reviews\b/g, -1],
  [/\b(?:not|n't|isn't|is not) (?:the )?(?:most|cheapest|best|fastest|biggest)\b/g, -1],
  [/\b(?:complain\w*|complaints?)\b/g, -3],
];

/** "4.9★", "4.8-star", "4.5 stars", "2.9-star rating": a star rating out of five. */
const RATING = /\b([0-5](?:\.\d)?)\s*(?:-|\s)?(?:★|stars?\b)/g;

/** Words that turn a sentence: the clause after them is the one its writer stresses. */
const CONTRAST = /(?:^|[\s,;–—-])(?:but|however|though|although|yet|that said)(?=[\s,])/i;
const LEADING_CONCESSION = /^\s*(?:although|though|while|despite)\b/i;

/** A sentence as the labeller reads it: no markdown, links' text only, no citation marks. */
export function plainSentence(text: string): string {
  let line = text.trim();
  if (/^\|.*\|$/.test(line))
    line = line
      .slice(1, -1)
      .split('|')
      .map((cell) => cell.trim())
      .filter(Boolean)
      .join(' · ');
  return line
    .replace(/^#+\s*/, '')
    .replace(/^\s*(?:[-*+•]|\d+[.)])\s+/, '')
    .replace(/^>\s*/, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[\d+\]/g, '')
    .replace(/[*_`]+/g, '')
    .replace(/\s+([.,;:!?])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

function clauseScore(clause: string): number {
  let text = ` ${clause.toLowerCase().replace(/[’‘]/g, "'")} `;
  let score = 0;
  for (const [pattern, value] of PHRASES)
    text = text.replace(pattern, () => {
      score += value;
      return ' ';
    });
  text = text.replace(RATING, (_, stars: string) => {
    const value = Number(stars);
    score += value >= 4.5 ? 2 : value <= 3.5 ? -2 : 0;
    return ' ';
  });
  return score + analyzer.analyze(text, { extras: WORDS }).score;
}

function labelOf(score: number): SentimentLabel {
  if (score >= 2) return 'positive';
  if (score <= -1) return 'negative';
  return 'neutral';
}

/**
 * How one sentence describes the business it names. `names` (the business's and any other name
 * in it) are left out before the words are scored.
 */
export function labelSentence(text: string, names: readonly string[] = []): SentimentLabel {
  let sentence = plainSentence(text);
  for (const name of names) {
    if (!name.trim()) continue;
    const escaped = name.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    sentence = sentence.replace(new RegExp(escaped, 'gi'), ' ');
  }
  return labelOf(sentenceScore(sentence));
}

function sentenceScore(sentence: string): number {
  if (LEADING_CONCESSION.test(sentence)) {
    // "Although pricey, X is worth it": the main clause, after the first comma, is stressed.
    const comma = sentence.indexOf(',');
    if (comma > 0) return stressed(sentence.slice(0, comma), sentence.slice(comma + 1));
  }
  const turn = CONTRAST.exec(sentence);
  if (!turn || turn.index === 0) return clauseScore(sentence);
  return stressed(sentence.slice(0, turn.index), sentence.slice(turn.index + turn[0].length));
}

/** A turned sentence: the stressed clause's side, else the other side of the conceded one. */
function stressed(conceded: string, main: string): number {
  const after = clauseScore(main);
  if (after !== 0) return after;
  const before = clauseScore(conceded);
  // "Fast and friendly, although parts take a week": a drawback after praise, and the reverse.
  return before > 0 ? -1 : before < 0 ? 2 : 0;
}

// Finding the sentences ------------------------------------------------------------------------

type Span = { start: number; end: number };

/** Abbreviations a period does not end a sentence after ("Co.", "Dr.", "St."). */
const ABBREVIATIONS = new Set([
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

/**
 * The sentences naming the business (where the reader found its name: `matches` of kind
 * "business"), each once, in order, labelled. Every name found in a sentence (the business's and
 * the competitors') is left out of its scoring.
 */
export function readSentiment(text: string, matches: readonly NameMatch[]): LabelledSentence[] {
  const ours = matches.filter((match) => match.kind === 'business');
  if (!ours.length) return [];
  const spans = sentenceSpans(text, matches);
  const holds = (span: Span, match: NameMatch) =>
    span.start <= match.start && match.start < span.end;
  /** The span's text, and the same with every name in it blanked out (for scoring). */
  const read = (span: Span) => {
    const raw = text.slice(span.start, span.end);
    let masked = raw;
    for (const match of matches.filter((each) => holds(span, each) && each.end <= span.end))
      masked =
        masked.slice(0, match.start - span.start) +
        ' '.repeat(match.end - match.start) +
        masked.slice(match.end - span.start);
    return { plain: plainSentence(raw), masked: plainSentence(masked) };
  };
  const sentences: LabelledSentence[] = [];
  for (let i = 0; i < spans.length && sentences.length < MAX_SENTENCES; i++) {
    const span = spans[i]!;
    if (!ours.some((match) => holds(span, match))) continue;
    let { plain, masked } = read(span);
    if (!plain) continue;
    // A heading or a bold line that is the name alone ("### 2. Moreno Plumbing"): what it says
    // of the business is the line after it, when that names no one else.
    const next = spans[i + 1];
    if (!/\p{L}/u.test(masked) && next && !matches.some((match) => holds(next, match))) {
      const after = read(next);
      plain = `${plain} – ${after.plain}`;
      masked = after.masked;
      i += 1;
    }
    sentences.push({
      text:
        plain.length > MAX_SENTENCE_CHARS ? `${plain.slice(0, MAX_SENTENCE_CHARS - 1)}…` : plain,
      label: labelOf(sentenceScore(masked)),
    });
  }
  return sentences;
}

// Counting -----------------------------------------------------------------------------------

export type SentimentCounts = { positive: number; neutral: number; negative: number };
export const NO_SENTIMENT: SentimentCounts = { positive: 0, neutral: 0, negative: 0 };

export function countLabels(sentences: readonly { label: SentimentLabel }[]): SentimentCounts {
  const counts = { ...NO_SENTIMENT };
  for (const sentence of sentences) counts[sentence.label] += 1;
  return counts;
}

/** Below this many sentences a share is marked as a low sample. */
export const SENTIMENT_LOW_SAMPLE = 10;

export type SentimentFigures = SentimentCounts & {
  /** Sentences labelled (n). */
  sentences: number;
  /** Answers they came from. */
  answers: number;
  positiveShare: number;
  neutralShare: number;
  negativeShare: number;
  /** Fewer than SENTIMENT_LOW_SAMPLE sentences: the shares say little. */
  lowSample: boolean;
};

export function sentimentFigures(counts: SentimentCounts & { answers: number }): SentimentFigures {
  const sentences = counts.positive + counts.neutral + counts.negative;
  const share = (value: number) => (sentences ? value / sentences : 0);
  return {
    positive: counts.positive,
    neutral: counts.neutral,
    negative: counts.negative,
    sentences,
    answers: counts.answers,
    positiveShare: share(counts.positive),
    neutralShare: share(counts.neutral),
    negativeShare: share(counts.negative),
    lowSample: sentences < SENTIMENT_LOW_SAMPLE,
  };
}

/** A stored answer's sentences (JSON), or null when it was not read for them. */
export function storedSentences(value: string | null): LabelledSentence[] | null {
  if (value === null) return null;
  try {
    const list: unknown = JSON.parse(value);
    if (!Array.isArray(list)) return null;
    return list.flatMap((item: unknown) => {
      if (typeof item !== 'object' || item === null) return [];
      const { text, label } = item as Record<string, unknown>;
      return typeof text === 'string' && SENTIMENT_LABELS.includes(label as SentimentLabel)
        ? [{ text, label: label as SentimentLabel }]
        : [];
    });
  } catch {
    return null;
  }
}

/**
 * An answer's labelled sentences as stored: none when the reader did not find the business's
 * name; the extraction model's when it gave any the answer contains (checked by the caller,
 * model-names.ts); else the labeller's on the sentences where the reader found the name.
 */
export function answerSentiment(
  text: string,
  matches: readonly NameMatch[],
  modelSentences?: readonly LabelledSentence[] | null,
): { sentences: LabelledSentence[]; by: SentimentSource } {
  // The figures count an answer as naming the business where the reader found its name: so do
  // its sentences.
  if (!matches.some((match) => match.kind === 'business'))
    return { sentences: [], by: modelSentences?.length ? 'model' : 'library' };
  if (modelSentences?.length)
    return {
      sentences: modelSentences
        .slice(0, MAX_SENTENCES)
        .map(({ text: sentence, label }) => ({ text: plainSentence(sentence), label })),
      by: 'model',
    };
  return { sentences: readSentiment(text, matches), by: 'library' };
}

/**
 * One line for the digest: "How the answers describe you: 60% positive, 30% neutral, 10%
 * negative (n = 10 sentences in 4 answers)"; null without sentences.
 */
export function describeSentiment(figures: SentimentFigures): string | null {
  if (!figures.sentences) return null;
  const percent = (share: number) => `${Math.round(share * 100)}%`;
  const n = `n = ${figures.sentences} ${figures.sentences === 1 ? 'sentence' : 'sentences'} in ${figures.answers} ${figures.answers === 1 ? 'answer' : 'answers'}`;
  return `How the answers describe you: ${percent(figures.positiveShare)} positive, ${percent(figures.neutralShare)} neutral, ${percent(figures.negativeShare)} negative (${n}${figures.lowSample ? ', a low sample' : ''}).`;
}
