import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { db } from '~/lib/db.server';
import { env } from '~/lib/env.server';
import { createUser } from './helpers';

// When the import's reading thread fails for a reason a retry may mend (not a damaged file: the
// thread's module would not load, it ran out of memory, …): the job is retried with the file kept;
// on its last attempt the import ends as failed with a message that says so, and the file is
// deleted, instead of staying "running" with its upload on disk for ever. The counts stored before
// the failure stay (a new upload counts the rest: its lines already counted are duplicates).
// The thread is replaced by one that posts a batch and then fails.

const thread = vi.hoisted(() => ({ stopped: 0 }));

vi.mock('~/domain/tracking/visits/scan-thread.server', async (original) => {
  const { hashVisit } = await import('~/domain/tracking/visits/line-hash');
  const { batchOf } = await import('~/domain/tracking/visits/visit-batch');
  const { readLogLine } = await import('~/domain/tracking/visits/log-lines');
  const { combinedLine, todayAt } = await import('~/domain/tracking/visits/test-lines');
  return {
    ...(await original<object>()),
    startScanThread: (data: { businessId: string; secret: string }) => {
      const line = combinedLine({
        ip: '20.171.207.10',
        time: todayAt(10),
        path: '/',
        status: 200,
        bytes: 5,
        userAgent: 'GPTBot/1.1',
      });
      const visit = hashVisit(data.secret, data.businessId, line, readLogLine(line)!)!;
      async function* events() {
        yield { type: 'batch', batch: batchOf([visit]), lines: 1, skipped: 0 };
        yield {
          type: 'failed',
          name: 'RangeError',
          message: 'The reading thread ran out of memory',
          code: null,
          stack: null,
        };
      }
      return {
        events: events(),
        stored: () => undefined,
        grant: () => undefined,
        stop: async () => {
          thread.stopped += 1;
        },
      };
    },
  };
});

const { READING_FAILED_MESSAGE, runImport } =
  await import('~/domain/tracking/visits/import.server');

async function queuedImport() {
  const user = await createUser();
  await db.user.update({ where: { id: user.id }, data: { subscriptionStatus: 'authority' } });
  const business = await db.business.create({
    data: { userId: user.id, name: 'Summit Plumbing', website: 'https://summit.example' },
  });
  const row = await db.crawlerLogImport.create({
    data: { businessId: business.id, source: 'upload', status: 'queued' },
  });
  const uploads = path.resolve(env.CRAWLER_LOG_DIR);
  mkdirSync(uploads, { recursive: true });
  const file = path.join(uploads, `${row.id}.upload`);
  writeFileSync(file, 'a log the fake thread does not read\n');
  return { id: row.id, business, file };
}

const attempt = (n: number) => ({
  attempt: n,
  maxAttempts: 3,
  signal: new AbortController().signal,
});

describe('an import whose reading thread fails', () => {
  it('is retried with its file kept, then on the last attempt ends as failed and its file is deleted', async () => {
    const { id, business, file } = await queuedImport();
    const stoppedBefore = thread.stopped;
    const first = runImport({ importId: id }, attempt(1));
    await expect(first).rejects.toThrow('The reading thread ran out of memory');
    await expect(first).rejects.toHaveProperty('name', 'RangeError');
    let row = await db.crawlerLogImport.findUniqueOrThrow({ where: { id } });
    expect([row.status, row.lines, row.counted, existsSync(file)]).toEqual(['running', 1, 1, true]);
    expect(thread.stopped).toBeGreaterThan(stoppedBefore);

    await expect(runImport({ importId: id }, attempt(3))).rejects.toThrow(
      'The reading thread ran out of memory',
    );
    row = await db.crawlerLogImport.findUniqueOrThrow({ where: { id } });
    expect([row.status, row.error, row.finishedAt !== null, existsSync(file)]).toEqual([
      'failed',
      READING_FAILED_MESSAGE,
      true,
      false,
    ]);
    // The visit stored by the first attempt is counted once: the second found it already seen.
    expect(row.duplicates).toBe(1);
    const stats = await db.crawlerVisitStat.findMany({ where: { businessId: business.id } });
    expect(stats.map((stat) => [stat.agent, stat.visits])).toEqual([['GPTBot', 1]]);
  });
});
