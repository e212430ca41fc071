// `npm run bench:logs` (issue 48, item 6): how fast an uploaded access log is read into crawler
// visits, next to plain line reading of the same file in the same run, and how much memory the
// import takes. Generates a month of a busy small business's combined log (1,000,000 lines, and
// its first 250,000 as a second file; scripts/bench/logs-generate.ts, a fixed seed) in a temp
// folder, then runs each measurement in its own process (scripts/bench/logs-run.ts):
//   read    plain line reading (readline, counting lines), the floor;
//   parse   the same reading plus our parse and tally (readLogLine + VisitTally, nothing stored);
//   import  the whole job, runImport, against a fresh SQLite database (dedup hashes, per-day counts,
//           progress on the import row), as the background job runs it.
// Prints lines a second for each, the ratio to plain reading (target: import >= 1/3), and the
// import's peak RSS and heap used (sampled every 10 ms) for 250k and 1M lines (target: no growth
// with the file). Knobs: BENCH_LINES (1000000), BENCH_KEEP=1 keeps the temp folder.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate } from './db-migrate';
import { writeAccessLog } from './bench/logs-generate';

const LINES = Number(process.env.BENCH_LINES ?? 1_000_000);
const SHORT = Math.round(LINES / 4);
const RUNNER = path.resolve(import.meta.dirname, 'bench/logs-run.ts');
const SESSION_SECRET = randomBytes(24).toString('base64url');

type Result = {
  lines: number;
  counted?: number;
  skipped?: number;
  status?: string;
  seconds: number;
  rssBefore: number;
  heapBefore: number;
  peakRss: number;
  peakHeap: number;
};

const dir = mkdtempSync(path.join(tmpdir(), 'bench-logs-'));
const long = path.join(dir, `access-${LINES}.log`);
const short = path.join(dir, `access-${SHORT}.log`);

async function measure(mode: 'read' | 'parse' | 'import', file: string): Promise<Result> {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://127.0.0.1:3999',
    SESSION_SECRET,
    CRAWLER_LOG_DIR: path.join(dir, 'uploads'),
  };
  if (mode === 'import') {
    const databaseUrl = `file:${path.join(dir, `import-${path.basename(file)}.db`)}`;
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
  const read = await measure('read', long);
  const parse = await measure('parse', long);
  const importShort = await measure('import', short);
  const importLong = await measure('import', long);
  const readShort = await measure('read', short);

  const rows: [string, Result, Result][] = [
    [`plain reading, ${LINES.toLocaleString('en-US')} lines`, read, read],
    ['parse + tally (nothing stored)', parse, read],
    [`runImport, ${SHORT.toLocaleString('en-US')} lines`, importShort, readShort],
    [`runImport, ${LINES.toLocaleString('en-US')} lines`, importLong, read],
  ];
  console.log('');
  console.log(
    `${'measurement'.padEnd(34)} ${'lines/s'.padStart(10)} ${'vs reading'.padStart(10)} ${'seconds'.padStart(8)} ${'peak RSS'.padStart(9)} ${'peak heap'.padStart(9)}`,
  );
  for (const [name, result, floor] of rows) {
    console.log(
      `${name.padEnd(34)} ${rate(result).toLocaleString('en-US').padStart(10)} ${(rate(result) / rate(floor)).toFixed(2).padStart(10)} ${result.seconds.toFixed(2).padStart(8)} ${mb(result.peakRss).padStart(9)} ${mb(result.peakHeap).padStart(9)}`,
    );
  }
  console.log('');
  console.log(
    `Import: ${importLong.lines} lines read, ${importLong.counted} counted, ${importLong.skipped} not understood (status ${importLong.status}).`,
  );
  const ratio = rate(importLong) / rate(read);
  console.log(
    `Import speed: ${ratio.toFixed(2)} of plain reading (target >= 0.33): ${ratio >= 1 / 3 ? 'met' : 'MISSED'}.`,
  );
  const growth = importLong.peakRss / importShort.peakRss;
  console.log(
    `Import memory: peak RSS ${mb(importShort.peakRss)} for ${SHORT.toLocaleString('en-US')} lines, ${mb(importLong.peakRss)} for ${LINES.toLocaleString('en-US')} (x${growth.toFixed(2)} for 4x the lines; ` +
      `heap ${mb(importShort.peakHeap)} and ${mb(importLong.peakHeap)}): ${growth < 1.25 ? 'does not grow with the file' : 'GROWS with the file'}.`,
  );
} finally {
  if (process.env.BENCH_KEEP) console.log(`Kept ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
}
