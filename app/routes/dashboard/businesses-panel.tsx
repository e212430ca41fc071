import { Link, useActionData, useLoaderData, useNavigation } from 'react-router';
import { BusinessForm, DeleteBusinessDialog, Pagination } from './split';
import { BusinessSearch, dashboardListPath } from './business-search';
import { buttonStyles, linkStyles } from '~/components/ui/styles';
import { BusinessCard } from './business-card';
import type { action, ActionResult, loader } from './route';

export function BusinessesPanel() {
  const {
    businesses,
    readiness,
    allowances,
    visibility,
    auditsUpgradable,
    list,
    adding,
    editing,
    confirmDelete,
    freeGptUrl,
  } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionResult | undefined;
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/dashboard';

  const createResult = actionData?.intent === 'create' ? actionData.result : null;
  const updateResult = actionData?.intent === 'update' ? actionData : null;
  const showAdd = adding || Boolean(createResult);
  const editingId = editing?.id ?? updateResult?.businessId ?? null;
  // This page of this search: where Cancel goes and what Edit / Delete links keep.
  const here = dashboardListPath({ page: list.page, q: list.q });
  const rowPath = (param: 'edit' | 'confirmDelete', id: string) =>
    dashboardListPath({ page: list.page, q: list.q }, { [param]: id });
  // A business opened from a link to another page: its form above the list.
  const editingElsewhere =
    editing && !businesses.some((business) => business.id === editing.id) ? editing : null;
  const paged = list.pageCount > 1 || list.q !== '';

  return (
    <section aria-labelledby="businesses-title" className="space-y-4">
      {confirmDelete ? <DeleteBusinessDialog business={confirmDelete} cancelTo={here} /> : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="businesses-title" className="scroll-mt-4 text-xl font-semibold text-slate-900">
          Your Businesses ({list.allCount})
        </h2>
        {/* With no business yet the empty state's 'Add Your First Business' is the one to press. */}
        {showAdd || list.allCount === 0 ? null : (
          <Link to="/dashboard?add=1#add-business-panel" className={buttonStyles.primary}>
            Add Business
          </Link>
        )}
      </div>

      <p
        data-testid="business-limit"
        className={
          list.limitMessage
            ? 'rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900'
            : 'text-sm text-slate-600'
        }
      >
        {list.limitMessage ? (
          <>
            {list.limitMessage}{' '}
            <Link to="/pricing" className={linkStyles}>
              See plans
            </Link>
          </>
        ) : (
          `${list.allCount.toLocaleString('en-US')} of ${list.limit.toLocaleString('en-US')} businesses on your ${list.limitLabel} plan.`
        )}
      </p>

      {list.allCount > list.perPage || list.q ? <BusinessSearch q={list.q} /> : null}

      {showAdd ? (
        <div id="add-business-panel">
          <BusinessForm mode="create" lastResult={createResult} cancelTo={here} />
        </div>
      ) : null}

      {editingElsewhere ? (
        <BusinessForm
          mode="update"
          business={editingElsewhere}
          lastResult={updateResult?.businessId === editingElsewhere.id ? updateResult.result : null}
          cancelTo={here}
        />
      ) : null}

      <div aria-busy={loading} className="space-y-4">
        {loading ? (
          <p className="text-sm text-slate-600" data-testid="businesses-loading">
            Loading businesses...
          </p>
        ) : null}
        {list.allCount === 0 ? (
          <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center">
            <p className="font-semibold text-slate-900">No businesses yet</p>
            <p className="mt-1 text-sm text-slate-700">
              Add your business to start tracking how AI assistants see it.
            </p>
            {showAdd ? null : (
              <Link
                to="/dashboard?add=1#add-business-panel"
                className={`${buttonStyles.primary} mt-4`}
              >
                Add Your First Business
              </Link>
            )}
          </div>
        ) : businesses.length === 0 ? (
          <div
            className="rounded-lg border border-dashed border-slate-300 p-8 text-center"
            data-testid="no-search-results"
          >
            <p className="font-semibold text-slate-900">
              No businesses match &ldquo;{list.q}&rdquo;
            </p>
            <p className="mt-1 text-sm text-slate-700">
              Try a shorter or different part of the name.{' '}
              <Link to="/dashboard" className={linkStyles}>
                Show all businesses
              </Link>
            </p>
          </div>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2">
            {businesses.map((business) =>
              business.id === editingId ? (
                <li key={business.id}>
                  <BusinessForm
                    mode="update"
                    business={business}
                    lastResult={
                      updateResult?.businessId === business.id ? updateResult.result : null
                    }
                    cancelTo={here}
                  />
                </li>
              ) : (
                <BusinessCard
                  key={business.id}
                  business={business}
                  readiness={readiness[business.id] ?? null}
                  allowance={allowances[business.id] ?? null}
                  visibility={visibility[business.id] ?? null}
                  upgradable={auditsUpgradable}
                  back={here}
                  freeGptUrl={freeGptUrl}
                  editTo={rowPath('edit', business.id)}
                  deleteTo={rowPath('confirmDelete', business.id)}
                />
              ),
            )}
          </ul>
        )}
        {paged && businesses.length > 0 ? (
          <Pagination
            page={list.page}
            pageCount={list.pageCount}
            total={list.total}
            perPage={list.perPage}
            noun={['business', 'businesses']}
            pageLinks
            hash="#businesses-title"
          />
        ) : null}
      </div>
    </section>
  );
}
