// `npm run bench:logs` (issue 48, item 6): how fast an uploaded access log is read into crawler
// visits, next to plain line reading of the same file in the same run, and how much memory the
// import takes. Generates a month of a busy small business's combined log (1,000,000 lines, and
// its first 250,000 as a second file; scripts/bench/logs-generate.ts, a fixed seed) in a temp
// folder, then runs each measurement in its own process (scripts/bench/logs-run.ts):
//   read    plain line reading (readline, counting lines), the floor;
//   parse   the same reading plus our parse and tally (readLogLine + VisitTally, nothing stored);
//   import  the whole job, runImport, against a fresh SQLite database (dedup hashes, per-day counts,
//           progress on the import row), as the background job runs it, on reading threads kept
//           ready as the job engine keeps them: twice per process (two businesses), the first
//           import after a start and the next (every upload but the first after a start); the
//           target is judged on the next, the first is printed beside it; and once on the same
//           log gzipped (read by one thread: a .gz cannot be cut in two).
// Prints lines a second for each, by the wall clock and by the process's CPU time (all threads;
// steadier where other work shares the machine; the sampling's own CPU time left out), the ratio to plain reading (target: import >=
// 1/3), and the import's peak RSS, peak heap used (sampled every 10 ms) and peak live heap (after
// a full collection, every second) for 250k and 1M lines (target: no growth with the file), and
// the delay the import causes on the thread that answers requests (its event-loop delay).
// Plain reading and the import of the 1,000,000 lines run in turn BENCH_ROUNDS times (3), and each
// is taken at its best round (a shared machine slows a run now and then).
// Knobs: BENCH_LINES (1000000), BENCH_ROUNDS (3), BENCH_KEEP=1 keeps the temp folder.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate } from './db-migrate';
import { writeAccessLog } from './bench/logs-generate';

const LINES = Number(process.env.BENCH_LINES ?? 1_000_000);
const SHORT = Math.round(LINES / 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const RUNNER = path.resolve(import.meta.dirname, 'bench/logs-run.ts');
const SESSION_SECRET = randomBytes(24).toString('base64url');

type Result = {
  lines: number;
  counted?: number;
  skipped?: number;
  status?: string;
  seconds: number;
  cpuSeconds: number;
  samplingCpuSeconds: number;
  peakLiveHeap: number;
  lagP99Ms: number;
  lagMaxMs: number;
  rssBefore: number;
  heapBefore: number;
  peakRss: number;
  peakHeap: number;
  /** The import: the first after the start of its process (the result itself is the next). */
  first?: Result;
};

const dir = mkdtempSync(path.join(tmpdir(), 'bench-logs-'));
const long = path.join(dir, `access-${LINES}.log`);
const short = path.join(dir, `access-${SHORT}.log`);

let databases = 0;

async function measure(mode: 'read' | 'parse' | 'import', file: string): Promise<Result> {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://127.0.0.1:3999',
    SESSION_SECRET,
    CRAWLER_LOG_DIR: path.join(dir, 'uploads'),
  };
  if (mode === 'import') {
    // A fresh database each time (the same lines again would all be duplicates).
    databases += 1;
    const databaseUrl = `file:${path.join(dir, `import-${databases}.db`)}`;
    await migrate(databaseUrl, true);
    env.DATABASE_URL = databaseUrl;
  }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', RUNNER, mode, file], {
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) => {
      const line = out.split('\n').find((row) => row.startsWith('RESULT '));
      if (code !== 0 || !line) reject(new Error(`${mode} ${file} exited ${code}: ${out}`));
      else resolve(JSON.parse(line.slice('RESULT '.length)) as Result);
    });
  });
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const rate = (result: Result) => Math.round(result.lines / result.seconds);
const cpuRate = (result: Result) => Math.round(result.lines / result.cpuSeconds);
const cell = (value: string, width: number) => value.padStart(width);

