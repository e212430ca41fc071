// A process of `npm run bench:tracking` (scripts/bench-tracking.ts), part 2, on DATABASE_URL: the
// visibility page's data for a business with a year of daily answers against a new one.
// One Growth owner (daily rounds) with three businesses of BENCH_PROMPTS prompts each. The full
// one gets its first day the way production keeps answers (askTracked against the fake engines:
// the answer, its reading, the per-day counts and TrackedPrompt.lastAskedAt, all through
// storeAnswer), then that day's rows copied in bulk (createMany) onto each later day up to today,
// so the year holds exactly the rows the storing path keeps. The empty one has prompts and no
// answers; the one-day one has only today's (the same page content as the full one, without the
// year behind it). Then the page's loader (a GET with the owner's session cookie)
// BENCH_PAGE_RUNS times for each, in turn; prints RESULT {json}.
import { performance } from 'node:perf_hooks';
import { normalizeName } from '~/domain/tracking/reading/names';

const PROMPTS = Number(process.env.BENCH_PROMPTS ?? 10);
const DAYS = Number(process.env.BENCH_PAGE_DAYS ?? 365);
const RUNS = Number(process.env.BENCH_PAGE_RUNS ?? 30);
const DAY_MS = 86_400_000;

const { db } = await import('~/lib/db.server');
const { askTracked, trackingEngines } = await import('~/domain/tracking/rounds/runs.server');
const { pageData, signIn } = await import('./tracking-page-data');
const { env } = await import('~/lib/env.server');

const owner = await db.user.create({
  data: { email: 'growth-owner@example.com', firstName: 'Ada', subscriptionStatus: 'growth' },
});
async function business(name: string) {
  const created = await db.business.create({
    data: {
      userId: owner.id,
      name,
      website: 'https://www.summitplumbing.com',
      industry: 'Plumbing',
      location: 'Austin, TX',
    },
  });
  const base = Date.now() - (DAYS + 1) * DAY_MS;
  await db.trackedPrompt.createMany({
    data: Array.from({ length: PROMPTS }, (_, p) => ({
      businessId: created.id,
      text: `Who is the best plumber in Austin for ${['a leak', 'a water heater', 'drains', 'repiping', 'an emergency'][p % 5]}? (${p + 1})`,
      createdAt: new Date(base + p * 1000),
    })),
  });
  await db.competitor.createMany({
    data: ['Blue Ridge Plumbing', 'Capitol Plumbing'].map((name) => ({
      businessId: created.id,
      name,
      key: normalizeName(name),
    })),
  });
  return created;
}
const full = await business('Summit Plumbing');
const empty = await business('Summit Plumbing');
const oneDay = await business('Summit Plumbing');

// Day one through the real path.
const seedStart = Date.now();
const first = Date.now() - 60 * 60 * 1000 - (DAYS - 1) * DAY_MS;
const firstDay = new Date(first).toISOString().slice(0, 10);
const prompts = await db.trackedPrompt.findMany({
  where: { businessId: full.id },
  select: { id: true },
});
let tick = 0;
const noLimit = { acquire: async () => {} };
const signal = new AbortController().signal;
for (const engine of trackingEngines())
  for (const prompt of prompts)
    for (let sample = 1; sample <= env.TRACKING_SAMPLES; sample += 1) {
      const outcome = await askTracked(
        {
          businessId: full.id,
          promptId: prompt.id,
          engine: engine.id,
          sample,
          round: `day-${firstDay}`,
        },
        { signal },
        { limiter: noLimit, now: () => new Date(first + (tick += 250)) },
      );
      if (outcome !== 'answered') throw new Error(`the sample's ask was ${outcome}`);
    }

