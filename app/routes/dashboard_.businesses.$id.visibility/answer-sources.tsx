import { safeHref } from '~/components/tracking/answer-text';
import { linkStyles } from '~/components/ui/styles';
import { describeLocation } from '~/domain/tracking/figures/citation-words';
import { PAGE_KIND_LABELS, type AnswerPage, type PageKind } from '~/domain/tracking/reading/stored';
import type { LocationSent } from '~/lib/ai/location';

type Answer = {
  cited: boolean;
  retrieved: boolean;
  citedOrRetrieved: boolean;
  sources: AnswerPage[];
  searches: string[];
  location: LocationSent | null;
};

/** What the answer did with the business's site, for the answer's one-line reading. */
export function siteWords(answer: Answer): string {
  if (answer.cited) return ' · cited your site';
  if (answer.retrieved) return ' · found your site but did not cite it';
  if (answer.citedOrRetrieved)
    return ' · cited or retrieved your site (recorded before this distinction)';
  return '';
}

const ORDER: PageKind[] = ['cited', 'retrieved', 'cited-or-retrieved'];

function PageLink({ page }: { page: AnswerPage }) {
  const href = safeHref(page.url);
  const label = page.title || page.url;
  return href ? (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow" className={linkStyles}>
      {label}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  ) : (
    <>{label}</>
  );
}

/**
 * Under an answer: the searches its engine ran, where it was asked from, and its pages, cited
 * ones apart from those the search only returned (and, for answers recorded before the two were
 * told apart, those that could be either).
 */
export function AnswerSources({ answer }: { answer: Answer }) {
  const groups = ORDER.map((kind) => ({
    kind,
    pages: answer.sources.filter((page) => page.kind === kind),
  })).filter((group) => group.pages.length);
  return (
    <div className="mt-3 space-y-3 text-sm" data-testid="answer-sources">
      <dl className="space-y-1">
        <div>
          <dt className="inline font-semibold text-slate-800">Searches it ran: </dt>
          <dd className="user-text inline text-slate-800" data-testid="answer-searches">
            {answer.searches.length
              ? answer.searches.map((query, index) => (
                  <span key={`${query}-${index}`}>
                    {index ? ', ' : ''}&ldquo;{query}&rdquo;
                  </span>
                ))
              : 'none reported'}
          </dd>
        </div>
        <div>
          <dt className="inline font-semibold text-slate-800">Asked from: </dt>
          <dd className="inline text-slate-800" data-testid="answer-location">
            {describeLocation(answer.location)}
          </dd>
        </div>
      </dl>
      {groups.map((group) => (
        <div key={group.kind} data-testid={`answer-pages-${group.kind}`}>
          <p className="font-semibold text-slate-800">
            {PAGE_KIND_LABELS[group.kind]} ({group.pages.length})
          </p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {group.pages.map((page) => (
              <li key={page.url} className="break-all">
                <PageLink page={page} />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
