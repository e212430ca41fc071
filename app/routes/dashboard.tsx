import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import {
  data,
  redirect,
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  useRevalidator,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { useEffect, useState } from 'react';
import { useToast } from '~/components/toaster';
import { BusinessForm } from '~/components/dashboard/business-form';
import { BusinessSearch, dashboardListPath } from '~/components/dashboard/business-search';
import { DeleteBusinessDialog } from '~/components/dashboard/delete-dialog';
import { PlanBadge } from '~/components/dashboard/plan-badge';
import { PremiumGptButton } from '~/components/dashboard/premium-gpt';
import { OptimizationGuide, PromptKit } from '~/components/dashboard/prompt-kit';
import { ScoreBadge, Sparkline } from '~/components/audit/audit-report';
import { CheckReadinessForm } from '~/components/audit/check-readiness-form';
import { LockIcon } from '~/components/ui/icons';
import { Pagination } from '~/components/ui/pagination';
import { buttonStyles, linkStyles } from '~/components/ui/styles';
import { PROMPT_KIT, PROMPT_KIT_TIPS } from '~/content/prompt-kit';
import { displayName } from '~/domain/users';
import {
  BUSINESSES_PER_PAGE,
  businessLimitMessage,
  clampPage,
  countBusinesses,
  createBusiness,
  deleteBusiness,
  findBusiness,
  listBusinesses,
  updateBusiness,
  type BusinessView,
} from '~/domain/businesses.server';
import { auditStandings, type AuditStanding } from '~/domain/audits.server';
import { isDomainError } from '~/domain/errors';
import { getBilling } from '~/domain/payments.server';
import { PLANS } from '~/content/plans';
import { formatExpiryDate } from '~/domain/premium-access-messages';
import {
  businessLimit,
  effectiveTier,
  isExpired,
  isPaidTier,
  premiumGptAccess,
  TIER_LABELS,
  normalizeTier,
} from '~/domain/tiers';
import { requireUser } from '~/http/auth.server';
import { publicLinks } from '~/lib/env.server';
import { readFormData } from '~/http/http.server';
import { redirectWithToast } from '~/http/toast.server';
import { BusinessSchema } from '~/schemas/business';
import { pageParams, searchParam } from '~/schemas/paging';

export const meta: MetaFunction = () => [{ title: 'Dashboard | AI Visibility' }];

const TABS = [
  { id: 'businesses', label: 'Businesses' },
  { id: 'prompts', label: 'Keys to Victory' },
  { id: 'guide', label: 'AI Optimization Guide' },
] as const;
type TabId = (typeof TABS)[number]['id'];

export const PAYMENT_SUCCESS_TOAST = {
  title: 'Payment Successful! 🎉',
  description: 'Your subscription is now active. Welcome to premium features!',
};

export const PAYMENT_PENDING_TOAST = {
  title: 'Payment received',
  description:
    'We are activating your plan now; this page updates as soon as the payment provider confirms it.',
};

function parseTab(value: string | null): TabId {
  return TABS.find((tab) => tab.id === value)?.id ?? 'businesses';
}

/** The list page and search an address asks for (`?page=` bad values mean 1; the domain clamps). */
function listParams(url: URL) {
  const { page } = pageParams(url.searchParams, {
    defaultLimit: BUSINESSES_PER_PAGE,
    maxLimit: BUSINESSES_PER_PAGE,
  });
  return { page, q: searchParam(url.searchParams) };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);

  const now = new Date();
  const billing = await getBilling(user.id, now);

  // Back from the checkout: say what is true, once, and drop the parameter from the address (a
  // redirect with a flash toast does both, with or without JavaScript; a reload cannot repeat it).
  // The plan is active: the spec's toast. The payment provider has not confirmed yet: "received,
  // activating" (the page polls until it lands). Neither: nothing to celebrate.
  if (url.searchParams.get('payment') === 'success') {
    url.searchParams.delete('payment');
    const target = `/dashboard${url.search}`;
    if (billing.pending) throw await redirectWithToast(target, PAYMENT_PENDING_TOAST, { request });
    if (isPaidTier(user.subscriptionStatus) && !isExpired(user, now)) {
      throw await redirectWithToast(target, PAYMENT_SUCCESS_TOAST, { request });
    }
    throw redirect(target);
  }

  const access = premiumGptAccess(user, now);
  const hasPremiumAccess = access.allowed;
  const tab = hasPremiumAccess ? parseTab(url.searchParams.get('tab')) : 'businesses';
  // One page of the list and its count, never the whole list: a user with a thousand businesses
  // gets the same small page as one with twenty. While searching, the heading still counts all.
  const { page, q } = listParams(url);
  const [list, allCount] = await Promise.all([
    listBusinesses(user, { page, perPage: BUSINESSES_PER_PAGE, q }),
    q ? countBusinesses(user) : null,
  ]);
  const businesses = list.items;
  // Each card's latest AI-readiness score and trend: one more query by primary key for the page.
  const readiness = await auditStandings(businesses.map((business) => business.id));
  // The business a form or dialog is open on: usually on this page; a link from elsewhere still works.
  const find = async (param: string) => {
    const id = tab === 'businesses' ? url.searchParams.get(param) : null;
    if (!id) return null;
    return businesses.find((business) => business.id === id) ?? (await findBusiness(user, id));
  };
  const [editing, confirmDelete] = await Promise.all([find('edit'), find('confirmDelete')]);
  const tier = normalizeTier(user.subscriptionStatus);
  const countedTier = effectiveTier(user, now);
  const limit = businessLimit(user, now);

  return {
    name: displayName(user),
    plan: {
      tier: user.subscriptionStatus,
      label: TIER_LABELS[tier],
      paid: isPaidTier(tier),
      expired: isExpired(user, now),
      expiresOn: formatExpiryDate(user.subscriptionExpiry),
      hasPremiumAccess,
    },
    freeGptUrl: publicLinks.freeGptUrl,
    billing: {
      planName: billing.planName,
      renewsOn: billing.cancelAtPeriodEnd ? null : formatExpiryDate(billing.expiresAt),
      endsOn: billing.cancelAtPeriodEnd ? formatExpiryDate(billing.expiresAt) : null,
      paymentFailed: billing.paymentFailed,
      pendingPlan: billing.pending
        ? (PLANS.find((plan) => plan.tier === billing.pending?.tier)?.name ?? null)
        : null,
      canManage: billing.canManage,
    },
    businesses,
    readiness,
    list: {
      /** Businesses matching the search (all of them without one): the count query's total. */
      total: list.total,
      /** All of the user's businesses, whatever the search. */
      allCount: allCount ?? list.total,
      /** How many the plan holds, and what the owner is told once the account is at it. */
      limit,
      limitLabel: TIER_LABELS[countedTier],
      limitMessage:
        (allCount ?? list.total) >= limit ? businessLimitMessage(countedTier, limit) : null,
      page: list.page,
      perPage: list.perPage,
      pageCount: list.pageCount,
      q,
    },
    tab,
    adding: tab === 'businesses' && url.searchParams.get('add') === '1',
    editing,
    confirmDelete,
    // Subscriber content only travels to subscribers.
    promptKit:
      hasPremiumAccess && tab === 'prompts'
        ? { prompts: [...PROMPT_KIT], tips: [...PROMPT_KIT_TIPS] }
        : null,
  };
}

