import { useDates } from '~/components/time-zone';
import type { LoginRecordView, Page } from '~/domain/admin.server';
import { fullName } from '~/components/format';
import { Pagination } from '~/components/ui/pagination';
import { EmptyRow, TableScroller, Td, Th } from './table';

export function LoginsTab({ logins }: { logins: Page<LoginRecordView> }) {
  const dates = useDates();
  return (
    <div className="space-y-4">
      <h2 className="text-lg font-semibold text-slate-900">Login History</h2>
      <TableScroller label="Login history">
        <thead className="bg-slate-50">
          <tr>
            <Th>User</Th>
            <Th>Login time</Th>
            <Th>IP address</Th>
            <Th>Status</Th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {logins.items.length === 0 ? (
            <EmptyRow colSpan={4}>No login history found</EmptyRow>
          ) : (
            logins.items.map((login) => (
              <tr key={login.id} data-testid="admin-login-row">
                <Td wide>
                  {fullName(login.user) ? (
                    <span className="block font-medium">{fullName(login.user)}</span>
                  ) : null}
                  <span className="block text-slate-700">{login.user.email}</span>
                </Td>
                <Td>
                  <span className="whitespace-nowrap">{dates.dateTime(login.loginTime)}</span>
                </Td>
                <Td>{login.ipAddress ?? 'N/A'}</Td>
                <Td>
                  <span
                    className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${
                      login.status === 'Active'
                        ? 'bg-green-100 text-green-900 ring-green-300'
                        : 'bg-slate-100 text-slate-800 ring-slate-300'
                    }`}
                  >
                    {login.status}
                  </span>
                </Td>
              </tr>
            ))
          )}
        </tbody>
      </TableScroller>
      <Pagination
        page={logins.page}
        pageCount={logins.pageCount}
        total={logins.total}
        noun={['login', 'logins']}
      />
    </div>
  );
}
