import { Readable } from 'node:stream';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import compression from 'compression';
import express, {
  type NextFunction,
  type Request as ExpressRequest,
  type Response as ExpressResponse,
} from 'express';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { writeReadableStreamToWritable } from '@react-router/node';
import { cacheControlFor } from '../app/http/cache-policy';
import {
  API_METHODS,
  BODY_IDLE_TIMEOUT_MS,
  BODY_TOTAL_TIMEOUT_MS,
  bearerToken,
  bodyLimitFor,
  isStreamingUploadPath,
  isJsonApiPath,
  isOAuthServerPath,
  isWebhookPath,
  isWellFormedHost,
  PAGE_METHODS,
} from '../app/http/request-limits';
import { applySecurityHeaders } from '../app/http/security-headers';
import { CROSS_SITE_MESSAGE, isCrossSite, isUnsafeMethod } from '../app/http/cross-site';

type AppHandler = (
  request: Request,
  context: { clientAddress: string | null },
) => Promise<Response>;

/** The OAuth authorization server (oidc-provider, from the app build), answering on Node's objects. */
export type OAuthHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  context: { origin: string; clientAddress: string | null },
) => void;

export type ServerOptions = {
  /** The app: React Router's build, or (in tests of the server itself) any handler. */
  build: ServerBuild | { handler: AppHandler };
  /** build/client: the browser assets Vite wrote. */
  clientDir: string;
  /** Behind a reverse proxy: scheme and host come from its X-Forwarded-* headers. */
  trustProxy: boolean;
  mode?: string;
  /** The authorization server for /mcp's OAuth (its paths: isOAuthServerPath). */
  oauth?: OAuthHandler;
  /** How long a request body may stall, and take in all (tests shorten them). */
  bodyTimeouts?: { idleMs: number; totalMs: number };
};

/**
 * The production server (the Epic Stack's pattern, on React Router's request handler): static
 * assets, compression, a cross-site guard in front of the app, the socket address handed to the
 * app, and one cache policy for every answer the app gives.
 */