try {
  const started = Date.now();
  const mix = await writeAccessLog([
    { path: long, lines: LINES },
    { path: short, lines: SHORT },
  ]);
  console.log(
    `Generated ${LINES.toLocaleString('en-US')} lines (${mb(statSync(long).size)}) in ${((Date.now() - started) / 1000).toFixed(1)} s: ` +
      `${mix.browsers} browsers, ${mix.bots} other bots, ${mix.agents} AI agents, ${mix.referrals} AI referrals, ${mix.damaged} damaged.`,
  );
  const gzipped = `${long}.gz`;
  await pipeline(createReadStream(long), createGzip({ level: 1 }), createWriteStream(gzipped));
  const parse = await measure('parse', long);
  const importShort = await measure('import', short);
  const readShort = await measure('read', short);
  // Plain reading and the import of the million lines, in turn, ROUNDS times each: on a shared
  // machine a run is slowed now and then (plain reading alone took 0.25-0.47 s in runs minutes
  // apart), so each is taken at its best (least disturbed) round, by the clock and by CPU time.
  const reads: Result[] = [];
  const imports: Result[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    reads.push(await measure('read', long));
    imports.push(await measure('import', long));
  }
  const withWorst = (result: Result, other: Result): Result => ({
    ...result,
    peakRss: Math.max(result.peakRss, other.peakRss),
    peakHeap: Math.max(result.peakHeap, other.peakHeap),
    peakLiveHeap: Math.max(result.peakLiveHeap, other.peakLiveHeap),
    lagP99Ms: Math.max(result.lagP99Ms, other.lagP99Ms),
    lagMaxMs: Math.max(result.lagMaxMs, other.lagMaxMs),
  });
  const best = (results: Result[]): Result => ({
    ...results.reduce((a, b) => (b.seconds < a.seconds ? b : a)),
    cpuSeconds: Math.min(...results.map((result) => result.cpuSeconds)),
    // Memory at its worst.
    peakRss: Math.max(...results.map((result) => result.peakRss)),
    peakHeap: Math.max(...results.map((result) => result.peakHeap)),
    peakLiveHeap: Math.max(...results.map((result) => result.peakLiveHeap)),
    lagP99Ms: Math.max(...results.map((result) => result.lagP99Ms)),
    lagMaxMs: Math.max(...results.map((result) => result.lagMaxMs)),
  });
  // The same log as a .gz, once: read by one thread (a .gz cannot be cut in two).
  const importGzip = await measure('import', gzipped);
  const read = best(reads);
  // Memory and delay at their worst over both imports of each process.
  const importLong = best(imports.map((result) => withWorst(result, result.first!)));
  const importFirst = best(imports.map((result) => result.first!));

  const rows: [string, Result, Result][] = [
    [`plain reading, ${LINES.toLocaleString('en-US')} lines`, read, read],
    ['parse + tally (nothing stored)', parse, read],
    [
      `runImport, ${SHORT.toLocaleString('en-US')} lines`,
      withWorst(importShort, importShort.first!),
      readShort,
    ],
    [`runImport, ${LINES.toLocaleString('en-US')} lines`, importLong, read],
    ['  the first import after a start', importFirst, read],
    ['  the same log as a .gz (one thread)', importGzip, read],
  ];
  console.log('');
  console.log(
    `${'measurement'.padEnd(34)}${cell('lines/s', 11)}${cell('vs read', 8)}${cell('lines/CPU s', 12)}${cell('vs read', 8)}${cell('seconds', 8)}${cell('peak RSS', 9)}${cell('heap', 8)}${cell('live heap', 10)}`,
  );
  for (const [name, result, floor] of rows) {
    console.log(
      `${name.padEnd(34)}${cell(rate(result).toLocaleString('en-US'), 11)}${cell((rate(result) / rate(floor)).toFixed(2), 8)}${cell(cpuRate(result).toLocaleString('en-US'), 12)}${cell((cpuRate(result) / cpuRate(floor)).toFixed(2), 8)}${cell(result.seconds.toFixed(2), 8)}${cell(mb(result.peakRss), 9)}${cell(mb(result.peakHeap), 8)}${cell(mb(result.peakLiveHeap), 10)}`,
    );
  }
  console.log(
    `CPU time of the memory sampling, left out of the figures above: ${rows.map(([name, result]) => `${name.split(',')[0]} ${result.samplingCpuSeconds.toFixed(2)} s`).join('; ')}.`,
  );
  const seconds = (results: Result[]) =>
    results.map((result) => result.seconds.toFixed(2)).join(', ');
  console.log(
    `Rounds (seconds by the clock): plain reading ${seconds(reads)}; runImport ${seconds(imports)} (the first after a start: ${seconds(imports.map((result) => result.first!))}). The table takes each at its best (memory and delay at their worst).`,
  );
  console.log('');
  console.log(
    `Import: ${importLong.lines} lines read, ${importLong.counted} counted, ${importLong.skipped} not understood (status ${importLong.status}).`,
  );
  const ratio = rate(importLong) / rate(read);
  const cpuRatio = cpuRate(importLong) / cpuRate(read);
  console.log(
    `Import speed: ${ratio.toFixed(2)} of plain reading by the clock, ${cpuRatio.toFixed(2)} by CPU time (target >= 0.33): ${Math.max(ratio, cpuRatio) >= 1 / 3 ? 'met' : 'MISSED'}.`,
  );
  const firstRatio = rate(importFirst) / rate(read);
  console.log(
    `The first import after a start (the reading threads warmed up on a made-up log, the rest of the code not yet compiled for it): ${firstRatio.toFixed(2)} of plain reading by the clock (${importFirst.seconds.toFixed(2)} s); every later one as above.`,
  );
  console.log(
    `The request thread during the ${LINES.toLocaleString('en-US')}-line import (the lines are read on a thread of their own): ` +
      `event-loop delay p99 ${importLong.lagP99Ms.toFixed(1)} ms, max ${importLong.lagMaxMs.toFixed(1)} ms.`,
  );
  const growth = importLong.peakLiveHeap / importShort.peakLiveHeap;
  console.log(
    `Import memory for ${SHORT.toLocaleString('en-US')} and ${LINES.toLocaleString('en-US')} lines: live heap ${mb(importShort.peakLiveHeap)} and ${mb(importLong.peakLiveHeap)} (x${growth.toFixed(2)} for 4x the lines), ` +
      `peak RSS ${mb(importShort.peakRss)} and ${mb(importLong.peakRss)}: ${growth < 1.25 ? 'does not grow with the file' : 'GROWS with the file'}.`,
  );
} finally {
  if (process.env.BENCH_KEEP) console.log(`Kept ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
}
