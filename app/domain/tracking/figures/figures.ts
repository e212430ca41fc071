// Room: figures (tracking/figures/). Rates, intervals, changes and roll-ups from read answers or
// the per-day counts, and the words around them; pure but for question-figures.server. Imports
// reading and corrections only (docs/decisions/0025-tracking-in-rooms.md).
//
// The tracking figures: from many read answers, how often each engine names the business, how sure
// we can be of that rate, how often it cites the site, where it ranks the business when it names
// it, its share of voice against the other businesses named, the sites cited most, and the same
// per period for a trend. Pure; the job that asks the engines and the API that returns these
// figures sit elsewhere.
//
// Answers are unstable (the same prompt rarely yields the same list twice), so every rate comes
// with its sample size and mention rates with a 95% Wilson score interval; no figure here is a
// single run's rank.

import { LOW_SAMPLE } from './figure-words';
import { normalizeName } from '../reading/names';

/** The engines we ask, in the order the dashboard shows them, with their product names. */
export const ENGINE_NAMES = {
  chatgpt: 'ChatGPT',
  perplexity: 'Perplexity',
  gemini: 'Gemini',
  claude: 'Claude',
} as const satisfies Record<string, string>;

export type Engine = keyof typeof ENGINE_NAMES;

/** One answer as stored after reading it (see reader.ts). */
export type ReadAnswerRecord = {
  engine: string;
  /** The question asked (its id): repeats of one question are clustered in every interval. */
  prompt?: string;
  askedAt: Date;
  mentioned: boolean;
  position: number | null;
  /** The answer cited the business's site. */
  cited: boolean;
  /** Its search returned the site and the answer did not cite it. */
  retrieved?: boolean;
  /** Recorded before cited and retrieved were told apart, with the site among its pages. */
  citedOrRetrieved?: boolean;
  /** Every other business the answer named: the owner's competitors and the ones it brought up. */
  competitors: { name: string; known?: boolean }[];
  /** Its pages: cited (true), only returned by the search (false), or recorded before (absent). */
  sources: { url: string; cited?: boolean }[];
};

export type Figures = {
  /** Answers read. */
  samples: number;
  /** Answers that named the business. */
  mentioned: number;
  /** mentioned / samples; 0 when there are no samples. */
  mentionRate: number;
  /** The 95% Wilson score interval of the mention rate (0..1 when there are no samples). */
  mentionRateLow: number;
  mentionRateHigh: number;
  /** Answers that cited the business's site (their own citations or links, never a page the
   * search only returned). */
  cited: number;
  citationRate: number;
  /** Answers whose search found the site and that did not cite it. */
  retrieved: number;
  /** Answers recorded before cited and retrieved were told apart with the site among the pages. */
  citedOrRetrieved: number;
  /** Answers that cited the site without naming the business. */
  citedNotNamed: number;
  /** The 95% interval of the citation rate, clustered by question as the mention rate's. */
  citationRateLow: number;
  citationRateHigh: number;
  /**
   * What the answers are worth as independent ones for the mention and citation rates: samples
   * over the design effect of the repeats of one question being alike (decision 20). The change
   * between two periods is tested on these.
   */
  mentionEffectiveSamples: number;
  citationEffectiveSamples: number;
  /** The questions behind the answers; null when the counts did not come per question. */
  questions: number | null;
  /** Fewer than LOW_SAMPLE answers: a rough guide only (and 0 answers is not low, it is none). */
  lowSample: boolean;
  /** The mean position in the answers that named it (1 = first); null when never named. */
  averagePosition: number | null;
  /**
   * The spread of the positions: their standard deviation, and the 95% interval of the average
   * (clustered by question); null with fewer than two positions or without per-question counts.
   */
  positionSd: number | null;
  averagePositionLow: number | null;
  averagePositionHigh: number | null;
  /**
   * The business's answers-named count over the same count summed over it and every other
   * business the answers named; 0 when nobody was named.
   */
  shareOfVoice: number;
};

export type EngineFigures = Figures & { engine: string; name: string };
export type PeriodFigures = Figures & { start: string };