type ActionResult = {
  intent: 'create' | 'update';
  businessId?: string;
  result: SubmissionResult<string[]>;
};

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await readFormData(request);
  const intent = formData.get('intent');
  const businessId = String(formData.get('businessId') ?? '');
  // The forms post to the page they are on (`?page=3&q=den&edit=…`): after an edit or a delete
  // the user is back on that page of that search; after an add, on page 1 where the new one is.
  const { page, q } = listParams(new URL(request.url));
  const back = dashboardListPath({ page, q });

  if (intent === 'create' || intent === 'update') {
    const submission = parseWithZod(formData, { schema: BusinessSchema });
    if (submission.status !== 'success') {
      return data<ActionResult>(
        { intent, businessId: businessId || undefined, result: submission.reply() },
        { status: 400 },
      );
    }
    const { name, description, website, industry, location } = submission.value;
    // The form always sends every field: an empty one clears it.
    const input = {
      name,
      description: description ?? null,
      website: website ?? null,
      industry: industry ?? null,
      location: location ?? null,
    };
    try {
      if (intent === 'create') {
        await createBusiness(user, input);
        return await redirectWithToast(
          '/dashboard',
          { title: 'Business added successfully!' },
          {
            request,
          },
        );
      }
      await updateBusiness(user, businessId, input);
      return await redirectWithToast(
        back,
        { title: 'Business updated successfully' },
        {
          request,
        },
      );
    } catch (error) {
      if (!isDomainError(error)) throw error;
      if (error.code === 'not_found') {
        return redirectWithToast(
          back,
          { title: 'Error', description: error.message, variant: 'destructive' },
          { request },
        );
      }
      return data<ActionResult>(
        {
          intent,
          businessId: businessId || undefined,
          result: submission.reply({ formErrors: [error.message] }),
        },
        { status: error.status },
      );
    }
  }

  if (intent === 'delete') {
    try {
      await deleteBusiness(user, businessId);
      // The last one on the last page: go back a page rather than to an empty one.
      const left = await countBusinesses(user, { q });
      return await redirectWithToast(
        dashboardListPath({ page: clampPage(page, left, BUSINESSES_PER_PAGE), q }),
        { title: 'Business deleted successfully' },
        {
          request,
        },
      );
    } catch (error) {
      if (!isDomainError(error)) throw error;
      return redirectWithToast(
        back,
        {
          title: 'Error',
          description: error.message || 'Failed to delete business',
          variant: 'destructive',
        },
        { request },
      );
    }
  }

  return redirectWithToast(
    '/dashboard',
    { title: 'Error', description: 'Unknown action', variant: 'destructive' },
    { request },
  );
}

