import { db } from '~/lib/db.server';
import { env } from '~/lib/env.server';
import { DEVICE_COOKIE_DAYS } from './auth-throttle.server';

// Data that would otherwise grow without bound, deleted once it is older than its setting, by a
// daily job (RETENTION_CRON) on every engine:
// - raw AI answers (TrackingAnswer, with their full text) after TRACKING_ANSWER_RETENTION_DAYS
//   (90). Every figure the pages, the digest and the API show is read from the per-day counts
//   (TrackingStat, TrackingNameStat, TrackingDomainStat, TrackingSearchStat), which are kept, so a
//   trend of any length survives; only the answers' list (and its text) is limited to the window;
// - the access log, sign-in attempts and ended sign-ins (the admin's login history) after
//   ACCESS_LOG_RETENTION_DAYS (365). A live sign-in is never deleted;
// - device-cookie nonces (DeviceNonce) older than the cookie itself (DEVICE_COOKIE_DAYS): a
//   browser sends none of them any more.
// Each table is walked oldest first by an index, BATCH rows at a time: one short SELECT of ids
// and one DELETE of those ids, each its own transaction, with a pause between batches, so neither
// SQLite's single writer nor PostgreSQL's row locks are held for long, and a page or a round never
// waits behind a delete of a year's rows. The cut is the start of a UTC day, the same day the
// per-day counts start, so the answers' list and its count (read from those counts) agree.

export const RETENTION_QUEUE = 'retention';
/** Rows per DELETE. */
export const RETENTION_BATCH = 500;
const DAY_MS = 86_400_000;

/** The start of the UTC day `days` days before `now`: rows before it are deleted. */
export function retentionStart(now: Date, days: number): Date {
  const day = new Date(now.getTime() - days * DAY_MS);
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()));
}

/** The oldest moment a raw answer is still kept (the answers' list starts there). */
export function answersKeptSince(now = new Date()): Date {
  return retentionStart(now, env.TRACKING_ANSWER_RETENTION_DAYS);
}

export type RetentionOptions = {
  now?: Date;
  batch?: number;
  /** Pause between two batches, so other writers get their turn (ms). */
  pauseMs?: number;
};

