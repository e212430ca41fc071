import type { Prisma } from '~/generated/prisma/client';
import { jobEngine } from '~/jobs/engine.server';
import { PermanentJobError } from '~/jobs/types';
import { db } from '~/lib/db.server';
import { sendMail } from '~/lib/mail.server';
import { mailOrigin } from '~/mail/messages.server';
import { trackingDigestMail, type DigestBusiness } from '~/mail/tracking-digest.server';
import { effectiveTier, TIERS, tierRank, type SubscriptionFacts, type Tier } from '../../tiers';
import { allEngines, questionsBetween } from '../figures/question-figures.server';
import {
  addCounts,
  figuresFromCounts,
  NO_COUNTS,
  periodStart,
  type FigureCounts,
} from '../figures/figures';
import { describeSite } from '../figures/citation-words';
import { countedKey } from '../corrections/corrections';
import { correctionsOf } from '../corrections/corrections.server';
import { excerptAround, inTableRow } from './digest-quote';
import { readAnswer } from '../reading/reader';
import { variantsOf } from '../reading/variants';
import { describeSentiment } from '../reading/sentiment';
import { sentimentByBusiness } from '../rounds/sentiment.server';
import {
  COUNT_FIELDS,
  engineFilter,
  engineNames,
  engineRank,
  simulatedFigures,
} from './visibility.server';
import { storedMatches } from '../reading/stored';
import { newlyWrongFacts } from './facts.server';

// The weekly visibility digest: an e-mail to each owner on a paid plan with the week's figures of
// their businesses. A scan (TRACKING_DIGEST_CRON, Monday 09:00 UTC by default) pages through the
// owners who should get one and queues one job each, keyed by owner and week, so however often the
// scan runs (two instances, a retried scan) an owner gets one digest a week; the job itself also
// checks the outbox, so a job retried after its message was stored does not send it again.
// Each digest carries a signed one-click unsubscribe link (no session needed, no expiry), and the
// owner can turn it on and off on /account.

export const DIGEST_SCAN_QUEUE = 'tracking-digest-scan';
export const DIGEST_QUEUE = 'tracking-digest';
/** Businesses one digest reports on; the rest are counted ("and 3 more") and linked. */
export const DIGEST_BUSINESSES = 20;
/** The plans the digest comes with. */
export const DIGEST_MIN_TIER: Tier = 'diy';
export const DIGEST_KIND = 'tracking-digest';

export type DigestJob = { userId: string; week: string };

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;
const DIGEST_TIERS = TIERS.filter((tier) => tierRank(tier) >= tierRank(DIGEST_MIN_TIER));

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The week a digest reports: the seven days up to and including today (UTC), and the seven before. */
export function digestWindow(now: Date) {
  const end = new Date(periodStart(now, 'day').getTime() + DAY_MS);
  const start = new Date(end.getTime() - WEEK_MS);
  return { start, end, previousStart: new Date(start.getTime() - WEEK_MS) };
}

/** Per-day counts of this week with at least one answer (failed calls are no answers). */
function answeredSince(start: Date): Prisma.TrackingStatWhereInput {
  return { period: { gte: start }, samples: { gt: 0 }, engine: engineFilter() };
}

function onDigestPlan(now: Date): Prisma.UserWhereInput {
  return {
    subscriptionStatus: { in: DIGEST_TIERS },
    OR: [{ subscriptionExpiry: null }, { subscriptionExpiry: { gte: now } }],
  };
}

/** Whether the user's plan comes with the digest (an active DIY plan or above). */
export function hasDigest(user: SubscriptionFacts, now = new Date()): boolean {
  return tierRank(effectiveTier(user, now)) >= tierRank(DIGEST_MIN_TIER);
}

// Queueing -------------------------------------------------------------------------------------

/**
 * The scan's job: one digest job for every owner on an active paid plan who has not turned the
 * digest off and has a business with answers in the last seven days, in pages of `batch` (a
 * cursor on the user id, so any number of owners costs the same per query). Each job is keyed
 * `digest:{userId}:{weekStart}` (the Monday of `now`'s week): queued once a week. Returns the jobs
 * queued now.
 */
