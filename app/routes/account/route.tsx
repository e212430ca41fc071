import type { SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import {
  data,
  Form,
  Link,
  useActionData,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import type { ReactNode } from 'react';
import { formatDateTime } from '~/components/format';
import { FormAlert, InputField } from '~/components/ui/field';
import { Pagination } from '~/components/ui/pagination';
import { useServerForm } from '~/components/ui/server-form';
import { buttonStyles, linkStyles } from '~/components/ui/styles';
import { UrlDialog } from '~/components/ui/url-dialog';
import {
  changeEmail,
  changePassword,
  deleteAccount,
  endOtherSessions,
  endUserSession,
  getDeletionBlockers,
  listSessions,
  updateProfile,
} from '~/domain/account.server';
import {
  LAST_ADMIN_DELETE_MESSAGE,
  PAID_PLAN_DELETE_MESSAGE,
  SESSIONS_PER_PAGE,
} from '~/content/account';
import { isDomainError, type DomainError } from '~/domain/errors';
import { TIER_LABELS, normalizeTier } from '~/domain/tiers';
import { getSessionToken, requireUser, sessionCookie } from '~/http/auth.server';
import { getClientIp, readFormData, retryAfterHeaders } from '~/http/http.server';
import { getOrigin } from '~/http/origin.server';
import { redirectWithToast } from '~/http/toast.server';
import {
  ChangeEmailSchema,
  ChangePasswordFormSchema,
  DeleteAccountSchema,
  ProfileSchema,
} from '~/schemas/account';
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '~/schemas/limits';
import { pageParams } from '~/schemas/paging';

// /account: everything an owner does alone. Each section is its own plain form (an `intent`),
// validated by the action; success redirects back with a flash toast, a refusal comes back as
// field errors. Deleting asks again in a dialog addressed by `?delete=1`.

export const meta: MetaFunction = () => [
  { title: 'Account settings | AI Visibility' },
  { name: 'robots', content: 'noindex' },
];

const INTENTS = ['profile', 'email', 'password', 'end-session', 'end-others', 'delete'] as const;
type Intent = (typeof INTENTS)[number];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const { page } = pageParams(url.searchParams, {
    defaultLimit: SESSIONS_PER_PAGE,
    maxLimit: SESSIONS_PER_PAGE,
  });
  const confirmDelete = url.searchParams.get('delete') === '1';
  const [sessions, blockers] = await Promise.all([
    listSessions(user.id, await getSessionToken(request), page),
    // Asked only when the dialog is open.
    confirmDelete ? getDeletionBlockers(user) : { paidPlanRunning: false, lastAdmin: false },
  ]);
  return {
    user: { email: user.email, firstName: user.firstName, lastName: user.lastName },
    planName: TIER_LABELS[normalizeTier(user.subscriptionStatus)],
    ...blockers,
    confirmDelete,
    sessions: {
      ...sessions,
      items: sessions.sessions.map((session) => ({
        ...session,
        signedInAt: formatDateTime(session.signedInAt),
      })),
    },
    constraints: {
      profile: getZodConstraint(ProfileSchema),
      email: getZodConstraint(ChangeEmailSchema),
      password: getZodConstraint(ChangePasswordFormSchema),
      delete: getZodConstraint(DeleteAccountSchema),
    },
  };
}

type ActionResult = { intent: Intent; result: SubmissionResult<string[]> };

function fieldOf(error: DomainError): string | undefined {
  const field = error.details?.field;
  return typeof field === 'string' ? field : undefined;
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await readFormData(request);
  const intent = INTENTS.find((value) => value === formData.get('intent'));
  const client = { ipAddress: getClientIp(request, context) };
  const token = await getSessionToken(request);
  const back = (toast: Parameters<typeof redirectWithToast>[1], to = '/account') =>
    redirectWithToast(to, toast, { request });

  // A refused submission: the reason on its field (or the form), the typed passwords not echoed.
  const refuse = (
    which: Intent,
    submission: { reply: (options?: object) => SubmissionResult<string[]> },
    error: DomainError,
  ) => {
    const field = fieldOf(error);
    const hideFields = ['currentPassword', 'newPassword', 'confirmPassword', 'password'];
    const result = field
      ? submission.reply({ fieldErrors: { [field]: [error.message] }, hideFields })
      : submission.reply({ formErrors: [error.message], hideFields });
    return data<ActionResult>(
      { intent: which, result },
      { status: error.status, headers: retryAfterHeaders(error) },
    );
  };

  switch (intent) {
    case 'profile': {
      const submission = parseWithZod(formData, { schema: ProfileSchema });
      if (submission.status !== 'success') {
        return data<ActionResult>({ intent, result: submission.reply() }, { status: 400 });
      }
      await updateProfile(user.id, {
        firstName: submission.value.firstName ?? null,
        lastName: submission.value.lastName ?? null,
      });
      return back({ title: 'Name saved' });
    }
    case 'email': {
      const submission = parseWithZod(formData, { schema: ChangeEmailSchema });
      const hideFields = ['currentPassword'];
      if (submission.status !== 'success') {
        return data<ActionResult>(
          { intent, result: submission.reply({ hideFields }) },
          { status: 400 },
        );
      }
      try {
        const updated = await changeEmail(user, submission.value, client, getOrigin(request));
        return back({
          title: 'E-mail changed',
          description: `You now sign in with ${updated.email}. We sent a notice to your old address.`,
        });
      } catch (error) {
        if (!isDomainError(error)) throw error;
        return refuse(intent, submission, error);
      }
    }
    case 'password': {
      const submission = parseWithZod(formData, { schema: ChangePasswordFormSchema });
      const hideFields = ['currentPassword', 'newPassword', 'confirmPassword'];
      if (submission.status !== 'success') {
        return data<ActionResult>(
          { intent, result: submission.reply({ hideFields }) },
          { status: 400 },
        );
      }
      try {
        const { endedSessions } = await changePassword(
          user,
          submission.value,
          token,
          client,
          getOrigin(request),
        );
        return back({
          title: 'Password changed',
          description:
            endedSessions > 0
              ? `Your other sessions (${endedSessions}) were signed out.`
              : 'Use it the next time you sign in.',
        });
      } catch (error) {
        if (!isDomainError(error)) throw error;
        return refuse(intent, submission, error);
      }
    }
    case 'end-session': {
      try {
        await endUserSession(user.id, String(formData.get('sessionId') ?? ''));
        return back({ title: 'Session signed out' });
      } catch (error) {
        if (!isDomainError(error)) throw error;
        return back({ title: 'Error', description: error.message, variant: 'destructive' });
      }
    }
    case 'end-others': {
      const ended = await endOtherSessions(user.id, token);
      return back({
        title: 'Other sessions signed out',
        description:
          ended === 1 ? '1 session was signed out.' : `${ended} sessions were signed out.`,
      });
    }
    case 'delete': {
      const submission = parseWithZod(formData, { schema: DeleteAccountSchema });
      if (submission.status !== 'success') {
        return data<ActionResult>(
          { intent, result: submission.reply({ hideFields: ['password'] }) },
          { status: 400 },
        );
      }
      try {
        await deleteAccount(user, submission.value.password, client);
      } catch (error) {
        if (!isDomainError(error)) throw error;
        return refuse(intent, submission, error);
      }
      return redirectWithToast(
        '/',
        {
          title: 'Account deleted',
          description:
            'Your account and your businesses have been deleted. Thank you for trying us.',
        },
        { headers: { 'Set-Cookie': await sessionCookie.serialize('', { maxAge: 0 }) } },
      );
    }
    default:
      return back({ title: 'Error', description: 'Unknown action', variant: 'destructive' });
  }
}

function Section({
  id,
  title,
  description,
  children,
  tone = 'default',
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  tone?: 'default' | 'danger';
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={`rounded-xl border bg-white p-6 shadow-sm ${tone === 'danger' ? 'border-red-200' : 'border-slate-200'}`}
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-slate-700">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

function useResult(intent: Intent) {
  const actionData = useActionData<typeof action>();
  return actionData && 'intent' in actionData && actionData.intent === intent
    ? actionData.result
    : undefined;
}

function useSubmitting(intent: Intent) {
  const navigation = useNavigation();
  return navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
}

function ProfileForm() {
  const { user, constraints } = useLoaderData<typeof loader>();
  const { form, fields } = useServerForm({
    id: 'account-profile',
    names: ['firstName', 'lastName'],
    constraint: constraints.profile,
    lastResult: useResult('profile'),
    defaultValue: { firstName: user.firstName ?? '', lastName: user.lastName ?? '' },
  });
  const submitting = useSubmitting('profile');
  return (
    <Form method="post" className="space-y-4" {...form.props}>
      <input type="hidden" name="intent" value="profile" />
      <FormAlert id={form.errorId} title="Name not saved" errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          field={fields.firstName}
          label="First name"
          type="text"
          autoComplete="given-name"
          maxLength={NAME_MAX_LENGTH}
        />
        <InputField
          field={fields.lastName}
          label="Last name"
          type="text"
          autoComplete="family-name"
          maxLength={NAME_MAX_LENGTH}
        />
      </div>
      <button type="submit" className={buttonStyles.primary} disabled={submitting}>
        {submitting ? 'Saving...' : 'Save name'}
      </button>
    </Form>
  );
}

function EmailForm() {
  const { user, constraints } = useLoaderData<typeof loader>();
  const { form, fields } = useServerForm({
    id: 'account-email',
    names: ['email', 'currentPassword'],
    constraint: constraints.email,
    lastResult: useResult('email'),
  });
  const submitting = useSubmitting('email');
  return (
    <Form method="post" className="space-y-4" {...form.props}>
      <input type="hidden" name="intent" value="email" />
      <FormAlert id={form.errorId} title="E-mail not changed" errors={form.errors} />
      <p className="text-sm text-slate-700">
        You sign in with <strong data-testid="account-email">{user.email}</strong>.
      </p>
      <InputField
        field={fields.email}
        label="New e-mail"
        type="email"
        autoComplete="email"
        maxLength={EMAIL_MAX_LENGTH}
      />
      <InputField
        field={fields.currentPassword}
        label="Current password"
        type="password"
        autoComplete="current-password"
        maxLength={PASSWORD_MAX_LENGTH}
      />
      <button type="submit" className={buttonStyles.primary} disabled={submitting}>
        {submitting ? 'Changing...' : 'Change e-mail'}
      </button>
    </Form>
  );
}

function PasswordForm() {
  const { user, constraints } = useLoaderData<typeof loader>();
  const { form, fields } = useServerForm({
    id: 'account-password',
    names: ['currentPassword', 'newPassword', 'confirmPassword'],
    constraint: constraints.password,
    lastResult: useResult('password'),
  });
  const submitting = useSubmitting('password');
  return (
    <Form method="post" className="space-y-4" {...form.props}>
      <input type="hidden" name="intent" value="password" />
      {/* Lets password managers file the new password under this account. */}
      <input type="hidden" name="username" autoComplete="username" value={user.email} />
      <FormAlert id={form.errorId} title="Password not changed" errors={form.errors} />
      <InputField
        field={fields.currentPassword}
        label="Current password"
        type="password"
        autoComplete="current-password"
        maxLength={PASSWORD_MAX_LENGTH}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          field={fields.newPassword}
          label="New password"
          type="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        />
        <InputField
          field={fields.confirmPassword}
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
        />
      </div>
      <button type="submit" className={buttonStyles.primary} disabled={submitting}>
        {submitting ? 'Changing...' : 'Change password'}
      </button>
    </Form>
  );
}

function SessionList() {
  const { sessions } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const endingId =
    navigation.state === 'submitting' && navigation.formData?.get('intent') === 'end-session'
      ? navigation.formData.get('sessionId')
      : null;
  const endingOthers = useSubmitting('end-others');
  const others = sessions.total - (sessions.items.some((s) => s.current) ? 1 : 0);
  return (
    <div className="space-y-4">
      <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
        {sessions.items.map((session) => (
          <li
            key={session.id}
            className="flex flex-wrap items-center justify-between gap-3 p-4"
            data-testid="account-session"
          >
            <div className="min-w-0 text-sm">
              <p className="font-medium text-slate-900">
                {session.device}
                {session.current ? (
                  <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">
                    This device
                  </span>
                ) : null}
              </p>
              <p className="text-slate-700">
                Signed in {session.signedInAt}
                {session.ipAddress ? ` · ${session.ipAddress}` : ''}
              </p>
            </div>
            {session.current ? null : (
              <Form method="post">
                <input type="hidden" name="intent" value="end-session" />
                <input type="hidden" name="sessionId" value={session.id} />
                <button
                  type="submit"
                  className={buttonStyles.secondary}
                  disabled={endingId === session.id}
                  aria-label={`Sign out ${session.device}, signed in ${session.signedInAt}`}
                >
                  {endingId === session.id ? 'Signing out...' : 'Sign out'}
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {sessions.pageCount > 1 ? (
        <Pagination
          page={sessions.page}
          pageCount={sessions.pageCount}
          total={sessions.total}
          noun="sessions"
          perPage={SESSIONS_PER_PAGE}
          hash="#sessions-title"
        />
      ) : null}
      {others > 0 ? (
        <Form method="post">
          <input type="hidden" name="intent" value="end-others" />
          <button type="submit" className={buttonStyles.secondary} disabled={endingOthers}>
            {endingOthers ? 'Signing out...' : 'Sign out all other sessions'}
          </button>
        </Form>
      ) : (
        <p className="text-sm text-slate-700">You are not signed in anywhere else.</p>
      )}
    </div>
  );
}

function DeleteDialog() {
  const { paidPlanRunning, lastAdmin, constraints } = useLoaderData<typeof loader>();
  const { form, fields } = useServerForm({
    id: 'account-delete',
    names: ['password'],
    constraint: constraints.delete,
    lastResult: useResult('delete'),
  });
  const submitting = useSubmitting('delete');
  const blocked = paidPlanRunning
    ? PAID_PLAN_DELETE_MESSAGE
    : lastAdmin
      ? LAST_ADMIN_DELETE_MESSAGE
      : null;
  return (
    <UrlDialog
      id="delete-account"
      title="Delete your account?"
      cancelTo="/account"
      testId="delete-account-dialog"
    >
      {blocked ? (
        <div className="space-y-4 text-sm">
          <p
            role="alert"
            className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950"
          >
            {blocked}
          </p>
          <div className="flex flex-wrap justify-end gap-2">
            <Link to="/account" replace preventScrollReset className={buttonStyles.secondary}>
              Close
            </Link>
            {paidPlanRunning ? (
              <Form method="post" action="/billing">
                <button type="submit" className={buttonStyles.primary}>
                  Manage billing
                </button>
              </Form>
            ) : null}
          </div>
        </div>
      ) : (
        <Form method="post" action="/account?delete=1" className="space-y-4" {...form.props}>
          <input type="hidden" name="intent" value="delete" />
          <p className="text-sm text-slate-700">
            This deletes your account, your businesses and your sessions, and cannot be undone.
            Enter your password to confirm.
          </p>
          <FormAlert id={form.errorId} title="Account not deleted" errors={form.errors} />
          <InputField
            field={fields.password}
            label="Password"
            type="password"
            autoComplete="current-password"
            maxLength={PASSWORD_MAX_LENGTH}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Link to="/account" replace preventScrollReset className={buttonStyles.secondary}>
              Cancel
            </Link>
            <button type="submit" className={buttonStyles.danger} disabled={submitting}>
              {submitting ? 'Deleting...' : 'Delete my account'}
            </button>
          </div>
        </Form>
      )}
    </UrlDialog>
  );
}

export default function AccountPage() {
  const { planName, confirmDelete } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl space-y-8 px-4 py-10 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Account settings</h1>
          <p className="mt-1 text-slate-700">
            Plan: <strong>{planName}</strong>
          </p>
        </div>
        <Link to="/dashboard" className={buttonStyles.secondary}>
          Back to dashboard
        </Link>
      </div>

      <Section
        id="profile"
        title="Your name"
        description="How we greet you in the site and in our e-mails."
      >
        <ProfileForm />
      </Section>

      <Section
        id="email"
        title="Sign-in e-mail"
        description="We send a notice to your old address when it changes."
      >
        <EmailForm />
      </Section>

      <Section
        id="password"
        title="Password"
        description="Changing it signs out every other session."
      >
        <PasswordForm />
      </Section>

      <Section
        id="sessions"
        title="Where you are signed in"
        description="Sign out a device you no longer use, or all of them but this one."
      >
        <SessionList />
      </Section>

      <Section
        id="data"
        title="Your data"
        description="A JSON file of your account, your businesses and your sign-ins."
      >
        <a href="/account/export" download className={buttonStyles.secondary}>
          Download my data
        </a>
      </Section>

      <Section
        id="delete"
        tone="danger"
        title="Delete account"
        description="Your account, businesses and sessions are deleted for good. A running paid plan must be cancelled first."
      >
        <Link to="/account?delete=1" preventScrollReset className={buttonStyles.danger}>
          Delete my account…
        </Link>
      </Section>

      {confirmDelete ? <DeleteDialog /> : null}
      <p className="text-sm text-slate-700">
        Forgot your password?{' '}
        <Link to="/forgot-password" className={linkStyles}>
          Get a reset link
        </Link>
      </p>
    </div>
  );
}
