import { Link, useLocation } from '@remix-run/react';
import { buttonStyles } from '~/components/ui/styles';

/** Page links that keep the other query parameters (tab, search, filters); plain links, no JS. */
export function Pagination({
  page,
  pageCount,
  total,
  noun,
}: {
  page: number;
  pageCount: number;
  total: number;
  noun: string;
}) {
  const location = useLocation();
  const href = (n: number) => {
    const params = new URLSearchParams(location.search);
    params.delete('edit');
    params.delete('create');
    if (n === 1) params.delete('page');
    else params.set('page', String(n));
    return `${location.pathname}?${params}`;
  };
  return (
    <nav
      aria-label={`${noun} pages`}
      className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700"
    >
      <p>
        Page {Math.min(page, pageCount)} of {pageCount} · {total.toLocaleString('en-US')} {noun}
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link
            to={href(Math.min(page - 1, pageCount))}
            className={buttonStyles.secondary}
            rel="prev"
          >
            Previous<span className="sr-only"> page</span>
          </Link>
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
