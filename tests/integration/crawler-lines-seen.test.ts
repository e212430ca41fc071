import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { answersKeptSince, deleteExpiredRows } from '~/domain/retention.server';
import { receiveUpload, runImport } from '~/domain/tracking/visits/import.server';
import { lineHash, storeVisits, type HashedVisit } from '~/domain/tracking/visits/store.server';
import { clfTime, combinedLine, GPTBOT } from '~/domain/tracking/visits/test-lines';
import { db } from '~/lib/db.server';
import { createUser } from './helpers';

// The lines already seen (issue 48, item 6): kept as fingerprints, one row per business and day
// (`CrawlerDaySeen`: the day's fingerprints of 22 characters, concatenated), so the same line counts
// once however often it comes, across days, batches and imports; the fingerprint is short, keyed
// by the server's secret, and holds nothing of the line.

/** A GPTBot line `daysAgo` days back, at second `n` of that day (so each n is its own line). */
function line(daysAgo: number, n: number): string {
  const at = new Date(Date.now() - daysAgo * 86_400_000);
  at.setUTCHours(0, 0, n, 0);
  const ip = `20.171.207.${n % 200}`;
  return combinedLine({
    ip,
    time: clfTime(at),
    path: `/page-${n}`,
    status: 200,
    userAgent: GPTBOT,
  });
}

async function business() {
  const user = await createUser();
  await db.user.update({ where: { id: user.id }, data: { subscriptionStatus: 'growth' } });
  const owner = { ...user, subscriptionStatus: 'growth' as const };
  const row = await db.business.create({
    data: { userId: user.id, name: 'Seen Twice Plumbing', website: 'https://seen.example' },
  });
  return { owner, businessId: row.id };
}

async function importLog(
  owner: Awaited<ReturnType<typeof business>>['owner'],
  id: string,
  lines: string[],
) {
  const { importId } = await receiveUpload(
    owner,
    id,
    Readable.from([Buffer.from(lines.join('\n'))]),
  );
  await runImport({ importId });
  return db.crawlerLogImport.findUniqueOrThrow({ where: { id: importId } });
}

const visitsOf = async (businessId: string) =>
  (await db.crawlerVisitStat.aggregate({ where: { businessId }, _sum: { visits: true } }))._sum
    .visits ?? 0;

/** A made-up fingerprint of 22 characters (base64url, as a line's), one per label. */
const fp = (label: string) => createHash('sha256').update(label).digest('base64url').slice(0, 22);

/** The business's day rows, oldest first: the day, its fingerprints (split every 22), its count. */
async function daysSeen(businessId: string) {
  const rows = await db.crawlerDaySeen.findMany({ where: { businessId }, orderBy: { day: 'asc' } });
  return rows.map((row) => ({
    day: row.day.toISOString().slice(0, 10),
    hashes: row.hashes.match(/.{22}/g) ?? [],
    length: row.hashes.length,
    count: row.count,
  }));
}

const store = (businessId: string, visits: HashedVisit[]) =>
  db.$transaction((tx) => storeVisits(tx, businessId, visits));

/** A verified GPTBot visit to / on `day`, answered 2xx, with the fingerprint `hash`. */
const gptbotVisit = (day: string, hash: string): HashedVisit => ({
  day,
  kind: { kind: 'agent', agent: 'GPTBot', verification: 'verified' },
  status: '2xx',
  path: '/',
  hash,
});