export default function DashboardPage() {
  const loaderData = useLoaderData<typeof loader>();
  const { name, plan, tab } = loaderData;
  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-10 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">
            AI Visibility Dashboard
          </h1>
          <p className="mt-1 text-slate-700" data-testid="welcome">
            Welcome back, {name}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Link to="/" className={buttonStyles.secondary}>
            Home
          </Link>
          <Link to="/account" className={buttonStyles.secondary}>
            Account settings
          </Link>
          <Form method="post" action="/logout">
            <button type="submit" className={buttonStyles.secondary}>
              Logout
            </button>
          </Form>
        </div>
      </div>

      <ToolsPanel />
      <BillingPanel />

      {plan.hasPremiumAccess ? (
        <nav aria-label="Dashboard sections" className="border-b border-slate-200">
          <ul className="-mb-px flex flex-wrap gap-2">
            {TABS.map((item) => (
              <li key={item.id}>
                <Link
                  to={item.id === 'businesses' ? '/dashboard' : `/dashboard?tab=${item.id}`}
                  preventScrollReset
                  aria-current={tab === item.id ? 'page' : undefined}
                  className={`inline-block rounded-t-md border-b-2 px-4 py-2 text-sm font-semibold ${
                    tab === item.id
                      ? 'border-brand-600 text-brand-700'
                      : 'border-transparent text-slate-700 hover:border-slate-300 hover:text-slate-900'
                  }`}
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}

      {tab === 'prompts' && loaderData.promptKit ? (
        <PromptKit prompts={loaderData.promptKit.prompts} tips={loaderData.promptKit.tips} />
      ) : tab === 'guide' ? (
        <OptimizationGuide />
      ) : (
        <BusinessesPanel />
      )}
    </div>
  );
}

/**
 * The plan, its renewal or end date, 'Manage billing', a failed payment, and a payment that is
 * being activated (with JavaScript the page checks again every few seconds until it lands; without,
 * a refresh link).
 */
function BillingPanel() {
  const { billing, plan } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const { toast } = useToast();
  const pending = billing.pendingPlan !== null;
  const [wasPending, setWasPending] = useState(pending);

  useEffect(() => {
    if (!pending) return;
    const started = Date.now();
    const timer = setInterval(() => {
      if (Date.now() - started > 90_000) clearInterval(timer);
      else if (revalidator.state === 'idle') revalidator.revalidate();
    }, 2000);
    return () => clearInterval(timer);
  }, [pending, revalidator]);

  useEffect(() => {
    if (wasPending && !pending) {
      if (plan.hasPremiumAccess) toast(PAYMENT_SUCCESS_TOAST);
      setWasPending(false);
    } else if (pending && !wasPending) {
      setWasPending(true);
    }
  }, [pending, wasPending, plan.hasPremiumAccess, toast]);

  if (!billing.planName && !pending) return null;
  return (
    <section
      id="billing"
      aria-labelledby="billing-title"
      className="rounded-xl border border-slate-200 bg-white p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h2 id="billing-title" className="text-xl font-semibold text-slate-900">
            Billing
          </h2>
          {billing.planName ? (
            <p className="mt-1 text-sm text-slate-700" data-testid="billing-summary">
              {billing.planName} plan
              {billing.renewsOn ? ` · renews on ${billing.renewsOn}` : ''}
              {billing.endsOn ? ` · ends on ${billing.endsOn}` : ''}
            </p>
          ) : null}
        </div>
        {billing.canManage ? (
          <Form method="post" action="/billing">
            <button type="submit" className={buttonStyles.secondary}>
              Manage billing
            </button>
          </Form>
        ) : null}
      </div>
      {pending ? (
        <p
          role="status"
          className="mt-4 rounded-md border border-blue-200 bg-blue-50 p-3 text-sm text-blue-900"
          data-testid="payment-pending"
        >
          Payment received: we are activating your {billing.pendingPlan} plan.{' '}
          <Link to="/dashboard" className={linkStyles}>
            Refresh
          </Link>
        </p>
      ) : null}
      {billing.paymentFailed ? (
        <p
          role="alert"
          className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900"
        >
          Your last payment failed. Please update your card under Manage billing to keep your plan.
        </p>
      ) : null}
    </section>
  );
}

function ToolsPanel() {
  const { plan, freeGptUrl } = useLoaderData<typeof loader>();
  return (
    <section
      aria-labelledby="tools-title"
      className="rounded-xl border border-slate-200 bg-slate-50 p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="tools-title" className="text-xl font-semibold text-slate-900">
          AI Visibility Tools
        </h2>
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-700">
          <span>Current plan:</span>
          <PlanBadge tier={plan.tier} />
          {plan.expiresOn ? (
            <span data-testid="plan-expiry" className="whitespace-nowrap">
              {plan.expired ? `Expired ${plan.expiresOn}` : `Active until ${plan.expiresOn}`}
            </span>
          ) : null}
        </div>
      </div>

      <div className="mt-6 grid gap-4 md:grid-cols-2">
        <article className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
          <h3 className="text-lg font-semibold text-slate-900">Free AI Visibility Check</h3>
          <p className="mt-1 text-sm text-slate-700">
            Our free GPT tells you whether AI assistants can find and recommend your business.
          </p>
          <a
            href={freeGptUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={`${buttonStyles.secondary} mt-4`}
          >
            Try Free GPT<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </article>

        <article
          className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
          data-testid="premium-gpt-card"
        >
          <h3 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            {plan.hasPremiumAccess ? null : (
              <LockIcon
                label="Locked"
                className="h-5 w-5 text-slate-700"
                data-testid="premium-lock"
              />
            )}
            Premium AI Visibility GPT
          </h3>
          <p className="mt-1 text-sm text-slate-700">
            Step-by-step coaching to get your business recommended by AI assistants. Included in
            every paid plan.
          </p>
          {plan.paid && plan.expired ? (
            <p className="mt-2 text-sm text-red-800" data-testid="plan-expired-note">
              Your {plan.label} plan expired on {plan.expiresOn}.{' '}
              <Link to={`/checkout/${plan.tier}`} className={linkStyles}>
                Renew your plan
              </Link>
            </p>
          ) : null}
          {plan.hasPremiumAccess ? (
            <PremiumGptButton className={`${buttonStyles.primary} mt-4`} />
          ) : (
            <Link to="/pricing" className={`${buttonStyles.primary} mt-4`}>
              Upgrade to Access
            </Link>
          )}
        </article>
      </div>

      <div className="mt-6 flex flex-wrap items-center gap-3">
        <h3 className="text-sm font-semibold text-slate-900">Quick actions:</h3>
        <a
          href={freeGptUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonStyles.secondary}
        >
          Test AI Visibility<span className="sr-only"> (opens in a new tab)</span>
        </a>
        <Link to="/dashboard?add=1#add-business-panel" className={buttonStyles.secondary}>
          Add Business
        </Link>
      </div>
    </section>
  );
}

function BusinessesPanel() {
  const { businesses, readiness, list, adding, editing, confirmDelete, freeGptUrl } =
    useLoaderData<typeof loader>();
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
        {showAdd ? null : (
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
            noun="businesses"
            pageLinks
            hash="#businesses-title"
          />
        ) : null}
      </div>
    </section>
  );
}

function BusinessCard({
  business,
  readiness,
  back,
  freeGptUrl,
  editTo,
  deleteTo,
}: {
  business: BusinessView;
  readiness: AuditStanding | null;
  back: string;
  freeGptUrl: string;
  editTo: string;
  deleteTo: string;
}) {
  return (
    <li
      className="flex flex-col rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="business-card"
    >
      <h3 className="text-lg font-semibold text-slate-900">{business.name}</h3>
      {business.description ? (
        <p className="mt-1 text-sm text-slate-700">{business.description}</p>
      ) : null}
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        {business.website ? (
          <>
            <dt className="font-medium text-slate-600">Website</dt>
            <dd className="min-w-0 truncate">
              <a
                href={business.website}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className={linkStyles}
              >
                {business.website}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </dd>
          </>
        ) : null}
        {business.industry ? (
          <>
            <dt className="font-medium text-slate-600">Industry</dt>
            <dd className="text-slate-900">{business.industry}</dd>
          </>
        ) : null}
        {business.location ? (
          <>
            <dt className="font-medium text-slate-600">Location</dt>
            <dd className="text-slate-900">{business.location}</dd>
          </>
        ) : null}
      </dl>
      <div
        className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-md border border-slate-200 bg-slate-50 p-3"
        data-testid="business-readiness"
      >
        <div className="min-w-0">
          <p className="text-sm font-semibold text-slate-900">AI readiness</p>
          {readiness?.score !== null && readiness?.score !== undefined ? (
            <div className="mt-1 flex flex-wrap items-center gap-3">
              <ScoreBadge score={readiness.score} />
              <Sparkline scores={readiness.trend} width={80} height={24} />
              <Link
                to={`/dashboard/businesses/${business.id}/audit`}
                className={`${linkStyles} text-sm`}
              >
                View report<span className="sr-only"> for {business.name}</span>
              </Link>
            </div>
          ) : (
            <p className="mt-1 text-sm text-slate-700">
              {business.website ? 'Not checked yet.' : 'Add a website to check it.'}
            </p>
          )}
        </div>
        {business.website ? (
          <CheckReadinessForm
            businessId={business.id}
            businessName={business.name}
            back={back}
            className={buttonStyles.secondary}
          />
        ) : null}
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <a
          href={freeGptUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonStyles.secondary}
        >
          Test AI Visibility
          <span className="sr-only"> for {business.name} (opens in a new tab)</span>
        </a>
        <Link to={editTo} preventScrollReset className={buttonStyles.ghost}>
          Edit<span className="sr-only"> {business.name}</span>
        </Link>
        <Link
          to={deleteTo}
          preventScrollReset
          className={`${buttonStyles.ghost} text-red-800 hover:bg-red-50 hover:text-red-900`}
        >
          Delete<span className="sr-only"> {business.name}</span>
        </Link>
      </div>
    </li>
  );
}
