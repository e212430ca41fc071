import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { runImport } from '~/domain/tracking/visits/import.server';
import { scanLog, type ScanEvent } from '~/domain/tracking/visits/log-scan';
import { MAX_AHEAD, type FromScanThread } from '~/domain/tracking/visits/scan-thread';
import { readLog, type LogReading } from '~/domain/tracking/visits/scan-parts.server';
import {
  keepScanThreadsIdle,
  prepareScanThreads,
  scanThreadIds,
  scanThreadsReady,
  startScanThread,
  THREAD_ENDED_EARLY,
  type ScanThread,
} from '~/domain/tracking/visits/scan-thread.server';
import { combinedLine, GPTBOT, todayAt } from '~/domain/tracking/visits/test-lines';
import { visitsOf } from '~/domain/tracking/visits/visit-batch';
import { db } from '~/lib/db.server';
import { env } from '~/lib/env.server';
import { createUser } from './helpers';

// The import's reading thread (scan-thread.ts), from the outside: it posts what scanLog reads in
// this thread, from a plain file and from a .gz; it reads ahead of the store by MAX_AHEAD batches
// at most; a damaged file, a missing one and a stop each end it with a clear outcome; and an
// upload whose compression breaks part-way ends as a failed import with the damaged file's
// message, not as a job retried for nothing.

