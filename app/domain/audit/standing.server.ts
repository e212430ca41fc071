import { db } from '~/lib/db.server';
import type { PublicUser } from '../accounts.server';
import { AUDITS_PER_BUSINESS_PER_DAY, effectiveTier } from '../tiers';

// A business's AI-readiness standing and today's audit allowance, read from the columns the audit
// keeps on the business itself (its latest score, trend and audit window), so a list of businesses
// shows them without a query per row. The dashboard's cards read the same columns in their own
// query (../business-cards.server) and turn them into these with standingOf and allowanceOf.

const DAY_MS = 24 * 60 * 60 * 1000;

export type AuditStanding = {
  /** The latest audit that reached the site: its score and when it ran. */
  score: number | null;
  auditedAt: string | null;
  trend: number[];
  /** When the latest audit could not reach the site (null when the latest one did). */
  unreachableAt: string | null;
};

export type AuditAllowance = { limit: number; used: number; resetsAt: string | null };

/** Business.auditTrend: the scores of the last audits that reached the site, oldest first. */
export function parseTrend(value: string | null): number[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((n): n is number => typeof n === 'number') : [];
  } catch {
    return [];
  }
}

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

/** What is left of the business's 24-hour window of `limit` audits at `now`. */
export function allowanceOf(
  row: { auditWindowStart: Date | null; auditWindowCount: number },
  limit: number,
  now: Date,
): AuditAllowance {
  const start = row.auditWindowStart;
  if (!start || start.getTime() <= now.getTime() - DAY_MS) return { limit, used: 0, resetsAt: null };
  return {
    limit,
    used: row.auditWindowCount,
    resetsAt: new Date(start.getTime() + DAY_MS).toISOString(),
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

/** What the owner may still run today on a business: for the button's hint. */
export async function auditAllowance(
  user: PublicUser,
  businessId: string,
  now = new Date(),
): Promise<AuditAllowance> {
  const all = await auditAllowances(user, [businessId], now);
  return (
    all[businessId] ?? {
      limit: AUDITS_PER_BUSINESS_PER_DAY[effectiveTier(user, now)],
      used: 0,
      resetsAt: null,
    }
  );
}

/** The same for each of these businesses of the owner's: one query. */
export async function auditAllowances(
  user: PublicUser,
  ids: string[],
  now = new Date(),
): Promise<Record<string, AuditAllowance>> {
  if (ids.length === 0) return {};
  const limit = AUDITS_PER_BUSINESS_PER_DAY[effectiveTier(user, now)];
  const rows = await db.business.findMany({
    where: { id: { in: ids }, userId: user.id },
    select: { id: true, auditWindowStart: true, auditWindowCount: true },
  });
  return Object.fromEntries(rows.map((row) => [row.id, allowanceOf(row, limit, now)]));
}
