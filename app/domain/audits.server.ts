import type { Prisma } from '~/generated/prisma/client';
import { db } from '~/lib/db.server';
import { jobEngine } from '~/jobs/engine.server';
import { env } from '~/lib/env.server';
import {
  DEFAULT_FETCH_LIMITS,
  parseAllowlist,
  safeFetch,
  type FetchPolicy,
} from '~/lib/safe-fetch.server';
import { mailOrigin } from '~/mail/messages.server';
import type { PublicUser } from './accounts.server';
import {
  describeUnreachable,
  evaluate,
  notChecked,
  readRobots,
  siteAddresses,
  unreachableOf,
  type BusinessFacts,
} from './audit/checks.server';
import { buildFixes, unreachableFix } from './audit/fixes.server';
import { parseTrend } from './audit/standing.server';
import { formatWait } from './audit/wait';
import {
  scoreOf,
  type AuditOutcome,
  type AuditReport,
  type Fix,
  type SignalResult,
  type Unreachable,
} from './audit/signals';
import { BUSINESS_NOT_FOUND_MESSAGE } from './businesses.server';
import { DomainError } from './errors';
import {
  AUDITS_PER_BUSINESS_PER_DAY,
  effectiveTier,
  TIER_LABELS,
  WEEKLY_REAUDIT_MIN_TIER,
  TIERS,
  tierRank,
} from './tiers';

// A business's standing (score, trend) and today's allowance: ./audit/standing.server.
export {
  auditAllowance,
  auditAllowances,
  auditStandings,
  parseTrend,
  type AuditAllowance,
  type AuditStanding,
} from './audit/standing.server';

// The AI-readiness audit of a business's website: fetch it (safely), score it, store the result,
// and keep the business's latest score and trend. The dashboard, its JSON twin and the weekly
// scheduler all come through here.

export const NO_WEBSITE_MESSAGE =
  'Add your website to this business first: the audit checks the site at that address.';
export const AUDIT_NOT_FOUND_MESSAGE = 'Audit not found';
/** Audits an owner may start across all of their businesses in an hour, whatever the plan. */
export const AUDITS_PER_USER_PER_HOUR = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;
/** A claim of the previous release's scheduler older than this was abandoned (see dueWhere). */
const CLAIM_TTL_MS = 15 * 60 * 1000;
/** Scores kept on the business for its trend chart. */
export const TREND_LENGTH = 12;
export const AUDITS_PER_PAGE = 10;

export type AuditTrigger = 'owner' | 'scheduled';

export type AuditView = AuditReport & {
  id: string;
  businessId: string;
  trigger: AuditTrigger;
  durationMs: number;
};

export type AuditSummary = {
  id: string;
  /** Meaningless (0) when outcome is 'unreachable'. */
  score: number;
  outcome: AuditOutcome;
  auditedAt: string;
  trigger: AuditTrigger;
};

/** The fetch rules of every audit; tests pass their own allowlist. */
export function auditFetchPolicy(overrides: Partial<FetchPolicy> = {}): FetchPolicy {
  return {
    ...DEFAULT_FETCH_LIMITS,
    allowPrivateHosts: parseAllowlist(env.AUDIT_ALLOWED_PRIVATE_HOSTS),
    userAgent: `Mozilla/5.0 (compatible; AIVisibilityAudit/1.0; +${mailOrigin()}/how-it-works)`,
    ...overrides,
  };
}

/**
 * Fetches the site (home page first; then robots.txt, llms.txt and the sitemap side by side, on
 * the origin the home page ended up at), all within one 10-second budget, and scores it. Never throws for anything the site does:
 * an unreachable site is an audit with outcome 'unreachable', nothing checked and one fix.
 */
