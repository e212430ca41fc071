import { on } from 'node:events';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { FromScanThread, ScanThreadData, ToScanThread } from './scan-thread';

// The import's reading threads (./scan-thread.ts; docs/decisions/0032 and 0033). A thread runs an
// eval'd CommonJS program (no build change) that imports the TypeScript source of scan-thread.ts
// and serves files to read, one at a time. It loads that module and its few imports only: not the
// app, not the database. The source is read with tsx, as the server itself runs (`npm start` is
// `node --import tsx`). So the server needs the project's source beside its build, which
// checkScanThread says at start-up; the thread runs the source as it is on disk. The server build
// (build/server) bundles this module, so from there the source is found in the project around it.
// Threads are kept ready (KEPT of them, started with the job engine by prepareScanThreads, or by
// the first import): an import does not wait for one to load its modules (~0.25 s), and a kept
// thread's compiled code is warm for the next. A kept thread holds no event loop open, and ends
// after KEEP_IDLE_MS without an import (each holds ~20 MB; the next import starts it again).

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
  .then((module) => module.serveScanThread(parentPort))
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
  events: AsyncIterable<ScanThreadEvent>;
  /** Tells the thread a batch is stored (it reads ahead MAX_AHEAD batches at most). */
  stored(): void;
  /** Answers the thread's 'budget?': how many more lines it may read. */
  grant(lines: number): void;
  /**
   * Ends the reading: a thread that posted 'done' or 'failed' is kept for the next import; one
   * still reading is ended at once.
   */
  stop(): Promise<void>;
};

export type ScanThreadEvent = Exclude<FromScanThread, { type: 'ready' }>;

export const THREAD_ENDED_EARLY = 'The log reading thread stopped before the end of the file.';

/** A thread's error, as an Error here (its name, message, code and stack). */
export function threadError(event: Extract<FromScanThread, { type: 'failed' }>): Error {
  const error = Object.assign(new Error(event.message), { code: event.code });
  error.name = event.name;
  if (event.stack) error.stack = event.stack;
  return error;
}

/** Threads kept ready between imports (an import reads with one or two: ./scan-parts.server.ts). */
const KEPT = 2;

/** How long a kept thread waits for an import before it ends. */
export const KEEP_IDLE_MS = 30 * 60_000;
let keepIdleMs = KEEP_IDLE_MS;

/** Sets how long kept threads wait for an import (tests); `KEEP_IDLE_MS` by default. */
export function keepScanThreadsIdle(ms = KEEP_IDLE_MS): void {
  keepIdleMs = ms;
}

type Reader = {
  worker: Worker;
  ready: Promise<void>;
  /** Whether it loaded (a thread that failed to is never kept). */
  loaded: boolean;
  ended: boolean;
  idle: ReturnType<typeof setTimeout> | null;
};
const kept: Reader[] = [];

/** Keeps the thread ready for the next import, for keepIdleMs. */
function keep(reader: Reader): void {
  reader.worker.unref();
  kept.push(reader);
  reader.idle = setTimeout(() => {
    const at = kept.indexOf(reader);
    if (at >= 0) kept.splice(at, 1);
    void reader.worker.terminate();
  }, keepIdleMs);
  reader.idle.unref();
}

function spawnReader(): Reader {
  const project = projectRoot();
  const worker = new Worker(PROGRAM, {
    eval: true,
    workerData: {
      moduleUrl: pathToFileURL(path.join(project, SOURCE)).href,
      loader: loaderUrl(),
      tsconfig: path.join(project, 'tsconfig.json'),
    },
  });
  worker.unref();
  // The events read the thread's errors; one when no import reads it must not become an uncaught
  // 'error' that stops the server.
  worker.on('error', () => undefined);
  const reader: Reader = {
    worker,
    loaded: false,
    ended: false,
    ready: Promise.resolve(),
    idle: null,
  };
  reader.ready = new Promise<void>((resolve, reject) => {
    const onMessage = (message: FromScanThread) => {
      if (message.type === 'ready') {
        reader.loaded = true;
        resolve();
      } else if (message.type === 'failed') reject(threadError(message));
      else return;
      worker.off('message', onMessage);
    };
    worker.on('message', onMessage);
    worker.once('exit', () => {
      reader.ended = true;
      const at = kept.indexOf(reader);
      if (at >= 0) kept.splice(at, 1);
      reject(new Error(THREAD_ENDED_EARLY));
    });
  });
  // Awaited by the import that takes the thread; a thread that fails to load is not kept.
  reader.ready.catch(() => undefined);
  return reader;
}

/**
 * Checks that the reading threads can load (checkScanThread) and starts `count` of them, kept
 * ready for the imports: the job engine calls it as it starts.
 */
export function prepareScanThreads(count = KEPT): void {
  checkScanThread();
  while (kept.length < Math.min(count, KEPT)) keep(spawnReader());
}

/** When the kept threads have loaded (or failed to). */
export async function scanThreadsReady(): Promise<void> {
  const waiting = [...kept];
  // Held open while they load: a process with nothing else to do would end before.
  for (const reader of waiting) reader.worker.ref();
  await Promise.allSettled(waiting.map((reader) => reader.ready));
  for (const reader of waiting) if (kept.includes(reader)) reader.worker.unref();
}

/** The kept threads' ids (tests). */
export const scanThreadIds = (): number[] => kept.map((reader) => reader.worker.threadId);

function takeReader(): Reader {
  const reader = kept.shift();
  if (!reader) return spawnReader();
  if (reader.idle) clearTimeout(reader.idle);
  reader.idle = null;
  return reader;
}

function giveBack(reader: Reader): void {
  if (reader.ended || !reader.loaded || kept.length >= KEPT) void reader.worker.terminate();
  else keep(reader);
}

async function* eventsOf(
  reader: Reader,
  messages: AsyncIterator<unknown[]>,
  finish: () => void,
): AsyncGenerator<ScanThreadEvent> {
  try {
    await reader.ready;
  } catch (error) {
    finish();
    throw error;
  }
  for (;;) {
    const next = await messages.next();
    if (next.done) break;
    const event = next.value[0] as FromScanThread;
    if (event.type === 'ready') continue;
    if (event.type === 'done' || event.type === 'failed') finish();
    yield event;
    if (event.type === 'done' || event.type === 'failed') return;
  }
  throw new Error(THREAD_ENDED_EARLY);
}

/** Reads an upload (or a part of it) on a kept thread, or a new one when none is free. */
export function startScanThread(data: ScanThreadData): ScanThread {
  const reader = takeReader();
  const { worker } = reader;
  // Held open while it reads for this import.
  worker.ref();
  // Listening from the start: every message is kept until it is read.
  const messages = on(worker, 'message', { close: ['exit'] });
  const post = (message: ToScanThread) => worker.postMessage(message);
  reader.ready.then(
    () => post({ type: 'read', data }),
    () => undefined,
  );
  let finished = false;
  let stopped: Promise<void> | null = null;
  return {
    events: eventsOf(reader, messages, () => (finished = true)),
    stored: () => post({ type: 'stored' }),
    grant: (lines) => post({ type: 'budget', lines }),
    stop: () =>
      (stopped ??= (async () => {
        await messages.return?.();
        if (finished) giveBack(reader);
        else await worker.terminate();
      })()),
  };
}
