import { open, type FileHandle } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { MessagePort } from 'node:worker_threads';
import { createGunzip } from 'node:zlib';
import { lowerThreadPriority } from '~/lib/thread-priority';
import { chunksFill, CHUNK, fileFill, type Fill } from './byte-lines';
import { scanLog, type ScanEvent, type ScanOptions } from './log-scan';
import { warmUp } from './warm-up';

// A reading thread of the import (issue 48; kept ready and handed out by ./scan-thread.server.ts):
// it reads the stored upload, or one part of it (a byte range that starts and ends at line
// breaks), gunzipped when it is gzip, through scanLog, and posts what it finds to the thread that
// started it, which stores the batches. It reads ahead at most MAX_AHEAD batches that are not yet
// stored (each 'batch' is answered with 'stored'), so a slow database holds the reading back and
// memory stays bounded. A later part of a file may run out of the allowance it started with: it
// then asks for the rest ('budget?', answered by 'budget' once the parts before it are read).
// This module is all the thread loads: the reading and its tables, no database, no app.

/** Batches posted and not yet stored before the reading waits. */
export const MAX_AHEAD = 2;

export type ScanThreadData = Omit<ScanOptions, 'moreBudget'> & {
  file: string;
  gzip: boolean;
  /** The part of the file to read, in bytes (end exclusive); the whole file without it. */
  range?: { start: number; end: number };
  /** Whether, out of `budget`, it asks for more (a later part of a file). */
  asksForBudget?: boolean;
  /** The thread's nice value (0: the process's own). */
  nice: number;
};

export type ToScanThread =
  { type: 'read'; data: ScanThreadData } | { type: 'stored' } | { type: 'budget'; lines: number };
export type FromScanThread =
  | ScanEvent
  | { type: 'ready' }
  | { type: 'budget?' }
  | { type: 'failed'; name: string; message: string; code: string | null; stack: string | null };

/** The thread's program: reads, posts, and returns when the reading is over. */
export async function runScanThread(port: MessagePort, data: ScanThreadData): Promise<void> {
  if (data.nice) lowerThreadPriority(data.nice);
  let ahead = 0;
  let resume: (() => void) | null = null;
  let granted: ((lines: number) => void) | null = null;
  const onMessage = (message: ToScanThread) => {
    if (message.type === 'budget') {
      granted?.(message.lines);
      granted = null;
      return;
    }
    if (message.type !== 'stored') return;
    ahead -= 1;
    resume?.();
    resume = null;
  };
  port.on('message', onMessage);
  const moreBudget = () =>
    new Promise<number>((grant) => {
      granted = grant;
      port.postMessage({ type: 'budget?' } satisfies FromScanThread);
    });
  // A plain file is read straight into the reading's buffer (./byte-lines.ts); a .gz through
  // gunzip, whose chunks are copied in.
  let handle: FileHandle | null = null;
  let streams: Readable[] = [];
  try {
    handle = await open(data.file, 'r');
    const size = data.range?.end ?? (await handle.stat()).size;
    let fill: Fill;
    if (data.gzip) {
      const raw = handle.createReadStream({ highWaterMark: CHUNK, autoClose: false });
      // Large pieces: the lines of each are found in one go (zlib's default is 16 KB).
      const unzipped = raw.pipe(createGunzip({ chunkSize: 256 * 1024 }));
      raw.once('error', (error) => unzipped.destroy(error));
      streams = [raw, unzipped];
      fill = chunksFill(unzipped);
    } else fill = fileFill(handle, data.range?.start ?? 0, size);
    const options = { ...data, moreBudget: data.asksForBudget ? moreBudget : undefined };
    for await (const event of scanLog(fill, options)) {
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
    for (const stream of streams) stream.destroy();
    await handle?.close();
    port.off('message', onMessage);
  }
}

/**
 * The kept thread's program: warms up (./warm-up.ts: its reading compiled before the first
 * upload), says it is ready, then reads each file it is given ('read'), one at a time, posting
 * its events on `port`.
 */
export function serveScanThread(port: MessagePort): void {
  // A warm-up that fails only leaves the code to be compiled by the first upload.
  let reading: Promise<void> = warmUp().catch(() => undefined);
  port.on('message', (message: ToScanThread) => {
    if (message.type !== 'read') return;
    reading = reading.then(() => runScanThread(port, message.data));
  });
  void reading.then(() => port.postMessage({ type: 'ready' } satisfies FromScanThread));
}
