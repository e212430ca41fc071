// A process of `npm run bench:tracking` (scripts/bench-tracking.ts), part 1, on DATABASE_URL:
// - `seed`: BENCH_BUSINESSES owners on a weekly plan, one business each with BENCH_PROMPTS tracked
//   prompts and three competitors, in bulk (createMany); prints SEEDED <ms>;
// - `trigger`: queues the week's rounds the way the hourly schedule does (enqueueDueRounds once)
//   and prints TRIGGERED <start> <end> <rounds queued>;
// - `enqueue`: a round's fan-out for every seeded business, one job at a time (as before issue
//   30) and batched (fanOutRound), timed; prints ENQUEUE <json>;
// - `work`: one app instance's background jobs (startBackgroundJobs, JOBS_WORKER=true): the rounds
//   fan out into ask jobs and the engines' queues ask the fake; prints READY, and on SIGTERM stops
//   as a deploy would (jobs under way finish or are handed back) and prints STOPPED.
import { normalizeName } from '~/domain/tracking/reading/names';

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
  const { enqueueDueRounds } = await import('~/domain/tracking/rounds/runs.server');
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
} else if (mode === 'enqueue') {
  // A round's fan-out, timed two ways on the same seeded businesses (each under its own round, so
  // the keys differ): `before`, one enqueue per ask as fanOutRound did up to issue 30 (the loop
  // below is that code); `after`, fanOutRound itself, which enqueues each engine's asks as a batch.
  const { fanOutRound, trackingAskQueue, trackingEngines } =
    await import('~/domain/tracking/rounds/runs.server');
  const { createJobEngine, installJobEngine } = await import('~/jobs/engine.server');
  const { declareQueues } = await import('~/domain/jobs.server');
  const { db } = await import('~/lib/db.server');
  const { env } = await import('~/lib/env.server');
  const jobs = declareQueues(createJobEngine({ worker: false }));
  installJobEngine(jobs);
  await jobs.start();
  const businesses = await db.business.findMany({ select: { id: true }, orderBy: { id: 'asc' } });
  const prompts = await db.trackedPrompt.findMany({
    select: { id: true, businessId: true },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  const byBusiness = new Map<string, string[]>();
  for (const row of prompts)
    byBusiness.set(row.businessId, [...(byBusiness.get(row.businessId) ?? []), row.id]);
  const engines = trackingEngines();

  let one = 0;
  const oneStart = Date.now();
  for (const { id: businessId } of businesses) {
    const round = 'bench-one-at-a-time';
    for (const engine of engines)
      for (const promptId of byBusiness.get(businessId) ?? [])
        for (let sample = 1; sample <= env.TRACKING_SAMPLES; sample += 1) {
          const jobId = await jobs.enqueue(
            trackingAskQueue(engine.id),
            { businessId, promptId, engine: engine.id, sample, round },
            {
              key: `${promptId}:${engine.id}:${round}:${sample}`,
              retry: { limit: 2, delaySeconds: 60, backoff: true },
            },
          );
          if (jobId) one += 1;
        }
  }
  const oneMs = Date.now() - oneStart;

  let batched = 0;
  const batchStart = Date.now();
  for (const { id: businessId } of businesses)
    batched += await fanOutRound({ businessId, round: 'bench-batched', trigger: 'owner' });
  const batchMs = Date.now() - batchStart;
  // Where the batched time goes: the fan-out's reads alone (the business and its prompts).
  const readsStart = Date.now();
  for (const { id: businessId } of businesses) {
    await db.business.findUnique({
      where: { id: businessId },
      select: { user: { select: { subscriptionStatus: true, subscriptionExpiry: true } } },
    });
    await db.trackedPrompt.findMany({
      where: { businessId },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: 10,
      select: { id: true },
    });
  }
  const readsMs = Date.now() - readsStart;
  process.stdout.write(
    `ENQUEUE ${JSON.stringify({ businesses: businesses.length, one, oneMs, batched, batchMs, readsMs })}\n`,
  );
  await jobs.stop();
  await db.$disconnect();
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
  console.error('usage: tracking-round.ts seed|trigger|enqueue|work');
  process.exit(2);
}
