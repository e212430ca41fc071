import { Link, useLocation } from 'react-router';
import { buttonStyles } from '~/components/ui/styles';
import { paginationSummary, type Noun } from './pagination-summary';

// Parameters that open a form or dialog on one row: a page link closes them.
const ROW_PARAMS = ['edit', 'create', 'add', 'confirmDelete'];

/** Which page numbers to link: the first, the last, and the current one with its neighbours. */
export function pageWindow(page: number, pageCount: number): (number | 'gap')[] {
  const shown = [...new Set([1, page - 1, page, page + 1, pageCount])]
    .filter((n) => n >= 1 && n <= pageCount)
    .sort((a, b) => a - b);
  const out: (number | 'gap')[] = [];
  for (const n of shown) {
    const last = out[out.length - 1];
    if (typeof last === 'number' && n - last === 2) out.push(last + 1);
    else if (typeof last === 'number' && n - last > 2) out.push('gap');
    out.push(n);
  }
  return out;
}

/**
 * Page links that keep the other query parameters (tab, search, filters); plain links, so they
 * work without JavaScript. Admin lists say "Page 2 of 3 · 120 users"; with `perPage` the summary is
 * "Showing 21–40 of 45 businesses" (see paginationSummary) and `pageLinks` adds numbered links. `hash` is where a page link
 * lands (the list's heading) so a long page does not open scrolled to its top.
 */
export function Pagination({
  page,
  pageCount,
  total,
  noun,
  perPage,
  pageLinks = false,
  hash = '',
}: {
  page: number;
  pageCount: number;
  total: number;
  /** Singular and plural: ['audit', 'audits']. */
  noun: Noun;
  perPage?: number;
  pageLinks?: boolean;
  hash?: string;
}) {
  const location = useLocation();
  const current = Math.min(page, pageCount);
  const href = (n: number) => {
    const params = new URLSearchParams(location.search);
    for (const name of ROW_PARAMS) params.delete(name);
    if (n === 1) params.delete('page');
    else params.set('page', String(n));
    const search = params.toString();
    return `${location.pathname}${search ? `?${search}` : ''}${hash}`;
  };
  const summary = paginationSummary({ page, pageCount, total, noun, perPage });
  return (
    <nav
      aria-label={`${noun[1]} pages`}
      className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700"
    >
      <p data-testid="pagination-summary">{summary}</p>
      <div className="flex flex-wrap items-center gap-2">
        {page > 1 ? (
          <Link
            to={href(Math.min(page - 1, pageCount))}
            className={buttonStyles.secondary}
            rel="prev"
          >
            Previous<span className="sr-only"> page</span>
          </Link>
        ) : null}
        {pageLinks && pageCount > 1 ? (
          <ol className="flex flex-wrap items-center gap-1">
            {pageWindow(current, pageCount).map((n, index) =>
              n === 'gap' ? (
                <li key={`gap-${index}`} aria-hidden="true" className="px-1">
                  …
                </li>
              ) : (
                <li key={n}>
                  <Link
                    to={href(n)}
                    aria-label={`Page ${n}`}
                    aria-current={n === current ? 'page' : undefined}
                    className={`${n === current ? buttonStyles.primary : buttonStyles.ghost} min-w-10 px-3`}
                  >
                    {n}
                  </Link>
                </li>
              ),
            )}
          </ol>
        ) : null}
        {page < pageCount ? (
          <Link to={href(page + 1)} className={buttonStyles.secondary} rel="next">
            Next<span className="sr-only"> page</span>
          </Link>
        ) : null}
      </div>
    </nav>
  );
}