export async function enqueueDigests({
  now = new Date(),
  batch = 500,
}: { now?: Date; batch?: number } = {}): Promise<number> {
  const week = isoDay(periodStart(now, 'week'));
  const { start } = digestWindow(now);
  const where: Prisma.UserWhereInput = {
    ...onDigestPlan(now),
    trackingDigestOffAt: null,
    businesses: { some: { trackingStats: { some: answeredSince(start) } } },
  };
  let queued = 0;
  let cursor: string | undefined;
  for (;;) {
    const page = await db.user.findMany({
      where: cursor ? { AND: [where, { id: { gt: cursor } }] } : where,
      orderBy: { id: 'asc' },
      take: batch,
      select: { id: true },
    });
    for (const { id } of page) {
      const jobId = await jobEngine().enqueue<DigestJob>(
        DIGEST_QUEUE,
        { userId: id, week },
        { key: `digest:${id}:${week}`, retry: { limit: 3, delaySeconds: 300, backoff: true } },
      );
      if (jobId) queued += 1;
    }
    if (page.length < batch) return queued;
    cursor = page.at(-1)!.id;
  }
}

// Sending --------------------------------------------------------------------------------------

function parseDigestJob(job: unknown): DigestJob {
  const data = job as Partial<DigestJob> | null;
  if (
    !data ||
    typeof data.userId !== 'string' ||
    typeof data.week !== 'string' ||
    !/^\d{4}-\d{2}-\d{2}$/.test(data.week) ||
    Number.isNaN(Date.parse(`${data.week}T00:00:00Z`))
  )
    throw new PermanentJobError('Malformed digest job');
  return data as DigestJob;
}

type CountRow = {
  businessId: string;
  engine: string;
  _sum: {
    samples: number | null;
    mentioned: number | null;
    cited: number | null;
    positionSum: number | null;
    positionCount: number | null;
    otherNames: number | null;
    retrieved: number | null;
    citedOrRetrieved: number | null;
    citedNotNamed: number | null;
  };
};

function countsOfSum(row: CountRow): FigureCounts {
  return {
    samples: row._sum.samples ?? 0,
    mentioned: row._sum.mentioned ?? 0,
    cited: row._sum.cited ?? 0,
    positionSum: row._sum.positionSum ?? 0,
    positionCount: row._sum.positionCount ?? 0,
    otherNames: row._sum.otherNames ?? 0,
    retrieved: row._sum.retrieved ?? 0,
    citedOrRetrieved: row._sum.citedOrRetrieved ?? 0,
    citedNotNamed: row._sum.citedNotNamed ?? 0,
  };
}

async function countsBetween(businessIds: string[], gte: Date, lt: Date) {
  const rows = await db.trackingStat.groupBy({
    by: ['businessId', 'engine'],
    where: { businessId: { in: businessIds }, engine: engineFilter(), period: { gte, lt } },
    _sum: COUNT_FIELDS,
  });
  const counts = new Map<string, Map<string, FigureCounts>>();
  for (const row of rows) {
    const engines = counts.get(row.businessId) ?? new Map<string, FigureCounts>();
    engines.set(row.engine, countsOfSum(row));
    counts.set(row.businessId, engines);
  }
  return counts;
}

/**
 * The business the answers named most this week that no answer named before (by normalised name)
 * and that is not on the owner's list of competitors: this week's names first (a few rows), then
 * which of them have an earlier row (an index seek each on businessId, key, period).
 */
async function newCompetitorOf(businessId: string, start: Date, end: Date) {
  // "New" means new against earlier answers: in the first week of answers nothing is new.
  const earlier = await db.trackingStat.findFirst({
    where: { businessId, engine: engineFilter(), period: { lt: start }, samples: { gt: 0 } },
    select: { businessId: true },
  });
  if (!earlier) return null;
  const [known, corrections] = await Promise.all([
    db.competitor.findMany({ where: { businessId }, select: { key: true }, take: 50 }),
    correctionsOf(businessId),
  ]);
  const thisWeek = await db.trackingNameStat.groupBy({
    by: ['key'],
    where: {
      businessId,
      engine: engineFilter(),
      period: { gte: start, lt: end },
      known: false,
      ...(known.length ? { key: { notIn: known.map((row) => row.key) } } : {}),
    },
    _max: { name: true },
    _sum: { mentions: true },
    orderBy: [{ _sum: { mentions: 'desc' } }, { key: 'asc' }],
    take: 20,
  });
  // The owner's corrections: a hidden name is no business, a merged spelling is the name it was
  // merged into (new only when none of its spellings was seen before).
  const candidates = thisWeek.filter((row) => countedKey(corrections, row.key) === row.key);
  if (!candidates.length) return null;
  const spellings = (key: string) => [
    key,
    ...[...corrections.into].filter(([, target]) => target.key === key).map(([alias]) => alias),
  ];
  const seenBefore = await db.trackingNameStat.groupBy({
    by: ['key'],
    where: {
      businessId,
      engine: engineFilter(),
      key: { in: candidates.flatMap((row) => spellings(row.key)) },
      period: { lt: start },
    },
  });
  const old = new Set(seenBefore.map((row) => countedKey(corrections, row.key)));
  const row = candidates.find((each) => !old.has(each.key));
  return row ? { name: row._max.name ?? row.key, mentions: row._sum.mentions ?? 0 } : null;
}

