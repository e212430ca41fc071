import Sentiment from 'sentiment';
import type { NameMatch } from './reader';
import { readSentiment, type Span } from './sentences';

export { readSentiment, sentenceSpans } from './sentences';

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
export const MAX_SENTENCE_CHARS = 500;

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
  // Issue 43: how answers praise without a sentiment word, and warn, in general terms.
  friendliest: 3,
  welcoming: 2,
  cosy: 2,
  cozy: 2,
  generous: 2,
  warm: 2,
  consistent: 2,
  consistently: 1,
  reliable: 2,
  affordable: 2,
  reasonable: 2,
  cheaper: 1,
  convenient: 2,
  easiest: 2,
  legendary: 3,
  iconic: 2,
  institution: 2,
  beloved: 3,
  favourite: 2,
  favorite: 2,
  historic: 2,
  famous: 2,
  polished: 2,
  relaxed: 1,
  inventive: 2,
  creative: 2,
  fresh: 1,
  loved: 3,
  lovely: 3,
  slow: -2,
  delays: -2,
  delayed: -2,
  slipped: -2,
  lukewarm: -2,
  crowded: -1,
  cramped: -2,
  noisy: -1,
  dated: -1,
  touristy: -1,
  upselling: -2,
  unpredictable: -2,
  overkill: -1,
  steep: -1,
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
  // Praise without a sentiment word: age, ownership, standing, value.
  [
    /\b(?:since (?:1[89]\d\d|20[01]\d)|(?:over|more than) \d+ years|\d+\+? years in business|for decades|decades)\b/g,
    2,
  ],
  [
    /\b(?:family[- ](?:owned|run)|locally owned|long[- ](?:standing|established|running)|longstanding|well[- ]established|fully insured|award[- ]winning|cult following|best[- ]known|most (?:mentions|recommended|popular))\b/g,
    2,
  ],
  [
    /\b(?:the best|best value|(?:strong|good|great) fit|worth (?:a|the|it)|stands? out|fair(?:ly)? (?:prices?|pricing)|prices? fair|free (?:initial|first) (?:call|consultation)|a (?:safe|solid) (?:bet|choice))\b/g,
    2,
  ],
  [/★{4,5}/g, 2],
  [
    /\b(?:hard to get (?:into|a (?:table|callback|booking))|books? (?:up|out) fast|the trade-off|fewer \w+|only supports?|can add up|adds? up)\b/g,
    -2,
  ],
  // Spanish and Japanese answers.
  [/(?:legendari[oa]s?|auténtic[oa]s?|encanto|buena calidad|muy recomendable|famos[oa]s?)/g, 2],
  [/(?:algo car[oa]|abarrotad[oa]|lent[oa]s?\b)/g, -2],
  [/(?:人気|おすすめ|評判|丁寧|質が高)/g, 2],
  [/(?:好みが分かれ|行列は覚悟)/g, -1],
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

export function labelOf(score: number): SentimentLabel {
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

export function sentenceScore(sentence: string): number {
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
  /** The lines that belong to the business (its card, item, row or section: segments.ts). */
  belongs: readonly Span[] = [],
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
  return { sentences: readSentiment(text, matches, belongs), by: 'library' };
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
