// `npm run bench:signup`: does a sign-up answer as fast for a taken e-mail as for a new one? The
// time would otherwise tell anyone which e-mails are our customers (issue 13). Runs the domain's
// signUp 30 times each way, alternating, on a temporary SQLite database, and prints the medians
// and their ratio (target: within 25%). Printed, not asserted: timings on a shared machine vary.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate } from './db-migrate';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const dir = mkdtempSync(path.join(tmpdir(), 'aiv-signup-'));
process.env.DATABASE_URL = `file:${path.join(dir, 'bench.db')}`;
// Random per run, as every other bench: a secret written in the source is one production refuses.
process.env.SESSION_SECRET ??= randomBytes(24).toString('base64url');

try {
  await migrate(process.env.DATABASE_URL, true);
  const { signUp } = await import('../app/domain/accounts.server');
  const taken = 'taken@example.com';
  await signUp({ email: taken, password: 'a-long-password' }, { ipAddress: null });

  const time = async (email: string) => {
    const started = performance.now();
    try {
      await signUp({ email, password: 'a-long-password' }, { ipAddress: null });
    } catch {
      // the taken e-mail's refusal is what we time
    }
    return performance.now() - started;
  };
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
  const runs = { taken: [] as number[], fresh: [] as number[] };
  for (let i = 0; i < 3; i += 1) await time(`warm-${i}@example.com`);
  for (let i = 0; i < RUNS; i += 1) {
    runs.taken.push(await time(taken));
    runs.fresh.push(await time(`new-${i}@example.com`));
  }
  const ratio = median(runs.taken) / median(runs.fresh);
  console.log(`Sign-up, median of ${RUNS} each (domain signUp, scrypt N=32768)`);
  console.log(`taken e-mail   ${median(runs.taken).toFixed(1)} ms`);
  console.log(`new e-mail     ${median(runs.fresh).toFixed(1)} ms`);
  console.log(
    `ratio          ${ratio.toFixed(2)}x ${Math.abs(1 - ratio) <= 0.25 ? '(within 25%)' : '(NOT within 25%)'}`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