export type CompetitorFigures = {
  name: string;
  /** One of the owner's competitors, rather than a business the answers brought up. */
  known: boolean;
  /** Answers that named it. */
  mentions: number;
  shareOfVoice: number;
};

export type DomainFigures = {
  domain: string;
  /** Answers that cited a page on this site. */
  cited: number;
  /** cited / samples: the site's share of the answers. */
  share: number;
  /** Answers whose search returned a page on this site that they did not cite. */
  retrieved: number;
  /** Answers recorded before cited and retrieved were told apart with a page on this site. */
  citedOrRetrieved: number;
  /** The business's own site. */
  own: boolean;
};

export type Trend = {
  /** The first and last periods that have answers. */
  from: string;
  to: string;
  /** Mention rate of the last minus that of the first. */
  change: number;
  /** Beyond noise: a two-proportion test on the periods' effective samples (see compareRates). */
  clear: boolean;
};

export type PeriodKind = 'day' | 'week';

/** z for a two-sided 95% interval: the 97.5th percentile of the standard normal distribution. */
const Z95 = 1.959963984540054;

/**
 * The Wilson score interval for `successes` out of `trials` (Wilson, 1927; Newcombe, 1998,
 * "Two-sided confidence intervals for the single proportion", method 3):
 *
 *   centre = (p + z²/2n) / (1 + z²/n)
 *   half   = z / (1 + z²/n) · √(p(1−p)/n + z²/4n²)
 *
 * Unlike p ± z·√(p(1−p)/n) it stays inside 0..1 and is not zero-width at 0/n or n/n, which is
 * what small daily samples give. With no trials nothing is known: 0..1.
 */
export function wilsonInterval(
  successes: number,
  trials: number,
  z: number = Z95,
): { low: number; high: number } {
  if (!Number.isInteger(trials) || trials < 0 || successes < 0 || successes > trials)
    throw new RangeError(`wilsonInterval: ${successes} of ${trials} is not a proportion`);
  if (trials === 0) return { low: 0, high: 1 };
  const p = successes / trials;
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  // At 0/n and n/n the bound is exactly 0 or 1; keep rounding error from showing as -0.0000001.
  return {
    low: successes === 0 ? 0 : Math.max(0, centre - half),
    high: successes === trials ? 1 : Math.min(1, centre + half),
  };
}

/**
 * The counts every headline figure is computed from. Kept per business, engine and day as answers
 * are stored (TrackingStat), so a page adds up a few rows instead of reading every answer.
 */
export type FigureCounts = {
  samples: number;
  mentioned: number;
  cited: number;
  /** Sum and number of the positions of the answers that named the business. */
  positionSum: number;
  positionCount: number;
  /** Other businesses named, each once an answer, summed over the answers. */
  otherNames: number;
  retrieved: number;
  citedOrRetrieved: number;
  citedNotNamed: number;
};

export const NO_COUNTS: FigureCounts = {
  samples: 0,
  mentioned: 0,
  cited: 0,
  positionSum: 0,
  positionCount: 0,
  otherNames: 0,
  retrieved: 0,
  citedOrRetrieved: 0,
  citedNotNamed: 0,
};

export function addCounts(a: FigureCounts, b: FigureCounts): FigureCounts {
  return {
    samples: a.samples + b.samples,
    mentioned: a.mentioned + b.mentioned,
    cited: a.cited + b.cited,
    positionSum: a.positionSum + b.positionSum,
    positionCount: a.positionCount + b.positionCount,
    otherNames: a.otherNames + b.otherNames,
    retrieved: a.retrieved + b.retrieved,
    citedOrRetrieved: a.citedOrRetrieved + b.citedOrRetrieved,
    citedNotNamed: a.citedNotNamed + b.citedNotNamed,
  };
}

