import type { TransactionClient } from '~/lib/db.server';
import { withOwnerLock } from '~/lib/owner-lock.server';
import { DomainError } from '../../errors';
import type { DrainEntry } from './drain-batch';
import type { LiveDrain } from './drains.server';
import { linesThisMonth, monthlyLimitMessage } from './import.server';
import { isCounted, storeCountedLines, type CountedLine } from './store.server';

// A log drain's batch, counted the way an upload is (issue 48): the same per-day counts, the same
// keyed hashes (a batch a drain sends again counts once), and the plan's lines a month (uploads
// and drains together). Each business has one import row per UTC day with source 'drain', whose
// lines, counted and not-understood figures grow with every batch. A batch is counted in one
// transaction under the owner's lock: all of it or nothing, and two batches never make two rows.

/** Counted lines written per statement batch (as the upload's job does). */
const CHUNK = 2_000;

export type DrainOutcome = {
  /** Entries read (each one log line). */
  lines: number;
  /** Of those, new AI agent visits and AI referrals. */
  counted: number;
  /** Entries no format could read (a build or function log, say). */
  skipped: number;
  /** Counted entries already counted (a batch sent again). */
  duplicates: number;
  /** Entries past the plan's lines this month, not read. */
  notRead: number;
};

const dayStart = (now: Date) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/** Today's drain import row of the business, made on the day's first batch. */
async function todaysRow(tx: TransactionClient, businessId: string, now: Date) {
  const row = await tx.crawlerLogImport.findFirst({
    where: { businessId, source: 'drain', createdAt: { gte: dayStart(now) } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { id: true },
  });
  return (
    row ??
    (await tx.crawlerLogImport.create({
      data: { businessId, source: 'drain', status: 'done', createdAt: now, finishedAt: now },
      select: { id: true },
    }))
  );
}

/**
 * Counts a drain's batch (already read and its signature checked) into its business's figures.
 * Past the plan's lines this month: 403 with the plan's limit, nothing counted; a batch that
 * crosses the limit is read up to it.
 */
export async function ingestDrainBatch(
  drain: LiveDrain,
  entries: readonly DrainEntry[],
  bytes: number,
  now = new Date(),
): Promise<DrainOutcome> {
  const allowance = await linesThisMonth(drain.owner, now);
  if (entries.length && allowance.used >= allowance.limit)
    throw new DomainError('forbidden', monthlyLimitMessage(allowance.tier), {
      limit: allowance.limit,
    });
  const read = entries.slice(0, Math.max(0, allowance.limit - allowance.used));
  const outcome: DrainOutcome = {
    lines: read.length,
    counted: 0,
    skipped: 0,
    duplicates: 0,
    notRead: entries.length - read.length,
  };
  const counted: CountedLine[] = [];
  for (const entry of read) {
    if (!entry.record) outcome.skipped += 1;
    else if (isCounted(entry.record)) counted.push({ record: entry.record, line: entry.line });
  }
  await withOwnerLock(drain.owner.id, 'crawler-log.drain', async (tx) => {
    // A transaction retried for contention starts its figures again.
    outcome.counted = 0;
    outcome.duplicates = 0;
    for (let start = 0; start < counted.length; start += CHUNK) {
      const result = await storeCountedLines(
        tx,
        drain.businessId,
        counted.slice(start, start + CHUNK),
      );
      outcome.counted += result.added;
      outcome.duplicates += result.duplicates;
    }
    if (outcome.lines) {
      const row = await todaysRow(tx, drain.businessId, now);
      await tx.crawlerLogImport.update({
        where: { id: row.id },
        data: {
          lines: { increment: outcome.lines },
          counted: { increment: outcome.counted },
          skipped: { increment: outcome.skipped },
          duplicates: { increment: outcome.duplicates },
          bytes: { increment: bytes },
          finishedAt: now,
        },
      });
    }
    await tx.logDrainToken.update({ where: { id: drain.id }, data: { lastUsedAt: now } });
  });
  return outcome;
}
