import { Form, Link, useActionData, useLoaderData, useNavigation } from 'react-router';
import { NewPasswordFields } from '~/components/new-password-fields';
import { FormAlert, InputField } from '~/components/ui/field';
import { useServerForm } from '~/components/ui/server-form';
import { buttonStyles, linkStyles } from '~/components/ui/styles';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '~/schemas/limits';
import type { Intent } from './account.server';
import type { action, loader } from './route';

export function PasswordForm() {
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
        <NewPasswordFields
          password={fields.newPassword}
          confirm={fields.confirmPassword}
          label="New password"
          confirmLabel="Confirm new password"
        />
      </div>
      <button type="submit" className={buttonStyles.primary} disabled={submitting}>
        {submitting ? 'Changing...' : 'Change password'}
      </button>
    </Form>
  );
}

export function EmailForm() {
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

export function ProfileForm() {
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

export function DigestForm() {
  const { digest } = useLoaderData<typeof loader>();
  const submitting = useSubmitting('digest');
  if (!digest.available) {
    return (
      <p className="text-sm text-slate-700" data-testid="digest-paid-only">
        Your plan sends no weekly digest.{' '}
        <Link to="/pricing" className={linkStyles}>
          See what each plan includes
        </Link>
      </p>
    );
  }
  return (
    <Form method="post" className="space-y-4">
      <input type="hidden" name="intent" value="digest" />
      <div className="flex items-start gap-3">
        <input
          // Remounted when the saved setting changes, so the box shows what was stored.
          key={String(digest.on)}
          id="account-digest"
          name="digest"
          type="checkbox"
          defaultChecked={digest.on}
          aria-describedby="account-digest-hint"
          className="text-brand-600 focus-visible:outline-brand-600 mt-1 h-4 w-4 rounded border-slate-400 focus-visible:outline-2"
        />
        <div>
          <label htmlFor="account-digest" className="font-medium text-slate-900">
            Weekly visibility digest
          </label>
          <p id="account-digest-hint" className="text-sm text-slate-700">
            Each Monday: how often each AI assistant named your businesses that week, new names in
            the answers, and a line from one answer.
          </p>
        </div>
      </div>
      <button type="submit" className={buttonStyles.secondary} disabled={submitting}>
        {submitting ? 'Saving...' : 'Save e-mail setting'}
      </button>
    </Form>
  );
}

export function useSubmitting(intent: Intent) {
  const navigation = useNavigation();
  return navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
}

export function useResult(intent: Intent) {
  const actionData = useActionData<typeof action>();
  return actionData && 'intent' in actionData && actionData.intent === intent
    ? actionData.result
    : undefined;
}
