import { useDates } from '~/components/time-zone';
import { Form, Link, useLocation, useNavigation, useSubmit } from 'react-router';
import { useEffect, useRef } from 'react';
import { useHydrated } from '~/components/ui/use-hydrated';
import { buttonStyles, inputStyles } from '~/components/ui/styles';
import type { AdminUserView, Page } from '~/domain/admin.server';
import { normalizeTier, TIER_LABELS, TIERS, type Tier } from '~/domain/tiers';
import { isAdmin } from '~/domain/users';
import { SEARCH_MAX_LENGTH } from '~/schemas/limits';
import { fullName } from '~/components/format';
import { Pagination } from '~/components/ui/pagination';
import { EmptyRow, TableScroller, Td, Th } from './table';

/** The current list URL without the dialog parameters: where forms come back to. */
export function useListUrl() {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.delete('edit');
  params.delete('create');
  params.delete('changePlan');
  params.delete('plan');
  const search = params.toString();
  return `${location.pathname}${search ? `?${search}` : ''}`;
}

export function withParam(url: string, name: string, value: string) {
  const [path, search = ''] = url.split('?');
  const params = new URLSearchParams(search);
  params.set(name, value);
  return `${path}?${params}`;
}

export function UsersTab({
  users,
  query,
  tier,
  changingId,
}: {
  users: Page<AdminUserView>;
  query: string;
  tier: Tier | null;
  /** The user whose plan change is being confirmed. */
  changingId: string | null;
}) {
  const listUrl = useListUrl();
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <Form method="get" className="flex flex-wrap items-end gap-3" role="search">
          <input type="hidden" name="tab" value="users" />
          <div>
            <label htmlFor="user-search" className="block text-sm font-medium text-slate-800">
              Search users
            </label>
            <input
              id="user-search"
              type="search"
              name="q"
              defaultValue={query}
              maxLength={SEARCH_MAX_LENGTH}
              placeholder="E-mail or name"
              className={`${inputStyles} mt-1 w-64 max-w-full`}
            />
          </div>
          <div>
            <label htmlFor="user-tier-filter" className="block text-sm font-medium text-slate-800">
              Plan
            </label>
            <select
              id="user-tier-filter"
              name="tier"
              defaultValue={tier ?? ''}
              className={`${inputStyles} mt-1 w-40`}
            >
              <option value="">All plans</option>
              {TIERS.map((value) => (
                <option key={value} value={value}>
                  {TIER_LABELS[value]}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={buttonStyles.secondary}>
            Search
          </button>
          {query || tier ? (
            <Link to="/admin?tab=users" className={buttonStyles.ghost}>
              Clear
            </Link>
          ) : null}
        </Form>
        <Link to={withParam(listUrl, 'create', '1')} className={buttonStyles.primary}>
          Create Admin
        </Link>
      </div>

      <TableScroller label="Users">
        <thead className="bg-slate-50">
          <tr>
            <Th>User</Th>
            <Th>Role</Th>
            <Th>Subscription</Th>
            <Th>Expiry</Th>
            <Th>API keys</Th>
            <Th>
              <span className="sr-only">Actions</span>
            </Th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {users.items.length === 0 ? (
            <EmptyRow colSpan={6}>No users found</EmptyRow>
          ) : (
            users.items.map((user) => (
              <tr key={user.id} data-testid="admin-user-row">
                <Td wide>
                  <span className="block font-medium">{fullName(user) || '—'}</span>
                  <span className="block text-slate-700">{user.email}</span>
                  {user.awaitingPassword ? (
                    <span
                      className="mt-1 inline-flex rounded-full bg-sky-50 px-2 py-0.5 text-xs font-semibold text-sky-900 ring-1 ring-sky-300 ring-inset"
                      data-testid="admin-user-invited"
                    >
                      Invited — no password yet
                    </span>
                  ) : null}
                </Td>
                <Td>
                  <span
                    className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${
                      isAdmin(user)
                        ? 'bg-amber-100 text-amber-900 ring-amber-300'
                        : 'bg-slate-100 text-slate-800 ring-slate-300'
                    }`}
                  >
                    {isAdmin(user) ? 'Admin' : 'User'}
                  </span>
                </Td>
                <Td>
                  <TierForm user={user} listUrl={listUrl} open={changingId === user.id} />
                </Td>
                <Td>
                  <ExpiryCell user={user} />
                </Td>
                <Td>
                  <span data-testid="admin-user-api-keys">{user.apiKeyCount}</span>
                </Td>
                <Td>
                  <div className="flex flex-wrap items-center gap-2">
                    <Link
                      to={withParam(listUrl, 'edit', user.id)}
                      preventScrollReset
                      className={buttonStyles.ghost}
                    >
                      Edit<span className="sr-only"> {user.email}</span>
                    </Link>
                    {user.awaitingPassword ? (
                      <ResendInvitationForm user={user} listUrl={listUrl} />
                    ) : null}
                  </div>
                </Td>
              </tr>
            ))
          )}
        </tbody>
      </TableScroller>
      <Pagination
        page={users.page}
        pageCount={users.pageCount}
        total={users.total}
        noun={['user', 'users']}
      />
    </div>
  );
}

/**
 * "Send invitation again" on the row of a user who has not chosen a password yet: a plain POST
 * (the action redirects back with a flash message); with JavaScript the button says it is sending.
 */
function ResendInvitationForm({ user, listUrl }: { user: AdminUserView; listUrl: string }) {
  const navigation = useNavigation();
  const busy =
    navigation.state !== 'idle' &&
    navigation.formData?.get('intent') === 'resend-invitation' &&
    navigation.formData.get('userId') === user.id;
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="resend-invitation" />
      <input type="hidden" name="userId" value={user.id} />
      <input type="hidden" name="redirectTo" value={listUrl} />
      <button
        type="submit"
        className={`${buttonStyles.secondary} whitespace-nowrap`}
        disabled={busy}
        aria-disabled={busy}
      >
        {busy ? 'Sending...' : 'Send invitation again'}
        <span className="sr-only"> to {user.email}</span>
      </button>
    </Form>
  );
}

/**
 * The plan selector of one row. Choosing a plan saves nothing: it opens the confirmation
 * (`?changePlan=<id>&plan=<tier>`, a GET), which says what happens; with JavaScript the select
 * opens it, without it the Change button does. A plan a subscription bills is not set here: the
 * cell says so instead.
 */
function TierForm({
  user,
  listUrl,
  open,
}: {
  user: AdminUserView;
  listUrl: string;
  open: boolean;
}) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const select = useRef<HTMLSelectElement>(null);
  const current = normalizeTier(user.subscriptionStatus);
  // Once its confirmation closes, however it closed, the select shows the plan that is (the same
  // element, so focus can go back to it).
  useEffect(() => {
    if (!open && select.current) select.current.value = current;
  }, [open, current]);
  if (user.billedBySubscription) {
    return (
      <span className="block whitespace-nowrap" data-testid="billed-plan">
        {TIER_LABELS[current]}
        <span className="block text-xs text-slate-700">Billed by a subscription</span>
      </span>
    );
  }
  const [path = '/admin', search = ''] = listUrl.split('?');
  return (
    <Form method="get" action={path} preventScrollReset className="flex items-center gap-2">
      {[...new URLSearchParams(search)].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="changePlan" value={user.id} />
      <label htmlFor={`tier-${user.id}`} className="sr-only">
        Subscription for {user.email}
      </label>
      <select
        ref={select}
        key={current}
        id={`tier-${user.id}`}
        name="plan"
        defaultValue={current}
        onChange={(event) => {
          if (hydrated && event.currentTarget.value !== current) {
            submit(event.currentTarget.form, { preventScrollReset: true });
          }
        }}
        className={`${inputStyles} w-32`}
      >
        {TIERS.map((value) => (
          <option key={value} value={value}>
            {TIER_LABELS[value]}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <button type="submit" className={buttonStyles.secondary}>
          Change<span className="sr-only"> plan for {user.email}</span>
        </button>
      )}
    </Form>
  );
}

/**
 * A user's expiry: "Expired" on a paid plan past it (it counts as Free), and, for a billed plan,
 * that the date includes the grace days after the paid period (the owner's billing page names the
 * period's end, "renews on …", a few days earlier).
 */
function ExpiryCell({ user }: { user: AdminUserView }) {
  const dates = useDates();
  const date = dates.longDate(user.subscriptionExpiry);
  if (!date) return <span className="whitespace-nowrap">No expiry</span>;
  return (
    <span className="block">
      {user.expired ? (
        <span
          className="mr-1 inline-flex rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900 ring-1 ring-red-300 ring-inset"
          data-testid="admin-user-expired"
        >
          Expired
        </span>
      ) : null}
      <span className="whitespace-nowrap">{date}</span>
      {user.graceDays ? (
        <span className="block text-xs text-slate-700" data-testid="admin-user-grace">
          includes {user.graceDays} grace {user.graceDays === 1 ? 'day' : 'days'} after the paid
          period ends
        </span>
      ) : null}
    </span>
  );
}
