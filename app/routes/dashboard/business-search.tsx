import { Form, Link } from 'react-router';
import { buttonStyles, inputStyles } from '~/components/ui/styles';
import { SEARCH_MAX_LENGTH } from '~/schemas/limits';

/** The address of one page of the dashboard's list: `/dashboard`, `/dashboard?q=den&page=2`. */
export function dashboardListPath(
  { page = 1, q = '' }: { page?: number; q?: string },
  extra: Record<string, string> = {},
): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (page > 1) params.set('page', String(page));
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  const search = params.toString();
  return `/dashboard${search ? `?${search}` : ''}`;
}

/** A plain GET form (`?q=`), so searching works without JavaScript; a new search starts at page 1. */
export function BusinessSearch({ q }: { q: string }) {
  return (
    <Form
      method="get"
      action="/dashboard"
      role="search"
      aria-label="Businesses"
      preventScrollReset
      className="flex flex-wrap items-end gap-3"
    >
      <div>
        <label htmlFor="business-search" className="block text-sm font-medium text-slate-800">
          Search businesses
        </label>
        <input
          id="business-search"
          type="search"
          name="q"
          defaultValue={q}
          key={q}
          maxLength={SEARCH_MAX_LENGTH}
          placeholder="Name or location"
          className={`${inputStyles} mt-1 w-64 max-w-full`}
        />
      </div>
      <button type="submit" className={buttonStyles.secondary}>
        Search
      </button>
      {q ? (
        <Link to="/dashboard" preventScrollReset className={buttonStyles.ghost}>
          Clear search
        </Link>
      ) : null}
    </Form>
  );
}