// The other days: the same rows, a day later each (and today's for the one-day business).
const where = { businessId: full.id };
const [answers, stats, names, domains, searches] = await Promise.all([
  db.trackingAnswer.findMany({ where }),
  db.trackingStat.findMany({ where }),
  db.trackingNameStat.findMany({ where }),
  db.trackingDomainStat.findMany({ where }),
  db.trackingSearchStat.findMany({ where }),
]);
const shift = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);
async function bulk<T>(rows: T[], write: (data: T[]) => Promise<unknown>, size = 2000) {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
}
/** Day one's rows, `d` days later, onto `to` (its prompts in the same order as the full one's). */
async function copyDays(to: string, days: number[]) {
  const toPrompts = await db.trackedPrompt.findMany({
    where: { businessId: to },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { id: true },
  });
  const promptOf = new Map(prompts.map((prompt, i) => [prompt.id, toPrompts[i]!.id]));
  const round = (d: number) => `day-${shift(new Date(first), d).toISOString().slice(0, 10)}`;
  const ids = { businessId: to };
  await bulk(
    days.flatMap((d) =>
      answers.map(({ id: _id, runKey, ...row }) => ({
        ...row,
        ...ids,
        promptId: promptOf.get(row.promptId!)!,
        runKey: runKey
          .replace(row.promptId!, promptOf.get(row.promptId!)!)
          .replace(`day-${firstDay}`, round(d)),
        period: shift(row.period, d),
        askedAt: shift(row.askedAt, d),
      })),
    ),
    (data) => db.trackingAnswer.createMany({ data }),
  );
  await bulk(
    days.flatMap((d) => stats.map((row) => ({ ...row, ...ids, period: shift(row.period, d) }))),
    (data) => db.trackingStat.createMany({ data }),
  );
  await bulk(
    days.flatMap((d) =>
      names.map((row) => ({
        ...row,
        ...ids,
        period: shift(row.period, d),
        firstSeen: shift(row.firstSeen, d),
      })),
    ),
    (data) => db.trackingNameStat.createMany({ data }),
  );
  await bulk(
    days.flatMap((d) => domains.map((row) => ({ ...row, ...ids, period: shift(row.period, d) }))),
    (data) => db.trackingDomainStat.createMany({ data }),
  );
  await bulk(
    days.flatMap((d) =>
      searches.map((row) => ({
        ...row,
        ...ids,
        promptId: promptOf.get(row.promptId)!,
        period: shift(row.period, d),
      })),
    ),
    (data) => db.trackingSearchStat.createMany({ data }),
  );
  // storeAnswer's last write to each prompt: when it was last asked.
  const last = await db.trackingAnswer.groupBy({
    by: ['promptId'],
    where: { businessId: to },
    _max: { askedAt: true },
  });
  for (const row of last)
    await db.trackedPrompt.update({
      where: { id: row.promptId! },
      data: { lastAskedAt: row._max.askedAt },
    });
}
for (let from = 1; from < DAYS; from += 30)
  await copyDays(
    full.id,
    Array.from({ length: Math.min(30, DAYS - from) }, (_, i) => from + i),
  );
await copyDays(oneDay.id, [DAYS - 1]);
if (process.env.DATABASE_URL?.startsWith('file:')) await db.$executeRawUnsafe('ANALYZE');
else await db.$executeRawUnsafe('VACUUM ANALYZE');
const seeded = {
  answers: await db.trackingAnswer.count({ where }),
  stats: await db.trackingStat.count({ where }),
  nameStats: await db.trackingNameStat.count({ where }),
  domainStats: await db.trackingDomainStat.count({ where }),
  searchStats: await db.trackingSearchStat.count({ where }),
  seconds: (Date.now() - seedStart) / 1000,
};

// The page's loader data, in turn for each business.
const cookie = await signIn(owner.id);
async function once(businessId: string) {
  const started = performance.now();
  const data = await pageData(cookie, businessId);
  return { ms: performance.now() - started, data };
}
const check = await once(full.id);
if (!check.data.visibility.current || check.data.answers.total === 0)
  throw new Error('the full business shows no current period');
const businesses = { empty: empty.id, oneDay: oneDay.id, full: full.id };
const times: Record<keyof typeof businesses, number[]> = { empty: [], oneDay: [], full: [] };
for (let i = 0; i < 3 + RUNS; i += 1)
  for (const [which, businessId] of Object.entries(businesses) as [
    keyof typeof businesses,
    string,
  ][]) {
    const { ms } = await once(businessId);
    if (i >= 3) times[which].push(ms); // three rounds of warm-up
  }
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
process.stdout.write(
  `RESULT ${JSON.stringify({
    seeded,
    emptyMs: median(times.empty),
    oneDayMs: median(times.oneDay),
    fullMs: median(times.full),
    currentAnswers: check.data.answers.total,
  })}\n`,
);
await db.$disconnect();
process.exit(0);