/** One answer's contribution to the counts. */
export function countsOf(answer: ReadAnswerRecord): FigureCounts {
  const named = answer.mentioned && answer.position !== null && answer.position > 0;
  return {
    samples: 1,
    mentioned: answer.mentioned ? 1 : 0,
    cited: answer.cited ? 1 : 0,
    positionSum: named ? answer.position! : 0,
    positionCount: named ? 1 : 0,
    otherNames: distinctNames(answer).size,
    retrieved: !answer.cited && answer.retrieved ? 1 : 0,
    citedOrRetrieved: !answer.cited && !answer.retrieved && answer.citedOrRetrieved ? 1 : 0,
    citedNotNamed: answer.cited && !answer.mentioned ? 1 : 0,
  };
}

/**
 * One question's answers in a cell (an engine's period, or all engines' period): the unit the
 * repeats cluster in. Kept per business, question, engine and day (TrackingPromptStat).
 */
export type QuestionCounts = {
  samples: number;
  mentioned: number;
  cited: number;
  positionSum: number;
  positionSquares: number;
  positionCount: number;
};

export const NO_QUESTION_COUNTS: QuestionCounts = {
  samples: 0,
  mentioned: 0,
  cited: 0,
  positionSum: 0,
  positionSquares: 0,
  positionCount: 0,
};

export function addQuestionCounts(a: QuestionCounts, b: QuestionCounts): QuestionCounts {
  return {
    samples: a.samples + b.samples,
    mentioned: a.mentioned + b.mentioned,
    cited: a.cited + b.cited,
    positionSum: a.positionSum + b.positionSum,
    positionSquares: a.positionSquares + b.positionSquares,
    positionCount: a.positionCount + b.positionCount,
  };
}

/** A group of values (0/1 for a rate, positions for the average): count, sum, sum of squares. */
export type Group = { n: number; sum: number; squares: number };

/**
 * The design effect of values grouped by question (Kish, 1965): 1 + (m − 1)·ρ, where m is the
 * size-weighted mean group size (Σnᵢ²/N) and ρ the intraclass correlation, estimated by one-way
 * analysis of variance (Fleiss, "Statistical Methods for Rates and Proportions", 2003, 15.4):
 *
 *   ρ = (MSB − MSW) / (MSB + (n₀ − 1)·MSW),   n₀ = (N − Σnᵢ²/N) / (k − 1)
 *
 * kept within 0..1. ρ = 1 (each question always answered alike) makes a question's repeats worth
 * one answer; ρ = 0 (repeats no more alike than answers to different questions) leaves every
 * answer its own worth. Where ρ cannot be estimated (fewer than two questions, no repeats, or no
 * variation at all) the design effect is 1: the interval is then Wilson's on the plain count.
 */
export function designEffect(groups: readonly Group[]): number {
  const used = groups.filter((group) => group.n > 0);
  const k = used.length;
  const total = used.reduce((sum, group) => sum + group.n, 0);
  if (k < 2 || total <= k) return 1;
  const sum = used.reduce((acc, group) => acc + group.sum, 0);
  const between = used.reduce((acc, group) => acc + (group.sum * group.sum) / group.n, 0);
  const squares = used.reduce((acc, group) => acc + group.squares, 0);
  const msb = (between - (sum * sum) / total) / (k - 1);
  const msw = Math.max(0, squares - between) / (total - k);
  const sizeSquares = used.reduce((acc, group) => acc + group.n * group.n, 0);
  const n0 = (total - sizeSquares / total) / (k - 1);
  const denominator = msb + (n0 - 1) * msw;
  if (!(denominator > 1e-12)) return 1;
  const rho = Math.min(1, Math.max(0, (msb - msw) / denominator));
  return 1 + (sizeSquares / total - 1) * rho;
}

/** A rate with its 95% interval and what its answers are worth as independent ones. */
export type RateInterval = {
  rate: number;
  low: number;
  high: number;
  effectiveSamples: number;
  designEffect: number;
};

/**
 * The Wilson score interval (see wilsonInterval) for a rate over an effective sample size, which
 * need not be whole: Korn and Graubard's (1998) use of it for clustered samples.
 */
export function wilsonForRate(rate: number, effective: number, z: number = Z95) {
  if (!(effective > 0)) return { low: 0, high: 1 };
  const z2 = z * z;
  const denominator = 1 + z2 / effective;
  const centre = (rate + z2 / (2 * effective)) / denominator;
  const half =
    (z / denominator) * Math.sqrt((rate * (1 - rate)) / effective + z2 / (4 * effective ** 2));
  return {
    low: rate <= 0 ? 0 : Math.max(0, centre - half),
    high: rate >= 1 ? 1 : Math.min(1, centre + half),
  };
}

