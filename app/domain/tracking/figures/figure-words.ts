import { mentionChange, type Figures } from './figures';

// Words for the dashboard, the visibility page and the digest around the tracking figures. Every
// sentence carries its sample size. Pure; re-exported by figures.ts.

function percent(value: number): string {
  return `${Math.round(value * 100)}%`;
}

function answersWord(count: number): string {
  return count === 1 ? 'answer' : 'answers';
}

/**
 * Below this many answers a figure is marked as a low sample wherever it appears. (Defined here,
 * not in figures.ts, which imports this module first: the mark below needs it when loaded.)
 */
export const LOW_SAMPLE = 10;

/** The mark a figure from fewer than LOW_SAMPLE answers carries wherever it appears. */
export const LOW_SAMPLE_MARK = `low sample: fewer than ${LOW_SAMPLE} answers`;

function lowMark(figures: Pick<Figures, 'lowSample'>): string {
  return figures.lowSample ? ` (${LOW_SAMPLE_MARK})` : '';
}

/**
 * The label that goes before every figure read from the Demo assistant's simulated answers (the
 * card, the page's headline, the digest): never a simulated rate that could pass for a real one.
 */
export const SIMULATED_ANSWERS = 'simulated answers';

/**
 * "named in 4 of 12 answers (33%), likely between 14% and 61%", with the low-sample mark under
 * 10 answers; from simulated answers, the label first: "simulated answers: named in 4 of 12
 * (33%), likely between 14% and 61%". The interval accounts for the repeats of one question
 * being alike.
 */
export function describeMentions(
  figures: Figures,
  { simulated = false }: { simulated?: boolean } = {},
): string {
  if (!figures.samples) return 'not asked yet';
  const head = simulated
    ? `${SIMULATED_ANSWERS}: named in ${figures.mentioned} of ${figures.samples} (${percent(figures.mentionRate)})`
    : `named in ${figures.mentioned} of ${figures.samples} ${answersWord(figures.samples)} (${percent(figures.mentionRate)})`;
  return `${head}, likely between ${percent(figures.mentionRateLow)} and ${percent(figures.mentionRateHigh)}${lowMark(figures)}`;
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
 * before" only when the change is beyond noise (a two-proportion test on the periods' effective
 * samples, see mentionChange); otherwise "no clear change from …", never a number of points
 * chance alone could give. `before` names the earlier period.
 */
export function describeChange(
  current: Figures,
  previous: Figures | null,
  before = 'the period before',
): string {
  if (!current.samples) return 'not asked yet';
  if (!previous?.samples) return `not asked ${before}`;
  const was = `${percent(previous.mentionRate)} (${previous.mentioned} of ${previous.samples} ${answersWord(previous.samples)}${previous.lowSample ? `, ${LOW_SAMPLE_MARK}` : ''}) ${before}`;
  const points = Math.round(current.mentionRate * 100) - Math.round(previous.mentionRate * 100);
  if (!mentionChange(previous, current).clear || points === 0)
    return `no clear change from ${was}: the difference is within what chance gives`;
  const size = Math.abs(points);
  return `${points > 0 ? 'up' : 'down'} ${size} ${size === 1 ? 'point' : 'points'} from ${was}`;
}

/** "site cited in 3 of 12 answers (25%), likely between 9% and 53%". */
export function describeCitations(figures: Figures): string {
  if (!figures.samples) return 'not asked yet';
  return `site cited in ${figures.cited} of ${figures.samples} ${answersWord(figures.samples)} (${percent(figures.citationRate)}), likely between ${percent(figures.citationRateLow)} and ${percent(figures.citationRateHigh)}${lowMark(figures)}`;
}

/**
 * "named 2nd on average in the 4 answers that named it", "at position 2.3 on average in ...":
 * never a rank without the number of answers behind it; the spread in places, not as ±sd.
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
  const spread =
    figures.positionSd === 0
      ? ' (the same position every time)'
      : figures.averagePositionLow !== null && figures.averagePositionHigh !== null
        ? ` (the average is likely between ${oneDecimal(figures.averagePositionLow)} and ${oneDecimal(figures.averagePositionHigh)}; ${placeMoves(figures.positionSd ?? 0)})`
        : '';
  return Number.isInteger(average)
    ? `named ${shown} on average in ${which}${spread}`
    : `at position ${shown} on average in ${which}${spread}`;
}

/**
 * How far one answer's place strays from the average (the positions' standard deviation), in
 * whole places: "your place moves by about 2 places from one answer to the next".
 */
function placeMoves(sd: number): string {
  const places = Math.round(sd);
  if (places === 0) return 'your place barely moves from one answer to the next';
  return `your place moves by about ${places} ${places === 1 ? 'place' : 'places'} from one answer to the next`;
}

function oneDecimal(value: number): string {
  return (Math.round(value * 10) / 10).toFixed(1);
}

function ordinal(value: number): string {
  const tens = value % 100;
  const suffix =
    tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[value % 10] ?? 'th');
  return `${value}${suffix}`;
}
