import { useMatches, type ClientLoaderFunctionArgs } from 'react-router';
import { DOCUMENT_SCRIPT, SPECULATION_RULES } from './document-script';

// Public pages are documents (issue 35, decision record 0023): the server renders them and the
// browser gets no React, no React Router and no modulepreloads, only the small inline script below.
// A route says so with `export const handle = documentHandle` and
// `export const clientLoader = loadAsDocument`; every other route is hydrated as before. Such a
// route needs a server loader (`return null` will do): React Router renders a route with a
// clientLoader and no loader as its hydration fallback on the server.

export type RouteHandle = { hydrate?: boolean };

/** The `handle` of a route whose pages ship no framework JavaScript. */
export const documentHandle = { hydrate: false } satisfies RouteHandle;

/**
 * A scripted page (the dashboard) that links to a document page navigates to it as a document, so
 * the visitor gets the same page (and its speculation rules) as from a fresh load. The promise
 * never settles: the browser is already loading the new document.
 */
export function loadAsDocument({ request }: ClientLoaderFunctionArgs): Promise<never> {
  window.location.assign(request.url);
  return new Promise<never>(() => {});
}

/**
 * Whether this page is hydrated: no route of the match (the root, its page, or the page that
 * threw to the root's error boundary) is a document page. Always true once React runs in the
 * browser, so a page that was hydrated keeps its scripts whatever it renders next.
 */
export function useHydrated(): boolean {
  const matches = useMatches();
  if (typeof document !== 'undefined') return true;
  return !matches.some((match) => (match.handle as RouteHandle | undefined)?.hydrate === false);
}

/**
 * A document page's scripts: the behaviour script (pending buttons, the mobile menu's Escape and
 * outside click, dialog focus, the message counter, focus on the first refused field) and the
 * speculation rules, both under the page's CSP nonce. The strings exist on the server only
 * (import.meta.env.SSR), so no browser bundle carries them.
 */
export function DocumentScripts({ nonce }: { nonce: string }) {
  if (!import.meta.env.SSR) return null;
  return (
    <>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: DOCUMENT_SCRIPT }} />
      <script
        type="speculationrules"
        nonce={nonce}
        dangerouslySetInnerHTML={{ __html: SPECULATION_RULES }}
      />
    </>
  );
}
