import {
  describeCitedNotNamed,
  describeCitedOrRetrieved,
  ofAnswers,
} from '~/domain/tracking/figures/citation-words';
import type { Figures } from '~/domain/tracking/figures/figures';

/**
 * Beside an engine's citation rate: the answers whose search found the site without citing it
 * (a real signal: the engine saw the page and chose others), those recorded before the two were
 * told apart, and those that cited the site without naming the business.
 */
export function CitationLines({ figures }: { figures: Figures }) {
  const unsure = describeCitedOrRetrieved(figures);
  const notNamed = describeCitedNotNamed(figures);
  return (
    <>
      <div data-testid="retrieved-figure">
        <dt className="inline font-medium text-slate-600">Found by the search, not cited: </dt>
        <dd className="inline text-slate-900">
          {figures.samples ? ofAnswers(figures.retrieved, figures.samples) : 'not asked yet'}
        </dd>
      </div>
      {unsure ? (
        <div>
          <dt className="sr-only">Recorded before cited and found were told apart: </dt>
          <dd className="inline text-slate-700">Site {unsure}</dd>
        </div>
      ) : null}
      {notNamed ? (
        <div>
          <dt className="sr-only">Cited but not named: </dt>
          <dd className="inline text-slate-700">Site {notNamed}</dd>
        </div>
      ) : null}
    </>
  );
}