const dir = mkdtempSync(path.join(os.tmpdir(), 'scan-thread-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';

/** `count` lines, every third an AI agent's visit, the others a browser's. */
function log(count: number): string {
  return Array.from({ length: count }, (_, i) =>
    combinedLine({
      ip: `203.0.113.${i % 200}`,
      time: todayAt(10),
      path: `/page/${i}`,
      status: 200,
      bytes: i,
      userAgent: i % 3 === 0 ? GPTBOT : BROWSER,
    }),
  ).join('\n');
}

function file(name: string, content: string | Buffer): string {
  const at = path.join(dir, name);
  writeFileSync(at, content);
  return at;
}

const OPTIONS = {
  businessId: 'business-1',
  secret: 'secret',
  budget: Infinity,
  progressEvery: 100,
};

/** The reading thread on `at`, with the test's options (not gzip, nice 0 unless given). */
const thread = (at: string, options: { batch: number; gzip?: boolean; nice?: number }) =>
  startScanThread({ ...OPTIONS, gzip: false, nice: 0, ...options, file: at });

async function everything(reading: ScanThread): Promise<FromScanThread[]> {
  const out: FromScanThread[] = [];
  for await (const event of reading.events) {
    out.push(event);
    if (event.type === 'batch') reading.stored();
  }
  await reading.stop();
  return out;
}

async function inProcess(text: string, budget = Infinity, batch = 50): Promise<ScanEvent[]> {
  const out: ScanEvent[] = [];
  async function* bytes() {
    yield Buffer.from(text);
  }
  for await (const event of scanLog(bytes(), { ...OPTIONS, budget, batch })) out.push(event);
  return out;
}

/** A reading in parts to its end: the visits (in no set order) and the last event. */
async function readAll(reading: LogReading) {
  const visits: string[] = [];
  let last: unknown = null;
  for await (const event of reading.events) {
    last = event;
    if (event.type !== 'batch') continue;
    visits.push(...visitsOf(event.batch).map((visit) => JSON.stringify(visit)));
    reading.stored(event.part);
  }
  await reading.stop();
  return { visits: visits.sort(), last };
}

/** The two threads kept ready (started if need be): their ids. */
async function keptReady(): Promise<number[]> {
  prepareScanThreads();
  await scanThreadsReady();
  const ids = scanThreadIds();
  expect(ids).toHaveLength(2);
  return ids;
}

const sortedVisits = (events: ScanEvent[]) =>
  events
    .flatMap((event) => (event.type === 'batch' ? visitsOf(event.batch) : []))
    .map((visit) => JSON.stringify(visit))
    .sort();

describe('the import reading on a thread of its own', () => {
  it('posts what scanLog reads here, from a plain file and from a .gz', async () => {
    const text = log(600);
    const expected = await inProcess(text);
    expect(expected.filter((event) => event.type === 'batch')).toHaveLength(4);
    const plain = thread(file('plain.log', text), { batch: 50 });
    expect(await everything(plain)).toEqual(expected);
    const zipped = thread(file('zipped.log.gz', gzipSync(text)), {
      batch: 50,
      gzip: true,
      nice: 10,
    });
    expect(await everything(zipped)).toEqual(expected);
  });

  it('reads a large plain file in two parts at once: the same visits and totals as one reading', async () => {
    const text = log(900);
    const at = file('parts.log', text);
    const size = Buffer.byteLength(text);
    const expected = await inProcess(text);
    const expectedLast = expected.at(-1);
    // Parts of at least a quarter of the file: cut in two.
    const reading = await readLog(
      { ...OPTIONS, batch: 50, gzip: false, nice: 0, file: at },
      size,
      size / 4,
    );
    const { visits, last } = await readAll(reading);
    expect(visits).toEqual(sortedVisits(expected));
    expect(last).toMatchObject({ ...expectedLast, part: 0 });
    // The same file as a .gz is one part (it cannot be cut), with the same outcome.
    const zipped = file('parts.log.gz', gzipSync(text));
    const whole = await readAll(
      await readLog({ ...OPTIONS, batch: 50, gzip: true, nice: 0, file: zipped }, size, size / 4),
    );
    expect(whole.visits).toEqual(visits);
  });

  it("counts the month's allowance in the file's order across the two parts", async () => {
    // The second part starts with what is certainly left whatever the first holds (a line takes
    // two bytes at least), and asks for the rest when that runs out. Here the first part is all
    // lines of two bytes (what it starts with is then exact), or holds longer lines (the second
    // starts with nothing and is given the rest when the first is read).
    const exact = `${'x\n'.repeat(30_000)}${log(300)}`;
    const longer = `${'x\n'.repeat(600)}${log(300)}`;
    // The cut is after a "\n" ("\r\n" too), or after a lone "\r" in a file without "\n".
    const crlf = longer.replaceAll('\n', '\r\n');
    const cr = longer.replaceAll('\n', '\r');
    for (const [text, budgets] of [
      [exact, [0, 1, 27_000, 27_755, 30_100]],
      [longer, [350, 620, 700]],
      [crlf, [350, 700]],
      [cr, [350, 700]],
    ] as const) {
      const at = file('allowance.log', text);
      const size = Buffer.byteLength(text);
      const total = ((await inProcess(text)).at(-1) as { lines: number }).lines;
      for (const budget of [...budgets, total - 1, total, total + 5]) {
        const expected = await inProcess(text, budget, 7);
        const reading = await readLog(
          { ...OPTIONS, budget, batch: 7, gzip: false, nice: 0, file: at },
          size,
          64,
        );
        const { visits, last } = await readAll(reading);
        expect({ budget, visits }).toEqual({ budget, visits: sortedVisits(expected) });
        expect({ budget, last }).toEqual({ budget, last: { ...expected.at(-1), part: 0 } });
      }
    }
  });

  it('a reading in two parts stopped part-way ends, and neither thread is kept', async () => {
    const before = await keptReady();
    const text = log(3000);
    const at = file('stopped-parts.log', text);
    const reading = await readLog(
      { ...OPTIONS, batch: 1, gzip: false, nice: 0, file: at },
      Buffer.byteLength(text),
      64,
    );
    const events = reading.events[Symbol.asyncIterator]();
    expect(((await events.next()).value as { type: string }).type).toBe('batch');
    await reading.stop();
    await expect(
      (async () => {
        for (;;) if ((await events.next()).done) return 'ended';
      })(),
    ).rejects.toThrow(THREAD_ENDED_EARLY);
    // Both were reading: both ended, neither kept.
    expect(scanThreadIds().filter((id) => before.includes(id))).toEqual([]);
  });

  it('a process with threads kept and nothing else to do ends; one reading does not end first', () => {
    const at = file('lifetime.log', log(600));
    const script = path.join(dir, 'lifetime.mts');
    const module = path.resolve('app/domain/tracking/visits');
    writeFileSync(
      script,
      `import { readLog } from '${module}/scan-parts.server.ts';
import { prepareScanThreads, scanThreadsReady } from '${module}/scan-thread.server.ts';
prepareScanThreads();
await scanThreadsReady();
const data = { businessId: 'b', secret: 's', budget: Infinity, batch: 50, progressEvery: 100, gzip: false, nice: 0, file: ${JSON.stringify(at)} };
const reading = await readLog(data, ${Buffer.byteLength(log(600))}, 64);
let last = null;
for await (const event of reading.events) { last = event; if (event.type === 'batch') reading.stored(event.part); }
await reading.stop();
console.log('READ', last.type, last.lines);
`,
    );
    const started = Date.now();
    const run = spawnSync(process.execPath, ['--import', 'tsx', script], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect({ status: run.status, out: run.stdout.trim(), err: run.stderr }).toMatchObject({
      status: 0,
      out: 'READ done 600',
    });
    // It ended at once, not when the kept threads' 30 minutes were up.
    expect(Date.now() - started).toBeLessThan(25_000);
  });

  it('keeps its threads for the next reading, a while, and ends one stopped part-way', async () => {
    const before = await keptReady();
    const text = log(300);
    const size = Buffer.byteLength(text);
    const at = file('kept.log', text);
    await readAll(
      await readLog({ ...OPTIONS, batch: 50, gzip: false, nice: 0, file: at }, size, 64),
    );
    expect(scanThreadIds().sort()).toEqual([...before].sort());
    const stopped = startScanThread({ ...OPTIONS, batch: 1, gzip: false, nice: 0, file: at });
    const events = stopped.events[Symbol.asyncIterator]();
    expect(((await events.next()).value as FromScanThread).type).toBe('batch');
    await stopped.stop();
    expect(scanThreadIds()).toHaveLength(1);
    expect(before).toContain(scanThreadIds()[0]);
    // A kept thread ends after a while without an import; the next import starts one again.
    keepScanThreadsIdle(50);
    try {
      await readAll(
        await readLog({ ...OPTIONS, batch: 50, gzip: false, nice: 0, file: at }, size, 64),
      );
      expect(scanThreadIds()).toHaveLength(2);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(scanThreadIds()).toEqual([]);
      await readAll(
        await readLog({ ...OPTIONS, batch: 50, gzip: false, nice: 0, file: at }, size, 64),
      );
      expect(scanThreadIds()).toHaveLength(2);
    } finally {
      keepScanThreadsIdle();
    }
  });

  it(`reads ahead at most ${MAX_AHEAD} batches until they are stored`, async () => {
    const ahead = thread(file('ahead.log', log(300)), { batch: 1 });
    const events = ahead.events[Symbol.asyncIterator]();
    const batches = async (count: number) => {
      const seen: FromScanThread[] = [];
      while (seen.filter((event) => event.type === 'batch').length < count)
        seen.push((await events.next()).value as FromScanThread);
      return seen;
    };
    await batches(MAX_AHEAD);
    // Nothing more comes while none is stored, though 100 visits are there to read.
    const next = events.next();
    const waited = await Promise.race([
      next.then(() => 'posted'),
      new Promise((resolve) => setTimeout(() => resolve('waiting'), 300)),
    ]);
    expect(waited).toBe('waiting');
    ahead.stored();
    expect(((await next).value as FromScanThread).type).toBe('batch');
    await ahead.stop();
  });

  it('ends with the reason on a damaged .gz, a missing file, and a stop', async () => {
    const zipped = gzipSync(log(3000));
    const cut = thread(file('cut.log.gz', zipped.subarray(0, zipped.length - 100)), {
      batch: 5000,
      gzip: true,
    });
    expect((await everything(cut)).at(-1)).toMatchObject({ type: 'failed', code: 'Z_BUF_ERROR' });
    const broken = Buffer.from(zipped);
    broken.fill(0xff, 200, 400);
    const damaged = thread(file('damaged.log.gz', broken), { batch: 5000, gzip: true });
    expect((await everything(damaged)).at(-1)).toMatchObject({
      type: 'failed',
      code: 'Z_DATA_ERROR',
    });
    const missing = thread(path.join(dir, 'no-such.log'), { batch: 5000 });
    expect((await everything(missing)).at(-1)).toMatchObject({ type: 'failed', code: 'ENOENT' });
    const stopped = thread(file('stopped.log', log(300)), { batch: 1 });
    const events = stopped.events[Symbol.asyncIterator]();
    expect(((await events.next()).value as FromScanThread).type).toBe('batch');
    await stopped.stop();
    await expect(
      (async () => {
        for (;;) if ((await events.next()).done) return 'ended';
      })(),
    ).rejects.toThrow(THREAD_ENDED_EARLY);
  });

  it('a .gz upload cut short or damaged part-way ends as a failed import that says so, and is deleted', async () => {
    const { business, uploads } = await ownerWithUploads();
    for (const [bytes, message] of [
      [
        gzipSync(log(3000)).subarray(0, -100),
        'The file is cut short (its compression ends before the log does). Upload it again.',
      ],
      [
        Buffer.from(gzipSync(log(3000))).fill(0xff, 200, 400),
        'The file is damaged (its compression is broken part-way). Upload it again.',
      ],
    ] as const) {
      const id = await queued(business.id, uploads, bytes);
      await runImport({ importId: id });
      const done = await db.crawlerLogImport.findUniqueOrThrow({ where: { id } });
      expect([done.status, done.error, existsSync(path.join(uploads, `${id}.upload`))]).toEqual([
        'failed',
        message,
        false,
      ]);
    }
  });

  it('an import whose job the engine stops reads nothing more and is given back: not failed, its file kept', async () => {
    const { business, uploads } = await ownerWithUploads();
    const id = await queued(business.id, uploads, log(3000));
    const stopping = new AbortController();
    stopping.abort();
    await expect(
      runImport({ importId: id }, { attempt: 3, maxAttempts: 3, signal: stopping.signal }),
    ).rejects.toThrow(THREAD_ENDED_EARLY);
    const row = await db.crawlerLogImport.findUniqueOrThrow({ where: { id } });
    expect([row.status, row.counted, existsSync(path.join(uploads, `${id}.upload`))]).toEqual([
      'running',
      0,
      true,
    ]);
  });

  it("a retried import has its earlier attempt's lines back in the month's allowance", async () => {
    const { business, uploads } = await ownerWithUploads('free');
    const id = await queued(business.id, uploads, log(20));
    // An earlier attempt read 99,990 lines of the free plan's 100,000, then failed.
    await db.crawlerLogImport.update({
      where: { id },
      data: { status: 'running', lines: 99_990 },
    });
    await runImport(
      { importId: id },
      { attempt: 2, maxAttempts: 3, signal: new AbortController().signal },
    );
    const row = await db.crawlerLogImport.findUniqueOrThrow({ where: { id } });
    expect([row.status, row.lines, row.error]).toEqual(['done', 20, null]);
  });
});

async function ownerWithUploads(plan: 'authority' | 'free' = 'authority') {
  const user = await createUser();
  if (plan !== 'free')
    await db.user.update({ where: { id: user.id }, data: { subscriptionStatus: plan } });
  const business = await db.business.create({
    data: { userId: user.id, name: 'Summit Plumbing', website: 'https://summit.example' },
  });
  const uploads = path.resolve(env.CRAWLER_LOG_DIR);
  mkdirSync(uploads, { recursive: true });
  return { business, uploads };
}

/** An import of `content` queued for the business, its file stored as an upload is. */
async function queued(businessId: string, uploads: string, content: string | Buffer) {
  const row = await db.crawlerLogImport.create({
    data: { businessId, source: 'upload', status: 'queued' },
  });
  writeFileSync(path.join(uploads, `${row.id}.upload`), content);
  return row.id;
}
