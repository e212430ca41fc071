import type { SubmissionResult } from '@conform-to/react';
import { Form, Link, useNavigation } from 'react-router';
import { FormAlert, InputField } from '~/components/ui/field';
import { fieldProps, useServerForm } from '~/components/ui/server-form';
import { buttonStyles, inputStyles } from '~/components/ui/styles';
import { UrlDialog } from '~/components/ui/url-dialog';
import { useDates } from '~/components/time-zone';
import type { AdminUserView, AuditEntryView } from '~/domain/admin.server';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from '~/schemas/limits';

// The schemas (EditUserFormSchema, InviteAdminSchema) run in the admin action only; the browser
// gets their limits as HTML attributes and shows the action's field errors.
const editConstraint = {
  userId: { required: true },
  firstName: { maxLength: NAME_MAX_LENGTH },
  lastName: { maxLength: NAME_MAX_LENGTH },
  role: { required: true },
};
const createConstraint = {
  firstName: { required: true, maxLength: NAME_MAX_LENGTH },
  lastName: { required: true, maxLength: NAME_MAX_LENGTH },
  email: { required: true, maxLength: EMAIL_MAX_LENGTH },
};
import { AuditList } from './audit-tab';
import { dateInputValue } from '~/components/format';

function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
}

export function EditUserDialog({
  user,
  history,
  cancelTo,
  lastResult,
}: {
  user: AdminUserView;
  history: AuditEntryView[];
  cancelTo: string;
  lastResult: SubmissionResult<string[]> | null;
}) {
  const busy = useBusy('update-user');
  const dates = useDates();
  const { form, fields } = useServerForm({
    id: `edit-user-${user.id}`,
    names: ['userId', 'firstName', 'lastName', 'role', 'subscriptionExpiry'],
    lastResult,
    constraint: editConstraint,
    defaultValue: {
      userId: user.id,
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      role: user.role === 'admin' ? 'admin' : 'user',
      subscriptionExpiry: dateInputValue(user.subscriptionExpiry),
    },
  });
  return (
    <UrlDialog id="edit-user" title={`Edit ${user.email}`} cancelTo={cancelTo} testId="edit-user">
      <Form method="post" preventScrollReset {...form.props} className="space-y-3">
        <input type="hidden" name="intent" value="update-user" />
        <input type="hidden" name="userId" value={user.id} />
        <input type="hidden" name="redirectTo" value={cancelTo} />
        <FormAlert id={form.errorId} title="Failed to update user" errors={form.errors} />
        <p className="text-sm text-slate-700" data-testid="edit-user-api-keys">
          API keys: {user.apiKeyCount === 0 ? 'none' : user.apiKeyCount} (the keys themselves are
          never shown; their owner revokes them under Account settings)
        </p>
        <div className="grid gap-3 sm:grid-cols-2">
          <InputField
            field={fields.firstName}
            label="First name"
            type="text"
            maxLength={NAME_MAX_LENGTH}
          />
          <InputField
            field={fields.lastName}
            label="Last name"
            type="text"
            maxLength={NAME_MAX_LENGTH}
          />
        </div>
        <div className="space-y-1">
          <label htmlFor={fields.role.id} className="block text-sm font-medium text-slate-800">
            Role
          </label>
          <select {...fieldProps(fields.role)} key={fields.role.key} className={inputStyles}>
            <option value="user">User</option>
            <option value="admin">Admin</option>
          </select>
          <div id={fields.role.errorId} className="min-h-5 text-sm text-red-700">
            {fields.role.errors?.join(' ')}
          </div>
        </div>
        {user.billedBySubscription ? (
          // The billing's date, not the panel's (a date sent here would be refused with 409).
          <div className="space-y-1" data-testid="edit-user-billed-expiry">
            <p className="block text-sm font-medium text-slate-800">Plan expiry date</p>
            <p className="text-sm text-slate-700">
              {dates.longDate(user.subscriptionExpiry) ?? 'No expiry'}: billed by a subscription, so
              it follows the billing. Change or cancel the subscription with the payment provider.
            </p>
          </div>
        ) : (
          <InputField
            field={fields.subscriptionExpiry}
            label="Plan expiry date"
            type="date"
            hint="Access lasts through this day (UTC). Leave empty for No expiry."
          />
        )}
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Link to={cancelTo} replace preventScrollReset className={buttonStyles.secondary}>
            Cancel
          </Link>
          <button type="submit" className={buttonStyles.primary} disabled={busy}>
            {busy ? 'Saving...' : 'Save changes'}
          </button>
        </div>
      </Form>
      <section aria-labelledby="edit-user-history" className="mt-6 border-t border-slate-200 pt-4">
        <h3 id="edit-user-history" className="text-sm font-semibold text-slate-900">
          Recent changes
        </h3>
        <AuditList entries={history} compact />
      </section>
    </UrlDialog>
  );
}

export function CreateAdminDialog({
  cancelTo,
  lastResult,
}: {
  cancelTo: string;
  lastResult: SubmissionResult<string[]> | null;
}) {
  const busy = useBusy('create-admin');
  const { form, fields } = useServerForm({
    id: 'create-admin',
    names: ['firstName', 'lastName', 'email'],
    lastResult,
    constraint: createConstraint,
  });
  return (
    <UrlDialog id="create-admin" title="Create Admin" cancelTo={cancelTo} testId="create-admin">
      <Form method="post" preventScrollReset {...form.props} className="space-y-3">
        <input type="hidden" name="intent" value="create-admin" />
        <input type="hidden" name="redirectTo" value={cancelTo} />
        <FormAlert id={form.errorId} title="Failed to create admin user" errors={form.errors} />
        <div className="grid gap-3 sm:grid-cols-2">
          <InputField
            field={fields.firstName}
            label="First name"
            type="text"
            autoComplete="off"
            maxLength={NAME_MAX_LENGTH}
          />
          <InputField
            field={fields.lastName}
            label="Last name"
            type="text"
            autoComplete="off"
            maxLength={NAME_MAX_LENGTH}
          />
        </div>
        <InputField
          field={fields.email}
          label="Email"
          type="email"
          autoComplete="off"
          maxLength={EMAIL_MAX_LENGTH}
        />
        <p className="text-sm text-slate-700" data-testid="create-admin-invitation">
          They get an e-mail with a link to choose their own password (it works once, for 7 days).
          Nobody can sign in to the account before that.
        </p>
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Link to={cancelTo} replace preventScrollReset className={buttonStyles.secondary}>
            Cancel
          </Link>
          <button type="submit" className={buttonStyles.primary} disabled={busy}>
            {busy ? 'Sending...' : 'Send invitation'}
          </button>
        </div>
      </Form>
    </UrlDialog>
  );
}
