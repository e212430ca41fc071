import { createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { gunzipSync } from 'node:zlib';
import { jobEngine } from '~/jobs/engine.server';
import { JOB_THREAD_NICE } from '~/jobs/thread.server';
import { PermanentJobError, type JobContext } from '~/jobs/types';
import { db } from '~/lib/db.server';
import { env } from '~/lib/env.server';
import { withOwnerLock } from '~/lib/owner-lock.server';
import type { PublicUser } from '../../accounts.server';
import { DomainError } from '../../errors';
import { effectiveTier, TIER_LABELS, type Tier } from '../../tiers';
import { ownedBusiness } from '../owned.server';
import { entitlementsOf } from '../../plans/entitlements';
import { MAX_UPLOAD_BYTES } from './limits';
import { readLogLine } from './log-lines';
import { readLog, type LogReading } from './scan-parts.server';
import { threadError } from './scan-thread.server';
import { storeBatch } from './store.server';

// An uploaded access log, from the request to the counts (issue 48). The upload streams to a file
// in CRAWLER_LOG_DIR (never held in memory, 200 MB at most), its first lines are checked (a file
// that is not an access log is refused whole: 400, nothing counted), then a background job reads
// it line by line, counting in batches, with its progress written to the import row, and deletes
// it. Where several instances run, CRAWLER_LOG_DIR must be storage they share.

export const CRAWLER_IMPORT_QUEUE = 'crawler-log-import';

export const NOT_A_LOG_MESSAGE =
  'This file is not an access log we can read. Upload an Apache or Nginx access log (combined or common format), a Caddy JSON log, or JSON lines with Cloudflare, Vercel or Netlify log fields, plain or .gz.';
export const TOO_LARGE_MESSAGE = `This file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB. Upload a shorter period (a week or a month), or gzip it.`;
export const EMPTY_MESSAGE = 'This file is empty. Choose the access log to upload.';

/**
 * Counted lines written per transaction (stored here while the reading thread reads the next);
 * lines read between progress updates.
 */
const BATCH = 5_000;
const PROGRESS_EVERY = 50_000;

/** zlib's errors for a .gz damaged part-way or cut short, and what the owner is told: no retry mends them. */
const DAMAGED_GZIP: Readonly<Record<string, string>> = {
  Z_DATA_ERROR: 'The file is damaged (its compression is broken part-way). Upload it again.',
  Z_BUF_ERROR: 'The file is cut short (its compression ends before the log does). Upload it again.',
};

export const READING_FAILED_MESSAGE =
  'Reading this file failed, and trying again did not help. Upload it again; if it fails again, contact us.';

const uploadDir = () => path.resolve(env.CRAWLER_LOG_DIR);
const fileOf = (importId: string) => path.join(uploadDir(), `${importId}.upload`);

function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/**
 * Lines the owner's businesses have had read this month, and the plan's allowance (the plan
 * table's crawlerLogLinesPerMonth). Every way in (upload API, upload form, log drain) checks it.
 */
export async function linesThisMonth(owner: Owner, now = new Date()) {
  const tier = effectiveTier(owner, now);
  const used = await db.crawlerLogImport.aggregate({
    // The demo's simulated month ('demo' imports) uses none of the plan's lines.
    where: {
      business: { userId: owner.id },
      createdAt: { gte: monthStart(now) },
      source: { not: 'demo' },
    },
    _sum: { lines: true },
  });
  return { used: used._sum.lines ?? 0, limit: entitlementsOf(tier).crawlerLogLinesPerMonth, tier };
}

type Owner = Pick<PublicUser, 'id' | 'subscriptionStatus' | 'subscriptionExpiry'>;

export function monthlyLimitMessage(tier: Tier): string {
  return `Your ${TIER_LABELS[tier]} plan reads up to ${entitlementsOf(tier).crawlerLogLinesPerMonth.toLocaleString('en-US')} log lines a month, and this month's are used. Upload again next month, or choose a larger plan.`;
}

/** Counts bytes through a stream and stops it past the limit. */
function byteLimit(limit: number, counter: { bytes: number }) {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      counter.bytes += chunk.length;
      if (counter.bytes > limit) done(new DomainError('invalid_input', TOO_LARGE_MESSAGE));
      else done(null, chunk);
    },
  });
}