export async function auditSite(
  business: BusinessFacts,
  policy: FetchPolicy = auditFetchPolicy(),
): Promise<{
  url: string;
  score: number;
  outcome: AuditOutcome;
  unreachable: Unreachable | null;
  signals: SignalResult[];
  fixes: Fix[];
  durationMs: number;
}> {
  const started = performance.now();
  // One time budget for the whole audit (10 s): the later fetches get what the first left.
  policy = { ...policy, deadline: Date.now() + policy.timeoutMs };
  const home = await safeFetch(business.website, policy);
  // Nothing more to fetch, or to judge, on a site that cannot be reached (or that we may not reach).
  const unreachable = unreachableOf(home);
  if (unreachable) {
    return {
      url: business.website,
      score: 0,
      outcome: 'unreachable',
      unreachable,
      signals: notChecked(),
      fixes: [unreachableFix(unreachable, business)],
      durationMs: Math.round(performance.now() - started),
    };
  }
  let robots = null;
  let sitemap = null;
  let llms = null;
  {
    const addresses = siteAddresses(home.ok ? home.url : business.website);
    const defaultSitemap = safeFetch(addresses.sitemap, policy);
    [robots, llms] = await Promise.all([
      safeFetch(addresses.robots, policy),
      safeFetch(addresses.llms, policy),
    ]);
    // The sitemap robots.txt names, if it names one; the usual address otherwise.
    const listed = readRobots(robots, addresses.robots).sitemaps[0];
    sitemap = listed && listed !== addresses.sitemap ? await safeFetch(listed, policy) : null;
    sitemap ??= await defaultSitemap;
  }
  const signals = evaluate({ home, robots, sitemap, llms }, business);
  return {
    url: business.website,
    score: scoreOf(signals),
    outcome: 'complete',
    unreachable: null,
    signals,
    fixes: buildFixes(signals, business),
    durationMs: Math.round(performance.now() - started),
  };
}

type AuditRow = {
  id: string;
  businessId: string;
  trigger: string;
  url: string;
  score: number;
  outcome: string;
  failureCode: string | null;
  failureReason: string | null;
  signals: string;
  fixes: string;
  durationMs: number;
  createdAt: Date;
};

function toView(row: AuditRow): AuditView {
  const unreachable =
    row.outcome === 'unreachable'
      ? describeUnreachable(
          row.url,
          row.failureCode ?? 'network',
          row.failureReason ?? 'the connection failed',
        )
      : null;
  return {
    id: row.id,
    businessId: row.businessId,
    trigger: row.trigger === 'scheduled' ? 'scheduled' : 'owner',
    score: row.score,
    outcome: unreachable ? 'unreachable' : 'complete',
    unreachable,
    auditedAt: row.createdAt.toISOString(),
    url: row.url,
    durationMs: row.durationMs,
    signals: JSON.parse(row.signals) as SignalResult[],
    // An unreachable audit's one fix is written again from its reason, so one stored before
    // refused and unknown hosts read alike reads as today's.
    fixes: unreachable
      ? [unreachableFix(unreachable, { website: row.url })]
      : (JSON.parse(row.fixes) as Fix[]),
  };
}

/** Stores an audit and makes it the business's latest, in one transaction. */
async function storeAudit(
  businessId: string,
  userId: string | null,
  trigger: AuditTrigger,
  result: Awaited<ReturnType<typeof auditSite>>,
  now: Date,
): Promise<AuditView | null> {
  return db.$transaction(async (tx) => {
    const business = await tx.business.findUnique({
      where: { id: businessId },
      select: { auditTrend: true },
    });
    // Deleted while its audit ran: nothing to keep.
    if (!business) return null;
    const row = await tx.audit.create({
      data: {
        businessId,
        userId,
        trigger,
        url: result.url,
        score: result.score,
        outcome: result.outcome,
        failureCode: result.unreachable?.code ?? null,
        failureReason: result.unreachable?.reason ?? null,
        signals: JSON.stringify(result.signals),
        fixes: JSON.stringify(result.fixes),
        durationMs: result.durationMs,
        createdAt: now,
      },
    });
    // An audit that could not reach the site has no score: the latest score and the trend stay
    // those of the last audit that did; the business only notes that the site was not reached.
    const standing =
      result.outcome === 'unreachable'
        ? { lastUnreachableAt: now }
        : {
            lastAuditScore: result.score,
            lastAuditAt: now,
            auditTrend: JSON.stringify(
              [...parseTrend(business.auditTrend), result.score].slice(-TREND_LENGTH),
            ),
            lastUnreachableAt: null,
          };
    await tx.business.update({
      where: { id: businessId },
      data: { ...standing, ...(trigger === 'scheduled' ? { auditClaimedAt: null } : {}) },
    });
    return toView(row);
  });
}