async function quoteOf(
  business: {
    id: string;
    name: string;
    website: string | null;
    location: string | null;
    nameVariants?: string | null;
  },
  start: Date,
  end: Date,
  names: Map<string, string>,
) {
  const answer = await db.trackingAnswer.findFirst({
    where: {
      businessId: business.id,
      status: 'answered',
      mentioned: true,
      engine: engineFilter(),
      askedAt: { gte: start, lt: end },
    },
    orderBy: [{ askedAt: 'desc' }, { id: 'desc' }],
    select: { engine: true, prompt: true, text: true, highlights: true },
  });
  if (!answer) return null;
  // Where the reader found the name when the answer was stored; read again for older answers.
  // Of the places it was named, running text first: a sentence quotes better than a table row.
  const stored = storedMatches(answer.highlights);
  const places = (
    stored.length
      ? stored
      : readAnswer({
          text: answer.text,
          sources: [],
          business: {
            name: business.name,
            website: business.website,
            location: business.location,
            variants: variantsOf(business.nameVariants),
          },
          competitors: [],
        }).matches
  ).filter((match) => match.kind === 'business');
  const named = places.find((match) => !inTableRow(answer.text, match.start)) ?? places[0];
  const at = named ?? {
    start: Math.max(0, answer.text.toLowerCase().indexOf(business.name.toLowerCase())),
    end: 0,
  };
  return {
    engine: names.get(answer.engine) ?? answer.engine,
    prompt: answer.prompt,
    excerpt: excerptAround(answer.text, at.start, Math.max(at.start, at.end)),
  };
}

export type DigestOutcome = 'sent' | 'off' | 'no-plan' | 'nothing' | 'sent-already' | 'no-user';

/**
 * The digest job: the week's figures of the owner's businesses with answers in the last seven
 * days (the first DIGEST_BUSINESSES by name), sent through the outbox. Nothing is sent to an owner
 * who has turned it off or left the paid plans since the scan, nor twice in the job's week.
 */
