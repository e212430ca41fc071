import { Form, Link, useActionData, useLoaderData } from 'react-router';
import { FormAlert, InputField } from '~/components/ui/field';
import { useServerForm } from '~/components/ui/server-form';
import { buttonStyles } from '~/components/ui/styles';
import { ShownOnce } from '~/components/ui/shown-once';
import { UrlDialog } from '~/components/ui/url-dialog';
import { TIER_LABELS, TIERS } from '~/domain/tiers';
import { API_KEY_NAME_MAX_LENGTH } from '~/schemas/api-keys';
import { useResult, useSubmitting } from './forms';
import type { action, loader } from './route';

// The account page's API keys: make one (shown once, in full, on the page the form's answer
// renders), the list (name, prefix, created, last used) and revoke (confirmed in a dialog at
// ?revoke=<id>). Plain forms, so all of it works without JavaScript.

function CreatedKey() {
  const actionData = useActionData<typeof action>();
  const created = actionData && 'createdKey' in actionData ? actionData.createdKey : undefined;
  if (!created) return null;
  return (
    <ShownOnce
      heading={<>Your new key “{created.name}”: copy it now. It is shown only this once.</>}
      value={created.key}
      label="API key"
      testId="api-key-created"
      valueTestId="api-key-value"
    />
  );
}

export function ApiKeys() {
  const { apiKeys, constraints } = useLoaderData<typeof loader>();
  const { form, fields } = useServerForm({
    id: 'account-api-key',
    names: ['name'],
    constraint: constraints.apiKey,
    lastResult: useResult('api-key-create'),
  });
  const creating = useSubmitting('api-key-create');
  const actionData = useActionData<typeof action>();
  const createdPrefix =
    actionData && 'createdKey' in actionData ? actionData.createdKey?.prefix : undefined;
  const atLimit = apiKeys.items.length >= apiKeys.limit;
  return (
    <div className="space-y-4">
      <CreatedKey />
      {apiKeys.items.length ? (
        <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
          {apiKeys.items.map((key) => (
            <li
              key={key.id}
              className="flex flex-wrap items-center justify-between gap-3 p-4"
              data-testid="api-key-row"
            >
              <div className="min-w-0 text-sm">
                <p className="font-medium text-slate-900">
                  {key.name}{' '}
                  <code className="ml-1 rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-800">
                    {key.prefix}…
                  </code>
                </p>
                <p className="text-slate-700">
                  Created {key.createdAt} ·{' '}
                  {key.lastUsedAt ? `Last used ${key.lastUsedAt}` : 'Never used'}
                </p>
              </div>
              <Link
                to={`/account?revoke=${encodeURIComponent(key.id)}`}
                preventScrollReset
                className={buttonStyles.secondary}
                aria-label={`Revoke ${key.name} (${key.prefix}…)`}
              >
                Revoke…
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-700">You have no API keys.</p>
      )}
      <p className="text-sm text-slate-700" data-testid="api-key-count">
        {apiKeys.items.length} of {apiKeys.limit} {apiKeys.limit === 1 ? 'key' : 'keys'} in use on
        your {apiKeys.planName} plan. Keys per plan:{' '}
        {TIERS.map((tier) => `${TIER_LABELS[tier]} ${apiKeys.perPlan[tier]}`).join(', ')}.
      </p>
      {atLimit ? (
        <p className="text-sm text-slate-700" data-testid="api-key-at-limit">
          Your plan&rsquo;s keys are all in use: revoke one to make another, or{' '}
          <Link to="/pricing" className="link">
            see the plans
          </Link>
          .
        </p>
      ) : (
        // Remounted after each new key, so the name field starts empty again.
        <Form method="post" className="space-y-4" key={createdPrefix ?? 'new'} {...form.props}>
          <input type="hidden" name="intent" value="api-key-create" />
          <FormAlert id={form.errorId} title="Key not created" errors={form.errors} />
          <InputField
            field={fields.name}
            label="Name of the new key"
            type="text"
            autoComplete="off"
            maxLength={API_KEY_NAME_MAX_LENGTH}
            hint="Where you will use it, e.g. “Claude on my laptop”."
          />
          <button type="submit" className={buttonStyles.primary} disabled={creating}>
            {creating ? 'Creating...' : 'Create API key'}
          </button>
        </Form>
      )}
    </div>
  );
}

export function RevokeKeyDialog() {
  const { apiKeys } = useLoaderData<typeof loader>();
  const submitting = useSubmitting('api-key-revoke');
  const key = apiKeys.revoking;
  if (!key) return null;
  return (
    <UrlDialog
      id="revoke-api-key"
      title="Revoke this API key?"
      cancelTo="/account"
      testId="revoke-api-key-dialog"
    >
      <Form method="post" action="/account" className="space-y-4">
        <input type="hidden" name="intent" value="api-key-revoke" />
        <input type="hidden" name="keyId" value={key.id} />
        <p className="text-sm text-slate-700">
          <strong>{key.name}</strong> (<code className="font-mono">{key.prefix}…</code>) stops
          working at once: every assistant or script that uses it is refused from its next request.
          This cannot be undone.
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          <Link to="/account" replace preventScrollReset className={buttonStyles.secondary}>
            Cancel
          </Link>
          <button type="submit" className={buttonStyles.danger} disabled={submitting}>
            {submitting ? 'Revoking...' : 'Revoke key'}
          </button>
        </div>
      </Form>
    </UrlDialog>
  );
}
