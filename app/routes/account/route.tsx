import { getZodConstraint } from '@conform-to/zod/v4';
import {
  type ActionFunctionArgs,
  Link,
  useLoaderData,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import type { ReactNode } from 'react';
import { formatDateTime } from '~/domain/dates';
import { timeZoneOf } from '~/http/time-zone.server';
import { buttonStyles, linkStyles } from '~/components/ui/styles';
import { getDeletionBlockers, listSessions } from '~/domain/account.server';
import { DIGEST_MIN_TIER, digestSetting } from '~/domain/tracking/reports/digest.server';
import { SESSIONS_PER_PAGE } from '~/content/account';
import {
  API_KEYS_PER_ACCOUNT,
  TIER_LABELS,
  apiKeyLimit,
  effectiveTier,
  normalizeTier,
} from '~/domain/tiers';
import { findApiKey, listApiKeys } from '~/domain/api-keys.server';
import { ApiKeyCreateSchema } from '~/schemas/api-keys';
import { getSessionToken, requireUser } from '~/http/auth.server';
import {
  ChangeEmailSchema,
  ChangePasswordFormSchema,
  DeleteAccountSchema,
  ProfileSchema,
} from '~/schemas/account';
import { pageParams } from '~/schemas/paging';
import { DeleteDialog } from './delete-dialog';
import { ApiKeys, RevokeKeyDialog } from './api-keys';
import { SessionList } from './session-list';
import { DigestForm, EmailForm, PasswordForm, ProfileForm } from './forms';
import { accountAction } from './account.server';

// /account: everything an owner does alone. Each section is its own plain form (an `intent`),
// validated by the action; success redirects back with a flash toast, a refusal comes back as
// field errors. Deleting asks again in a dialog addressed by `?delete=1`.

export const meta: MetaFunction = () => [
  { title: 'Account settings | AI Visibility' },
  { name: 'robots', content: 'noindex' },
];

export function action(args: ActionFunctionArgs) {
  return accountAction(args);
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const timeZone = timeZoneOf(request);
  const url = new URL(request.url);
  const { page } = pageParams(url.searchParams, {
    defaultLimit: SESSIONS_PER_PAGE,
    maxLimit: SESSIONS_PER_PAGE,
  });
  const confirmDelete = url.searchParams.get('delete') === '1';
  const revokeId = url.searchParams.get('revoke');
  const now = new Date();
  const [sessions, blockers, digest, apiKeys, revoking] = await Promise.all([
    listSessions(user.id, await getSessionToken(request), page),
    // Asked only when the dialog is open.
    confirmDelete ? getDeletionBlockers(user) : { paidPlanRunning: false, lastAdmin: false },
    digestSetting(user),
    listApiKeys(user),
    revokeId ? findApiKey(user, revokeId) : null,
  ]);
  return {
    user: { email: user.email, firstName: user.firstName, lastName: user.lastName },
    planName: TIER_LABELS[normalizeTier(user.subscriptionStatus)],
    ...blockers,
    digest,
    // The plan the weekly digest starts with, named where a plan without it says so.
    digestPlan: TIER_LABELS[DIGEST_MIN_TIER],
    confirmDelete,
    apiKeys: {
      items: apiKeys.map((key) => ({
        ...key,
        createdAt: formatDateTime(key.createdAt, timeZone),
        lastUsedAt: key.lastUsedAt ? formatDateTime(key.lastUsedAt, timeZone) : null,
      })),
      limit: apiKeyLimit(user, now),
      planName: TIER_LABELS[effectiveTier(user, now)],
      perPlan: API_KEYS_PER_ACCOUNT,
      revoking: revoking ? { id: revoking.id, name: revoking.name, prefix: revoking.prefix } : null,
    },
    sessions: {
      ...sessions,
      items: sessions.sessions.map((session) => ({
        ...session,
        signedInAt: formatDateTime(session.signedInAt, timeZone),
      })),
    },
    constraints: {
      profile: getZodConstraint(ProfileSchema),
      email: getZodConstraint(ChangeEmailSchema),
      password: getZodConstraint(ChangePasswordFormSchema),
      delete: getZodConstraint(DeleteAccountSchema),
      apiKey: getZodConstraint(ApiKeyCreateSchema),
    },
  };
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

export default function AccountPage() {
  const { planName, confirmDelete, apiKeys, digest, digestPlan } = useLoaderData<typeof loader>();
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
        id="digest"
        title="E-mails"
        description={
          digest.available
            ? 'Notices about your account and plan always reach you; the weekly digest below is yours to turn on or off.'
            : `Notices about your account and plan always reach you. The weekly visibility digest comes with ${digestPlan} and above, so there is nothing to choose on your plan.`
        }
      >
        <DigestForm />
      </Section>

      <Section
        id="sessions"
        title="Where you are signed in"
        description="Sign out a device you no longer use, or all of them but this one."
      >
        <SessionList />
      </Section>

      <Section
        id="connected-apps"
        title="Connected apps"
        description="ChatGPT, Claude and other assistants you connected by signing in (OAuth)."
      >
        <Link to="/account/connected-apps" className={buttonStyles.secondary}>
          See connected apps
        </Link>
      </Section>

      <Section
        id="api-keys"
        title="API keys"
        description={
          <>
            Let Claude, ChatGPT, Cursor or your own scripts read your figures and manage your
            tracked questions. A key acts as you, but cannot change your password, e-mail, plan or
            keys.{' '}
            <Link to="/help/mcp" className={linkStyles}>
              How to connect an AI assistant
            </Link>
          </>
        }
      >
        <ApiKeys />
      </Section>

      <Section
        id="data"
        title="Your data"
        description="A JSON file of your account, your businesses (with their audits, tracked questions and competitors), your sign-ins, and the answers and figures of your visibility tracking."
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
      {apiKeys.revoking ? <RevokeKeyDialog /> : null}
      <p className="text-sm text-slate-700">
        Forgot your password?{' '}
        <Link to="/forgot-password" className={linkStyles}>
          Get a reset link
        </Link>
      </p>
    </div>
  );
}
