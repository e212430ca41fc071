import path from 'node:path';
import compression from 'compression';
import express, {
  type NextFunction,
  type Request as ExpressRequest,
  type Response as ExpressResponse,
} from 'express';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { writeReadableStreamToWritable } from '@react-router/node';
import { cacheControlFor } from '../app/lib/cache-policy';
import {
  API_METHODS,
  bodyLimitFor,
  isWellFormedHost,
  PAGE_METHODS,
  WEBHOOK_PATH,
} from '../app/lib/request-limits';
import { applySecurityHeaders } from '../app/lib/security-headers';
import { CROSS_SITE_MESSAGE, isCrossSite, isUnsafeMethod } from '../app/lib/cross-site';

export type ServerOptions = {
  build: ServerBuild;
  /** build/client: the browser assets Vite wrote. */
  clientDir: string;
  /** Behind a reverse proxy: scheme and host come from its X-Forwarded-* headers. */
  trustProxy: boolean;
  mode?: string;
};

/**
 * The production server (the Epic Stack's pattern, on React Router's request handler): static
 * assets, compression, a cross-site guard in front of the app, the socket address handed to the
 * app, and one cache policy for every answer the app gives.
 */
export function createServerApp({ build, clientDir, trustProxy, mode }: ServerOptions) {
  const app = express();
  app.disable('x-powered-by');
  // One proxy in front (nginx): req.protocol and req.hostname come from its X-Forwarded-* headers.
  // The client address is the app's business (getClientIp), from the socket address below.
  app.set('trust proxy', trustProxy ? 1 : false);

  app.use(compression());

  // Vite fingerprints everything under /assets: a changed file gets a new name, so browsers and
  // caches may keep these for a year without asking again.
  app.use(
    '/assets',
    express.static(path.join(clientDir, 'assets'), {
      immutable: true,
      maxAge: '1y',
      index: false,
      fallthrough: false,
    }),
  );
  // favicon.svg and the like keep their names, so they are only kept for an hour.
  app.use(express.static(clientDir, { maxAge: '1h', index: false, redirect: false }));

  app.use(checkRequestLine);
  app.use(refuseCrossSite);
  app.use(requireSameOriginForCookieCalls);
  // Bodies are read here, up to the route's limit, whatever the transfer encoding: a body that
  // streams past it is cut off with 413 before it fills memory, and nothing reaches the app.
  app.use((req, res, next) =>
    express.raw({ type: () => true, limit: bodyLimitFor(req.path) })(req, res, next),
  );

  // @react-router/express's handler reads the body stream itself and sends the app's answer
  // untouched; this server reads bodies first (with a limit, above) and sets the cache policy on
  // the way out, so it pairs React Router's own handler with the two conversions below.
  const handle = createRequestHandler(build, mode ?? process.env.NODE_ENV);
  app.all('*', (req, res, next) => {
    const request = toFetchRequest(req, res);
    handle(request, { clientAddress: req.socket.remoteAddress ?? null })
      .then((response) => {
        const headers = new Headers(response.headers);
        headers.set('Cache-Control', cacheControlFor(request, response));
        if (!headers.has('X-Content-Type-Options')) applySecurityHeaders(headers, { hsts: false });
        return sendResponse(res, response, headers);
      })
      .catch(next);
  });

  app.use((error: unknown, req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if (res.headersSent) return next(error);
    // body-parser's refusals (413 too large, 400 a body that does not match its length) are the
    // client's; anything else is ours.
    const status = (error as { status?: unknown } | null)?.status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const message = status === 413 ? 'Request body too large' : 'The request could not be read';
      // The connection closes after the answer, so the rest of an oversized body is not read.
      refuse(req, res, status, message, { Connection: 'close' });
      return;
    }
    console.error(error);
    res.status(500).set('Cache-Control', 'private, no-store').type('text/plain');
    res.send('Something went wrong. Please try again in a moment.');
  });
  return app;
}