export async function sendDigest(job: DigestJob, now = new Date()): Promise<DigestOutcome> {
  const { userId, week } = parseDigestJob(job);
  const user = await db.user.findUnique({
    where: { id: userId },
    select: {
      email: true,
      firstName: true,
      subscriptionStatus: true,
      subscriptionExpiry: true,
      trackingDigestOffAt: true,
    },
  });
  if (!user) return 'no-user';
  if (user.trackingDigestOffAt) return 'off';
  if (!hasDigest(user, now)) return 'no-plan';
  const weekStart = new Date(`${week}T00:00:00.000Z`);
  const sent = await db.outboxMessage.findFirst({
    where: { to: user.email, kind: DIGEST_KIND, createdAt: { gte: weekStart } },
    select: { id: true },
  });
  if (sent) return 'sent-already';

  const { start, end, previousStart } = digestWindow(now);
  const where: Prisma.BusinessWhereInput = {
    userId,
    trackingStats: { some: answeredSince(start) },
  };
  const [businesses, total] = await Promise.all([
    db.business.findMany({
      where,
      orderBy: [{ name: 'asc' }, { id: 'asc' }],
      take: DIGEST_BUSINESSES,
      select: { id: true, name: true, website: true, location: true, nameVariants: true },
    }),
    db.business.count({ where }),
  ]);
  if (!businesses.length) return 'nothing';

  const ids = businesses.map((business) => business.id);
  const names = engineNames();
  const [current, previous, questionsNow, questionsBefore, extras, sentiment] = await Promise.all([
    countsBetween(ids, start, end),
    countsBetween(ids, previousStart, start),
    // Per question too: intervals and the test of change account for the repeats (decision 20).
    questionsBetween(ids, engineFilter(), start, end),
    questionsBetween(ids, engineFilter(), previousStart, start),
    Promise.all(
      businesses.map(async (business) => ({
        newCompetitor: await newCompetitorOf(business.id, start, end),
        quote: await quoteOf(business, start, end, names),
        wrongFacts: await newlyWrongFacts(business.id, start, end),
      })),
    ),
    sentimentByBusiness(ids, engineFilter(), { gte: start, lt: end }),
  ]);

  const reports: DigestBusiness[] = businesses.map((business, index) => {
    const thisWeek = current.get(business.id) ?? new Map<string, FigureCounts>();
    const before = previous.get(business.id) ?? new Map<string, FigureCounts>();
    const sum = (counts: Map<string, FigureCounts>) =>
      [...counts.values()].reduce(addCounts, NO_COUNTS);
    const beforeAll = sum(before);
    const nowQuestions = questionsNow.get(business.id);
    const beforeQuestions = questionsBefore.get(business.id);
    const overall = figuresFromCounts(sum(thisWeek), allEngines(nowQuestions));
    return {
      id: business.id,
      name: business.name,
      simulated: simulatedFigures(),
      overall,
      site: business.website ? describeSite(overall) : null,
      sentiment: (() => {
        const figures = sentiment.get(business.id);
        return figures ? describeSentiment(figures) : null;
      })(),
      previous: beforeAll.samples
        ? figuresFromCounts(beforeAll, allEngines(beforeQuestions))
        : null,
      engines: [...thisWeek.entries()]
        .filter(([, counts]) => counts.samples > 0)
        .sort(([a], [b]) => engineRank(a) - engineRank(b) || a.localeCompare(b))
        .map(([engine, counts]) => {
          const earlier = before.get(engine);
          return {
            name: names.get(engine) ?? engine,
            current: figuresFromCounts(counts, [...(nowQuestions?.get(engine)?.values() ?? [])]),
            previous: earlier?.samples
              ? figuresFromCounts(earlier, [...(beforeQuestions?.get(engine)?.values() ?? [])])
              : null,
          };
        }),
      ...extras[index]!,
    };
  });

  const origin = mailOrigin();
  await sendMail(
    trackingDigestMail({
      to: user.email,
      firstName: user.firstName,
      origin,
      from: start,
      until: new Date(end.getTime() - DAY_MS),
      businesses: reports,
      more: Math.max(0, total - businesses.length),
      unsubscribeUrl: digestUnsubscribeUrl(origin, userId),
    }),
  );
  return 'sent';
}

// Unsubscribing --------------------------------------------------------------------------------

// The token and its link live below tracking's rooms, so the fact alerts (tracking/facts) carry
// the same one-click link.
export {
  digestTokenUser,
  digestUnsubscribeToken,
  digestUnsubscribeUrl,
} from '../../digest-unsubscribe.server';
import { digestTokenUser, digestUnsubscribeUrl } from '../../digest-unsubscribe.server';

/**
 * The unsubscribe link's POST (the page's button or a mail program's one-click): turns the digest
 * off for the token's user. False (and nothing changes) for a token we did not sign.
 */
export async function unsubscribeDigest(token: unknown, now = new Date()): Promise<boolean> {
  const userId = digestTokenUser(token);
  if (!userId) return false;
  await db.user.updateMany({
    where: { id: userId, trackingDigestOffAt: null },
    data: { trackingDigestOffAt: now },
  });
  return true;
}

/** The /account setting: whether the plan comes with the digest, and whether it is on. */
export async function digestSetting(
  user: { id: string } & SubscriptionFacts,
  now = new Date(),
): Promise<{ available: boolean; on: boolean }> {
  const row = await db.user.findUnique({
    where: { id: user.id },
    select: { trackingDigestOffAt: true },
  });
  return { available: hasDigest(user, now), on: !row?.trackingDigestOffAt };
}

/** The owner turns the digest on or off (kept on every plan, so it holds after an upgrade). */
export async function setDigest(userId: string, on: boolean, now = new Date()): Promise<void> {
  await db.user.updateMany({
    where: on ? { id: userId } : { id: userId, trackingDigestOffAt: null },
    data: { trackingDigestOffAt: on ? null : now },
  });
}
