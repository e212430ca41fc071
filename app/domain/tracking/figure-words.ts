import type { Figures } from './figures';

// Words for the dashboard, the visibility page and the digest around the tracking figures. Every
// sentence carries its sample size. Pure; re-exported by figures.ts.


function percent(value: number): string {
  return `${Math.round(value * 100)}%`;
}

function answersWord(count: number): string {
  return count === 1 ? 'answer' : 'answers';
}

/** "named in 4 of 12 answers (33%), likely between 14% and 61%". */
export function describeMentions(figures: Figures): string {
  if (!figures.samples) return 'not asked yet';
  const head = `named in ${figures.mentioned} of ${figures.samples} ${answersWord(figures.samples)} (${percent(figures.mentionRate)})`;
  return `${head}, likely between ${percent(figures.mentionRateLow)} and ${percent(figures.mentionRateHigh)}`;
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
