import { compareRates, LOW_SAMPLE } from '~/domain/tracking/figures/figures';

// The sentences the visibility page and the dashboard card put around the tracking figures:
// which period they are of, and how the mention rate moved since the one before. Pure, so the
// loaders (which know today's date) and the tests share them.

type Period = { start: string; end: string; kind: 'day' | 'week' };
type Rates = { mentionRate: number; mentionEffectiveSamples: number };

const MONTH = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' });

function parts(day: string) {
  const date = new Date(`${day}T00:00:00.000Z`);
  return { month: MONTH.format(date), day: date.getUTCDate(), year: date.getUTCFullYear() };
}

/** "Nov 16 – 22", "Nov 30 – Dec 6", "Dec 28, 2026 – Jan 3, 2027". */
export function dayRange(start: string, end: string): string {
  const a = parts(start);
  const b = parts(end);
  if (a.year !== b.year) return `${a.month} ${a.day}, ${a.year} – ${b.month} ${b.day}, ${b.year}`;
  if (a.month !== b.month) return `${a.month} ${a.day} – ${b.month} ${b.day}`;
  return `${a.month} ${a.day} – ${b.day}`;
}

/** The start (UTC day) of the period holding `now`. */
function currentStart(now: Date, kind: Period['kind']): string {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const back = kind === 'week' ? (day.getUTCDay() + 6) % 7 : 0;
  return new Date(day.getTime() - back * 86_400_000).toISOString().slice(0, 10);
}

/** "This week: Nov 16 – 22", "Week of Nov 9 – 15", "Today: Nov 23", "Nov 21". */
export function periodLabel(period: Period, now: Date): string {
  const isCurrent = period.start === currentStart(now, period.kind);
  if (period.kind === 'day') {
    const { month, day } = parts(period.start);
    return isCurrent ? `Today: ${month} ${day}` : `${month} ${day}`;
  }
  const range = dayRange(period.start, period.end);
  return isCurrent ? `This week: ${range}` : `Week of ${range}`;
}

/**
 * "up 8 points since last week", "down 3 points since yesterday" when the change is beyond noise
 * (a two-proportion test on the periods' effective samples, figures.ts), else "no clear change
 * since last week"; null without a previous period to compare with.
 */
export function changeSince(
  current: Rates,
  previous: Rates | null,
  period: Period,
  now: Date,
): string | null {
  if (!previous) return null;
  const isCurrent = period.start === currentStart(now, period.kind);
  const since =
    period.kind === 'week'
      ? isCurrent
        ? 'since last week'
        : 'since the week before'
      : isCurrent
        ? 'since yesterday'
        : 'since the day before';
  const points = Math.round(current.mentionRate * 100) - Math.round(previous.mentionRate * 100);
  const { clear } = compareRates(
    { rate: previous.mentionRate, effectiveSamples: previous.mentionEffectiveSamples },
    { rate: current.mentionRate, effectiveSamples: current.mentionEffectiveSamples },
  );
  if (points === 0 || !clear) return `no clear change ${since}`;
  const word = Math.abs(points) === 1 ? 'point' : 'points';
  return `${points > 0 ? 'up' : 'down'} ${Math.abs(points)} ${word} ${since}`;
}

/**
 * "named 2 of 3 (best #2) · low sample", "not named (0 of 3) · low sample", "no answers yet": a
 * cell of fewer than 10 answers carries the mark.
 */
export function promptEngineCell(cell: {
  samples: number;
  mentioned: number;
  bestPosition: number | null;
}): string {
  if (!cell.samples) return 'no answers yet';
  const low = cell.samples < LOW_SAMPLE ? ' · low sample' : '';
  if (!cell.mentioned) return `not named (0 of ${cell.samples})${low}`;
  const best = cell.bestPosition ? ` (best #${cell.bestPosition})` : '';
  return `named ${cell.mentioned} of ${cell.samples}${best}${low}`;
}
