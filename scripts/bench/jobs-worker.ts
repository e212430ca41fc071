// A process of `npm run bench:jobs` (scripts/bench-jobs.ts), on DATABASE_URL:
// - `work`: runs the job engine's worker for the bench queue (no-op jobs) and, on SIGTERM, stops it
//   and prints how long each job waited from its enqueueing to its start, and when the last ended;
//   (and when the first started);
// - `enqueue`: enqueues BENCH_JOBS no-op jobs (BENCH_ENQUEUERS at a time) and exits.
import { createJobEngine } from '~/jobs/engine.server';

const QUEUE = process.env.BENCH_QUEUE ?? 'bench-noop';
const mode = process.argv[2];

if (mode === 'work') {
  const engine = createJobEngine({ worker: true });
  const waits: number[] = [];
  let firstStart = 0;
  let lastEnd = 0;
  process.once('SIGTERM', () => {
    void engine.stop().then(() => {
      process.stdout.write(`RESULT ${JSON.stringify({ waits, firstStart, lastEnd })}\n`);
      process.exit(0);
    });
  });
  if (process.env.BENCH_WAIT_GO) {
    // Backlog pass: every worker process is up before any takes a job (a line on stdin says go).
    await engine.start();
    process.stdout.write('READY\n');
    await new Promise((resolve) => process.stdin.once('data', resolve));
    process.stdin.destroy();
  }
  await engine.work<{ at: number }>(
    QUEUE,
    async ({ at }) => {
      firstStart ||= Date.now();
      waits.push(Date.now() - at);
      lastEnd = Date.now();
    },
    { concurrency: Number(process.env.JOBS_CONCURRENCY ?? 5) },
  );
  if (!process.env.BENCH_WAIT_GO) process.stdout.write('READY\n');
} else if (mode === 'enqueue') {
  const engine = createJobEngine({ worker: false });
  await engine.start();
  const total = Number(process.env.BENCH_JOBS ?? 10_000);
  const parallel = Number(process.env.BENCH_ENQUEUERS ?? 10);
  let next = 0;
  const started = Date.now();
  process.stdout.write(`START ${started}\n`);
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < total) {
        next += 1;
        await engine.enqueue(QUEUE, { at: Date.now() }, { retry: { limit: 0 } });
      }
    }),
  );
  process.stdout.write(`ENQUEUED ${Date.now()}\n`);
  await engine.stop();
  process.exit(0);
} else {
  console.error('usage: jobs-worker.ts work|enqueue');
  process.exit(2);
}