/**
 * A rate over answers grouped by question, with a 95% interval that accounts for the repeats of
 * one question being alike: Wilson's interval on the effective sample size (samples over the
 * design effect). Four questions asked three times whose repeats always agree are worth four
 * answers, not twelve.
 */
export function clusteredRate(
  groups: readonly { samples: number; successes: number }[],
): RateInterval {
  const samples = groups.reduce((sum, group) => sum + group.samples, 0);
  const successes = groups.reduce((sum, group) => sum + group.successes, 0);
  if (!samples) return { rate: 0, low: 0, high: 1, effectiveSamples: 0, designEffect: 1 };
  const deff = designEffect(
    groups.map((group) => ({ n: group.samples, sum: group.successes, squares: group.successes })),
  );
  const rate = successes / samples;
  const effectiveSamples = samples / deff;
  return { rate, ...wilsonForRate(rate, effectiveSamples), effectiveSamples, designEffect: deff };
}

/**
 * The spread of the positions named: their standard deviation and the 95% interval of their
 * average (normal, on the standard error inflated by the positions' design effect by question,
 * never below first place). Null parts with fewer than two positions.
 */
export function positionSpread(questions: readonly QuestionCounts[]): {
  sd: number | null;
  low: number | null;
  high: number | null;
} {
  const count = questions.reduce((sum, q) => sum + q.positionCount, 0);
  if (count < 2) return { sd: null, low: null, high: null };
  const sum = questions.reduce((acc, q) => acc + q.positionSum, 0);
  const squares = questions.reduce((acc, q) => acc + q.positionSquares, 0);
  const mean = sum / count;
  const sd = Math.sqrt(Math.max(0, squares - (sum * sum) / count) / (count - 1));
  const deff = designEffect(
    questions.map((q) => ({ n: q.positionCount, sum: q.positionSum, squares: q.positionSquares })),
  );
  const half = Z95 * sd * Math.sqrt(deff / count);
  return { sd, low: Math.max(1, mean - half), high: mean + half };
}

/**
 * The headline figures from counts. With `questions` (the same answers' counts per question)
 * the intervals account for the clustering by question; without them, or when they do not add
 * up to the same answers, every answer counts as independent (Wilson's interval).
 */
export function figuresFromCounts(
  counts: FigureCounts,
  questions?: readonly QuestionCounts[],
): Figures {
  const { samples, mentioned, cited } = counts;
  const clustered =
    questions !== undefined &&
    questions.reduce((sum, q) => sum + q.samples, 0) === samples &&
    questions.reduce((sum, q) => sum + q.mentioned, 0) === mentioned &&
    questions.reduce((sum, q) => sum + q.cited, 0) === cited;
  const groups = clustered ? questions.filter((q) => q.samples > 0) : null;
  const mentions = groups
    ? clusteredRate(groups.map((q) => ({ samples: q.samples, successes: q.mentioned })))
    : clusteredRate([{ samples, successes: mentioned }]);
  const citations = groups
    ? clusteredRate(groups.map((q) => ({ samples: q.samples, successes: q.cited })))
    : clusteredRate([{ samples, successes: cited }]);
  const spread = groups ? positionSpread(groups) : { sd: null, low: null, high: null };
  return {
    samples,
    mentioned,
    mentionRate: samples ? mentioned / samples : 0,
    mentionRateLow: mentions.low,
    mentionRateHigh: mentions.high,
    cited,
    citationRate: samples ? cited / samples : 0,
    citationRateLow: citations.low,
    citationRateHigh: citations.high,
    mentionEffectiveSamples: mentions.effectiveSamples,
    citationEffectiveSamples: citations.effectiveSamples,
    questions: groups ? groups.length : null,
    lowSample: samples > 0 && samples < LOW_SAMPLE,
    retrieved: counts.retrieved,
    citedOrRetrieved: counts.citedOrRetrieved,
    citedNotNamed: counts.citedNotNamed,
    averagePosition: counts.positionCount ? counts.positionSum / counts.positionCount : null,
    positionSd: spread.sd,
    averagePositionLow: spread.low,
    averagePositionHigh: spread.high,
    shareOfVoice: mentioned + counts.otherNames ? mentioned / (mentioned + counts.otherNames) : 0,
  };
}