const isGzip = (head: Buffer) => head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;

/** The first lines of a stored upload (decompressed), for the check before it is queued. */
async function firstLines(file: string, wanted = 50): Promise<string[]> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(256 * 1024);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    let text: string;
    if (isGzip(head)) {
      try {
        text = gunzipSync(head.subarray(0, bytesRead), {
          finishFlush: 2 /* Z_SYNC_FLUSH */,
        }).toString('utf8');
      } catch {
        return [];
      }
    } else text = head.subarray(0, bytesRead).toString('utf8');
    return text
      .split(/\r?\n/)
      .slice(0, wanted + 1)
      .slice(0, -1)
      .filter((line) => line.trim());
  } finally {
    await handle.close();
  }
}

/**
 * Receives an upload for the owner's business: checks the business and the month's allowance,
 * streams the body to a file (200 MB at most), refuses it whole when its first lines are not an
 * access log, and queues its import. Returns the import's id.
 */
export async function receiveUpload(
  owner: Owner,
  businessId: string,
  body: Readable,
  now = new Date(),
): Promise<{ importId: string }> {
  await ownedBusiness(owner, businessId);
  const allowance = await linesThisMonth(owner, now);
  if (allowance.used >= allowance.limit)
    throw new DomainError('forbidden', monthlyLimitMessage(allowance.tier), {
      limit: allowance.limit,
    });
  const row = await db.crawlerLogImport.create({
    data: { businessId, source: 'upload', status: 'receiving' },
    select: { id: true },
  });
  const file = fileOf(row.id);
  const counter = { bytes: 0 };
  try {
    await mkdir(uploadDir(), { recursive: true });
    await pipeline(body, byteLimit(MAX_UPLOAD_BYTES, counter), createWriteStream(file));
    if (counter.bytes === 0) throw new DomainError('invalid_input', EMPTY_MESSAGE);
    const lines = await firstLines(file);
    const readable = lines.filter((line) => readLogLine(line) !== null).length;
    // An access log's lines are nearly all readable; a few odd ones are fine, none is not.
    if (!lines.length || readable < Math.max(1, Math.ceil(lines.length / 2)))
      throw new DomainError('invalid_input', NOT_A_LOG_MESSAGE);
  } catch (error) {
    await rm(file, { force: true });
    await db.crawlerLogImport.delete({ where: { id: row.id } });
    if (error instanceof DomainError) throw error;
    throw error;
  }
  await db.crawlerLogImport.update({
    where: { id: row.id },
    data: { status: 'queued', bytes: counter.bytes },
  });
  await jobEngine().enqueue(
    CRAWLER_IMPORT_QUEUE,
    { importId: row.id },
    { key: `import:${row.id}`, retry: { limit: 3, delaySeconds: 30, backoff: true } },
  );
  return { importId: row.id };
}

/**
 * The job: reads a queued upload line by line into the counts, then deletes the file. `job` (the
 * engine's): when the engine stops, the reading stops with it (the job is given back); when the
 * last attempt fails, the import is marked failed and its file deleted.
 */
