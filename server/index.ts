// `npm start`: the production server on PORT (default 3000). Stops cleanly on SIGTERM / SIGINT:
// no new connections, the requests in flight are answered, then the process exits by itself.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { createServerApp, type OAuthHandler } from './app';

// A production server unless told otherwise (as react-router-serve does): the app reads this at start-up
// (Content-Security-Policy, secure cookies, error details).
process.env.NODE_ENV ??= 'production';

// The project runs on Node.js 24 (the `node` package in node_modules, which every `npm run` puts
// first on PATH). An older runtime lacks what the job engine and its libraries need: refuse it here
// with a clear word instead of failing later in a library.
const MIN_NODE = [22, 12] as const;
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (major < MIN_NODE[0] || (major === MIN_NODE[0] && minor < MIN_NODE[1])) {
  console.error(
    `[server] Node.js ${process.versions.node} is too old: this server needs Node.js ${MIN_NODE.join('.')} or later. ` +
      'Start it with `npm start`, which uses the Node.js 24 that `npm ci` installs.',
  );
  process.exit(1);
}
console.log(`[server] Node.js ${process.versions.node}`);

const root = path.resolve(import.meta.dirname, '..');
const buildUrl = pathToFileURL(path.join(root, 'build/server/index.js')).href;
const build = (await import(buildUrl)) as ServerBuild;

const entry = build.entry.module as {
  startBackgroundJobs?: (options: {
    threadModuleUrl?: string;
    signal?: AbortSignal;
  }) => Promise<() => Promise<void>>;
  stopApiKeyUse?: () => Promise<void>;
  handleOAuthRequest?: OAuthHandler;
};

const app = createServerApp({
  build,
  oauth: entry.handleOAuthRequest,
  clientDir: path.join(root, 'build/client'),
  // Read as the app reads it (env.server.ts), which also refuses a malformed value at start-up.
  trustProxy: ['true', '1'].includes(process.env.TRUST_PROXY ?? ''),
  mode: process.env.NODE_ENV,
});

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST;
let stopping = false;
const DRAIN_MS = 2000;
// The job engine (e-mail delivery, the weekly AI-readiness re-audit) lives in the app build, next to
// the database. It starts once the server listens; JOBS_WORKER=false makes this a web-only instance
// that enqueues work but runs none.
let jobs: Promise<() => Promise<void>> = Promise.resolve(async () => {});
// Aborted by a SIGTERM: a job thread still starting then ends at once rather than start and stop.
const stopSignal = new AbortController();
const onListening = () => {
  console.log(`[server] http://localhost:${port}`);
  if (stopping) return;
  // On PostgreSQL the workers run on a thread of their own that loads this same build.
  jobs =
    entry.startBackgroundJobs?.({ threadModuleUrl: buildUrl, signal: stopSignal.signal }) ?? jobs;
  jobs.catch((error: unknown) => {
    // Stopped while starting: nothing was claimed, nothing to report.
    if (stopping) return;
    // Without its job engine the site would take work it never does: stop, so the process manager
    // restarts it (or the operator sees why).
    console.error('[server] the job engine could not start', error);
    process.exit(1);
  });
};
const server = host ? app.listen(port, host, onListening) : app.listen(port, onListening);
// Once stopping, every answer also closes its connection, so keep-alive clients move on.
server.on('request', (_req, res) => {
  if (stopping) res.setHeader('Connection', 'close');
});

function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`[server] ${signal}: finishing requests in flight`);
  stopSignal.abort();
  // Jobs under way finish (or are released for another instance) while requests drain.
  void jobs
    .then((stopJobs) => stopJobs())
    .catch((error: unknown) => {
      if ((error as Error)?.name !== 'JobThreadAbortedError')
        console.error('[server] stopping the job engine failed', error);
    });
  // Connections accepted a moment ago may not have been read yet, and Node counts them as idle:
  // closing at once would reset them. So keep serving briefly (every answer now closes its
  // connection), then stop listening; close() ends the idle keep-alive connections itself.
  setTimeout(() => {
    server.close((error) => {
      if (error) console.error(error);
      // The API keys' last uses noted since the last batch (app/domain/api-keys.server.ts).
      entry
        .stopApiKeyUse?.()
        .catch((flushError: unknown) => console.error('[server] API key last-used', flushError));
      // Database pools close when idle (allowExitOnIdle); once the job engine has stopped, nothing
      // else keeps the process alive.
    });
  }, DRAIN_MS).unref();
  // A request that never finishes does not hold a rolling restart forever.
  setTimeout(() => {
    console.error('[server] requests still open after 10 s; exiting');
    process.exit(1);
  }, 10_000).unref();
}
process.once('SIGTERM', () => stop('SIGTERM'));
process.once('SIGINT', () => stop('SIGINT'));