function retryAfter(until: Date, now: Date) {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
}

/** The next plan up with a larger allowance, for the "upgrade" hint of a refusal. */
function betterPlan(tier: (typeof TIERS)[number]) {
  return TIERS.find(
    (candidate) =>
      tierRank(candidate) > tierRank(tier) &&
      AUDITS_PER_BUSINESS_PER_DAY[candidate] > AUDITS_PER_BUSINESS_PER_DAY[tier],
  );
}

/**
 * Takes one audit from the business's 24-hour allowance, or refuses (429). The claim is a single
 * conditional UPDATE, so two requests at the same moment cannot both take the last audit.
 */
async function claimAllowance(user: PublicUser, businessId: string, now: Date): Promise<void> {
  const tier = effectiveTier(user, now);
  const limit = AUDITS_PER_BUSINESS_PER_DAY[tier];
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const mine = { id: businessId, userId: user.id };

  const hourAgo = new Date(now.getTime() - 60 * 60 * 1000);
  const lastHour = await db.audit.count({
    where: { userId: user.id, trigger: 'owner', createdAt: { gt: hourAgo } },
  });
  if (lastHour >= AUDITS_PER_USER_PER_HOUR) {
    throw new DomainError(
      'rate_limited',
      `You have run ${AUDITS_PER_USER_PER_HOUR} audits in the last hour. Please wait a little before the next one.`,
      { retryAfterSeconds: 15 * 60 },
    );
  }

  const fresh = await db.business.updateMany({
    where: { ...mine, OR: [{ auditWindowStart: null }, { auditWindowStart: { lte: dayAgo } }] },
    data: { auditWindowStart: now, auditWindowCount: 1 },
  });
  if (fresh.count === 1) return;
  const more = await db.business.updateMany({
    where: { ...mine, auditWindowStart: { gt: dayAgo }, auditWindowCount: { lt: limit } },
    data: { auditWindowCount: { increment: 1 } },
  });
  if (more.count === 1) return;

  const business = await db.business.findFirst({
    where: mine,
    select: { auditWindowStart: true },
  });
  if (!business) throw new DomainError('not_found', BUSINESS_NOT_FOUND_MESSAGE);
  const until = new Date((business.auditWindowStart ?? now).getTime() + DAY_MS);
  const seconds = retryAfter(until, now);
  const upgrade = betterPlan(tier);
  const allowance =
    limit === 1 ? 'one audit per business a day' : `${limit} audits per business a day`;
  throw new DomainError(
    'rate_limited',
    `Your ${TIER_LABELS[tier]} plan includes ${allowance}. You can run the next one in ${formatWait(seconds)}.${
      upgrade
        ? ` The ${TIER_LABELS[upgrade]} plan includes ${AUDITS_PER_BUSINESS_PER_DAY[upgrade]}.`
        : ''
    }`,
    { retryAfterSeconds: seconds, limit, tier },
  );
}

/** Returns one audit to the business's current 24-hour window (never below none used). */
async function giveBackAllowance(businessId: string, now: Date): Promise<void> {
  await db.business.updateMany({
    where: {
      id: businessId,
      auditWindowStart: { gt: new Date(now.getTime() - DAY_MS) },
      auditWindowCount: { gt: 0 },
    },
    data: { auditWindowCount: { decrement: 1 } },
  });
}