export type RetentionOutcome = {
  trackingAnswers: number;
  accessLogs: number;
  authAttempts: number;
  sessions: number;
  /**
   * Days of keyed hashes of counted log lines (issue 48's "counted once"; one row per business
   * and day), kept as long as answers.
   */
  crawlerDaysSeen: number;
  /** Expired OAuth records: codes, tokens, interactions, registered clients nobody used. */
  oauthRecords: number;
  /** Device-cookie nonces older than the cookie (no browser can send them any more). */
  deviceNonces: number;
  /** DELETE statements run (each removes at most `batch` rows). */
  batches: number;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Deletes, oldest first, `batch` rows at a time: `next` reads the ids of the next batch, `remove`
 * deletes them. Returns the rows deleted and the batches run.
 */
async function inBatches(
  next: (take: number) => Promise<{ id: string }[]>,
  remove: (ids: string[]) => Promise<{ count: number }>,
  { batch, pauseMs }: { batch: number; pauseMs: number },
): Promise<{ deleted: number; batches: number }> {
  let deleted = 0;
  let batches = 0;
  for (;;) {
    const ids = (await next(batch)).map((row) => row.id);
    if (!ids.length) break;
    deleted += (await remove(ids)).count;
    batches += 1;
    if (ids.length < batch) break;
    if (pauseMs) await sleep(pauseMs);
  }
  return { deleted, batches };
}

/** The retention job: deletes every row past its setting, in batches. */
export async function deleteExpiredRows({
  now = new Date(),
  batch = RETENTION_BATCH,
  pauseMs = 20,
}: RetentionOptions = {}): Promise<RetentionOutcome> {
  const options = { batch, pauseMs };
  const answersBefore = answersKeptSince(now);
  const logsBefore = retentionStart(now, env.ACCESS_LOG_RETENTION_DAYS);

  const answers = await inBatches(
    (take) =>
      db.trackingAnswer.findMany({
        where: { askedAt: { lt: answersBefore } },
        orderBy: [{ askedAt: 'asc' }, { id: 'asc' }],
        take,
        select: { id: true },
      }),
    (ids) => db.trackingAnswer.deleteMany({ where: { id: { in: ids } } }),
    options,
  );
  const accessLogs = await inBatches(
    (take) =>
      db.accessLog.findMany({
        where: { accessTime: { lt: logsBefore } },
        orderBy: [{ accessTime: 'asc' }, { id: 'asc' }],
        take,
        select: { id: true },
      }),
    (ids) => db.accessLog.deleteMany({ where: { id: { in: ids } } }),
    options,
  );
  const authAttempts = await inBatches(
    (take) =>
      db.authAttempt.findMany({
        where: { createdAt: { lt: logsBefore } },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        take,
        select: { id: true },
      }),
    (ids) => db.authAttempt.deleteMany({ where: { id: { in: ids } } }),
    options,
  );
  // Login history: sign-ins that began before the cut and have ended (logged out or run out)
  // before it too. A sign-in still live is kept, however old.
  const ended = {
    createdAt: { lt: logsBefore },
    OR: [{ endedAt: { lt: logsBefore } }, { expiresAt: { lt: logsBefore } }],
  };
  const sessions = await inBatches(
    (take) =>
      db.session.findMany({
        where: ended,
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
        take,
        select: { id: true },
      }),
    (ids) => db.session.deleteMany({ where: { id: { in: ids }, ...ended } }),
    options,
  );
  // Crawler log lines seen, one row per business and day (key: the two): the batch's keys, then
  // one DELETE of exactly those.
  const daysSeen = await inBatches(
    async (take) =>
      (
        await db.crawlerDaySeen.findMany({
          where: { day: { lt: answersBefore } },
          orderBy: [{ day: 'asc' }, { businessId: 'asc' }],
          take,
          select: { businessId: true, day: true },
        })
      ).map((row) => ({ id: `${row.businessId} ${row.day.toISOString()}` })),
    (ids) =>
      db.crawlerDaySeen.deleteMany({
        where: {
          OR: ids.map((id) => {
            const [businessId, day] = id.split(' ');
            return { businessId: businessId!, day: new Date(day!) };
          }),
        },
      }),
    options,
  );
  const oauthRecords = await inBatches(
    async (take) =>
      (
        await db.oAuthRecord.findMany({
          where: { expiresAt: { lte: now } },
          orderBy: [{ expiresAt: 'asc' }, { key: 'asc' }],
          take,
          select: { key: true },
        })
      ).map((row) => ({ id: row.key })),
    (keys) => db.oAuthRecord.deleteMany({ where: { key: { in: keys }, expiresAt: { lte: now } } }),
    options,
  );
  const noncesBefore = new Date(now.getTime() - DEVICE_COOKIE_DAYS * 24 * 60 * 60 * 1000);
  const deviceNonces = await inBatches(
    async (take) =>
      (
        await db.deviceNonce.findMany({
          where: { createdAt: { lt: noncesBefore } },
          orderBy: [{ createdAt: 'asc' }, { nonce: 'asc' }],
          take,
          select: { nonce: true },
        })
      ).map((row) => ({ id: row.nonce })),
    (nonces) =>
      db.deviceNonce.deleteMany({
        where: { nonce: { in: nonces }, createdAt: { lt: noncesBefore } },
      }),
    options,
  );
  return {
    trackingAnswers: answers.deleted,
    accessLogs: accessLogs.deleted,
    authAttempts: authAttempts.deleted,
    sessions: sessions.deleted,
    crawlerDaysSeen: daysSeen.deleted,
    oauthRecords: oauthRecords.deleted,
    deviceNonces: deviceNonces.deleted,
    batches:
      answers.batches +
      accessLogs.batches +
      authAttempts.batches +
      sessions.batches +
      daysSeen.batches +
      oauthRecords.batches +
      deviceNonces.batches,
  };
}
