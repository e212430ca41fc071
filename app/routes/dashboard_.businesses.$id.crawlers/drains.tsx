import { Form, useActionData, useLoaderData, useNavigation } from 'react-router';
import { CopyButton } from '~/components/ui/copy-button';
import { FormAlert, InputField } from '~/components/ui/field';
import { useServerForm } from '~/components/ui/server-form';
import { buttonStyles, inputStyles } from '~/components/ui/styles';
import { ShownOnce } from '~/components/ui/shown-once';
import { useHydrated } from '~/components/ui/use-hydrated';
import { DRAIN_SECRET_MAX_LENGTH, DRAIN_VERIFY_CODE_MAX_LENGTH } from '~/schemas/log-drains';
import type { DrainIntent } from './drains.server';
import type { action, loader } from './route';

// The crawler visits page's log drains: make an address for a Vercel or Netlify log drain, or for
// the Cloudflare Worker (its token, and the Worker script carrying it, shown once, on the answer to
// the form), the live ones with their signing secret, and revoke. Plain forms: no JavaScript needed.

/**
 * The create form posts to `?made`: its answer shows the new address once, and the page's
 * self-refresh (while an upload is read) stays off there so it is not lost.
 */
export const DRAIN_MADE_PARAM = 'made';

function useDrainResult(intent: DrainIntent, tokenId?: string) {
  const actionData = useActionData<typeof action>();
  if (!actionData || actionData.intent !== intent) return undefined;
  if (tokenId !== undefined && actionData.tokenId !== tokenId) return undefined;
  return actionData.result;
}

function useSubmitting(intent: DrainIntent, tokenId?: string) {
  const navigation = useNavigation();
  return (
    navigation.state === 'submitting' &&
    navigation.formData?.get('intent') === intent &&
    (tokenId === undefined || navigation.formData?.get('tokenId') === tokenId)
  );
}

