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
import { z } from 'zod';
import { Pagination } from '~/components/ui/pagination';
import { buttonStyles } from '~/components/ui/styles';
import { UrlDialog } from '~/components/ui/url-dialog';
import { formatDateTime } from '~/domain/dates';
import { isDomainError } from '~/domain/errors';
import {
  disconnectApp,
  findConnectedApp,
  listConnectedApps,
} from '~/domain/oauth/connected-apps.server';
import { requireUser } from '~/http/auth.server';
import { redirectPastLastPage } from '~/http/last-page.server';
import { readFormData } from '~/http/http.server';
import { timeZoneOf } from '~/http/time-zone.server';
import { redirectWithToast } from '~/http/toast.server';

// GET /account/connected-apps: the apps the owner connected through OAuth (ChatGPT, Claude, …):
// when, last used, what they may do; Disconnect (confirmed in a dialog at ?disconnect=<id>)
// revokes every token of the app at once. Paginated on the server; plain forms.

export const meta: MetaFunction = () => [
  { title: 'Connected apps | AI Visibility' },
  { name: 'robots', content: 'noindex' },
];

const SCOPE_LABELS: Record<string, string> = {
  read: 'read your businesses and figures',
  write: 'add or remove tracked questions and run audits',
};

const PageSchema = z.coerce.number().int().min(1).max(10_000).catch(1);

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const page = PageSchema.parse(url.searchParams.get('page') ?? 1);
  const timeZone = timeZoneOf(request);
  const [list, disconnecting] = await Promise.all([
    listConnectedApps(user.id, page),
    url.searchParams.get('disconnect')
      ? findConnectedApp(user.id, url.searchParams.get('disconnect')!)
      : null,
  ]);
  const pageCount = Math.max(1, Math.ceil(list.total / list.pageSize));
  redirectPastLastPage(request, { page: list.page, pageCount });
  const when = (value: string | null) => (value ? formatDateTime(value, timeZone) : null);
  return {
    apps: list.items.map((app) => ({
      ...app,
      connectedAt: when(app.connectedAt)!,
      lastUsedAt: when(app.lastUsedAt),
    })),
    page: list.page,
    pageCount,
    total: list.total,
    pageSize: list.pageSize,
    disconnecting,
  };
}

const DisconnectSchema = z.object({ intent: z.literal('disconnect'), appId: z.string().min(1) });

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const parsed = DisconnectSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) {
    return data({ message: 'Choose an app to disconnect.' }, { status: 400 });
  }
  try {
    const app = await disconnectApp(user.id, parsed.data.appId);
    return redirectWithToast(
      '/account/connected-apps',
      {
        title: 'App disconnected',
        description: `${app.name} can no longer reach your account.`,
      },
      { request },
    );
  } catch (error) {
    if (!isDomainError(error)) throw error;
    // Another owner's app, or one already gone: nothing happens, and the page says so.
    return data({ message: error.message }, { status: error.status });
  }
}

function DisconnectDialog() {
  const { disconnecting } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const submitting = navigation.state === 'submitting';
  if (!disconnecting) return null;
  return (
    <UrlDialog
      id="disconnect-app"
      title="Disconnect this app?"
      cancelTo="/account/connected-apps"
      testId="disconnect-app-dialog"
    >
      <Form method="post" action="/account/connected-apps" className="space-y-4">
        <input type="hidden" name="intent" value="disconnect" />
        <input type="hidden" name="appId" value={disconnecting.id} />
        <p className="text-sm text-slate-700">
          <strong>{disconnecting.name}</strong> stops working at once: its next request is refused.
          To use it again, connect it again from the app.
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          <Link
            to="/account/connected-apps"
            replace
            preventScrollReset
            className={buttonStyles.secondary}
          >
            Cancel
          </Link>
          <button type="submit" className={buttonStyles.danger} disabled={submitting}>
            {submitting ? 'Disconnecting...' : 'Disconnect'}
          </button>
        </div>
      </Form>
    </UrlDialog>
  );
}

export default function ConnectedAppsPage() {
  const { apps, page, pageCount, total, pageSize } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <p className="text-sm">
        <Link to="/account" className="link">
          ← Account settings
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">Connected apps</h1>
      <p className="mt-3 text-slate-700">
        AI assistants you allowed to reach your account through our MCP server (ChatGPT, Claude and
        others).{' '}
        <Link to="/help/mcp" className="link">
          How to connect one
        </Link>
        .
      </p>
      {refused?.message ? (
        <p
          role="alert"
          className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900"
        >
          {refused.message}
        </p>
      ) : null}
      <DisconnectDialog />
      {apps.length ? (
        <ul
          className="mt-6 divide-y divide-slate-100 rounded-md border border-slate-200 bg-white"
          data-testid="connected-apps"
        >
          {apps.map((app) => (
            <li
              key={app.id}
              className="flex flex-wrap items-center justify-between gap-3 p-4"
              data-testid="connected-app-row"
            >
              <div className="min-w-0 text-sm">
                <p className="font-medium text-slate-900">
                  {app.name}
                  {app.site ? <span className="ml-2 text-slate-700">({app.site})</span> : null}
                </p>
                <p className="text-slate-700">
                  Connected {app.connectedAt} ·{' '}
                  {app.lastUsedAt ? `Last used ${app.lastUsedAt}` : 'Never used'}
                </p>
                <p className="text-slate-700">
                  May {app.scopes.map((scope) => SCOPE_LABELS[scope] ?? scope).join('; ')}
                </p>
              </div>
              <Link
                to={`/account/connected-apps?disconnect=${encodeURIComponent(app.id)}`}
                preventScrollReset
                className={buttonStyles.secondary}
                aria-label={`Disconnect ${app.name}`}
              >
                Disconnect…
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-6 text-sm text-slate-700" data-testid="no-connected-apps">
          No apps are connected.
        </p>
      )}
      {total > pageSize ? (
        <Pagination
          page={page}
          pageCount={pageCount}
          total={total}
          noun={['app', 'apps']}
          perPage={pageSize}
        />
      ) : null}
    </div>
  );
}
