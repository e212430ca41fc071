// A process of `npm run bench:tracking` (scripts/bench-tracking.ts), part 1, on DATABASE_URL:
// - `seed`: BENCH_BUSINESSES owners on a weekly plan, one business each with BENCH_PROMPTS tracked
//   prompts and three competitors, in bulk (createMany); prints SEEDED <ms>;
// - `trigger`: queues the week's rounds the way the hourly schedule does (enqueueDueRounds once)
//   and prints TRIGGERED <start> <end> <rounds queued>;
// - `work`: one app instance's background jobs (startBackgroundJobs, JOBS_WORKER=true): the rounds
//   fan out into ask jobs and the engines' queues ask the fake; prints READY, and on SIGTERM stops
//   as a deploy would (jobs under way finish or are handed back) and prints STOPPED.
import { normalizeName } from '~/domain/tracking/names';

const mode = process.argv[2];
const BUSINESSES = Number(process.env.BENCH_BUSINESSES ?? 2000);
const PROMPTS = Number(process.env.BENCH_PROMPTS ?? 10);
const TIER = process.env.BENCH_TIER ?? 'starter';
const TRADES = ['Plumbing', 'Electric', 'Roofing', 'Heating & Air', 'Family Dental', 'Law Group'];
const TOWNS = ['Austin', 'Denver', 'Portland', 'Raleigh', 'Tucson', 'Boise', 'Madison'];
const COMPETITORS = ['Summit', 'Blue Ridge', 'Capitol'];

const id = (prefix: string, n: number) => `${prefix}${n.toString(36).padStart(20, '0')}`;

async function chunked<T>(rows: T[], write: (chunk: T[]) => Promise<unknown>, size = 5000) {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
}

if (mode === 'seed') {
  const { db } = await import('~/lib/db.server');
  const started = Date.now();
  const base = Date.now() - 30 * 86_400_000;
  const users = [];
  const businesses = [];
  const prompts = [];
  const competitors = [];
  for (let i = 0; i < BUSINESSES; i += 1) {
    const trade = TRADES[i % TRADES.length]!;
    const town = TOWNS[i % TOWNS.length]!;
    users.push({
      id: id('u', i),
      email: `owner-${i}@example.com`,
      firstName: `Owner${i}`,
      subscriptionStatus: TIER,
    });
    businesses.push({
      id: id('b', i),
      userId: id('u', i),
      name: `Okafor ${trade} ${i}`,
      website: `https://okafor-${i}.example.com`,
      industry: trade,
      location: `${town}, US`,
    });
    for (let p = 0; p < PROMPTS; p += 1)
      prompts.push({
        id: id(`p${p}`, i),
        businessId: id('b', i),
        text: `Who is the best ${trade.toLowerCase()} company in ${town}? (${p + 1})`,
        createdAt: new Date(base + p * 1000),
      });
    for (const first of COMPETITORS) {
      const name = `${first} ${trade}`;
      competitors.push({ businessId: id('b', i), name, key: normalizeName(name) });
    }
  }
  await chunked(users, (data) => db.user.createMany({ data }));
  await chunked(businesses, (data) => db.business.createMany({ data }));
  await chunked(prompts, (data) => db.trackedPrompt.createMany({ data }));
  await chunked(competitors, (data) => db.competitor.createMany({ data }));
  process.stdout.write(`SEEDED ${Date.now() - started}\n`);
  await db.$disconnect();
  process.exit(0);
} else if (mode === 'trigger') {
  const { enqueueDueRounds } = await import('~/domain/tracking/runs.server');
  const { createJobEngine, installJobEngine } = await import('~/jobs/engine.server');
  const { declareQueues } = await import('~/domain/jobs.server');
  // A web-only engine: it enqueues, as the schedule's job does on a worker.
  const jobs = declareQueues(createJobEngine({ worker: false }));
  installJobEngine(jobs);
  await jobs.start();
  const start = Date.now();
  const queued = await enqueueDueRounds({ now: new Date() });
  process.stdout.write(`TRIGGERED ${start} ${Date.now()} ${queued}\n`);
  await jobs.stop();
  process.exit(0);
} else if (mode === 'work') {
  const { startBackgroundJobs } = await import('~/jobs/index.server');
  const stop = await startBackgroundJobs();
  process.once('SIGTERM', () => {
    void stop().then(() => {
      process.stdout.write('STOPPED\n');
      process.exit(0);
    });
  });
  process.stdout.write('READY\n');
} else {
  console.error('usage: tracking-round.ts seed|trigger|work');
  process.exit(2);
}
