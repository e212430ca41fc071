// The tracking figures: from many read answers, how often each engine names the business, how sure
// we can be of that rate, how often it cites the site, where it ranks the business when it names
// it, its share of voice against the other businesses named, the sites cited most, and the same
// per period for a trend. Pure; the job that asks the engines and the API that returns these
// figures sit elsewhere.
//
// Answers are unstable (the same prompt rarely yields the same list twice), so every rate comes
// with its sample size and mention rates with a 95% Wilson score interval; no figure here is a
// single run's rank.

import { siteOf } from './domains';
import { normalizeName } from './names';

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
  /** The mean position in the answers that named it (1 = first); null when never named. */
  averagePosition: number | null;
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
  /** The two periods' 95% intervals do not overlap: the change is unlikely to be noise. */
  clear: boolean;
};

export type TrackingFigures = {
  engines: EngineFigures[];
  overall: Figures;
  competitors: CompetitorFigures[];
  domains: DomainFigures[];
  periods: PeriodFigures[];
  trend: Trend | null;
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

/** The headline figures from counts. */
export function figuresFromCounts(counts: FigureCounts): Figures {
  const { samples, mentioned, cited } = counts;
  const { low, high } = wilsonInterval(mentioned, samples);
  return {
    samples,
    mentioned,
    mentionRate: samples ? mentioned / samples : 0,
    mentionRateLow: low,
    mentionRateHigh: high,
    cited,
    citationRate: samples ? cited / samples : 0,
    retrieved: counts.retrieved,
    citedOrRetrieved: counts.citedOrRetrieved,
    citedNotNamed: counts.citedNotNamed,
    averagePosition: counts.positionCount ? counts.positionSum / counts.positionCount : null,
    shareOfVoice: mentioned + counts.otherNames ? mentioned / (mentioned + counts.otherNames) : 0,
  };
}

/** The headline figures of a set of answers. */
export function figuresOf(answers: ReadAnswerRecord[]): Figures {
  return figuresFromCounts(answers.map(countsOf).reduce(addCounts, NO_COUNTS));
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

function nextPeriod(start: Date, kind: PeriodKind): Date {
  return new Date(start.getTime() + (kind === 'day' ? 1 : 7) * 86_400_000);
}

/** "2026-11-23": the period's first day, the form the API returns. */
function dayString(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export type FiguresOptions = {
  /** Periods for the trend: days or weeks starting Monday (UTC). Default: weeks. */
  period?: PeriodKind;
  /** The periods to report, inclusive of the periods holding these dates; empty ones included. */
  from?: Date;
  to?: Date;
  /** Engines to report even without answers, in this order; others follow alphabetically. */
  engines?: readonly string[];
  /** The business's website, to mark its own domain among the cited ones. */
  website?: string | null;
  /** At most this many periods, the latest kept. Default 366. */
  maxPeriods?: number;
};

/**
 * Every figure of the tracking page from the read answers of one business. Answers outside
 * `from`..`to` (when given) are left out of every figure, so the page shows one window.
 */
export function trackingFigures(
  records: ReadAnswerRecord[],
  options: FiguresOptions = {},
): TrackingFigures {
  const kind = options.period ?? 'week';
  const first = options.from ? periodStart(options.from, kind) : null;
  const last = options.to ? periodStart(options.to, kind) : null;
  const answers = records.filter((answer) => {
    const start = periodStart(answer.askedAt, kind).getTime();
    return (!first || start >= first.getTime()) && (!last || start <= last.getTime());
  });

  // Engines: the ones asked for, then any others present, each once.
  const known = Object.keys(ENGINE_NAMES);
  const present = [...new Set(answers.map((answer) => answer.engine))].sort(
    (a, b) => rank(known, a) - rank(known, b) || a.localeCompare(b),
  );
  const engineIds = [...new Set([...(options.engines ?? []), ...present])];
  const engines = engineIds.map((engine) => ({
    engine,
    name: (ENGINE_NAMES as Record<string, string>)[engine] ?? engine,
    ...figuresOf(answers.filter((answer) => answer.engine === engine)),
  }));

  // Competitors: answers naming each, by normalised name, in the owner's spelling or else the
  // first seen.
  const tally = new Map<string, CompetitorFigures>();
  for (const answer of answers)
    for (const [key, { name, known: isKnown }] of distinctNames(answer)) {
      const entry = tally.get(key);
      if (!entry) tally.set(key, { name, known: isKnown, mentions: 1, shareOfVoice: 0 });
      else {
        entry.mentions++;
        // The owner's spelling wins over an answer's.
        if (isKnown && !entry.known) Object.assign(entry, { known: true, name });
      }
    }
  const overall = figuresOf(answers);
  const voices = overall.mentioned + [...tally.values()].reduce((sum, c) => sum + c.mentions, 0);
  const competitors = [...tally.values()]
    .map((entry) => ({ ...entry, shareOfVoice: voices ? entry.mentions / voices : 0 }))
    .sort((a, b) => b.mentions - a.mentions || a.name.localeCompare(b.name));

  // Domains: answers citing each site, and answers whose search only returned it.
  const ownSite = options.website ? siteOf(options.website) : null;
  const tallies = new Map<string, Omit<DomainFigures, 'domain' | 'share' | 'own'>>();
  for (const answer of answers)
    for (const [site, kind] of siteKinds(answer.sources)) {
      const tally = tallies.get(site) ?? { cited: 0, retrieved: 0, citedOrRetrieved: 0 };
      tally[kind] += 1;
      tallies.set(site, tally);
    }
  const domains = [...tallies]
    .map(([domain, tally]) => ({
      domain,
      ...tally,
      share: answers.length ? tally.cited / answers.length : 0,
      own: domain === ownSite,
    }))
    .sort(
      (a, b) =>
        b.cited - a.cited ||
        b.citedOrRetrieved - a.citedOrRetrieved ||
        b.retrieved - a.retrieved ||
        a.domain.localeCompare(b.domain),
    );

  const periods = periodFigures(answers, kind, first, last, options.maxPeriods ?? 366);
  return { engines, overall, competitors, domains, periods, trend: trendOf(periods) };
}

export type SiteKind = 'cited' | 'retrieved' | 'citedOrRetrieved';

/**
 * Each site among an answer's pages, once: cited when the answer cited a page on it, else
 * "cited or retrieved" when a page on it was recorded before the distinction, else retrieved.
 */
export function siteKinds(sources: { url: string; cited?: boolean }[]): Map<string, SiteKind> {
  const kinds = new Map<string, SiteKind>();
  const rank = { cited: 2, citedOrRetrieved: 1, retrieved: 0 } as const;
  for (const source of sources) {
    const site = siteOf(source.url);
    if (!site) continue;
    const kind: SiteKind =
      source.cited === true ? 'cited' : source.cited === false ? 'retrieved' : 'citedOrRetrieved';
    const known = kinds.get(site);
    if (!known || rank[kind] > rank[known]) kinds.set(site, kind);
  }
  return kinds;
}

function rank(order: string[], value: string): number {
  const index = order.indexOf(value);
  return index < 0 ? order.length : index;
}

/** One entry per period from the first to the last, empty periods included (samples 0). */
export function periodFigures(
  answers: ReadAnswerRecord[],
  kind: PeriodKind,
  from: Date | null = null,
  to: Date | null = null,
  maxPeriods = 366,
): PeriodFigures[] {
  const buckets = new Map<number, ReadAnswerRecord[]>();
  for (const answer of answers) {
    const start = periodStart(answer.askedAt, kind).getTime();
    const bucket = buckets.get(start);
    if (bucket) bucket.push(answer);
    else buckets.set(start, [answer]);
  }
  const starts = [...buckets.keys()];
  if (!starts.length && (!from || !to)) return [];
  const first = from ? periodStart(from, kind) : new Date(Math.min(...starts));
  const last = to ? periodStart(to, kind) : new Date(Math.max(...starts));
  const periods: PeriodFigures[] = [];
  for (let start = first; start <= last; start = nextPeriod(start, kind))
    periods.push({ start: dayString(start), ...figuresOf(buckets.get(start.getTime()) ?? []) });
  return periods.slice(-maxPeriods);
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
    clear:
      last.mentionRateLow > first.mentionRateHigh || last.mentionRateHigh < first.mentionRateLow,
  };
}

// ---------------------------------------------------------------------------------------------
// Words for the dashboard. Every sentence carries its sample size.

function percent(value: number): string {
  return `${Math.round(value * 100)}%`;
}

function answersWord(count: number): string {
  return count === 1 ? 'answer' : 'answers';
}

/**
 * The label that goes before every figure read from the Demo assistant's simulated answers (the
 * card, the page's headline, the digest): never a simulated rate that could pass for a real one.
 */
export const SIMULATED_ANSWERS = 'simulated answers';

/**
 * "named in 4 of 12 answers (33%), likely between 14% and 61%"; from simulated answers, the
 * label first: "simulated answers: named in 4 of 12 (33%), likely between 14% and 61%".
 */
export function describeMentions(
  figures: Figures,
  { simulated = false }: { simulated?: boolean } = {},
): string {
  if (!figures.samples) return 'not asked yet';
  const head = simulated
    ? `${SIMULATED_ANSWERS}: named in ${figures.mentioned} of ${figures.samples} (${percent(figures.mentionRate)})`
    : `named in ${figures.mentioned} of ${figures.samples} ${answersWord(figures.samples)} (${percent(figures.mentionRate)})`;
  return `${head}, likely between ${percent(figures.mentionRateLow)} and ${percent(figures.mentionRateHigh)}`;
}

/**
 * The headline over every assistant: "All assistants: named in 4 of 12 answers (33%), likely …";
 * from simulated answers "All assistants, simulated answers: named in 4 of 12 (33%), likely …".
 */
export function describeAllAssistants(figures: Figures, simulated: boolean): string {
  if (!figures.samples) return 'All assistants: not asked yet';
  return simulated
    ? `All assistants, ${describeMentions(figures, { simulated })}`
    : `All assistants: ${describeMentions(figures)}`;
}

/**
 * The mention rate against an earlier period's: "up 17 points from 17% (2 of 12 answers) the week
 * before", with ", which could be chance" when the two 95% intervals overlap, so a move of a
 * few answers is not read as a trend. `before` names the earlier period.
 */
export function describeChange(
  current: Figures,
  previous: Figures | null,
  before = 'the period before',
): string {
  if (!current.samples) return 'not asked yet';
  if (!previous?.samples) return `not asked ${before}`;
  const was = `${percent(previous.mentionRate)} (${previous.mentioned} of ${previous.samples} ${answersWord(previous.samples)}) ${before}`;
  const points = Math.round(current.mentionRate * 100) - Math.round(previous.mentionRate * 100);
  if (points === 0) return `no change from ${was}`;
  const clear =
    current.mentionRateLow > previous.mentionRateHigh ||
    current.mentionRateHigh < previous.mentionRateLow;
  const size = Math.abs(points);
  return `${points > 0 ? 'up' : 'down'} ${size} ${size === 1 ? 'point' : 'points'} from ${was}${clear ? '' : ', which could be chance'}`;
}

/** "site cited in 3 of 12 answers (25%)". */
export function describeCitations(figures: Figures): string {
  if (!figures.samples) return 'not asked yet';
  return `site cited in ${figures.cited} of ${figures.samples} ${answersWord(figures.samples)} (${percent(figures.citationRate)})`;
}

/**
 * "named 2nd on average in the 4 answers that named it", "at position 2.3 on average in ...":
 * never a rank without the number of answers behind it.
 */
export function describePosition(figures: Figures): string {
  if (!figures.samples) return 'not asked yet';
  if (figures.averagePosition === null) return 'not named in any answer';
  const average = Math.round(figures.averagePosition * 10) / 10;
  const shown = Number.isInteger(average) ? ordinal(average) : `${average.toFixed(1)}`;
  const which =
    figures.mentioned === 1
      ? 'the 1 answer that named it'
      : `the ${figures.mentioned} answers that named it`;
  return Number.isInteger(average)
    ? `named ${shown} on average in ${which}`
    : `at position ${shown} on average in ${which}`;
}

function ordinal(value: number): string {
  const tens = value % 100;
  const suffix =
    tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[value % 10] ?? 'th');
  return `${value}${suffix}`;
}