/** One answer's contribution to its question's counts. */
export function questionCountsOf(answer: ReadAnswerRecord): QuestionCounts {
  const named = answer.mentioned && answer.position !== null && answer.position > 0;
  const position = named ? answer.position! : 0;
  return {
    samples: 1,
    mentioned: answer.mentioned ? 1 : 0,
    cited: answer.cited ? 1 : 0,
    positionSum: position,
    positionSquares: position * position,
    positionCount: named ? 1 : 0,
  };
}

/**
 * The headline figures of a set of answers, clustered by question when every answer says which
 * question it answered.
 */
export function figuresOf(answers: ReadAnswerRecord[]): Figures {
  const counts = answers.map(countsOf).reduce(addCounts, NO_COUNTS);
  if (!answers.length || answers.some((answer) => answer.prompt === undefined))
    return figuresFromCounts(counts);
  const byQuestion = new Map<string, QuestionCounts>();
  for (const answer of answers)
    byQuestion.set(
      answer.prompt!,
      addQuestionCounts(
        byQuestion.get(answer.prompt!) ?? NO_QUESTION_COUNTS,
        questionCountsOf(answer),
      ),
    );
  return figuresFromCounts(counts, [...byQuestion.values()]);
}

/**
 * Whether a rate moved beyond noise between two periods: a two-proportion z-test on each
 * period's effective sample size (so the clustering by question widens it as it widens the
 * intervals), pooled under "no change". Clear at the 5% level (|z| > 1.96).
 */
export function compareRates(
  before: { rate: number; effectiveSamples: number },
  after: { rate: number; effectiveSamples: number },
): { change: number; z: number; clear: boolean } {
  const change = after.rate - before.rate;
  const n1 = before.effectiveSamples;
  const n2 = after.effectiveSamples;
  if (!(n1 > 0) || !(n2 > 0)) return { change, z: 0, clear: false };
  const pooled = (before.rate * n1 + after.rate * n2) / (n1 + n2);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  if (!(se > 0)) return { change, z: 0, clear: false };
  const z = change / se;
  return { change, z, clear: Math.abs(z) > Z95 };
}

/** The mention rates of two periods' figures compared (see compareRates). */
export function mentionChange(previous: Figures, current: Figures) {
  return compareRates(
    { rate: previous.mentionRate, effectiveSamples: previous.mentionEffectiveSamples },
    { rate: current.mentionRate, effectiveSamples: current.mentionEffectiveSamples },
  );
}

/** The other businesses an answer named, each once, by normalised name. */
export function distinctNames(
  answer: Pick<ReadAnswerRecord, 'competitors'>,
): Map<string, { name: string; known: boolean }> {
  const names = new Map<string, { name: string; known: boolean }>();
  for (const competitor of answer.competitors) {
    const key = normalizeName(competitor.name);
    if (key && !names.has(key))
      names.set(key, { name: competitor.name, known: competitor.known ?? false });
  }
  return names;
}

/** The start of the period holding `date`: midnight UTC, or Monday midnight UTC for a week. */
export function periodStart(date: Date, kind: PeriodKind): Date {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  if (kind === 'day') return day;
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * 86_400_000);
}

/** The change in mention rate between the first and last periods that have answers. */
export function trendOf(periods: PeriodFigures[]): Trend | null {
  const asked = periods.filter((period) => period.samples > 0);
  const first = asked[0];
  const last = asked.at(-1);
  if (!first || !last || first === last) return null;
  return {
    from: first.start,
    to: last.start,
    change: last.mentionRate - first.mentionRate,
    clear: mentionChange(first, last).clear,
  };
}

// The sentences around these figures live in figure-words.ts.
export * from './figure-words';
export * from './answer-figures';