/**
 * The owner's "Check AI Readiness": one of their businesses (someone else's is not found), within
 * their plan's allowance, audited now. A site that cannot be reached is still an audit (with
 * outcome 'unreachable'), but it does not count toward the allowance.
 */
export async function auditBusiness(
  user: PublicUser,
  businessId: string,
  { now = new Date(), policy }: { now?: Date; policy?: FetchPolicy } = {},
): Promise<AuditView> {
  const business = await db.business.findFirst({
    where: { id: businessId, userId: user.id },
    select: {
      id: true,
      name: true,
      website: true,
      location: true,
      industry: true,
      description: true,
    },
  });
  if (!business) throw new DomainError('not_found', BUSINESS_NOT_FOUND_MESSAGE);
  if (!business.website) throw new DomainError('invalid_input', NO_WEBSITE_MESSAGE);
  await claimAllowance(user, business.id, now);
  const result = await auditSite({ ...business, website: business.website }, policy);
  const stored = await storeAudit(business.id, user.id, 'owner', result, now);
  if (!stored) throw new DomainError('not_found', BUSINESS_NOT_FOUND_MESSAGE);
  // Nothing was checked: the audit does not use up the allowance (a typo must not cost the day).
  if (result.outcome === 'unreachable') await giveBackAllowance(business.id, now);
  return stored;
}

const auditSelect = {
  id: true,
  businessId: true,
  trigger: true,
  url: true,
  score: true,
  outcome: true,
  failureCode: true,
  failureReason: true,
  signals: true,
  fixes: true,
  durationMs: true,
  createdAt: true,
} as const;

/** The business's latest audit, or a given one of its audits; null if none (or not the owner's). */
export async function findAudit(
  user: Pick<PublicUser, 'id'>,
  businessId: string,
  auditId?: string,
): Promise<AuditView | null> {
  return findAuditWhere({ businessId, business: { userId: user.id } }, auditId);
}

/** The same for any business: admins only (the admin domain checks the role). */
export async function findAuditOfBusiness(
  businessId: string,
  auditId?: string,
): Promise<AuditView | null> {
  return findAuditWhere({ businessId }, auditId);
}

async function findAuditWhere(where: Prisma.AuditWhereInput, auditId?: string) {
  const row = await db.audit.findFirst({
    where: { ...where, ...(auditId ? { id: auditId } : {}) },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    select: auditSelect,
  });
  return row ? toView(row) : null;
}

export type AuditHistoryPage = {
  items: AuditSummary[];
  total: number;
  page: number;
  perPage: number;
  pageCount: number;
};

/** One page of a business's audits, newest first: scores and dates only. */
export async function listAudits(
  businessId: string,
  { page = 1, perPage = AUDITS_PER_PAGE, clampToLastPage = true } = {},
  owner?: Pick<PublicUser, 'id'>,
): Promise<AuditHistoryPage> {
  const where = { businessId, ...(owner ? { business: { userId: owner.id } } : {}) };
  const total = await db.audit.count({ where });
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  const current = clampToLastPage ? Math.min(Math.max(1, page), pageCount) : Math.max(1, page);
  const rows = await db.audit.findMany({
    where,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    skip: (current - 1) * perPage,
    take: perPage,
    select: { id: true, score: true, outcome: true, createdAt: true, trigger: true },
  });
  return {
    items: rows.map((row) => ({
      id: row.id,
      score: row.score,
      outcome: row.outcome === 'unreachable' ? 'unreachable' : 'complete',
      auditedAt: row.createdAt.toISOString(),
      trigger: row.trigger === 'scheduled' ? 'scheduled' : 'owner',
    })),
    total,
    page: current,
    perPage,
    pageCount,
  };
}

// ---------------------------------------------------------------------------------------------
// The weekly re-audit, on the job engine: a schedule (AUDIT_SCHEDULE_CRON, hourly) runs
// `enqueueDueAudits`, which queues one `audit-business` job per due business under a key naming the
// business and the week, so however many instances look, and however often, a business is queued
// once a week; the job audits it (each job runs once; a job whose instance died runs again).