function Created() {
  const actionData = useActionData<typeof action>();
  const hydrated = useHydrated();
  const created = actionData?.created;
  if (!created) return null;
  return (
    <ShownOnce
      heading={
        <>
          Your new log drain address ({created.prefix}…): copy it now. It is shown only this once.
        </>
      }
      value={created.url}
      label="log drain address"
      testId="drain-created"
      valueTestId="drain-url"
      className="space-y-3"
    >
      <ul className="list-disc space-y-1 pl-5">
        <li>
          <strong>Vercel</strong> (Pro or Enterprise): Team Settings → Drains → Add drain → Logs →
          custom endpoint, format JSON or NDJSON, sources Static, Edge and Functions; paste this
          address. Then give its signing secret here (below) so only Vercel can send.
        </li>
        <li>
          <strong>Netlify</strong> (Enterprise): Logs → Log Drains → General HTTP endpoint, traffic
          logs, format JSON or NDJSON; paste this address.
        </li>
        <li>
          <strong>Cloudflare</strong> (any plan, the free one too): Workers → Create → paste the
          script below, then add a route for your site (e.g. <code>example.com/*</code>). It
          forwards only AI crawlers and visitors sent by AI assistants, after your site has
          answered.
        </li>
      </ul>
      <div className="space-y-1">
        <label htmlFor="drain-worker-script" className="block font-medium">
          Cloudflare Worker script (it holds your drain address: keep it private)
        </label>
        <textarea
          id="drain-worker-script"
          readOnly
          rows={12}
          value={created.workerScript}
          className={`${inputStyles} font-mono text-xs`}
          data-testid="drain-worker-script"
        />
        {hydrated ? (
          <CopyButton
            text={created.workerScript}
            label="Cloudflare Worker script"
            copiedToast={{
              title: 'Copied',
              description: 'The Worker script is on your clipboard.',
            }}
          />
        ) : null}
      </div>
    </ShownOnce>
  );
}

function SecretForm({
  tokenId,
  prefix,
  signed,
}: {
  tokenId: string;
  prefix: string;
  signed: boolean;
}) {
  const { form, fields } = useServerForm({
    id: `drain-secret-${tokenId}`,
    names: ['signingSecret'],
    constraint: { signingSecret: { maxLength: DRAIN_SECRET_MAX_LENGTH } },
    lastResult: useDrainResult('drain-secret', tokenId),
  });
  const saving = useSubmitting('drain-secret', tokenId);
  return (
    <Form method="post" className="flex flex-wrap items-end gap-3" {...form.props}>
      <input type="hidden" name="intent" value="drain-secret" />
      <input type="hidden" name="tokenId" value={tokenId} />
      <div className="w-full">
        <FormAlert id={form.errorId} title="Signing secret not saved" errors={form.errors} />
      </div>
      <div className="w-72">
        <InputField
          field={fields.signingSecret}
          label={`Signing secret of ${prefix}…`}
          type="password"
          autoComplete="off"
          maxLength={DRAIN_SECRET_MAX_LENGTH}
          hint={
            signed ? 'Leave empty and save to stop checking signatures.' : 'From Vercel or Netlify.'
          }
        />
      </div>
      <button type="submit" className={`${buttonStyles.secondary} mb-6`} disabled={saving}>
        {saving ? 'Saving...' : 'Save secret'}
      </button>
    </Form>
  );
}

function CreateForm() {
  const actionData = useActionData<typeof action>();
  const { form, fields } = useServerForm({
    id: 'drain-create',
    names: ['signingSecret', 'verifyCode'],
    constraint: {
      signingSecret: { maxLength: DRAIN_SECRET_MAX_LENGTH },
      verifyCode: { maxLength: DRAIN_VERIFY_CODE_MAX_LENGTH },
    },
    lastResult: useDrainResult('drain-create'),
  });
  const creating = useSubmitting('drain-create');
  return (
    // Remounted after each new drain, so its fields start empty again.
    <Form
      method="post"
      action={`?${DRAIN_MADE_PARAM}`}
      className="space-y-3"
      key={actionData?.created?.prefix ?? 'new'}
      {...form.props}
    >
      <input type="hidden" name="intent" value="drain-create" />
      <FormAlert id={form.errorId} title="Drain address not made" errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          field={fields.signingSecret}
          label="Signing secret (optional)"
          type="password"
          autoComplete="off"
          maxLength={DRAIN_SECRET_MAX_LENGTH}
          hint="Vercel's drain secret or Netlify's verification token; you can add it later."
        />
        <InputField
          field={fields.verifyCode}
          label="Vercel verification code (optional)"
          type="text"
          autoComplete="off"
          maxLength={DRAIN_VERIFY_CODE_MAX_LENGTH}
          hint="The x-vercel-verify value Vercel shows when you add the endpoint."
        />
      </div>
      <button type="submit" className={buttonStyles.primary} disabled={creating}>
        {creating ? 'Making...' : 'Make a drain address'}
      </button>
    </Form>
  );
}

export function DrainsSection() {
  const { drains } = useLoaderData<typeof loader>();
  const revokeResult = useDrainResult('drain-revoke');
  const revoking = useSubmitting('drain-revoke');
  const revokeErrors = revokeResult?.error?.[''] ?? undefined;
  return (
    <section aria-labelledby="drains-title" className="space-y-4">
      <div>
        <h2 id="drains-title" className="text-xl font-semibold text-slate-900">
          Connect a log drain or a Cloudflare Worker
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-slate-700">
          Instead of uploading logs, let your host send them as they happen: a Vercel or Netlify log
          drain, or a small Cloudflare Worker we write for you. Each address counts into this page
          like an upload (the same lines count once), within your plan&apos;s lines a month.
        </p>
      </div>
      <Created />
      <FormAlert id="drain-revoke-error" title="Not revoked" errors={revokeErrors} />
      {drains.items.length ? (
        <ul
          className="divide-y divide-slate-100 rounded-md border border-slate-200"
          data-testid="drain-list"
        >
          {drains.items.map((drain) => (
            <li key={drain.id} className="space-y-3 p-4" data-testid="drain-row">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <div className="text-sm">
                  <p className="font-medium text-slate-900">
                    <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-800">
                      {drain.prefix}…
                    </code>{' '}
                    {drain.signed ? 'signed batches only' : 'signatures not checked'}
                  </p>
                  <p className="text-slate-700">
                    Made {drain.createdAt.slice(0, 10)} ·{' '}
                    {drain.lastUsedAt
                      ? `Last batch ${drain.lastUsedAt.slice(0, 16).replace('T', ' ')} UTC`
                      : 'Nothing received yet'}
                    {drain.verifyCode ? ` · answers Vercel's check with ${drain.verifyCode}` : ''}
                  </p>
                </div>
                <Form method="post">
                  <input type="hidden" name="intent" value="drain-revoke" />
                  <input type="hidden" name="tokenId" value={drain.id} />
                  <button
                    type="submit"
                    className={buttonStyles.danger}
                    disabled={revoking}
                    aria-label={`Revoke ${drain.prefix}…`}
                  >
                    Revoke
                  </button>
                </Form>
              </div>
              <SecretForm tokenId={drain.id} prefix={drain.prefix} signed={drain.signed} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-700">No drain addresses yet.</p>
      )}
      {drains.items.length < drains.limit ? (
        <CreateForm />
      ) : (
        <p className="text-sm text-slate-700" data-testid="drains-full">
          This business has {drains.limit} drain addresses, the most it may hold: revoke one to make
          another.
        </p>
      )}
    </section>
  );
}