describe('the lines already seen', () => {
  it('counts a line once across days, within one upload and across uploads', async () => {
    const { owner, businessId } = await business();
    // Three days; a line of the first day repeated in the same upload.
    const first = [0, 1, 2].flatMap((ago) => [1, 2, 3].map((n) => line(ago, n)));
    first.push(line(2, 1));
    const one = await importLog(owner, businessId, first);
    expect([one.lines, one.counted, one.duplicates]).toEqual([10, 9, 1]);
    // Again the last two days, and a new line on each of them and on a fourth.
    const second = [0, 1].flatMap((ago) => [1, 2, 3, 4].map((n) => line(ago, n)));
    second.push(line(3, 1));
    const two = await importLog(owner, businessId, second);
    expect([two.lines, two.counted, two.duplicates]).toEqual([9, 3, 6]);
    expect(await visitsOf(businessId)).toBe(12);
    // One row per day, each line's fingerprint in it once.
    const seen = await daysSeen(businessId);
    expect(seen.map((row) => row.count)).toEqual([1, 3, 4, 4]);
    expect(seen.map((row) => row.length)).toEqual([22, 66, 88, 88]);
    const all = seen.flatMap((row) => row.hashes);
    expect(new Set(all).size).toBe(12);
    expect(all).toContain(lineHash(businessId, line(3, 1)));
  });

  it('stores a batch of many days and thousands of lines in its statements, new ones only', async () => {
    const { businessId } = await business();
    const visit = (day: string, n: number) => gptbotVisit(day, fp(`h${day}-${n}`));
    const days = ['2026-11-01', '2026-11-02', '2026-11-03'];
    // 2,500 a day (more than one statement's rows), and 300 of them twice in the batch.
    const batch = days.flatMap((day) => Array.from({ length: 2_500 }, (_, n) => visit(day, n)));
    batch.push(...batch.slice(0, 300));
    const first = await db.$transaction((tx) => storeVisits(tx, businessId, batch));
    expect(first).toEqual({ added: 7_500, duplicates: 300 });
    const more = [...batch.slice(2_000, 2_600), visit('2026-11-02', 9_999)];
    const second = await db.$transaction((tx) => storeVisits(tx, businessId, more));
    expect(second).toEqual({ added: 1, duplicates: 600 });
    expect(await visitsOf(businessId)).toBe(7_501);
    expect((await daysSeen(businessId)).map((row) => [row.day, row.count])).toEqual([
      ['2026-11-01', 2_500],
      ['2026-11-02', 2_501],
      ['2026-11-03', 2_500],
    ]);
  });

  it('counts once a hash already stored for its day and one repeated inside the batch', async () => {
    const { businessId } = await business();
    const day = '2026-11-05';
    expect(await store(businessId, [gptbotVisit(day, fp('a')), gptbotVisit(day, fp('b'))])).toEqual(
      { added: 2, duplicates: 0 },
    );
    // a is stored already; c comes twice in the batch; d is new.
    const batch = ['a', 'c', 'c', 'd'].map((label) => gptbotVisit(day, fp(label)));
    expect(await store(businessId, batch)).toEqual({ added: 2, duplicates: 2 });
    expect(await visitsOf(businessId)).toBe(4);
    const [row] = await daysSeen(businessId);
    expect(row).toEqual({
      day,
      hashes: ['a', 'b', 'c', 'd'].map(fp),
      length: 88,
      count: 4,
    });
  });

  it('keeps each day of a batch in its own row, and reads each day back for the next batch', async () => {
    const { businessId } = await business();
    const [one, two] = ['2026-11-06', '2026-11-07'];
    const first = [
      gptbotVisit(one!, fp('a')),
      gptbotVisit(two!, fp('c')),
      gptbotVisit(one!, fp('b')),
    ];
    expect(await store(businessId, first)).toEqual({ added: 3, duplicates: 0 });
    // Each day: one seen before, one new.
    const second = [
      gptbotVisit(two!, fp('e')),
      gptbotVisit(one!, fp('b')),
      gptbotVisit(one!, fp('d')),
      gptbotVisit(two!, fp('c')),
    ];
    expect(await store(businessId, second)).toEqual({ added: 2, duplicates: 2 });
    expect(await visitsOf(businessId)).toBe(5);
    expect((await daysSeen(businessId)).map((row) => [row.day, row.hashes, row.count])).toEqual([
      [one, ['a', 'b', 'd'].map(fp), 3],
      [two, ['c', 'e'].map(fp), 2],
    ]);
  });

  it('reads a day whose row holds thousands of fingerprints, each on its own 22 characters', async () => {
    const { businessId } = await business();
    const day = '2026-11-08';
    const visit = (n: number) => gptbotVisit(day, fp(`big-${n}`));
    const stored = Array.from({ length: 6_000 }, (_, n) => visit(n));
    await store(businessId, stored.slice(0, 3_000));
    await store(businessId, stored.slice(3_000));
    // 100 stored (the first, the last, and others all through the row) and 100 new; and a
    // fingerprint made of the end of one stored and the start of the next: it was never stored.
    const again = [0, 5_999, ...Array.from({ length: 98 }, (_, i) => 37 + i * 61)].map(visit);
    const fresh = Array.from({ length: 100 }, (_, n) => visit(10_000 + n));
    const straddling = gptbotVisit(day, fp('big-41').slice(11) + fp('big-42').slice(0, 11));
    const result = await store(businessId, [...again, ...fresh, straddling]);
    expect(result).toEqual({ added: 101, duplicates: 100 });
    expect(await visitsOf(businessId)).toBe(6_101);
    const [row] = await daysSeen(businessId);
    expect([row!.count, row!.length, new Set(row!.hashes).size]).toEqual([
      6_101,
      6_101 * 22,
      6_101,
    ]);
  });

  it('stores nothing of a batch whose transaction fails, and counts it once when retried', async () => {
    const { businessId } = await business();
    const batch = ['a', 'b', 'c'].map((label) => gptbotVisit('2026-11-09', fp(label)));
    await expect(
      db.$transaction(async (tx) => {
        await storeVisits(tx, businessId, batch);
        throw new Error('the connection went away');
      }),
    ).rejects.toThrow('the connection went away');
    expect([await visitsOf(businessId), (await daysSeen(businessId)).length]).toEqual([0, 0]);
    expect(await store(businessId, batch)).toEqual({ added: 3, duplicates: 0 });
    expect(await store(businessId, batch)).toEqual({ added: 0, duplicates: 3 });
    expect(await visitsOf(businessId)).toBe(3);
  });

  it('refuses a fingerprint that is not 22 characters, storing nothing of its batch', async () => {
    const { businessId } = await business();
    const batch = [gptbotVisit('2026-11-10', fp('a')), gptbotVisit('2026-11-10', 'short')];
    await expect(store(businessId, batch)).rejects.toThrow('22 characters, not 5');
    expect([await visitsOf(businessId), (await daysSeen(businessId)).length]).toEqual([0, 0]);
  });

  it('keeps a fingerprint of 22 characters, keyed by the secret, holding nothing of the line', () => {
    const text = line(0, 7);
    const fingerprint = lineHash('business-a', text);
    expect(fingerprint).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(lineHash('business-a', text)).toBe(fingerprint);
    expect(lineHash('business-a', ` ${text} `)).toBe(fingerprint);
    expect(lineHash('business-b', text)).not.toBe(fingerprint);
    expect(lineHash('business-a', line(0, 8))).not.toBe(fingerprint);
    // Without the secret, the same digest of the business and the line is another value.
    const unkeyed = createHash('sha256').update(`business-a\n${text}`).digest('base64url');
    expect(unkeyed.slice(0, 22)).not.toBe(fingerprint);
    expect(fingerprint).not.toContain('20.171');
  });

  it('lets retention delete the fingerprints it stored, by their day, and keeps the newer ones', async () => {
    const { businessId } = await business();
    const visit = (day: string, n: number) => gptbotVisit(day, fp(`r${day}-${n}`));
    const now = new Date();
    const old = answersKeptSince(now);
    const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const oldDay = dayOf(old.getTime() - 2 * 86_400_000);
    const newDay = dayOf(now.getTime());
    await db.$transaction((tx) =>
      storeVisits(tx, businessId, [
        ...Array.from({ length: 7 }, (_, n) => visit(oldDay, n)),
        visit(newDay, 1),
      ]),
    );
    await deleteExpiredRows({ now, batch: 3, pauseMs: 0 });
    const left = await daysSeen(businessId);
    expect(left.map((row) => [row.day, row.hashes])).toEqual([[newDay, [fp(`r${newDay}-1`)]]]);
  });
});
