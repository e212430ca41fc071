import { PassThrough } from 'node:stream';
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { randomBytes } from 'node:crypto';
import { NonceContext } from '~/components/nonce';
import { contentSecurityPolicy, enforceCsp, FORM_ACTION_ALSO_HEADER } from '~/http/csp.server';
import { applySecurityHeaders } from '~/http/security-headers';

/**
 * Background work of the production server (server/index.ts starts the job engine once per process,
 * after listening, and awaits the returned stop on shutdown): e-mail delivery and the weekly
 * AI-readiness re-audit.
 */
export { runJobThread, startBackgroundJobs } from '~/jobs/index.server';
// API keys' "last used", noted in memory, is written once more as the server stops.
export { stopApiKeyUse } from '~/domain/api-keys.server';
// A client's error (a malformed form, a 404) is one line of the log; ours are logged in full.
export { handleError } from '~/http/log-errors.server';
// The OAuth authorization server for /mcp, mounted by the production server (server/app.ts).
export { handleOAuthRequest } from '~/http/oauth-server.server';

// React Router rejects pending loader promises after this long; the render is aborted a second
// later, so their rejections can still be streamed to the browser first.
export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Bots and crawlers get the whole document at once; browsers get it streamed.
  const waitForAll = isbot(request.headers.get('user-agent') || '');
  applySecurityHeaders(responseHeaders, { https: isHttps(request) });
  // A fresh nonce for every page: every script tag of this response carries it, and the policy
  // allows no other script.
  const nonce = loadContext.cspNonce ?? randomBytes(16).toString('base64');
  const formActionAlso = responseHeaders.get(FORM_ACTION_ALSO_HEADER);
  responseHeaders.delete(FORM_ACTION_ALSO_HEADER);
  if (enforceCsp) {
    responseHeaders.set('Content-Security-Policy', contentSecurityPolicy(nonce, formActionAlso));
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [waitForAll ? 'onAllReady' : 'onShellReady']() {
          shellRendered = true;
          const body = new PassThrough();
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are logged here; before it they reach onShellError.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

export function handleDataRequest(response: Response, { request }: { request: Request }) {
  applySecurityHeaders(response.headers, { https: isHttps(request) });
  return response;
}

/** The production server builds the URL from the scheme the client (or, behind TRUST_PROXY, the
 * proxy) used, so this is what the browser sees. */
function isHttps(request: Request) {
  return new URL(request.url).protocol === 'https:';
}
