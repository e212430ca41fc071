import { isAscii } from 'node:buffer';
import { byteRegions, ByteLineCursor, chunksFill, type Fill } from './byte-lines';
import { forgetScannedBytes, readClfBytes } from './clf-bytes';
import { forgetLines, isBlank, lineKind, lineKindOfBytes, scannedCandidate } from './line-kind';
import { bytesFingerprint, fingerprint } from './line-hash';
import { readLogLine } from './log-lines';
import { countedVisit } from './tally';
import { VisitBatchBuilder, type VisitBatch } from './visit-batch';

// An uploaded log's bytes read into counted visits (issue 48): what the import's reading thread
// (./scan-thread.ts) runs, apart from the database. Blank lines are not lines of the log; every
// other line counts as read, up to the month's allowance (`budget`): then the reading stops.
// Most lines are only scanned, in place (a browser's counts only as read: ./line-kind.ts); only a
// candidate is cut out of the text, read in full, and, when it is an AI agent's visit or an AI
// referral, fingerprinted and handed on in batches. Pure but for reading `input`.

export type ScanTotals = { lines: number; skipped: number };

/** What the reading hands on, in order; `lines` and `skipped` are the totals so far. */
export type ScanEvent =
  | ({ type: 'batch'; batch: VisitBatch } & ScanTotals)
  | ({ type: 'progress' } & ScanTotals)
  | ({ type: 'done'; stoppedAtLimit: boolean } & ScanTotals);

export type ScanOptions = {
  businessId: string;
  /** The server's secret, which keys the fingerprints (./line-hash.ts). */
  secret: string;
  /** Lines that may still be read this month (the plan's allowance left). */
  budget: number;
  /**
   * Asked when `budget` lines are read and another line follows: how many more may be read (0:
   * none, the reading stops at the limit). For a file read in parts (./scan-thread.server.ts), a
   * later part starts with what is certainly left and learns the rest when the parts before it
   * are read. Without it, the reading stops at `budget`.
   */
  moreBudget?: () => Promise<number>;
  /** Counted lines per batch. */
  batch: number;
  /** Lines read between progress events. */
  progressEvery: number;
};

/** Whether the line from `start` to `end` is all blanks (ASCII: the bytes trim() removes). */
function blankBytes(bytes: Buffer, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const code = bytes[i]!;
    if (code !== 32 && (code < 9 || code > 13)) return false;
  }
  return true;
}

/**
 * Reads `input` (chunks of UTF-8 bytes, or a Fill that copies them into the reading's buffer:
 * ./byte-lines.ts) into batches of counted visits and progress.
 */
export async function* scanLog(
  input: AsyncIterable<Buffer> | Fill,
  options: ScanOptions,
): AsyncGenerator<ScanEvent> {
  const { businessId, secret, progressEvery } = options;
  let budget = options.budget;
  const totals: ScanTotals = { lines: 0, skipped: 0 };
  const batch = new VisitBatchBuilder();
  const hashBytes = bytesFingerprint(secret, businessId);
  const cursor = new ByteLineCursor();
  const fill = typeof input === 'function' ? input : chunksFill(input);
  try {
    for await (const { bytes, end: limit, ascii, tooLong } of byteRegions(fill)) {
      cursor.reset(bytes, limit, tooLong);
      while (cursor.next()) {
        const { start, end } = cursor;
        // A line too long to keep (start -1) is one not understood.
        if (start === end && start >= 0) continue;
        // An ASCII line is scanned in its bytes; any other is decoded and scanned as text.
        let line: string | null = null;
        if (start < 0) {
          // Counted below.
        } else if (!ascii && !isAscii(bytes.subarray(start, end))) {
          line = bytes.toString('utf8', start, end);
          if (isBlank(line.charCodeAt(0)) && !line.trim()) continue;
        } else if (bytes[start]! <= 32 && blankBytes(bytes, start, end)) continue;
        if (budget <= 0 && options.moreBudget) budget = await options.moreBudget();
        if (budget <= 0) {
          if (batch.size) yield { type: 'batch', batch: batch.take(), ...totals };
          yield { type: 'done', stoppedAtLimit: true, ...totals };
          return;
        }
        budget -= 1;
        totals.lines += 1;
        const kind =
          start < 0
            ? 'unread'
            : line === null
              ? lineKindOfBytes(bytes, start, end, limit)
              : lineKind(line);
        if (kind === 'unread') totals.skipped += 1;
        else if (kind === 'candidate') {
          // A line scanned whole in its bytes is read from them; any other as text.
          const at = line === null ? scannedCandidate() : null;
          if (!at) line ??= bytes.toString('latin1', start, end);
          const record = at ? readClfBytes(bytes, start, at) : readLogLine(line!);
          if (!record) totals.skipped += 1;
          else {
            const visit = countedVisit(record);
            if (visit) {
              batch.add(
                visit,
                at ? hashBytes(bytes, start, end) : fingerprint(secret, businessId, line!),
              );
              if (batch.size >= options.batch)
                yield { type: 'batch', batch: batch.take(), ...totals };
            }
          }
        }
        if (totals.lines % progressEvery === 0) yield { type: 'progress', ...totals };
      }
    }
    if (batch.size) yield { type: 'batch', batch: batch.take(), ...totals };
    yield { type: 'done', stoppedAtLimit: false, ...totals };
  } finally {
    // A thread kept for the next reading holds nothing of this one's lines.
    forgetLines();
    forgetScannedBytes();
  }
}