export function createServerApp({
  build,
  clientDir,
  trustProxy,
  mode,
  oauth,
  bodyTimeouts = { idleMs: BODY_IDLE_TIMEOUT_MS, totalMs: BODY_TOTAL_TIMEOUT_MS },
}: ServerOptions) {
  const app = express();
  app.disable('x-powered-by');
  // One proxy in front (nginx): req.protocol and req.hostname come from its X-Forwarded-* headers.
  // The client address is the app's business (getClientIp), from the socket address below.
  app.set('trust proxy', trustProxy ? 1 : false);

  // Every answer carries the security headers, whoever writes it: static files, OPTIONS, the
  // refusals below, the app. Strict-Transport-Security only over HTTPS (req.secure: the socket,
  // or behind TRUST_PROXY the proxy's X-Forwarded-Proto).
  app.use((req, res, next) => {
    setSecurityHeaders(req, res);
    next();
  });

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

  // The OAuth endpoints go to the authorization server before the page rules below: they are
  // called by apps' servers and by browser-based clients (CORS, which oidc-provider answers,
  // preflights included), never authorised by our cookie; their bodies are read under the
  // same limits as the app's.
  if (oauth) {
    app.use((req, res, next) => {
      if (!isOAuthServerPath(req.path)) return next();
      if (!isWellFormedHost(req.headers.host)) return refuse(req, res, 400, 'Bad Host header');
      readBody(
        req,
        res,
        () => {
          const origin = `${req.protocol}://${req.get('host') ?? 'localhost'}`;
          oauth(req, res, { origin, clientAddress: req.ip ?? null });
        },
        bodyTimeouts,
      );
    });
  }

  app.use(checkRequestLine);
  app.use(refuseCrossSite);
  app.use(requireSameOriginForCookieCalls);
  // Bodies are read here, up to the route's limit, whatever the transfer encoding: a declared
  // length over it is 413 at once, a body that streams past it is cut off with 413, and one that
  // stalls is 408; each closes the connection, and nothing reaches the app.
  app.use((req, res, next) => readBody(req, res, next, bodyTimeouts));

  // @react-router/express's handler reads the body stream itself and sends the app's answer
  // untouched; this server reads bodies first (with a limit, above) and sets the cache policy on
  // the way out, so it pairs React Router's own handler with the two conversions below.
  const handle: AppHandler =
    'handler' in build ? build.handler : createRequestHandler(build, mode ?? process.env.NODE_ENV);
  app.all('*', (req, res, next) => {
    const request = toFetchRequest(req, res);
    handle(request, { clientAddress: req.socket.remoteAddress ?? null })
      .then((response) => {
        const headers = new Headers(response.headers);
        headers.set('Cache-Control', cacheControlFor(request, response));
        applySecurityHeaders(headers, { https: req.secure });
        return sendResponse(res, response, headers);
      })
      .catch(next);
  });

  app.use((error: unknown, req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if (res.headersSent) return next(error);
    // A client's error (express.static's 404 for an unknown asset, a malformed path) is the
    // client's; anything else is ours.
    const status = (error as { status?: unknown } | null)?.status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      refuse(req, res, status, status === 404 ? 'Not found' : 'The request could not be read');
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
  res.status(status).set({ 'Cache-Control': 'private, no-store', ...headers });
  const wantsJson = isJsonApiPath(req.path) || req.accepts(['html', 'json']) === 'json';
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
  const allowed = isJsonApiPath(req.path) ? API_METHODS : PAGE_METHODS;
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
 * (The MCP server at /mcp counts as the JSON API here and in the checks above: it takes API keys
 * only, so a cookie never authorises it, and a browser page elsewhere is refused all the same.)
 *
 * A JSON call that changes something and is authenticated by the session cookie must say it comes
 * from our own pages (Sec-Fetch-Site: same-origin, or our Origin): a page elsewhere, even one that
 * sends neither header, cannot make the browser sign a user out or change their data. Calls with a
 * bearer token carry their own proof; the Stripe webhook carries no cookie and is signed. What is
 * an API call and what is a bearer token are decided as the router and the app decide them
 * (`/API/...` is the same route; only `Authorization: Bearer <token>` is a token, not Basic).
 */
function requireSameOriginForCookieCalls(
  req: ExpressRequest,
  res: ExpressResponse,
  next: NextFunction,
) {
  if (!isJsonApiPath(req.path) || isWebhookPath(req.path) || !isUnsafeMethod(req.method)) {
    return next();
  }
  const signedIn = /(?:^|;\s*)__session=/.test(req.get('cookie') ?? '');
  if (bearerToken(req.get('authorization')) || !signedIn) return next();
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
  if (!hasBody && req.method === 'POST' && isStreamingUploadPath(req.path)) {
    // The body was left unread: the route streams it.
    return new Request(url, {
      method: req.method,
      headers,
      signal: controller.signal,
      body: Readable.toWeb(req) as ReadableStream<Uint8Array>,
      duplex: 'half',
    } as RequestInit);
  }
  return new Request(url, {
    method: req.method,
    headers,
    signal: controller.signal,
    body: hasBody ? new Uint8Array(body) : undefined,
  });
}

function setSecurityHeaders(req: ExpressRequest, res: ExpressResponse) {
  const headers = new Headers();
  applySecurityHeaders(headers, { https: req.secure });
  for (const [name, value] of headers) res.setHeader(name, value);
}

function hasBody(req: ExpressRequest) {
  return (
    req.headers['transfer-encoding'] !== undefined || req.headers['content-length'] !== undefined
  );
}

/**
 * Reads the request body into `req.body` (a Buffer), up to the route's limit:
 * - a declared Content-Length over the limit is 413 before a byte of the body is read;
 * - a body (chunked or not) that streams past the limit is 413 the moment it does;
 * - a body that sends nothing for `idleMs`, or is not complete after `totalMs`, is 408;
 * - a body shorter than it declared, or a broken stream, is 400.
 * Every refusal closes the connection: the rest of the body is never read.
 */
function readBody(
  req: ExpressRequest,
  res: ExpressResponse,
  next: NextFunction,
  timeouts: { idleMs: number; totalMs: number },
) {
  if (!hasBody(req)) return next();
  // An upload route streams its own body (to disk, with its own limit).
  if (isStreamingUploadPath(req.path) && req.method === 'POST') return next();
  const limit = bodyLimitFor(req.path);
  const declaredHeader = req.headers['content-length'];
  const declared = declaredHeader === undefined ? null : Number(declaredHeader);
  if (declared !== null && !(Number.isSafeInteger(declared) && declared >= 0)) {
    return refuseAndClose(req, res, 400, 'The request could not be read');
  }
  if (declared !== null && declared > limit) {
    return refuseAndClose(req, res, 413, 'Request body too large');
  }
  const chunks: Buffer[] = [];
  let received = 0;
  let settled = false;
  /** Stops listening and timing; false when the body was already settled. */
  const settle = () => {
    if (settled) return false;
    settled = true;
    clearTimeout(idle);
    clearTimeout(total);
    req.off('data', onData);
    req.off('end', onEnd);
    req.off('error', onError);
    req.off('aborted', onAborted);
    return true;
  };
  const finish = (outcome: 'ok' | { status: number; message: string }) => {
    if (!settle()) return;
    if (outcome === 'ok') {
      req.body = Buffer.concat(chunks, received);
      next();
    } else {
      refuseAndClose(req, res, outcome.status, outcome.message);
    }
  };
  const stalled = () => finish({ status: 408, message: 'The request body took too long' });
  let idle = setTimeout(stalled, timeouts.idleMs);
  const total = setTimeout(stalled, timeouts.totalMs);
  const onData = (chunk: Buffer) => {
    received += chunk.length;
    if (received > limit) return finish({ status: 413, message: 'Request body too large' });
    chunks.push(chunk);
    clearTimeout(idle);
    idle = setTimeout(stalled, timeouts.idleMs);
  };
  const onEnd = () => {
    if (declared !== null && received !== declared) {
      return finish({ status: 400, message: 'The request could not be read' });
    }
    finish('ok');
  };
  const onError = () => finish({ status: 400, message: 'The request could not be read' });
  // The client went away: nobody to answer.
  const onAborted = () => void settle();
  req.on('data', onData);
  req.on('end', onEnd);
  req.on('error', onError);
  req.on('aborted', onAborted);
}

/** After a refusal, how long the rest of a body is still taken in (and dropped) before closing. */
const LINGER_MS = 1_000;

/**
 * A refusal that ends the exchange: the answer goes out at once with `Connection: close`, and the
 * connection is closed after it, so an oversized or stalled body is never read to its end. Closing
 * a socket that still has unread bytes makes the kernel reset the connection, and a client that is
 * still sending can lose the answer; so, as nginx's lingering close does, the rest is dropped
 * (never kept) for at most LINGER_MS after the answer, while the client reads it, and only then is
 * the socket destroyed.
 */
function refuseAndClose(
  req: ExpressRequest,
  res: ExpressResponse,
  status: number,
  message: string,
) {
  const socket = req.socket;
  // Node ends a `Connection: close` exchange with destroySoon(): end our side (the client sees the
  // answer, then end of stream), drop what still arrives, destroy after the lingering time.
  socket.destroySoon = () => {
    socket.on('data', () => {});
    socket.resume();
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
  req.resume();
  refuse(req, res, status, message, { Connection: 'close' });
}

/** Writes the app's answer (status, headers, streamed body) to the client. */
async function sendResponse(res: ExpressResponse, response: Response, headers: Headers) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  // The app's headers replace the defaults set on the way in (a page's own Referrer-Policy);
  // only Set-Cookie, which Headers keeps apart, may repeat.
  for (const [name, value] of headers) {
    if (name === 'set-cookie') res.append(name, value);
    else res.setHeader(name, value);
  }
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
