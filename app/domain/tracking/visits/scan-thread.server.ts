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
// `node --import tsx`). The server build (build/server) bundles this module, so
// from there the source is found in the project around it.

const PROGRAM = `
const { parentPort, workerData } = require('node:worker_threads');
const fail = (error) =>
  parentPort.postMessage({
    type: 'failed',
    message: String((error && error.message) || error),
    code: null,
    stack: String((error && error.stack) || ''),
  });
import(workerData.loader)
  .then((api) => api.register())
  .then(() => import(workerData.moduleUrl))
  .then((module) => module.runScanThread(parentPort, workerData.data))
  .catch(fail);
`;

const SOURCE = 'app/domain/tracking/visits/scan-thread.ts';

/** The URL of scan-thread.ts: beside this module, or in the project around the server build. */
function threadModuleUrl(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const beside = path.join(here, 'scan-thread.ts');
  if (existsSync(beside)) return pathToFileURL(beside).href;
  for (let dir = here, up = 0; up < 6; up++, dir = path.dirname(dir)) {
    const file = path.join(dir, SOURCE);
    if (existsSync(file)) return pathToFileURL(file).href;
  }
  throw new Error(`${SOURCE} was not found near ${here}: the server needs the project's source.`);
}

/**
 * tsx's API, which the thread registers first. Always: a thread inherits `--import tsx` from the
 * server, but that one does not map the project's path aliases (`~/`) there; registered in the
 * thread, tsx reads the project's tsconfig.json as it does in the server.
 */
const loaderUrl = () => pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href;

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
  const worker = new Worker(PROGRAM, {
    eval: true,
    workerData: { moduleUrl: threadModuleUrl(), loader: loaderUrl(), data },
  });
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
