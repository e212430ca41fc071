import { db } from '~/lib/db.server';

// Requests a minute per engine, shared by every app instance: each engine's providers limit the
// key, not the machine, so the count lives in the database (TrackingRateWindow: one row per engine
// and UTC minute). A call takes a place in the current minute with one conditional UPDATE (so two
// instances never both take the last place), or creates the minute's row; when the minute is
// full it waits for the next one. Rows older than an hour are deleted now and then.

export interface RateLimiter {
  /** Resolves when a request may go out; rejects with the signal's reason when it aborts. */
  acquire(engine: string, rpm: number, signal?: AbortSignal): Promise<void>;
}

const MINUTE = 60_000;
const KEEP = 60 * MINUTE;

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** setTimeout as a promise that rejects with the signal's reason as soon as it aborts. */
export const sleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'P2002';
}

/** Takes a place in the minute's window; false when it is full. */
async function take(engine: string, windowStart: Date, rpm: number): Promise<boolean> {
  for (let tries = 0; tries < 2; tries += 1) {
    const { count } = await db.trackingRateWindow.updateMany({
      where: { engine, windowStart, count: { lt: rpm } },
      data: { count: { increment: 1 } },
    });
    if (count === 1) return true;
    try {
      await db.trackingRateWindow.create({ data: { engine, windowStart, count: 1 } });
      return true;
    } catch (error) {
      // The row exists (full, or another instance created it a moment ago): look again once.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  return false;
}

export function createDatabaseRateLimiter({
  now = () => Date.now(),
  wait = sleep,
  jitterMs = 250,
}: {
  now?: () => number;
  wait?: Sleep;
  /** Up to this much is added to a wait, so instances do not all wake at the same instant. */
  jitterMs?: number;
} = {}): RateLimiter {
  let lastCleanup = 0;
  return {
    async acquire(engine, rpm, signal) {
      for (;;) {
        signal?.throwIfAborted();
        const time = now();
        const windowStart = Math.floor(time / MINUTE) * MINUTE;
        if (time - lastCleanup > 10 * MINUTE) {
          lastCleanup = time;
          await db.trackingRateWindow.deleteMany({
            where: { windowStart: { lt: new Date(windowStart - KEEP) } },
          });
        }
        if (await take(engine, new Date(windowStart), rpm)) return;
        await wait(windowStart + MINUTE - time + Math.random() * jitterMs, signal);
      }
    },
  };
}

export const databaseRateLimiter: RateLimiter = createDatabaseRateLimiter();
