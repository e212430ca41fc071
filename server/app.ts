import path from 'node:path';
import compression from 'compression';
import express, {
  type NextFunction,
  type Request as ExpressRequest,
  type Response as ExpressResponse,
} from 'express';
import { createRequestHandler, type ServerBuild } from '@remix-run/node';
import { cacheControlFor } from '../app/lib/cache-policy';
import { CROSS_SITE_MESSAGE, isCrossSite, isUnsafeMethod } from '../app/lib/cross-site';
// The package's own handler sends the app's response untouched; its two halves let us set the
// cache policy on the way out.
import { createRemixRequest, sendRemixResponse } from '@remix-run/express/dist/server.js';

export type ServerOptions = {
  build: ServerBuild;
  /** build/client: the browser assets Vite wrote. */
  clientDir: string;
  /** Behind a reverse proxy: scheme and host come from its X-Forwarded-* headers. */
  trustProxy: boolean;
  mode?: string;
};

/**
 * The production server (the Epic Stack's pattern on @remix-run/express's building blocks): static
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

  app.use(refuseCrossSite);

  const handle = createRequestHandler(build, mode ?? process.env.NODE_ENV);
  app.all('*', (req, res, next) => {
    const request = createRemixRequest(req, res);
    handle(request, { clientAddress: req.socket.remoteAddress ?? null })
      .then((response) => {
        const headers = new Headers(response.headers);
        headers.set('Cache-Control', cacheControlFor(request, response));
        const { status, statusText, body } = response;
        return sendRemixResponse(res, new Response(body, { status, statusText, headers }));
      })
      .catch(next);
  });

  app.use((error: unknown, _req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    console.error(error);
    if (res.headersSent) return next(error);
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
  res.status(403).set('Cache-Control', 'private, no-store');
  const wantsJson = req.path.startsWith('/api/') || req.accepts(['html', 'json']) === 'json';
  if (wantsJson) res.json({ message: CROSS_SITE_MESSAGE });
  else res.type('text/plain').send(`${CROSS_SITE_MESSAGE}.`);
}
