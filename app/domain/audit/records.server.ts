import type { Prisma } from '~/generated/prisma/client';
import { db } from '~/lib/db.server';
import type { PublicUser } from '../accounts.server';
import { describeUnreachable } from './checks.server';
import { unreachableFix } from './fixes.server';
import type { AuditRun } from './run.server';
import type { AuditOutcome, AuditReport, Fix, SignalResult } from './signals';

// Stored audits: writing one (and the business's latest score and trend with it) and reading them
// back, one or a page at a time.

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

type AuditRow = {
  id: string;
  businessId: string;
  trigger: string;
  url: string;
  score: number;
  outcome: string;
  failureCode: string | null;
  failureReason: string | null;
  version: number;
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
    version: row.version,
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

export function parseTrend(value: string | null): number[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((n): n is number => typeof n === 'number') : [];
  } catch {
    return [];
  }
}

/** Stores an audit and makes it the business's latest, in one transaction. */
export async function storeAudit(
  businessId: string,
  userId: string | null,
  trigger: AuditTrigger,
  result: AuditRun,
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
        version: result.version,
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

const auditSelect = {
  id: true,
  businessId: true,
  trigger: true,
  url: true,
  score: true,
  outcome: true,
  failureCode: true,
  failureReason: true,
  version: true,
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

export type AuditStanding = {
  /** The latest audit that reached the site: its score and when it ran. */
  score: number | null;
  auditedAt: string | null;
  trend: number[];
  /** When the latest audit could not reach the site (null when the latest one did). */
  unreachableAt: string | null;
};

/** A business's standing from the columns the audit keeps on it (the dashboard's cards too). */
export function standingOf(row: {
  lastAuditScore: number | null;
  lastAuditAt: Date | null;
  auditTrend: string | null;
  lastUnreachableAt: Date | null;
}): AuditStanding {
  return {
    score: row.lastAuditScore,
    auditedAt: row.lastAuditAt?.toISOString() ?? null,
    trend: parseTrend(row.auditTrend),
    unreachableAt: row.lastUnreachableAt?.toISOString() ?? null,
  };
}

/** Latest score and trend of each of these businesses: one query, whatever the page size. */
export async function auditStandings(ids: string[]): Promise<Record<string, AuditStanding>> {
  if (ids.length === 0) return {};
  const rows = await db.business.findMany({
    where: { id: { in: ids } },
    select: {
      id: true,
      lastAuditScore: true,
      lastAuditAt: true,
      auditTrend: true,
      lastUnreachableAt: true,
    },
  });
  return Object.fromEntries(rows.map((row) => [row.id, standingOf(row)]));
}
