import { useDates } from '~/components/time-zone';
import { Form, Link, useLocation } from 'react-router';
import { ClampedText } from '~/components/ui/clamped-text';
import { AuditScore, ScoreBadge, SignalList } from '~/components/audit/audit-report';
import { buttonStyles, inputStyles, linkStyles } from '~/components/ui/styles';
import type { AdminBusinessAudits, AdminBusinessView, Page } from '~/domain/admin.server';
import { SEARCH_MAX_LENGTH } from '~/schemas/limits';
import { Pagination } from '~/components/ui/pagination';
import { EmptyRow, TableScroller, Td, Th } from './table';

/** This address with the given parameters changed (null removes one). */
function useWith() {
  const location = useLocation();
  return (changes: Record<string, string | null>, hash = '') => {
    const params = new URLSearchParams(location.search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) params.delete(key);
      else params.set(key, value);
    }
    return `${location.pathname}?${params.toString()}${hash}`;
  };
}

function BusinessAudits({ audits }: { audits: AdminBusinessAudits }) {
  const dates = useDates();
  const withParams = useWith();
  const { business, audit, history } = audits;
  return (
    <section
      aria-labelledby="business-audits-title"
      className="space-y-4 rounded-lg border border-slate-200 bg-slate-50 p-5"
      data-testid="admin-business-audits"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="business-audits-title" className="text-lg font-semibold text-slate-900">
            AI-readiness audits: {business.name}
          </h2>
          <p className="text-sm text-slate-700">
            {business.website ?? 'No website'} · owner {business.ownerEmail ?? 'unknown'} ·{' '}
            {history.total} audit{history.total === 1 ? '' : 's'}
          </p>
        </div>
        <Link
          to={withParams({ audits: null, audit: null, auditPage: null })}
          className={buttonStyles.ghost}
        >
          Close
        </Link>
      </div>
      {history.items.length ? (
        <ul className="flex flex-wrap gap-2" aria-label="Audits, newest first">
          {history.items.map((item) => (
            <li key={item.id}>
              <Link
                to={withParams({ audit: item.id }, '#business-audits-title')}
                aria-current={item.id === audit?.id ? 'true' : undefined}
                className={`inline-flex items-center gap-2 rounded-md border px-2 py-1 text-sm ${
                  item.id === audit?.id ? 'border-brand-600 bg-white' : 'border-slate-200 bg-white'
                }`}
              >
                <AuditScore score={item.score} outcome={item.outcome} />
                <span>{dates.date(item.auditedAt)}</span>
                <span className="text-slate-600">
                  {item.trigger === 'scheduled' ? 'weekly' : 'owner'}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-700">This business has not been audited yet.</p>
      )}
      {history.pageCount > 1 ? (
        <nav aria-label="Audit pages" className="flex gap-3 text-sm">
          {history.page > 1 ? (
            <Link
              to={withParams({ auditPage: String(history.page - 1), audit: null })}
              className={linkStyles}
            >
              Newer audits
            </Link>
          ) : null}
          <span>
            Page {history.page} of {history.pageCount}
          </span>
          {history.page < history.pageCount ? (
            <Link
              to={withParams({ auditPage: String(history.page + 1), audit: null })}
              className={linkStyles}
            >
              Older audits
            </Link>
          ) : null}
        </nav>
      ) : null}
      {audit ? (
        <div className="space-y-2">
          <p className="text-sm text-slate-700">
            Audit of {dates.date(audit.auditedAt)}:{' '}
            <AuditScore score={audit.score} outcome={audit.outcome} /> · {audit.url}
          </p>
          {audit.unreachable ? (
            <p className="text-sm text-red-900">{audit.unreachable.message}</p>
          ) : null}
          <SignalList signals={audit.signals} version={audit.version} />
        </div>
      ) : null}
    </section>
  );
}

export function BusinessesTab({
  businesses,
  query,
  audits,
}: {
  businesses: Page<AdminBusinessView>;
  query: string;
  audits: AdminBusinessAudits | null;
}) {
  const dates = useDates();
  const withParams = useWith();
  return (
    <div className="space-y-4">
      {audits ? <BusinessAudits audits={audits} /> : null}
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
            placeholder="Name, location or owner e-mail"
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
            <Th>AI readiness</Th>
            <Th>Created</Th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {businesses.items.length === 0 ? (
            <EmptyRow colSpan={7}>No businesses found</EmptyRow>
          ) : (
            businesses.items.map((business) => (
              <tr key={business.id} data-testid="admin-business-row">
                <Td wide>
                  <span className="block font-medium">{business.name}</span>
                  {business.description ? (
                    <ClampedText
                      text={business.description}
                      label={`the description of ${business.name}`}
                      className="text-slate-700"
                      testId="admin-business-description"
                    />
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
                  {business.lastAudit ? (
                    <span className="flex flex-col items-start gap-1">
                      <ScoreBadge score={business.lastAudit.score} />
                      <Link
                        to={withParams(
                          { audits: business.id, audit: null, auditPage: null },
                          '#business-audits-title',
                        )}
                        className={`${linkStyles} whitespace-nowrap`}
                      >
                        Audits<span className="sr-only"> of {business.name}</span>
                      </Link>
                    </span>
                  ) : (
                    'Not audited'
                  )}
                </Td>
                <Td>
                  <span className="whitespace-nowrap">{dates.date(business.createdAt)}</span>
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
        noun={['business', 'businesses']}
      />
    </div>
  );
}
