import { placeName, type LocationSent } from '~/lib/ai/location';
import type { Figures } from './figures';

// The sentences around the citation figures, with their sample sizes, for the visibility page,
// the digest and the answers: cited (the answer's own citations) is kept apart from found by the
// search but not cited, and from answers recorded before the two were told apart.

function percent(value: number): string {
  return `${Math.round(value * 100)}%`;
}

/** "2 of 12 answers (17%)". */
export function ofAnswers(count: number, samples: number): string {
  return `${count} of ${samples} ${samples === 1 ? 'answer' : 'answers'} (${percent(samples ? count / samples : 0)})`;
}

type Counts = Pick<Figures, 'samples' | 'retrieved' | 'citedOrRetrieved' | 'citedNotNamed'>;

/** "found by the search but not cited in 2 of 12 answers (17%)". */
export function describeRetrievals(figures: Counts): string {
  if (!figures.samples) return 'not asked yet';
  return `found by the search but not cited in ${ofAnswers(figures.retrieved, figures.samples)}`;
}

/** "cited or retrieved (recorded before this distinction) in 3 of 12 answers (25%)", or null. */
export function describeCitedOrRetrieved(figures: Counts): string | null {
  if (!figures.samples || !figures.citedOrRetrieved) return null;
  return `cited or retrieved (recorded before this distinction) in ${ofAnswers(figures.citedOrRetrieved, figures.samples)}`;
}

/** "cited without naming you in 1 of 12 answers (8%)", or null when none did. */
export function describeCitedNotNamed(figures: Counts): string | null {
  if (!figures.samples || !figures.citedNotNamed) return null;
  return `cited without naming you in ${ofAnswers(figures.citedNotNamed, figures.samples)}`;
}

/**
 * Where an answer was asked from: "Austin, Texas (sent as the search's location)", "Austin,
 * Texas (added to the question: “I'm in Austin, Texas.”)", "Austin, Texas (named in the
 * question)", or "no location sent".
 */
export function describeLocation(location: LocationSent | null): string {
  if (!location) return 'no location sent';
  const place = placeName(location) || 'the business’s location';
  if (location.via === 'search') return `${place} (sent as the search’s location)`;
  return location.added
    ? `${place} (added to the question: “${location.added}”)`
    : `${place} (named in the question)`;
}

/**
 * The digest's line on the business's site: "Your site: cited in 1 of 12 answers (8%); found by
 * the search but not cited in 3 of 12 answers (25%)." Null before any answer.
 */
export function describeSite(figures: Counts & Pick<Figures, 'cited'>): string | null {
  if (!figures.samples) return null;
  const parts = [
    `cited in ${ofAnswers(figures.cited, figures.samples)}`,
    describeRetrievals(figures),
    describeCitedOrRetrieved(figures),
  ].filter(Boolean);
  return `Your site: ${parts.join('; ')}.`;
}
