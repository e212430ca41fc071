import { Form, Link } from '@remix-run/react';
import { buttonStyles, inputStyles, linkStyles } from '~/components/ui/styles';
import type { AdminBusinessView, Page } from '~/domain/admin.server';
import { SEARCH_MAX_LENGTH } from '~/schemas/limits';
import { formatDate } from './format';
import { Pagination } from '~/components/ui/pagination';
import { EmptyRow, TableScroller, Td, Th } from './table';

export function BusinessesTab({
  businesses,
  query,
}: {
  businesses: Page<AdminBusinessView>;
  query: string;
}) {
  return (
    <div className="space-y-4">
      <Form method="get" className="flex flex-wrap items-end gap-3" role="search">
        <input type="hidden" name="tab" value="businesses" />
        <div>
          <label htmlFor="business-search" className="block text-sm font-medium text-slate-800">
            Search businesses
          </label>
          <input
            id="business-search"
            type="search"
            name="q"
            defaultValue={query}
            maxLength={SEARCH_MAX_LENGTH}
            placeholder="Business name or owner e-mail"
            className={`${inputStyles} mt-1 w-64 max-w-full`}
          />
        </div>
        <button type="submit" className={buttonStyles.secondary}>
          Search
        </button>
        {query ? (
          <Link to="/admin?tab=businesses" className={buttonStyles.ghost}>
            Clear
          </Link>
        ) : null}
      </Form>
      <TableScroller label="Businesses">
        <thead className="bg-slate-50">
          <tr>
            <Th>Business</Th>
            <Th>Owner</Th>
            <Th>Website</Th>
            <Th>Industry</Th>
            <Th>Location</Th>
            <Th>Created</Th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {businesses.items.length === 0 ? (
            <EmptyRow colSpan={6}>No businesses found</EmptyRow>
          ) : (
            businesses.items.map((business) => (
              <tr key={business.id} data-testid="admin-business-row">
                <Td wide>
                  <span className="block font-medium">{business.name}</span>
                  {business.description ? (
                    <span className="block text-slate-700">{business.description}</span>
                  ) : null}
                </Td>
                <Td>{business.owner?.email ?? 'Unknown'}</Td>
                <Td>
                  {business.website ? (
                    <a
                      href={business.website}
                      target="_blank"
                      rel="noopener noreferrer nofollow"
                      className={linkStyles}
                    >
                      {business.website}
                      <span className="sr-only"> (opens in a new tab)</span>
                    </a>
                  ) : (
                    '—'
                  )}
                </Td>
                <Td>{business.industry ?? '—'}</Td>
                <Td>{business.location ?? '—'}</Td>
                <Td>
                  <span className="whitespace-nowrap">{formatDate(business.createdAt)}</span>
                </Td>
              </tr>
            ))
          )}
        </tbody>
      </TableScroller>
      <Pagination
        page={businesses.page}
        pageCount={businesses.pageCount}
        total={businesses.total}
        noun="businesses"
      />
    </div>
  );
}