export async function runImport(
  { importId }: { importId: string },
  job?: Pick<JobContext, 'attempt' | 'maxAttempts' | 'signal'>,
): Promise<void> {
  const row = await db.crawlerLogImport.findUnique({
    where: { id: importId },
    select: {
      id: true,
      status: true,
      businessId: true,
      business: {
        select: {
          user: { select: { id: true, subscriptionStatus: true, subscriptionExpiry: true } },
        },
      },
    },
  });
  if (!row || row.status === 'done' || row.status === 'failed') return;
  const owner = {
    ...row.business.user,
    subscriptionExpiry: row.business.user.subscriptionExpiry?.toISOString() ?? null,
  };
  const file = fileOf(importId);
  // This import's row starts again at 0 first: lines an earlier attempt read (a retried job) are
  // then not in the month's use, which they would take from this attempt's allowance.
  await db.crawlerLogImport.update({
    where: { id: importId },
    data: { status: 'running', lines: 0, counted: 0, skipped: 0, duplicates: 0 },
  });
  const allowance = await linesThisMonth(owner);
  const budget = allowance.limit - allowance.used;
  const progress = { lines: 0, counted: 0, skipped: 0, duplicates: 0 };
  const saveProgress = () =>
    db.crawlerLogImport.update({ where: { id: importId }, data: { ...progress } });
  let scan: LogReading | null = null;
  // The engine stopping (the job given back): the reading stops, and the loop below with it.
  const stopReading = () => void scan?.stop();
  let stoppedAtLimit = false;
  try {
    const head = Buffer.alloc(2);
    const handle = await open(file, 'r').catch(() => null);
    if (!handle)
      throw new PermanentJobError(
        'The uploaded file is gone (it was already read, or the server restarted without its upload folder).',
      );
    await handle.read(head, 0, 2, 0);
    const { size } = await handle.stat();
    await handle.close();
    // The file is read on threads of their own (./scan-thread.ts; a large plain file in two
    // halves at once, ./scan-parts.server.ts), which post batches of counted lines; each is
    // stored here while the threads read on (at most MAX_AHEAD batches ahead each).
    scan = await readLog(
      {
        file,
        gzip: isGzip(head),
        businessId: row.businessId,
        secret: env.SESSION_SECRET,
        budget,
        batch: BATCH,
        progressEvery: PROGRESS_EVERY,
        nice: JOB_THREAD_NICE,
      },
      size,
    );
    job?.signal.addEventListener('abort', stopReading, { once: true });
    if (job?.signal.aborted) stopReading();
    for await (const event of scan.events) {
      if (event.type === 'failed') throw threadError(event);
      progress.lines = event.lines;
      progress.skipped = event.skipped;
      if (event.type === 'batch') {
        const result = await withOwnerLock(owner.id, 'crawler-log.import', (tx) =>
          storeBatch(tx, row.businessId, event.batch),
        );
        progress.counted += result.added;
        progress.duplicates += result.duplicates;
        scan.stored(event.part);
      } else if (event.type === 'progress') await saveProgress();
      else stoppedAtLimit = event.stoppedAtLimit;
    }
    await db.crawlerLogImport.update({
      where: { id: importId },
      data: {
        ...progress,
        status: 'done',
        finishedAt: new Date(),
        error: stoppedAtLimit ? monthlyLimitMessage(allowance.tier) : null,
      },
    });
    await rm(file, { force: true });
  } catch (error) {
    await scan?.stop();
    await saveProgress().catch(() => undefined);
    const code = (error as { code?: string }).code;
    const damaged = code && Object.hasOwn(DAMAGED_GZIP, code) ? DAMAGED_GZIP[code] : null;
    const permanent = error instanceof PermanentJobError || damaged !== null;
    // The last attempt of a failure a retry might have mended (not a stop: that job is given back).
    const lastAttempt = job && job.attempt >= job.maxAttempts && !job.signal.aborted;
    if (permanent || lastAttempt) {
      await db.crawlerLogImport.update({
        where: { id: importId },
        data: {
          status: 'failed',
          finishedAt: new Date(),
          error:
            error instanceof PermanentJobError
              ? error.message
              : (damaged ?? READING_FAILED_MESSAGE),
        },
      });
      await rm(file, { force: true });
      if (permanent) return;
    }
    throw error;
  } finally {
    job?.signal.removeEventListener('abort', stopReading);
    await scan?.stop();
  }
}
