import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { answersKeptSince, deleteExpiredRows } from '~/domain/retention.server';
import { receiveUpload, runImport } from '~/domain/tracking/visits/import.server';
import { lineHash, storeVisits, type HashedVisit } from '~/domain/tracking/visits/store.server';
import { clfTime, combinedLine, GPTBOT } from '~/domain/tracking/visits/test-lines';
import { db } from '~/lib/db.server';
import { createUser } from './helpers';

// The lines already seen (issue 48, item 6): kept per business, day and fingerprint, so the same
// line counts once however often it comes, across days, batches and imports; the fingerprint
// is short, keyed by the server's secret, and holds nothing of the line.

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
    const seen = await db.crawlerLineSeen.findMany({ where: { businessId } });
    expect(seen).toHaveLength(12);
    expect(new Set(seen.map((row) => row.day.toISOString().slice(0, 10))).size).toBe(4);
  });

  it('stores a batch of many days and thousands of lines in its statements, new ones only', async () => {
    const { businessId } = await business();
    const visit = (day: string, n: number) => gptbotVisit(day, `h${day}-${n}`);
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
    const visit = (day: string, n: number) => gptbotVisit(day, `r${day}-${n}`);
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
    const left = await db.crawlerLineSeen.findMany({ where: { businessId } });
    expect(left.map((row) => row.hash)).toEqual([`r${newDay}-1`]);
  });
});