export const AUDIT_SCAN_QUEUE = 'audit-scan';
export const AUDIT_BUSINESS_QUEUE = 'audit-business';

const premiumTiers = TIERS.filter((tier) => tierRank(tier) >= tierRank(WEEKLY_REAUDIT_MIN_TIER));

/**
 * Businesses of active premium plans with a website whose latest audit is a week old (or that
 * have none). `auditClaimedAt` is what instances of the previous release (a loop claiming each
 * business with a conditional UPDATE) still write during a rolling deploy: a business one of them
 * claimed less than 15 minutes ago is left to it. This release never sets it.
 */
function dueWhere(now: Date): Prisma.BusinessWhereInput {
  const weekAgo = new Date(now.getTime() - WEEK_MS);
  const claimExpired = new Date(now.getTime() - CLAIM_TTL_MS);
  return {
    website: { not: null },
    OR: [{ lastAuditAt: null }, { lastAuditAt: { lte: weekAgo } }],
    AND: [{ OR: [{ auditClaimedAt: null }, { auditClaimedAt: { lte: claimExpired } }] }],
    user: {
      subscriptionStatus: { in: premiumTiers },
      OR: [{ subscriptionExpiry: null }, { subscriptionExpiry: { gte: now } }],
    },
  };
}

/** The job key of a business's re-audit in the week `now` falls in. */
function weeklyKey(businessId: string, now: Date) {
  return `${businessId}:week-${Math.floor(now.getTime() / WEEK_MS)}`;
}

/**
 * The schedule's job: queues a re-audit for each due business, oldest first, at most `limit`.
 * Returns how many were queued (a business already queued this week is not queued again).
 */
export async function enqueueDueAudits({
  now = new Date(),
  limit = 500,
}: { now?: Date; limit?: number } = {}): Promise<number> {
  const candidates = await db.business.findMany({
    where: dueWhere(now),
    orderBy: [{ lastAuditAt: { sort: 'asc', nulls: 'first' } }, { id: 'asc' }],
    take: limit,
    select: { id: true },
  });
  let queued = 0;
  for (const { id } of candidates) {
    const jobId = await jobEngine().enqueue(
      AUDIT_BUSINESS_QUEUE,
      { businessId: id },
      { key: weeklyKey(id, now), retry: { limit: 2, delaySeconds: 60, backoff: true } },
    );
    if (jobId) queued += 1;
  }
  return queued;
}

/**
 * The `audit-business` job: audits the business if it is still due (it may have been audited by
 * its owner, lost its website or its plan since it was queued). Returns its id when audited.
 */
export async function auditDueBusiness(
  businessId: string,
  { now = new Date(), policy }: { now?: Date; policy?: FetchPolicy } = {},
): Promise<string | null> {
  const business = await db.business.findFirst({
    where: { id: businessId, ...dueWhere(now) },
    select: { name: true, website: true, location: true, industry: true, description: true },
  });
  if (!business?.website) return null;
  const result = await auditSite({ ...business, website: business.website }, policy);
  return (await storeAudit(businessId, null, 'scheduled', result, now)) ? businessId : null;
}

/**
 * One pass of the weekly re-audit in this process: queues the due businesses, then runs the
 * re-audit jobs due now here. Two instances doing this at once audit each business once.
 * Returns the ids audited by this call. (Tests; the schedule and the workers do this in service.)
 */
export async function runDueAudits({
  now = new Date(),
  limit = 20,
  policy,
}: { now?: Date; limit?: number; policy?: FetchPolicy } = {}): Promise<string[]> {
  await enqueueDueAudits({ now, limit });
  const done: string[] = [];
  await jobEngine().drain<{ businessId: string }>(AUDIT_BUSINESS_QUEUE, async ({ businessId }) => {
    const audited = await auditDueBusiness(businessId, { now, policy });
    if (audited) done.push(audited);
  });
  return done;
}
