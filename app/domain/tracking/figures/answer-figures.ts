import { siteOf } from '../reading/domains';
import {
  distinctNames,
  ENGINE_NAMES,
  figuresOf,
  periodStart,
  trendOf,
  type CompetitorFigures,
  type DomainFigures,
  type EngineFigures,
  type Figures,
  type PeriodFigures,
  type PeriodKind,
  type ReadAnswerRecord,
  type Trend,
} from './figures';

// The tracking figures of a list of read answers (the tests', the demo's and any caller holding
// answers rather than the kept counts): per engine, overall, competitors, sites and periods.
// Pure; re-exported by figures.ts.

export type TrackingFigures = {
  engines: EngineFigures[];
  overall: Figures;
  competitors: CompetitorFigures[];
  domains: DomainFigures[];
  periods: PeriodFigures[];
  trend: Trend | null;
};

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
