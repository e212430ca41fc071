import {
  data,
  Form,
  Link,
  redirectDocument,
  useLoaderData,
  useNavigation,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { z } from 'zod';
import { buttonStyles } from '~/components/ui/styles';
import { allowConsent, consentRequest, denyConsent } from '~/domain/oauth/consent.server';
import { requireUser } from '~/http/auth.server';
import { FORM_ACTION_ALSO_HEADER } from '~/http/csp.server';
import { readFormData } from '~/http/http.server';
import { getOrigin } from '~/http/origin.server';
import { redirectWithToast } from '~/http/toast.server';

// GET /oauth/consent/<uid>: an app (ChatGPT, Claude, …) asks to reach the owner's data through
// the MCP server; the owner signs in first (and comes back here), reads who asks for what, and
// allows or denies. A plain form: it works without JavaScript. The answer goes back to the
// authorization server, which sends the browser on to the app.

export const meta: MetaFunction = () => [
  { title: 'Connect an app | AI Visibility' },
  { name: 'robots', content: 'noindex' },
];

const SCOPE_WORDS: Record<string, string> = {
  read: 'Read your businesses and their figures: visibility, answers, audits and tracked questions.',
  write: 'Add or remove tracked questions and run audits.',
};

// Allow and Deny end at the app's redirect URI: the page's form-action allows its origin.
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const consent = await consentRequest(getOrigin(request), params.uid ?? '');
  if (!consent) return data({ consent: null, email: user.email }, { status: 404 });
  return data(
    { consent, email: user.email },
    {
      headers: consent.redirectOrigin ? { [FORM_ACTION_ALSO_HEADER]: consent.redirectOrigin } : {},
    },
  );
}

const DecisionSchema = z.object({ decision: z.enum(['allow', 'deny']) });

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const uid = params.uid ?? '';
  const parsed = DecisionSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) {
    return redirectWithToast(
      `/oauth/consent/${encodeURIComponent(uid)}`,
      {
        title: 'Choose Allow or Deny',
        description: 'Nothing was changed.',
        variant: 'destructive',
      },
      { request },
    );
  }
  const origin = getOrigin(request);
  const next =
    parsed.data.decision === 'allow'
      ? await allowConsent(origin, uid, user)
      : await denyConsent(origin, uid);
  if (!next) {
    return redirectWithToast(
      '/account/connected-apps',
      {
        title: 'This request has expired',
        description: 'Go back to the app and connect again.',
        variant: 'destructive',
      },
      { request },
    );
  }
  // The authorization server's own address, outside the app's routes: a full page load.
  return redirectDocument(next);
}

export default function ConsentPage() {
  const { consent, email } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const pending = navigation.state !== 'idle' ? navigation.formData?.get('decision') : null;
  if (!consent) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">
          This connection request has expired
        </h1>
        <p className="mt-4 text-slate-700">
          Requests to connect an app last ten minutes. Go back to the app and connect again.
        </p>
        <p className="mt-6">
          <Link to="/help/mcp" className="link">
            How to connect ChatGPT or Claude
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">
        Allow <span data-testid="consent-client-name">{consent.clientName}</span> to use your AI
        Visibility account?
      </h1>
      <div className="mt-6 space-y-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <dl className="space-y-2 text-sm text-slate-700">
          {consent.clientSite ? (
            <div>
              <dt className="inline font-semibold text-slate-900">App&rsquo;s site: </dt>
              <dd className="inline" data-testid="consent-client-site">
                {consent.clientSite}
              </dd>
            </div>
          ) : null}
          {consent.redirectHost ? (
            <div>
              <dt className="inline font-semibold text-slate-900">Sends you back to: </dt>
              <dd className="inline">{consent.redirectHost}</dd>
            </div>
          ) : null}
          <div>
            <dt className="inline font-semibold text-slate-900">Signed in as: </dt>
            <dd className="inline">{email}</dd>
          </div>
        </dl>
        <div>
          <h2 className="text-base font-semibold text-slate-900">It will be able to</h2>
          <ul
            className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700"
            data-testid="consent-scopes"
          >
            {consent.scopes.map((scope) => (
              <li key={scope}>{SCOPE_WORDS[scope]}</li>
            ))}
          </ul>
          <p className="mt-3 text-sm text-slate-700">
            It cannot change your password, e-mail, plan or API keys. You can disconnect it at any
            time under Account settings → Connected apps.
          </p>
        </div>
        <Form method="post" className="flex flex-wrap justify-end gap-2">
          <button
            type="submit"
            name="decision"
            value="deny"
            className={buttonStyles.secondary}
            disabled={Boolean(pending)}
          >
            {pending === 'deny' ? 'Denying...' : 'Deny'}
          </button>
          <button
            type="submit"
            name="decision"
            value="allow"
            className={buttonStyles.primary}
            disabled={Boolean(pending)}
          >
            {pending === 'allow' ? 'Allowing...' : 'Allow'}
          </button>
        </Form>
      </div>
    </div>
  );
}
