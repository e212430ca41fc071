import { Form, Link, useLoaderData } from 'react-router';
import { FormAlert, InputField } from '~/components/ui/field';
import { useServerForm } from '~/components/ui/server-form';
import { buttonStyles } from '~/components/ui/styles';
import { UrlDialog } from '~/components/ui/url-dialog';
import { LAST_ADMIN_DELETE_MESSAGE, PAID_PLAN_DELETE_MESSAGE } from '~/content/account';
import { PASSWORD_MAX_LENGTH } from '~/schemas/limits';
import { useResult, useSubmitting } from './forms';
import type { loader } from './route';

export function DeleteDialog() {
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
