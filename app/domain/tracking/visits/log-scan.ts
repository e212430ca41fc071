import { isBlank, lineKindAt } from './line-kind';
import { hashVisit, type HashedVisit } from './line-hash';
import { readLogLine } from './log-lines';
import { LineCursor, textChunks } from './text-lines';

// An uploaded log's bytes read into counted visits (issue 48): what the import's reading thread
// (./scan-thread.ts) runs, apart from the database. Blank lines are not lines of the log; every
// other line counts as read, up to the month's allowance (`budget`): then the reading stops.
// Most lines are only scanned, in place (a browser's counts only as read: ./line-kind.ts); only a
// candidate is cut out of the text, read in full, and, when it is an AI agent's visit or an AI
// referral, fingerprinted and handed on in batches. Pure but for reading `input`.

export type ScanTotals = { lines: number; skipped: number };

/** What the reading hands on, in order; `lines` and `skipped` are the totals so far. */
export type ScanEvent =
  | ({ type: 'batch'; visits: HashedVisit[] } & ScanTotals)
  | ({ type: 'progress' } & ScanTotals)
  | ({ type: 'done'; stoppedAtLimit: boolean } & ScanTotals);

export type ScanOptions = {
  businessId: string;
  /** The server's secret, which keys the fingerprints (./line-hash.ts). */
  secret: string;
  /** Lines that may still be read this month (the plan's allowance left). */
  budget: number;
  /** Counted lines per batch. */
  batch: number;
  /** Lines read between progress events. */
  progressEvery: number;
};

/** Reads `input` (chunks of UTF-8 bytes) into batches of counted visits and progress. */
export async function* scanLog(
  input: AsyncIterable<Buffer>,
  options: ScanOptions,
): AsyncGenerator<ScanEvent> {
  const { businessId, secret, progressEvery } = options;
  let budget = options.budget;
  const totals: ScanTotals = { lines: 0, skipped: 0 };
  let batch: HashedVisit[] = [];
  const cursor = new LineCursor();
  for await (const text of textChunks(input)) {
    cursor.reset(text);
    while (cursor.next()) {
      const { start, end } = cursor;
      // Blank lines are not lines of the log (trimmed only when they start with a blank).
      if (start === end) continue;
      if (isBlank(text.charCodeAt(start)) && !text.slice(start, end).trim()) continue;
      if (budget <= 0) {
        if (batch.length) yield { type: 'batch', visits: batch, ...totals };
        yield { type: 'done', stoppedAtLimit: true, ...totals };
        return;
      }
      budget -= 1;
      totals.lines += 1;
      const kind = lineKindAt(text, start, end);
      if (kind === 'unread') totals.skipped += 1;
      else if (kind === 'candidate') {
        const line = text.slice(start, end);
        const record = readLogLine(line);
        if (!record) totals.skipped += 1;
        else {
          const visit = hashVisit(secret, businessId, line, record);
          if (visit) {
            batch.push(visit);
            if (batch.length >= options.batch) {
              yield { type: 'batch', visits: batch, ...totals };
              batch = [];
            }
          }
        }
      }
      if (totals.lines % progressEvery === 0) yield { type: 'progress', ...totals };
    }
  }
  if (batch.length) yield { type: 'batch', visits: batch, ...totals };
  yield { type: 'done', stoppedAtLimit: false, ...totals };
}
