import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import type { MessagePort } from 'node:worker_threads';
import { createGunzip } from 'node:zlib';
import { lowerThreadPriority } from '~/lib/thread-priority';
import { scanLog, type ScanEvent, type ScanOptions } from './log-scan';

// The import's reading thread (issue 48; started by ./scan-thread.server.ts): it reads the stored
// upload (gunzipped when it is gzip) through scanLog and posts what it finds to the thread that
// started it, which stores the batches. It reads ahead at most MAX_AHEAD batches that are not yet
// stored (each 'batch' is answered with 'stored'), so a slow database holds the reading back and
// memory stays bounded. This module is all the thread loads: the reading and its tables, no
// database, no app.

/** Batches posted and not yet stored before the reading waits. */
export const MAX_AHEAD = 2;

export type ScanThreadData = ScanOptions & {
  file: string;
  gzip: boolean;
  /** The thread's nice value (0: the process's own). */
  nice: number;
};

export type ToScanThread = { type: 'stored' };
export type FromScanThread =
  | ScanEvent
  | { type: 'failed'; name: string; message: string; code: string | null; stack: string | null };

/** The thread's program: reads, posts, and returns when the reading is over. */
export async function runScanThread(port: MessagePort, data: ScanThreadData): Promise<void> {
  if (data.nice) lowerThreadPriority(data.nice);
  let ahead = 0;
  let resume: (() => void) | null = null;
  const onMessage = (message: ToScanThread) => {
    if (message.type !== 'stored') return;
    ahead -= 1;
    resume?.();
    resume = null;
  };
  port.on('message', onMessage);
  // Chunks of 1 MB: the lines of each are settled in one go (./text-lines.ts).
  const raw = createReadStream(data.file, { highWaterMark: 1024 * 1024 });
  let input: Readable = raw;
  if (data.gzip) {
    input = raw.pipe(createGunzip());
    raw.once('error', (error) => input.destroy(error));
  }
  try {
    for await (const event of scanLog(input, data)) {
      port.postMessage(event satisfies FromScanThread);
      if (event.type !== 'batch') continue;
      ahead += 1;
      while (ahead >= MAX_AHEAD) await new Promise<void>((wake) => (resume = wake));
    }
  } catch (error) {
    const { name, message, code, stack } = error as {
      name?: string;
      message?: string;
      code?: unknown;
      stack?: string;
    };
    port.postMessage({
      type: 'failed',
      name: name ?? 'Error',
      message: message ?? String(error),
      code: typeof code === 'string' ? code : null,
      stack: stack ?? null,
    } satisfies FromScanThread);
  } finally {
    raw.destroy();
    // Nothing left to wait for: the thread ends once its last messages are sent.
    port.off('message', onMessage);
  }
}
