// A process of `npm run bench:logs` (scripts/bench-logs.ts): one measurement of one access log, in
// its own process so its peak memory is its own. `read FILE`: plain line reading (readline,
// counting lines). `parse FILE`: the same reading plus our parse and tally (readLogLine and
// VisitTally, nothing stored). `import FILE`: the whole job (runImport) on DATABASE_URL, a fresh
// SQLite database: an owner on the largest plan, a business, a queued import of the file, with
// the reading threads kept ready as the job engine keeps them; twice, for two businesses: the
// first import after a start (`first` in the result; the threads warmed up on a made-up log as
// the server's are) and the next, which every upload but the first after a start gets. Memory
// (RSS and heap used) is sampled every 10 ms while it runs, and the live heap (heap used right
// after a full collection, what is really held) every second. The process's CPU time (all its
// threads: the SQLite thread too) is measured next to the wall clock, which other work on the
// machine stretches; the CPU time of the sampling itself is left out (samplingCpuSeconds says how
// much). The event-loop delay of this thread (the one that answers requests in the server) is
// measured too. Prints RESULT {json}.
import { copyFile, mkdir } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';

const [mode, file] = process.argv.slice(2) as ['read' | 'parse' | 'import', string];

const peak = { rss: 0, heapUsed: 0, live: 0 };
const collect = (global as { gc?: () => void }).gc;
// The CPU time the sampling itself takes (process.memoryUsage, and the full collections behind
// the live heap: about a second of CPU in a 30-second import on a loaded machine) is measured
// and left out of the measurement's CPU time; it is the bench's cost, not the import's.
let samplingMicros = 0;
const timed = (task: () => void) => () => {
  const before = process.cpuUsage();
  task();
  const used = process.cpuUsage(before);
  samplingMicros += used.user + used.system;
};

const sample = timed(() => {
  const { rss, heapUsed } = process.memoryUsage();
  peak.rss = Math.max(peak.rss, rss);
  peak.heapUsed = Math.max(peak.heapUsed, heapUsed);
});

const sampleLive = timed(() => {
  if (!collect) return;
  collect();
  peak.live = Math.max(peak.live, process.memoryUsage().heapUsed);
});

async function measure(run: () => Promise<Record<string, number | string>>) {
  collect?.();
  const before = process.memoryUsage();
  peak.rss = before.rss;
  peak.heapUsed = before.heapUsed;
  peak.live = before.heapUsed;
  const timer = setInterval(sample, 10);
  const liveTimer = setInterval(sampleLive, 1000);
  samplingMicros = 0;
  // How long the thread that answers requests is kept from them while the import runs.
  const lag = monitorEventLoopDelay({ resolution: 5 });
  lag.enable();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const outcome = await run();
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  lag.disable();
  clearInterval(timer);
  clearInterval(liveTimer);
  sample();
  return {
    ...outcome,
    seconds,
    cpuSeconds: (used.user + used.system - samplingMicros) / 1e6,
    samplingCpuSeconds: samplingMicros / 1e6,
    peakLiveHeap: peak.live,
    lagP99Ms: lag.percentile(99) / 1e6,
    lagMaxMs: lag.max / 1e6,
    rssBefore: before.rss,
    heapBefore: before.heapUsed,
    peakRss: peak.rss,
    peakHeap: peak.heapUsed,
  };
}

const lines = () => createInterface({ input: createReadStream(file), crlfDelay: Infinity });

let result: Record<string, unknown>;
if (mode === 'read') {
  result = await measure(async () => {
    let count = 0;
    for await (const line of lines()) if (line) count += 1;
    return { lines: count };
  });
} else if (mode === 'parse') {
  const { readLogLine } = await import('~/domain/tracking/visits/log-lines');
  const { VisitTally } = await import('~/domain/tracking/visits/tally');
  result = await measure(async () => {
    const tally = new VisitTally();
    for await (const line of lines()) {
      if (!line.trim()) continue;
      const record = readLogLine(line);
      if (record) tally.add(record);
      else tally.skip();
      if (tally.size > 10_000) tally.clear();
    }
    return { ...tally.totals };
  });
} else {
  const { db } = await import('~/lib/db.server');
  const { env } = await import('~/lib/env.server');
  const { runImport } = await import('~/domain/tracking/visits/import.server');
  const { prepareScanThreads, scanThreadsReady } =
    await import('~/domain/tracking/visits/scan-thread.server');
  // As the server does when its job engine starts: the reading threads are kept ready.
  prepareScanThreads();
  await scanThreadsReady();
  const owner = await db.user.create({
    data: { email: 'bench-logs@example.com', subscriptionStatus: 'authority' },
  });
  await mkdir(path.resolve(env.CRAWLER_LOG_DIR), { recursive: true });
  /** The whole job on the file for a business of its own (its lines all new there). */
  async function importOnce(name: string) {
    const business = await db.business.create({
      data: { userId: owner.id, name, website: 'https://summit.example' },
    });
    const row = await db.crawlerLogImport.create({
      data: { businessId: business.id, source: 'upload', status: 'queued' },
    });
    await copyFile(file, path.join(path.resolve(env.CRAWLER_LOG_DIR), `${row.id}.upload`));
    return measure(async () => {
      await runImport({ importId: row.id });
      const done = await db.crawlerLogImport.findUniqueOrThrow({ where: { id: row.id } });
      return {
        status: done.status,
        lines: done.lines,
        counted: done.counted,
        skipped: done.skipped,
        duplicates: done.duplicates,
      };
    });
  }
  // The first import after the server starts (its threads loaded and warmed up), then the next
  // (what every upload but the first after a start gets).
  const first = await importOnce('Summit Plumbing');
  result = { ...(await importOnce('Summit Heating')), first };
  await db.$disconnect();
}
console.log(`RESULT ${JSON.stringify(result)}`);
process.exit(0);
