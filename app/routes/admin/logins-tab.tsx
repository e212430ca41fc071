import { useDates } from '~/components/time-zone';
import type { LockoutView, LoginRecordView, Page } from '~/domain/admin.server';
import type { LockoutReason } from '~/domain/auth-throttle.server';
import { fullName } from '~/components/format';
import { Pagination } from '~/components/ui/pagination';
import { EmptyRow, FilterNav, TableScroller, Td, Th } from './table';

/** Why a sign-in was turned away, for the admin who has to explain it to an owner. */
const LOCKOUT_REASONS: Record<LockoutReason, string> = {
  address: 'Too many failed sign-ins from this address, for any accounts',
  account_address: 'Too many failed sign-ins for this account from this address',
  device: 'Too many failed sign-ins from the owner’s own browser (its device cookie)',
  guessing:
    'This account is under distributed guessing, and this new address had been guessing at it',
};

export function LoginsTab({
  logins,
  lockouts,
}: {
  logins: Page<LoginRecordView> | null;
  lockouts: Page<LockoutView> | null;
}) {
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">
          {lockouts ? 'Locked-out sign-ins' : 'Login History'}
        </h2>
        <FilterNav
          label="Sign-ins or lock-outs"
          filters={[
            { label: 'Sign-ins', href: '/admin?tab=logins', current: !lockouts },
            { label: 'Lock-outs', href: '/admin?tab=logins&show=lockouts', current: !!lockouts },
          ]}
        />
      </div>
      {lockouts ? <LockoutsTable lockouts={lockouts} /> : null}
      {logins ? <SessionsTable logins={logins} /> : null}
    </div>
  );
}

function SessionsTable({ logins }: { logins: Page<LoginRecordView> }) {
  const dates = useDates();
  return (
    <>
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
    </>
  );
}

function LockoutsTable({ lockouts }: { lockouts: Page<LockoutView> }) {
  const dates = useDates();
  return (
    <>
      <p className="text-sm text-slate-700">
        Sign-ins turned away by a limit, each once per limit and 15 minutes. A browser an owner
        signed in with before is counted on its own, so others at the same address cannot lock it
        out.
      </p>
      <TableScroller label="Locked-out sign-ins">
        <thead className="bg-slate-50">
          <tr>
            <Th>Account</Th>
            <Th>Locked at</Th>
            <Th>Until</Th>
            <Th>IP address</Th>
            <Th>Reason</Th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {lockouts.items.length === 0 ? (
            <EmptyRow colSpan={5}>No sign-ins were locked out</EmptyRow>
          ) : (
            lockouts.items.map((lockout) => (
              <tr key={lockout.id} data-testid="admin-lockout-row">
                <Td wide>{lockout.email ?? 'N/A'}</Td>
                <Td>
                  <span className="whitespace-nowrap">{dates.dateTime(lockout.lockedAt)}</span>
                </Td>
                <Td>
                  <span className="whitespace-nowrap">{dates.dateTime(lockout.until)}</span>
                </Td>
                <Td>{lockout.ipAddress ?? 'N/A'}</Td>
                <Td wide>{LOCKOUT_REASONS[lockout.reason]}</Td>
              </tr>
            ))
          )}
        </tbody>
      </TableScroller>
      <Pagination
        page={lockouts.page}
        pageCount={lockouts.pageCount}
        total={lockouts.total}
        noun={['lock-out', 'lock-outs']}
      />
    </>
  );
}
