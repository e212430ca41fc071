import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import {
  data,
  Form,
  Link,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { AdminTabs, parseAdminTab, type AdminTab } from '~/routes/admin/admin-tabs';
import { AuditTab } from '~/routes/admin/audit-tab';
import { BusinessesTab } from '~/routes/admin/businesses-tab';
import { InquiriesTab } from '~/routes/admin/inquiries-tab';
import { JobsTab } from '~/routes/admin/jobs-tab';
import { LoginsTab } from '~/routes/admin/logins-tab';
import { OutboxTab } from '~/routes/admin/outbox-tab';
import { OverviewTab } from '~/routes/admin/overview-tab';
import { UsageTab } from '~/routes/admin/usage-tab';
import { CreateAdminDialog, EditUserDialog } from '~/routes/admin/user-dialogs';
import { UsersTab, useListUrl } from '~/routes/admin/users-tab';
import { buttonStyles } from '~/components/ui/styles';
import {
  createAdminUser,
  getAnalytics,
  getTabCounts,
  getUserForAdmin,
  listAccessLogs,
  listAllBusinesses,
  getBusinessAuditsForAdmin,
  getJobsOverview,
  listAuditLog,
  listInquiries,
  listLoginHistory,
  listOutbox,
  listUsers,
  retryJobAsAdmin,
  updateUserAsAdmin,
  type AdminActor,
} from '~/domain/admin.server';
import { DomainError, isDomainError } from '~/domain/errors';
import { activateTestSubscription, listUnmatchedPayments } from '~/domain/payments.server';
import { isTier } from '~/domain/tiers';
import { requireAdmin } from '~/http/auth.server';
import { readFormData, safeRedirect } from '~/http/http.server';
import { redirectWithToast } from '~/http/toast.server';
import {
  ADMIN_PAGE_SIZE,
  CreateAdminSchema,
  EditUserFormSchema,
  pageParams,
  searchParam,
  SetTierFormSchema,
} from '~/schemas/admin';
import { TestWebhookSchema } from '~/schemas/payments';

export const meta: MetaFunction = () => [{ title: 'Admin Panel | AI Visibility' }];

/** Only what the open tab needs is loaded; every list is one page of 50 and its count. */
async function loadTab(actor: AdminActor, tab: AdminTab, params: URLSearchParams) {
  const page = pageParams(params, { defaultLimit: ADMIN_PAGE_SIZE, maxLimit: ADMIN_PAGE_SIZE });
  switch (tab) {
    case 'overview': {
      const [analytics, unmatchedPayments] = await Promise.all([
        getAnalytics(actor),
        listUnmatchedPayments(actor, { page: page.page, limit: 10 }),
      ]);
      return {
        tab,
        counts: { users: analytics.totalUsers, businesses: analytics.totalBusinesses },
        analytics,
        unmatchedPayments,
      } as const;
    }
    case 'users': {
      const query = searchParam(params);
      const tierParam = params.get('tier');
      const tier = isTier(tierParam) ? tierParam : null;
      const editId = params.get('edit');
      const [counts, users, editing] = await Promise.all([
        getTabCounts(actor),
        listUsers(actor, { ...page, query: query || undefined, tier: tier ?? undefined }),
        editId
          ? Promise.all([
              getUserForAdmin(actor, editId),
              listAuditLog(actor, { page: 1, limit: 10, userId: editId }),
            ]).then(
              ([user, history]) => ({ user, history: history.items }),
              () => null,
            )
          : null,
      ]);
      return {
        tab,
        counts,
        users,
        query,
        tier,
        editing,
        creating: params.get('create') === '1',
      } as const;
    }
    case 'businesses': {
      const query = searchParam(params);
      const auditsOf = params.get('audits');
      const [counts, businesses, audits] = await Promise.all([
        getTabCounts(actor),
        listAllBusinesses(actor, { ...page, query: query || undefined }),
        auditsOf
          ? getBusinessAuditsForAdmin(actor, auditsOf, {
              // The audits' own page, apart from the businesses list's `page`.
              page: pageParams(new URLSearchParams({ page: params.get('auditPage') ?? '1' }), {
                defaultLimit: ADMIN_PAGE_SIZE,
                maxLimit: ADMIN_PAGE_SIZE,
              }).page,
              auditId: params.get('audit') ?? undefined,
            })
          : null,
      ]);
      return { tab, counts, businesses, query, audits } as const;
    }
    case 'logins': {
      const [counts, logins] = await Promise.all([
        getTabCounts(actor),
        listLoginHistory(actor, page),
      ]);
      return { tab, counts, logins } as const;
    }
    case 'usage': {
      const resultParam = params.get('result');
      const result = resultParam === 'allowed' || resultParam === 'denied' ? resultParam : null;
      const [counts, logs] = await Promise.all([
        getTabCounts(actor),
        listAccessLogs(actor, { ...page, result: result ?? undefined }),
      ]);
      return { tab, counts, logs, result } as const;
    }
    case 'inquiries': {
      const [counts, inquiries] = await Promise.all([
        getTabCounts(actor),
        listInquiries(actor, page),
      ]);
      return { tab, counts, inquiries } as const;
    }
    case 'outbox': {
      const status = params.get('status') === 'failed' ? 'failed' : null;
      const [counts, messages] = await Promise.all([
        getTabCounts(actor),
        listOutbox(actor, { ...page, status: status ?? undefined }),
      ]);
      return { tab, counts, messages, status } as const;
    }
    case 'jobs': {
      const [counts, jobs] = await Promise.all([getTabCounts(actor), getJobsOverview(actor, page)]);
      return { tab, counts, jobs } as const;
    }
    case 'audit': {
      const [counts, audit] = await Promise.all([getTabCounts(actor), listAuditLog(actor, page)]);
      return { tab, counts, audit } as const;
    }
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  return data(await loadTab(actor, parseAdminTab(params.get('tab')), params), {
    headers: { 'Cache-Control': 'no-store' },
  });
}

type ActionResult = { intent: 'update-user' | 'create-admin'; result: SubmissionResult<string[]> };

/** Where a form goes back to: the list it was posted from, never off the admin panel. */
function backTo(formData: FormData) {
  const to = safeRedirect(formData.get('redirectTo'), '/admin?tab=users');
  return to.startsWith('/admin') ? to : '/admin?tab=users';
}

export async function action({ request }: ActionFunctionArgs) {
  const actor = await requireAdmin(request);
  const formData = await readFormData(request);
  const intent = formData.get('intent');
  const back = backTo(formData);

  if (intent === 'set-tier') {
    const parsed = SetTierFormSchema.safeParse(Object.fromEntries(formData));
    try {
      if (!parsed.success) {
        throw new Error(parsed.error.issues[0]?.message ?? 'Invalid request');
      }
      await updateUserAsAdmin(actor, parsed.data.userId, {
        subscriptionStatus: parsed.data.subscriptionStatus,
      });
      return redirectWithToast(
        back,
        { title: 'User subscription updated successfully' },
        { request },
      );
    } catch (error) {
      if (parsed.success && !isDomainError(error)) throw error;
      return redirectWithToast(
        back,
        {
          title: 'Failed to update user subscription',
          description: error instanceof Error ? error.message : undefined,
          variant: 'destructive',
        },
        { request },
      );
    }
  }

  if (intent === 'webhook-test') {
    const parsed = TestWebhookSchema.safeParse(Object.fromEntries(formData));
    try {
      if (!parsed.success) {
        throw new DomainError(
          'invalid_input',
          parsed.error.issues[0]?.message ?? 'Invalid request',
        );
      }
      const result = await activateTestSubscription(actor, parsed.data);
      return redirectWithToast(
        '/admin',
        { title: `Webhook test successful! Activated subscription for: ${result.email}` },
        { request },
      );
    } catch (error) {
      if (!isDomainError(error)) console.error('Webhook test error', error);
      return redirectWithToast(
        '/admin',
        {
          title: isDomainError(error)
            ? `Webhook test failed: ${error.message}`
            : 'Webhook test error',
          variant: 'destructive',
        },
        { request },
      );
    }
  }

  if (intent === 'retry-job') {
    const jobsTab = safeRedirect(formData.get('redirectTo'), '/admin?tab=jobs');
    const to = jobsTab.startsWith('/admin?tab=jobs') ? jobsTab : '/admin?tab=jobs';
    const queue = formData.get('queue');
    const jobId = formData.get('jobId');
    try {
      if (typeof queue !== 'string' || typeof jobId !== 'string' || !queue || !jobId) {
        throw new DomainError('invalid_input', 'Choose a failed job to retry');
      }
      await retryJobAsAdmin(actor, queue, jobId);
      return redirectWithToast(to, { title: 'Job queued to run again' }, { request });
    } catch (error) {
      if (!isDomainError(error)) throw error;
      return redirectWithToast(
        to,
        { title: 'Retry failed', description: error.message, variant: 'destructive' },
        { request },
      );
    }
  }

  if (intent === 'update-user') {
    const submission = parseWithZod(formData, { schema: EditUserFormSchema });
    if (submission.status !== 'success') {
      return data<ActionResult>({ intent, result: submission.reply() }, { status: 400 });
    }
    const { userId, firstName, lastName, role, subscriptionExpiry } = submission.value;
    try {
      // The form always sends every field: an empty one clears it.
      await updateUserAsAdmin(actor, userId, {
        firstName: firstName ?? null,
        lastName: lastName ?? null,
        role,
        subscriptionExpiry: subscriptionExpiry ?? null,
      });
    } catch (error) {
      if (!isDomainError(error)) throw error;
      return data<ActionResult>(
        { intent, result: submission.reply({ formErrors: [error.message] }) },
        { status: error.status },
      );
    }
    return redirectWithToast(back, { title: 'User updated successfully' }, { request });
  }

  if (intent === 'create-admin') {
    const submission = parseWithZod(formData, { schema: CreateAdminSchema });
    if (submission.status !== 'success') {
      return data<ActionResult>({ intent, result: submission.reply() }, { status: 400 });
    }
    try {
      await createAdminUser(actor, submission.value);
    } catch (error) {
      if (!isDomainError(error)) throw error;
      return data<ActionResult>(
        {
          intent,
          result: submission.reply({ formErrors: [error.message], hideFields: ['password'] }),
        },
        { status: error.status },
      );
    }
    return redirectWithToast(back, { title: 'Admin user created successfully' }, { request });
  }

  return redirectWithToast(
    back,
    { title: 'Error', description: 'Unknown action', variant: 'destructive' },
    { request },
  );
}

export default function AdminPage() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionResult | undefined;
  const listUrl = useListUrl();

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-10 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Admin Panel</h1>
        <div className="flex items-center gap-2">
          <Link to="/dashboard" className={buttonStyles.secondary}>
            Dashboard
          </Link>
          <Form method="post" action="/logout">
            <button type="submit" className={buttonStyles.secondary}>
              Logout
            </button>
          </Form>
        </div>
      </div>

      <AdminTabs current={loaderData.tab} counts={loaderData.counts} />

      <div
        id="admin-panel"
        role="tabpanel"
        aria-labelledby={`admin-tab-${loaderData.tab}`}
        className="min-w-0"
      >
        {loaderData.tab === 'overview' ? (
          <OverviewTab
            analytics={loaderData.analytics}
            unmatchedPayments={loaderData.unmatchedPayments}
          />
        ) : loaderData.tab === 'users' ? (
          <>
            <UsersTab users={loaderData.users} query={loaderData.query} tier={loaderData.tier} />
            {loaderData.editing ? (
              <EditUserDialog
                key={loaderData.editing.user.id}
                user={loaderData.editing.user}
                history={loaderData.editing.history}
                cancelTo={listUrl}
                lastResult={actionData?.intent === 'update-user' ? actionData.result : null}
              />
            ) : null}
            {loaderData.creating || actionData?.intent === 'create-admin' ? (
              <CreateAdminDialog
                cancelTo={listUrl}
                lastResult={actionData?.intent === 'create-admin' ? actionData.result : null}
              />
            ) : null}
          </>
        ) : loaderData.tab === 'businesses' ? (
          <BusinessesTab
            businesses={loaderData.businesses}
            query={loaderData.query}
            audits={loaderData.audits}
          />
        ) : loaderData.tab === 'logins' ? (
          <LoginsTab logins={loaderData.logins} />
        ) : loaderData.tab === 'usage' ? (
          <UsageTab logs={loaderData.logs} result={loaderData.result} />
        ) : loaderData.tab === 'inquiries' ? (
          <InquiriesTab inquiries={loaderData.inquiries} />
        ) : loaderData.tab === 'outbox' ? (
          <OutboxTab messages={loaderData.messages} status={loaderData.status} />
        ) : loaderData.tab === 'jobs' ? (
          <JobsTab
            queues={loaderData.jobs.queues}
            failed={loaderData.jobs.failed}
            redirectTo={listUrl}
          />
        ) : (
          <AuditTab audit={loaderData.audit} />
        )}
      </div>
    </div>
  );
}
