import { open } from 'node:fs/promises';
import type { ScanThreadData } from './scan-thread';
import { startScanThread, type ScanThread, type ScanThreadEvent } from './scan-thread.server';

// An upload read by two threads at once (issue 48, `npm run bench:logs`; docs/decisions/0033):
// a plain file of at least 2 × MIN_PART bytes is cut at a line break near its middle, and each
// half is read by a thread of its own (./scan-thread.server.ts); a .gz cannot be cut (its bytes
// only make sense from the start), and a small file is not worth a second thread. Their events
// are merged here into one stream, as one thread's would be: each batch says its part (its
// 'stored' goes back to that thread), and the totals (lines read, not understood) are the sum of
// the parts'. The month's allowance counts lines in the file's order: the first part has all of
// it; the second starts with what is certainly left whatever the first holds (a line takes two
// bytes at least, a character and its break), and when that runs out it waits for the first part
// to be read and gets the exact rest.

/** The smallest part worth a thread of its own. */
const MIN_PART = 4 * 1024 * 1024;

/** How far past the middle a line break is looked for; no break there: one part. */
const SEARCH = 64 * 1024;

export type PartEvent = ScanThreadEvent & { part: number };

export type LogReading = {
  /** The parts' events merged, up to one 'done' (all parts read) or the first 'failed'. */
  events: AsyncIterable<Exclude<PartEvent, { type: 'budget?' }>>;
  /** Tells the part's thread a batch of it is stored. */
  stored(part: number): void;
  /** Ends every part's reading. */
  stop(): Promise<void>;
};

/** Where the line after the middle of the file starts: just after its first break there, or null. */
async function middleLineStart(file: string, size: number): Promise<number | null> {
  const middle = Math.floor(size / 2);
  const handle = await open(file, 'r');
  try {
    const window = Buffer.alloc(Math.min(SEARCH, size - middle));
    const { bytesRead } = await handle.read(window, 0, window.length, middle);
    const bytes = window.subarray(0, bytesRead);
    // A "\n" ends a line whatever comes before it ("\r\n" too); a lone "\r" when the file has no "\n".
    let at = bytes.indexOf(10);
    if (at < 0) {
      at = bytes.indexOf(13);
      if (at < 0 || at + 1 >= bytes.length) return null;
    }
    const start = middle + at + 1;
    return start < size ? start : null;
  } finally {
    await handle.close();
  }
}

/** The byte ranges the upload is read in: one, or two cut at a line break. */
async function partsOf(
  data: Pick<ScanThreadData, 'file' | 'gzip'>,
  size: number,
  minPart = MIN_PART,
): Promise<{ start: number; end: number }[]> {
  const whole = [{ start: 0, end: size }];
  if (data.gzip || size < 2 * minPart) return whole;
  const cut = await middleLineStart(data.file, size);
  return cut === null
    ? whole
    : [
        { start: 0, end: cut },
        { start: cut, end: size },
      ];
}

/**
 * Reads the upload `data.file` of `size` bytes in one or two parts (see the top of this file);
 * `minPart` is the smallest part (tests cut small files).
 */
export async function readLog(
  data: ScanThreadData,
  size: number,
  minPart = MIN_PART,
): Promise<LogReading> {
  const ranges = await partsOf(data, size, minPart);
  if (ranges.length === 1) {
    const thread = startScanThread(data);
    return {
      events: tagged(thread),
      stored: () => thread.stored(),
      stop: () => thread.stop(),
    };
  }
  const [first, second] = ranges as [
    { start: number; end: number },
    { start: number; end: number },
  ];
  // Lines the first part can hold at most: every line a character and a break, or more.
  const firstAtMost = Math.floor((first.end - first.start) / 2);
  const secondBudget = Math.max(0, data.budget - firstAtMost);
  const threads = [
    startScanThread({ ...data, range: first }),
    startScanThread({ ...data, range: second, budget: secondBudget, asksForBudget: true }),
  ] as const;
  return {
    events: merged(threads, data.budget, secondBudget),
    stored: (part) => threads[part]?.stored(),
    stop: async () => {
      await Promise.all(threads.map((thread) => thread.stop()));
    },
  };
}

async function* tagged(
  thread: ScanThread,
): AsyncGenerator<Exclude<PartEvent, { type: 'budget?' }>> {
  for await (const event of thread.events)
    if (event.type !== 'budget?') yield { ...event, part: 0 };
}

type Arrival = { part: number; event: ScanThreadEvent } | { part: number; error: unknown };

/** The two parts' events as one stream (see the top of this file). */
async function* merged(
  threads: readonly [ScanThread, ScanThread],
  budget: number,
  secondBudget: number,
): AsyncGenerator<Exclude<PartEvent, { type: 'budget?' }>> {
  const arrivals: Arrival[] = [];
  let wake: (() => void) | null = null;
  const arrive = (arrival: Arrival) => {
    arrivals.push(arrival);
    wake?.();
    wake = null;
  };
  threads.forEach(async (thread, part) => {
    try {
      for await (const event of thread.events) arrive({ part, event });
    } catch (error) {
      arrive({ part, error });
    }
  });
  const totals = [
    { lines: 0, skipped: 0 },
    { lines: 0, skipped: 0 },
  ];
  const done = [false, false];
  let stoppedAtLimit = false;
  let budgetAsked = false;
  let granted = false;
  const grantRest = () => {
    if (!budgetAsked || !done[0] || granted) return;
    granted = true;
    // Once: what the first part left, less what the second started with.
    threads[1].grant(Math.max(0, budget - totals[0]!.lines - secondBudget));
  };
  const sum = () => ({
    lines: totals[0]!.lines + totals[1]!.lines,
    skipped: totals[0]!.skipped + totals[1]!.skipped,
  });
  while (!(done[0] && done[1])) {
    if (!arrivals.length) await new Promise<void>((resolve) => (wake = resolve));
    const arrival = arrivals.shift()!;
    if ('error' in arrival) throw arrival.error;
    const { part, event } = arrival;
    if (event.type === 'failed') {
      yield { ...event, part };
      return;
    }
    if (event.type === 'budget?') {
      if (granted) threads[1].grant(0);
      budgetAsked = true;
      grantRest();
      continue;
    }
    totals[part] = { lines: event.lines, skipped: event.skipped };
    if (event.type === 'done') {
      done[part] = true;
      stoppedAtLimit ||= event.stoppedAtLimit;
      grantRest();
      continue;
    }
    yield { ...event, ...sum(), part };
  }
  yield { type: 'done', stoppedAtLimit, ...sum(), part: 0 };
}