/**
 * A form or call that another site's page made the browser send is refused here, before the app
 * reads it: 403 with a short message (JSON for the API). Calls that are not from a browser (the
 * Stripe webhook, scripts) send no Origin and pass.
 */
function refuseCrossSite(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
  if (!isUnsafeMethod(req.method)) return next();
  const headers = { get: (name: string) => req.get(name) ?? null };
  if (!isCrossSite(headers, req.get('host') ?? null)) return next();
  refuse(req, res, 403, CROSS_SITE_MESSAGE);
}

/** A refusal before the app: `{ message }` for the API, a short text for pages. */
function refuse(
  req: ExpressRequest,
  res: ExpressResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
) {
  const securityHeaders = new Headers();
  applySecurityHeaders(securityHeaders, { hsts: false });
  res.status(status).set({
    ...Object.fromEntries(securityHeaders),
    'Cache-Control': 'private, no-store',
    ...headers,
  });
  const wantsJson = req.path.startsWith('/api/') || req.accepts(['html', 'json']) === 'json';
  if (wantsJson) res.json({ message });
  else res.type('text/plain').send(`${message}.`);
}

/**
 * Requests no route should see: a Host we cannot build a URL from (400), TRACE and other methods
 * a page does not answer (405 with Allow), and OPTIONS, which is answered here (204 with Allow)
 * and never runs a loader.
 */
function checkRequestLine(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
  if (!isWellFormedHost(req.headers.host)) return refuse(req, res, 400, 'Bad Host header');
  const allowed = req.path.startsWith('/api/') ? API_METHODS : PAGE_METHODS;
  const allow = [...allowed, 'OPTIONS'].join(', ');
  if (req.method === 'OPTIONS') {
    res.status(204).set({ Allow: allow, 'Cache-Control': 'private, no-store' }).end();
    return;
  }
  if (!allowed.includes(req.method)) {
    return refuse(req, res, 405, 'Method not allowed', { Allow: allow });
  }
  next();
}

/**
 * A JSON call that changes something and is authenticated by the session cookie must say it comes
 * from our own pages (Sec-Fetch-Site: same-origin, or our Origin): a page elsewhere, even one that
 * sends neither header, cannot make the browser sign a user out or change their data. Calls with a
 * bearer token carry their own proof; the Stripe webhook carries no cookie and is signed.
 */
function requireSameOriginForCookieCalls(
  req: ExpressRequest,
  res: ExpressResponse,
  next: NextFunction,
) {
  if (!req.path.startsWith('/api/') || req.path === WEBHOOK_PATH || !isUnsafeMethod(req.method)) {
    return next();
  }
  const signedIn = /(?:^|;\s*)__session=/.test(req.get('cookie') ?? '');
  if (req.get('authorization') || !signedIn) return next();
  const site = req.get('sec-fetch-site');
  const origin = req.get('origin');
  let sameOrigin = site === 'same-origin';
  if (!site && origin) {
    try {
      sameOrigin = new URL(origin).host === req.get('host');
    } catch {
      sameOrigin = false;
    }
  }
  if (sameOrigin) return next();
  refuse(req, res, 403, CROSS_SITE_MESSAGE);
}

/**
 * The Fetch API request the app sees: the URL as the client addressed it (behind TRUST_PROXY,
 * scheme and host from the proxy), every header, the body that was already read, and a signal that
 * aborts when the client goes away before the answer is sent.
 */
function toFetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const url = new URL(req.originalUrl, `${req.protocol}://${req.get('host') ?? 'localhost'}`);
  if (req.app.enabled('trust proxy') && req.get('x-forwarded-host')) url.host = req.hostname;
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  const body: unknown = req.body;
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && Buffer.isBuffer(body);
  return new Request(url, {
    method: req.method,
    headers,
    signal: controller.signal,
    body: hasBody ? new Uint8Array(body) : undefined,
  });
}

/** Writes the app's answer (status, headers, streamed body) to the client. */
async function sendResponse(res: ExpressResponse, response: Response, headers: Headers) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of headers) res.append(name, value);
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (!res.destroyed && !res.writableEnded) throw error;
  }
}
