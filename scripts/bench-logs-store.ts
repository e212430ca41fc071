// `npm run bench:logs-store`: the storing side of the log import alone (storeVisits, issue 48), on
// the counted lines of `npm run bench:logs`'s 1,000,000-line log (scripts/bench/logs-generate.ts,
// the same fixed seed), read beforehand and not timed. Each batch is stored as the import stores
// it: in the owner's lock (withOwnerLock), on a fresh SQLite database. Three passes:
//   first   every batch once, into an empty database (what the import's storing costs);
//   again   the same batches a second time (the same log uploaded twice: all duplicates);
//   busy    one very busy day: 100,000 counted lines of a single day, in batches of 5,000 (each
//           batch reads that day's fingerprints as stored so far).
// Prints seconds by the clock and CPU seconds of the process (all its threads: the SQLite thread
// too) for each, and the duplicates counted (the same log twice must add nothing).
// Knobs: BENCH_LINES (1000000), BENCH_KEEP=1 keeps the temp folder.
import { randomBytes } from 'node:crypto';
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { migrate } from './db-migrate';
import { writeAccessLog } from './bench/logs-generate';

const LINES = Number(process.env.BENCH_LINES ?? 1_000_000);
const BATCH = 5_000;
const BUSY_DAY = 100_000;

const dir = mkdtempSync(path.join(tmpdir(), 'bench-logs-store-'));
const file = path.join(dir, `access-${LINES}.log`);
const databaseUrl = `file:${path.join(dir, 'store.db')}`;
Object.assign(process.env, {
  NODE_ENV: 'production',
  PUBLIC_URL: 'http://127.0.0.1:3999',
  SESSION_SECRET: randomBytes(24).toString('base64url'),
  DATABASE_URL: databaseUrl,
});

try {
  await writeAccessLog([{ path: file, lines: LINES }]);
  await migrate(databaseUrl, true);
  const { db } = await import('~/lib/db.server');
  const { withOwnerLock } = await import('~/lib/owner-lock.server');
  const { scanLog } = await import('~/domain/tracking/visits/log-scan');
  const { storeBatch } = await import('~/domain/tracking/visits/store.server');
  const { batchOf, visitsOf } = await import('~/domain/tracking/visits/visit-batch');
  type Visits = Parameters<typeof storeBatch>[2];

  const owner = await db.user.create({
    data: { email: 'bench-store@example.com', subscriptionStatus: 'authority' },
  });
  const business = await db.business.create({
    data: { userId: owner.id, name: 'Summit Plumbing', website: 'https://summit.example' },
  });
  const options = {
    businessId: business.id,
    secret: process.env.SESSION_SECRET!,
    budget: Infinity,
    batch: BATCH,
    progressEvery: LINES,
  };
  const batches: Visits[] = [];
  for await (const event of scanLog(createReadStream(file), options))
    if (event.type === 'batch') batches.push(event.batch);
  const counted = batches.reduce((sum, batch) => sum + batch.keys.length, 0);

  async function pass(name: string, work: readonly Visits[]) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    let added = 0;
    let duplicates = 0;
    for (const visits of work) {
      const result = await withOwnerLock(owner.id, 'bench.store', (tx) =>
        storeBatch(tx, business.id, visits),
      );
      added += result.added;
      duplicates += result.duplicates;
    }
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    return {
      name,
      batches: work.length,
      added,
      duplicates,
      seconds,
      cpu: (used.user + used.system) / 1e6,
    };
  }

  // 100,000 made-up fingerprints of 22 characters on a day of their own (outside the log's month).
  const template = visitsOf(batches[0]!)[0]!;
  const busyDay = '2000-01-01';
  const busy: Visits[] = [];
  for (let at = 0; at < BUSY_DAY; at += BATCH)
    busy.push(
      batchOf(
        Array.from({ length: Math.min(BATCH, BUSY_DAY - at) }, () => ({
          ...template,
          day: busyDay,
          hash: randomBytes(16).toString('base64url').slice(0, 22),
        })),
      ),
    );

  const rows = [
    await pass(`first: ${counted.toLocaleString('en-US')} counted lines`, batches),
    await pass('again: the same batches (all duplicates)', batches),
    await pass(`busy: ${BUSY_DAY.toLocaleString('en-US')} lines of one day`, busy),
  ];
  console.log(
    `\n${'pass'.padEnd(44)}${'batches'.padStart(8)}${'added'.padStart(10)}${'dupl.'.padStart(10)}${'seconds'.padStart(9)}${'CPU s'.padStart(8)}`,
  );
  for (const row of rows)
    console.log(
      `${row.name.padEnd(44)}${String(row.batches).padStart(8)}${String(row.added).padStart(10)}${String(row.duplicates).padStart(10)}${row.seconds.toFixed(2).padStart(9)}${row.cpu.toFixed(2).padStart(8)}`,
    );
  const again = rows[1]!;
  if (again.added !== 0) {
    console.error(`The same lines stored twice added ${again.added}: they must count once.`);
    process.exitCode = 1;
  }
  await db.$disconnect();
} finally {
  if (!process.env.BENCH_KEEP) rmSync(dir, { recursive: true, force: true });
}
process.exit(process.exitCode ?? 0);
