import {
  data,
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
  type ShouldRevalidateFunction,
} from 'react-router';
import type { ReactNode } from 'react';
import { DocumentScripts, useHydrated } from '~/components/document';
import { useNonce } from '~/components/nonce';
import { cookieTimeZone, TIME_ZONE_SCRIPT, TimeZoneProvider } from '~/components/time-zone';
import { DEFAULT_TIME_ZONE, parseTimeZone } from '~/domain/dates';
import { StaticFlashMessage, ToastProvider, useFlashToast } from '~/components/toaster';
import { SiteFooter } from '~/components/site-footer';
import { SiteHeader } from '~/components/site-header';
import { buttonStyles } from '~/components/ui/styles';
import { getUser } from '~/http/auth.server';
import { publicLinks } from '~/lib/env.server';
import { takeToast } from '~/http/toast.server';
import { timeZoneOf } from '~/http/time-zone.server';
import stylesheet from '~/tailwind.css?url';
import { boundaryShouldLog } from '~/components/route-error-log';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export const meta: MetaFunction = ({ error }) => [
  {
    // The 404 page has a title of its own (it is rendered by the error boundary below, where the
    // page's own meta does not apply).
    title:
      isRouteErrorResponse(error) && error.status === 404
        ? 'Page Not Found | AI Visibility'
        : 'AI Visibility: get your business recommended by AI assistants',
  },
  {
    name: 'description',
    content:
      'Help customers find your service business when they ask ChatGPT and other AI assistants.',
  },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const [user, { toast, headers }] = await Promise.all([getUser(request), takeToast(request)]);
  return data(
    {
      user: user ? { firstName: user.firstName, email: user.email, role: user.role } : null,
      toast,
      links: { freeGptUrl: publicLinks.freeGptUrl },
      // Only signed-in pages show times. A public page is the same for every visitor (shared
      // caches keep it, see ~/http/cache-policy), so it never varies with the tz cookie.
      timeZone: user ? timeZoneOf(request) : DEFAULT_TIME_ZONE,
    },
    { headers },
  );
}

/** The zone the signed-in page in the browser was written in (null while signed out). */
let shownTimeZone: string | null = null;

/**
 * Navigating between pages does not call the root loader again by default; it must when the
 * browser's time zone (the tz cookie, set by the inline script below) is not the one the signed-in
 * page was written in, so the header's zone and each page's own dates agree.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ defaultShouldRevalidate }) => {
  if (shownTimeZone !== null) {
    const browserZone = parseTimeZone(cookieTimeZone()) ?? DEFAULT_TIME_ZONE;
    if (browserZone !== shownTimeZone) return true;
  }
  return defaultShouldRevalidate;
};

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const nonce = useNonce();
  const timeZone = data?.timeZone ?? DEFAULT_TIME_ZONE;
  // Public pages are documents: no React Router scripts (see ~/components/document).
  const hydrated = useHydrated();
  if (typeof document !== 'undefined') shownTimeZone = data?.user ? timeZone : null;
  return (
    <html lang="en" className="h-full" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Lets CSS tell a scripted page from a plain one before first paint (see .no-js-only),
            and remembers the browser's time zone for the dates of the next page (tz cookie). */}
        <script
          nonce={nonce}
          dangerouslySetInnerHTML={{
            __html: `document.documentElement.classList.add('js');${TIME_ZONE_SCRIPT}`,
          }}
        />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-full flex-col">
        <a
          href="#main"
          className="text-brand-700 sr-only z-50 rounded-md bg-white px-4 py-2 focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        <TimeZoneProvider timeZone={timeZone}>
          <ToastProvider>
            <SiteHeader user={data?.user ?? null} freeGptUrl={data?.links.freeGptUrl ?? '#'} />
            {/* A document page shows its flash message as page content, scripts or not. */}
            <StaticFlashMessage message={data?.toast} always={!hydrated} />
            {hydrated ? <FlashToast message={data?.toast} /> : null}
            <main id="main" className="flex-1">
              {children}
            </main>
            <SiteFooter />
          </ToastProvider>
        </TimeZoneProvider>
        {hydrated ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : (
          <DocumentScripts nonce={nonce} />
        )}
      </body>
    </html>
  );
}

function FlashToast({ message }: { message: Parameters<typeof useFlashToast>[0] }) {
  useFlashToast(message);
  return null;
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (boundaryShouldLog(error)) console.error(error);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-brand-700 text-sm font-semibold">{notFound ? '404' : 'Error'}</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">
        {notFound ? 'Page Not Found' : 'Something went wrong'}
      </h1>
      <p className="mt-4 text-slate-700">
        {notFound
          ? 'The page you are looking for does not exist or has moved.'
          : 'We could not load this page. Please try again in a moment.'}
      </p>
      <Link to="/" className={`${buttonStyles.primary} mt-8`}>
        Back to home
      </Link>
    </div>
  );
}
