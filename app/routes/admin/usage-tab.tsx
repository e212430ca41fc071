import { useDates } from '~/components/time-zone';
import type { AccessLogView, Page } from '~/domain/admin.server';
import { formatAccessType, fullName } from '~/components/format';
import { Pagination } from '~/components/ui/pagination';
import { accessReasonInWords, tierLabel } from '~/domain/premium-access-messages';
import { EmptyRow, FilterNav, TableScroller, Td, Th } from './table';

const FILTERS = [
  { value: null, label: 'All' },
  { value: 'allowed', label: 'Allowed' },
  { value: 'denied', label: 'Denied' },
] as const;

export function UsageTab({
  logs,
  result,
}: {
  logs: Page<AccessLogView>;
  result: 'allowed' | 'denied' | null;
}) {
  const dates = useDates();
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">Premium Access Usage</h2>
        <FilterNav
          label="Filter by result"
          filters={FILTERS.map((filter) => ({
            label: filter.label,
            href: filter.value ? `/admin?tab=usage&result=${filter.value}` : '/admin?tab=usage',
            current: result === filter.value,
          }))}
        />
      </div>
      <TableScroller label="Premium access usage">
        <thead className="bg-slate-50">
          <tr>
            <Th>User and business</Th>
            <Th>Access type</Th>
            <Th>Time</Th>
            <Th>Tier</Th>
            <Th>Result</Th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {logs.items.length === 0 ? (
            <EmptyRow colSpan={5}>No usage logs found</EmptyRow>
          ) : (
            logs.items.map((log) => (
              <tr key={log.id} data-testid="admin-usage-row">
                <Td wide>
                  {log.user ? (
                    <>
                      {fullName(log.user) ? (
                        <span className="block font-medium">{fullName(log.user)}</span>
                      ) : null}
                      <span className="block text-slate-700">{log.user.email}</span>
                    </>
                  ) : (
                    <span className="block text-slate-700 italic">Deleted account</span>
                  )}
                  {log.business ? (
                    <span className="block text-slate-600">{log.business.name}</span>
                  ) : null}
                </Td>
                <Td>
                  <span className="whitespace-nowrap">{formatAccessType(log.accessType)}</span>
                </Td>
                <Td>
                  <span className="whitespace-nowrap">{dates.dateTime(log.accessTime)}</span>
                </Td>
                <Td>{log.subscriptionTier ? tierLabel(log.subscriptionTier) : 'N/A'}</Td>
                <Td wide>
                  <span
                    className={`font-semibold ${log.wasAllowed ? 'text-green-800' : 'text-red-800'}`}
                  >
                    {log.wasAllowed ? 'Allowed' : 'Denied'}
                  </span>
                  {log.reason ? (
                    <span className="block text-slate-700">{accessReasonInWords(log.reason)}</span>
                  ) : null}
                </Td>
              </tr>
            ))
          )}
        </tbody>
      </TableScroller>
      <Pagination
        page={logs.page}
        pageCount={logs.pageCount}
        total={logs.total}
        noun={['check', 'checks']}
      />
    </div>
  );
}
