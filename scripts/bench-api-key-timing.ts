// `npm run bench:api-key-timing`: does an API key with a known prefix and a wrong secret take as
// long to refuse as one with an unknown prefix (issue 41)? The time would otherwise tell a prober
// which prefixes exist. Runs the domain's verifyApiKey BENCH_RUNS times each way (2,000),
// alternating, on a temporary SQLite database, and prints the medians and their ratio (target:
// within 10%; printed, not asserted: timings on a shared machine vary).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate } from './db-migrate';

const RUNS = Number(process.env.BENCH_RUNS ?? 2000);
const dir = mkdtempSync(path.join(tmpdir(), 'aiv-key-timing-'));
process.env.DATABASE_URL = `file:${path.join(dir, 'bench.db')}`;

try {
  await migrate(process.env.DATABASE_URL, true);
  const { registerUser } = await import('../app/domain/accounts.server');
  const { createApiKey, verifyApiKey } = await import('../app/domain/api-keys.server');
  const { settleMail } = await import('../app/lib/mail.server');
  const user = await registerUser({ email: 'timing@example.com', password: 'a-long-password' });
  const made = await createApiKey(
    { id: user.id, subscriptionStatus: 'free', subscriptionExpiry: null },
    { name: 'Timing' },
  );
  await settleMail();
  const secret = 'B'.repeat(43);
  const known = `${made.prefix}_${secret}`;
  const unknown = `aiv_ffffffffffff_${secret}`;
  const time = async (key: string) => {
    const started = performance.now();
    await verifyApiKey(key);
    return performance.now() - started;
  };
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
  for (let i = 0; i < 200; i += 1) await time(i % 2 ? known : unknown);
  const runs = { known: [] as number[], unknown: [] as number[] };
  for (let i = 0; i < RUNS; i += 1) {
    runs.known.push(await time(known));
    runs.unknown.push(await time(unknown));
  }
  const ratio = median(runs.known) / median(runs.unknown);
  console.log(`API key refusal, median of ${RUNS} each (domain verifyApiKey, SQLite)`);
  console.log(`known prefix, wrong secret  ${(median(runs.known) * 1000).toFixed(0)} µs`);
  console.log(`unknown prefix              ${(median(runs.unknown) * 1000).toFixed(0)} µs`);
  console.log(`ratio                       ${ratio.toFixed(3)} (target: within 10%)`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
