import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import {
  data,
  Form,
  Link,
  redirect,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { AdminTabs, parseAdminTab } from './admin-tabs';
import { AuditTab } from './audit-tab';
import { BusinessesTab } from './businesses-tab';
import { InquiriesTab } from './inquiries-tab';
import { JobsTab } from './jobs-tab';
import { LoginsTab } from './logins-tab';
import { OutboxTab } from './outbox-tab';
import { OverviewTab } from './overview-tab';
import { TrackingTab } from './tracking-tab';
import { UsageTab } from './usage-tab';
import { ChangePlanDialog } from './plan-dialog';
import { CreateAdminDialog, EditUserDialog } from './user-dialogs';
import { UsersTab, useListUrl, withParam } from './users-tab';
import { buttonStyles } from '~/components/ui/styles';
import { retryJobAsAdmin, updateUserAsAdmin } from '~/domain/admin.server';
import { inviteAdmin, resendInvitation } from '~/domain/admin-invite.server';
import { INVITATION_LINK_DAYS } from '~/mail/messages.server';
import { getOrigin } from '~/http/origin.server';
import { DomainError, isDomainError } from '~/domain/errors';
import { normalizeTier, TIER_LABELS } from '~/domain/tiers';
import {
  activateTestSubscription,
  describeTestActivation,
} from '~/domain/payments/test-events.server';
import { requireAdmin } from '~/http/auth.server';
import { proxyWarning, readFormData, safeRedirect } from '~/http/http.server';
import { redirectWithToast } from '~/http/toast.server';
import { EditUserFormSchema, InviteAdminSchema, SetTierFormSchema } from '~/schemas/admin';
import { TestWebhookSchema } from '~/schemas/payments';
import { loadTab, pagedListOf } from './tab-data.server';
import { redirectPastLastPage } from '~/http/last-page.server';

export const meta: MetaFunction = () => [{ title: 'Admin Panel | AI Visibility' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const tab = await loadTab(actor, parseAdminTab(params.get('tab')), params);
  redirectPastLastPage(request, pagedListOf(tab));
  return data(
    { ...tab, proxyWarning: proxyWarning(request) },
    {
      headers: { 'Cache-Control': 'no-store' },
    },
  );
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
      const { userId, subscriptionStatus, confirmed } = parsed.data;
      // A plan changes only from its confirmation, which says what happens (with JavaScript the
      // select opens it; without, its button does): anything else is shown the confirmation.
      if (!confirmed) {
        return redirect(
          withParam(withParam(back, 'changePlan', userId), 'plan', subscriptionStatus),
        );
      }
      const updated = await updateUserAsAdmin(actor, userId, { subscriptionStatus });
      return redirectWithToast(
        back,
        {
          title: 'User subscription updated successfully',
          description: `${updated.email} is now on ${TIER_LABELS[normalizeTier(updated.subscriptionStatus)]}. Nothing is charged or refunded: a plan set here is not billed.`,
        },
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
        {
          title: `Webhook test successful! Activated subscription for: ${result.email}`,
          description: describeTestActivation(result),
        },
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

  if (intent === 'resend-invitation') {
    const userId = formData.get('userId');
    try {
      if (typeof userId !== 'string' || !userId) {
        throw new DomainError('invalid_input', 'Choose a user to send the invitation to');
      }
      const sent = await resendInvitation(actor, userId, getOrigin(request));
      return redirectWithToast(
        back,
        {
          title: 'Invitation sent again',
          description: `${sent.email} gets a new link to choose their password, for ${INVITATION_LINK_DAYS} days. The links sent before no longer work.`,
        },
        { request },
      );
    } catch (error) {
      if (!isDomainError(error)) throw error;
      return redirectWithToast(
        back,
        { title: 'Invitation not sent', description: error.message, variant: 'destructive' },
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
      // The form sends every field (an empty one clears it), but the expiry of a user a
      // subscription bills, which is the billing's and not shown as a field.
      await updateUserAsAdmin(actor, userId, {
        firstName: firstName ?? null,
        lastName: lastName ?? null,
        role,
        subscriptionExpiry: formData.has('subscriptionExpiry')
          ? (subscriptionExpiry ?? null)
          : undefined,
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
    // An invitation: the admin never types (or learns) another person's password.
    const submission = parseWithZod(formData, { schema: InviteAdminSchema });
    if (submission.status !== 'success') {
      return data<ActionResult>({ intent, result: submission.reply() }, { status: 400 });
    }
    let invited: Awaited<ReturnType<typeof inviteAdmin>>;
    try {
      invited = await inviteAdmin(actor, submission.value, getOrigin(request));
    } catch (error) {
      if (!isDomainError(error)) throw error;
      return data<ActionResult>(
        { intent, result: submission.reply({ formErrors: [error.message] }) },
        { status: error.status },
      );
    }
    return redirectWithToast(
      back,
      {
        title: 'Invitation sent',
        description: `${invited.email} gets an e-mail with a link to choose their password. The link works once, for ${INVITATION_LINK_DAYS} days.`,
      },
      { request },
    );
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

      {loaderData.proxyWarning ? (
        <div
          role="alert"
          className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
          data-testid="admin-proxy-warning"
        >
          <p className="font-semibold">Every visitor looks like one address</p>
          <p className="mt-1">{loaderData.proxyWarning}</p>
        </div>
      ) : null}

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
            <UsersTab
              users={loaderData.users}
              query={loaderData.query}
              tier={loaderData.tier}
              changingId={loaderData.changing?.user.id ?? null}
            />
            {loaderData.changing ? (
              <ChangePlanDialog
                key={`${loaderData.changing.user.id}-${loaderData.changing.to}`}
                change={loaderData.changing}
                cancelTo={listUrl}
              />
            ) : null}
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
          <LoginsTab logins={loaderData.logins} lockouts={loaderData.lockouts} />
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
        ) : loaderData.tab === 'tracking' ? (
          <TrackingTab overview={loaderData.tracking} />
        ) : (
          <AuditTab audit={loaderData.audit} />
        )}
      </div>
    </div>
  );
}
