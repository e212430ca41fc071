// A process of `npm run bench:dashboard` (scripts/bench-dashboard.ts), on DATABASE_URL: one Authority
// owner for each size in BENCH_SIZES (default 0, 1,000 and 100,000 businesses), each business as
// the dashboard finds it after a while of use: its latest audit copied onto it (score, trend), two
// audits behind that, and two days of tracking by two engines (the per-day counts the cards read,
// and the answers they were counted from). One template business is written through Prisma; the
// owners' businesses are written in bulk (createMany) and the rest copied from the template with
// INSERT … SELECT, so the rows are exactly what the app keeps, on either database. Prints
// RESULT {json}: each owner's session cookie and the rows seeded.
import { performance } from 'node:perf_hooks';

const SIZES = (process.env.BENCH_SIZES ?? '0,1000,100000').split(',').map(Number);
const DAY_MS = 86_400_000;

const { db, databaseEngine } = await import('~/lib/db.server');
const { createSession } = await import('~/domain/sessions.server');
const { sessionCookie } = await import('~/http/auth.server');
const { SIGNAL_IDS } = await import('~/domain/audit/signals');

const started = performance.now();
const now = Date.now();
const today = new Date(Math.floor(now / DAY_MS) * DAY_MS);
const yesterday = new Date(today.getTime() - DAY_MS);
const ENGINES = ['chatgpt', 'perplexity'];

// The template: what every business gets a copy of.
const templateOwner = await db.user.create({
  data: { email: 'template@bench.example', subscriptionStatus: 'growth' },
});
const template = await db.business.create({
  data: { id: 'bench-template', userId: templateOwner.id, name: 'Template' },
});
const signals = JSON.stringify(
  SIGNAL_IDS.map((id) => ({
    id,
    status: 'pass',
    evidence: { snippet: 'User-agent: GPTBot\nAllow: /', url: 'https://example.com/robots.txt' },
    reason: 'The crawlers that answer questions may read your pages.',
  })),
);
for (const [i, score] of [61, 74, 82].entries())
  await db.audit.create({
    data: {
      id: `bench-template-audit-${i}`,
      businessId: template.id,
      trigger: i === 2 ? 'scheduled' : 'owner',
      url: 'https://example.com/',
      score,
      signals,
      fixes: '[]',
      durationMs: 900,
      createdAt: new Date(now - (3 - i) * 7 * DAY_MS),
    },
  });
const answerText =
  'For a family dentist in Denver, people often recommend Bright Smile Dental for its evening hours, ' +
  'Capitol Dental for emergencies and Mile High Smiles for children. Check reviews before you book.';
for (const engine of ENGINES)
  for (const period of [yesterday, today]) {
    const mentioned = period === today ? 2 : 1;
    await db.trackingStat.create({
      data: {
        businessId: template.id,
        engine,
        period,
        periodKind: 'day',
        samples: 3,
        mentioned,
        cited: 1,
        positionSum: mentioned,
        positionCount: mentioned,
        otherNames: 4,
      },
    });
    await db.trackingAnswer.create({
      data: {
        runKey: `bench:${engine}:${period.toISOString()}`,
        businessId: template.id,
        prompt: 'Who is the best family dentist in Denver?',
        engine,
        model: `${engine}-model`,
        period,
        periodKind: 'day',
        sample: 1,
        status: 'answered',
        text: answerText,
        sources: '[{"url":"https://example.com/","title":"Bright Smile Dental"}]',
        mentioned: true,
        position: 1,
        competitors: '[{"name":"Capitol Dental","position":2,"known":false}]',
        askedAt: new Date(period.getTime() + 9 * 60 * 60 * 1000),
      },
    });
  }

/** Copies the template's rows of `table` onto every business of `userId` (`unique`: made so). */
async function copyTemplate(table: string, columns: string[], userId: string, unique: string[]) {
  const quoted = columns.map((column) => `"${column}"`);
  const from = columns.map((column) =>
    column === 'businessId'
      ? 'b."id"'
      : unique.includes(column)
        ? `t."${column}" || ':' || b."id"`
        : `t."${column}"`,
  );
  // Our own ids (no quote in them): written into the statement, as both engines take it.
  await db.$executeRawUnsafe(
    `INSERT INTO "${table}" (${quoted.join(', ')})
     SELECT ${from.join(', ')} FROM "Business" b CROSS JOIN "${table}" t
     WHERE b."userId" = '${userId}' AND t."businessId" = 'bench-template'`,
  );
}
const AUDIT_COLUMNS = ['id', 'businessId', 'trigger', 'url', 'score', 'signals', 'fixes'];
AUDIT_COLUMNS.push('durationMs', 'createdAt', 'outcome');
const STAT_COLUMNS = ['businessId', 'engine', 'period', 'periodKind', 'samples', 'mentioned'];
STAT_COLUMNS.push('cited', 'positionSum', 'positionCount', 'otherNames', 'failed');
const ANSWER_COLUMNS = ['id', 'runKey', 'businessId', 'prompt', 'engine', 'model', 'period'];
ANSWER_COLUMNS.push('periodKind', 'sample', 'status', 'text', 'sources', 'mentioned', 'position');
ANSWER_COLUMNS.push('cited', 'competitors', 'askedAt');

const owners: { size: number; cookie: string }[] = [];
for (const size of SIZES) {
  const owner = await db.user.create({
    data: {
      email: `owner-${size}@bench.example`,
      firstName: 'Bench',
      subscriptionStatus: 'authority',
      subscriptionExpiry: new Date(now + 30 * DAY_MS),
    },
  });
  for (let from = 0; from < size; from += 5000) {
    await db.business.createMany({
      data: Array.from({ length: Math.min(5000, size - from) }, (_, n) => {
        const i = from + n;
        return {
          // As long as the cuids the app makes (25 characters): ids are a good part of a card.
          id: `b${owner.id.slice(-16)}${i.toString(36).padStart(8, '0')}`,
          userId: owner.id,
          name: `Bench Dental ${i}`,
          description:
            'A family dental practice with evening hours, emergency appointments and a friendly team.',
          website: `https://business-${i}.example.com`,
          industry: 'Dentist',
          location: 'Denver, CO',
          createdAt: new Date(now - i * 60_000),
          lastAuditScore: 82,
          lastAuditAt: new Date(now - 7 * DAY_MS),
          auditTrend: '[61,74,82]',
        };
      }),
    });
  }
  await copyTemplate('Audit', AUDIT_COLUMNS, owner.id, ['id']);
  await copyTemplate('TrackingStat', STAT_COLUMNS, owner.id, []);
  await copyTemplate('TrackingAnswer', ANSWER_COLUMNS, owner.id, ['id', 'runKey']);
  const { token } = await createSession(owner.id, { ipAddress: '203.0.113.9', userAgent: 'bench' });
  owners.push({ size, cookie: (await sessionCookie.serialize(token)).split(';')[0]! });
}
await db.$executeRawUnsafe(databaseEngine === 'postgresql' ? 'VACUUM ANALYZE' : 'ANALYZE');

const [businesses, audits, stats, answers] = await Promise.all([
  db.business.count(),
  db.audit.count(),
  db.trackingStat.count(),
  db.trackingAnswer.count(),
]);
process.stdout.write(
  `RESULT ${JSON.stringify({
    owners,
    seeded: { businesses, audits, stats, answers, seconds: (performance.now() - started) / 1000 },
  })}\n`,
);
await db.$disconnect();
process.exit(0);
