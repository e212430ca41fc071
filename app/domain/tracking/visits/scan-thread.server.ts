import { on } from 'node:events';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FromScanThread, ScanThreadData, ToScanThread } from './scan-thread';

// Starting the import's reading thread (./scan-thread.ts; docs/decisions/0032). The thread runs an
// eval'd CommonJS program (no build change) that imports the TypeScript source of scan-thread.ts
// and calls its runScanThread. It loads that module and its few imports only: not the app, not
// the database. The source is read with tsx, as the server itself runs (`npm start` is
// `node --import tsx`). So the server needs the project's source beside its build, which
// checkScanThread says at start-up; the thread runs the source as it is on disk. The server build (build/server) bundles this module, so
// from there the source is found in the project around it.

const PROGRAM = `
const { parentPort, workerData } = require('node:worker_threads');
const fail = (error) =>
  parentPort.postMessage({
    type: 'failed',
    name: String((error && error.name) || 'Error'),
    message: String((error && error.message) || error),
    code: null,
    stack: String((error && error.stack) || ''),
  });
import(workerData.loader)
  .then((api) => api.register({ tsconfig: workerData.tsconfig }))
  .then(() => import(workerData.moduleUrl))
  .then((module) => module.runScanThread(parentPort, workerData.data))
  .catch(fail);
`;

const SOURCE = 'app/domain/tracking/visits/scan-thread.ts';

let root: string | null = null;

/**
 * The project that holds scan-thread.ts: walking up from this module, which is that source itself
 * (tests, scripts) or the server build (build/server/…) in the project. Not the working folder:
 * the server may be started from anywhere.
 */
function projectRoot(): string {
  if (root) return root;
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (let dir = here, up = 0; up < 8; up++, dir = path.dirname(dir))
    if (existsSync(path.join(dir, SOURCE))) return (root = dir);
  throw new Error(
    `${SOURCE} was not found above ${here}: the server reads uploaded logs with the project's TypeScript source, which must be deployed with the build.`,
  );
}

/**
 * tsx's API, which the thread registers first, with the project's tsconfig.json (its `~/` paths).
 * Always: a thread inherits the server's `--import tsx`, but that one does not map the paths there.
 */
const loaderUrl = () => pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href;

/**
 * Throws now, with the reason, when the reading thread could not start (the source or tsx is
 * missing): the job engine calls it as it starts, so a deploy without them fails at start-up, not
 * at the first upload.
 */
export function checkScanThread(): void {
  projectRoot();
  loaderUrl();
}

export type ScanThread = {
  /** What the thread posts, in order, up to 'done' or 'failed'. */
  events: AsyncIterable<FromScanThread>;
  /** Tells the thread a batch is stored (it reads ahead MAX_AHEAD batches at most). */
  stored(): void;
  /** Ends the thread (at once, if it is still reading). */
  stop(): Promise<void>;
};

export const THREAD_ENDED_EARLY = 'The log reading thread stopped before the end of the file.';

async function* eventsOf(messages: AsyncIterable<unknown[]>): AsyncGenerator<FromScanThread> {
  for await (const [message] of messages) {
    const event = message as FromScanThread;
    yield event;
    if (event.type === 'done' || event.type === 'failed') return;
  }
  throw new Error(THREAD_ENDED_EARLY);
}

/** Starts reading an upload on a thread of its own. */
export function startScanThread(data: ScanThreadData): ScanThread {
  const project = projectRoot();
  const worker = new Worker(PROGRAM, {
    eval: true,
    workerData: {
      moduleUrl: pathToFileURL(path.join(project, SOURCE)).href,
      loader: loaderUrl(),
      tsconfig: path.join(project, 'tsconfig.json'),
      data,
    },
  });
  // The events below take the thread's errors while they are read; one after them (the job has
  // ended) must not become an uncaught 'error' that stops the server.
  worker.on('error', () => undefined);
  // Listening from the start: every message is kept until it is read.
  const messages = on(worker, 'message', { close: ['exit'] });
  return {
    events: eventsOf(messages),
    stored: () => worker.postMessage({ type: 'stored' } satisfies ToScanThread),
    stop: async () => {
      await worker.terminate();
    },
  };
}
