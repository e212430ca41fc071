import { Prisma } from '~/generated/prisma/client';
import { db } from '~/lib/db.server';
import type { PublicUser } from './accounts.server';
import { allowanceOf, type AuditAllowance } from './audit/allowance.server';
import { standingOf, type AuditStanding } from './audit/records.server';
import { periodKindOf } from './tracking/rounds/runs.server';
import {
  latestDaySql,
  visibilitySummaries,
  type VisibilitySummary,
} from './tracking/reports/summaries.server';
import { AUDITS_PER_BUSINESS_PER_DAY, effectiveTier } from './tiers';
import { wrongFactsOf } from './tracking/reports/facts.server';
import type { FactKind } from './tracking/reading/facts';
import type { OwnerFacts } from './tracking/facts/verdicts';

// What each card of a page of the dashboard shows beside the business: its AI readiness (score,
// trend, whether the last check reached the site), what is left of today's audits, and its AI
// visibility in the latest period. Three queries for the page, whatever its length, however many
// businesses the owner has and however long each has been tracked: the businesses' own summary
// columns with each one's latest day of tracking (and, at the same time, the facts the answers
// gave), then the counts of those days.

export type BusinessCards = {
  readiness: Record<string, AuditStanding>;
  allowances: Record<string, AuditAllowance>;
  visibility: Record<string, VisibilitySummary>;
  /** The kinds of fact the answers of the last 30 days gave wrong (issue 45). */
  wrongFacts: Record<string, FactKind[]>;
};

/** A row of the card query, as either engine gives it back (dates as Date, or SQLite's text). */
type CardRow = {
  id: string;
  lastAuditScore: number | bigint | null;
  lastAuditAt: Date | string | null;
  auditTrend: string | null;
  lastUnreachableAt: Date | string | null;
  auditWindowStart: Date | string | null;
  auditWindowCount: number | bigint;
  trackedUntil: Date | string | null;
};

const dateOf = (value: Date | string | null) => (value === null ? null : new Date(value));

/**
 * The cards of these businesses of the owner's (one page: at most 100), as the page read them:
 * their owner's values (phone, address, hours, website) are what the answers' facts are judged
 * against. A card is only made for a business of this owner's.
 */
export async function businessCards(
  user: PublicUser,
  businesses: readonly ({ id: string } & OwnerFacts)[],
  now = new Date(),
): Promise<BusinessCards> {
  if (businesses.length === 0)
    return { readiness: {}, allowances: {}, visibility: {}, wrongFacts: {} };
  const tier = effectiveTier(user, now);
  const ids = businesses.map((business) => business.id);
  // The facts need only the page: read at the same time as the cards (one round trip, not two).
  const [rows, facts] = await Promise.all([
    db.$queryRaw<CardRow[]>`
      SELECT b."id", b."lastAuditScore", b."lastAuditAt", b."auditTrend", b."lastUnreachableAt",
        b."auditWindowStart", b."auditWindowCount", ${latestDaySql(Prisma.sql`b."id"`)} AS "trackedUntil"
      FROM "Business" b
      WHERE b."id" IN (${Prisma.join(ids)}) AND b."userId" = ${user.id}`,
    wrongFactsOf(businesses, now),
  ]);
  const limit = AUDITS_PER_BUSINESS_PER_DAY[tier];
  const readiness: Record<string, AuditStanding> = {};
  const allowances: Record<string, AuditAllowance> = {};
  const latest = new Map<string, Date>();
  for (const row of rows) {
    readiness[row.id] = standingOf({
      lastAuditScore: row.lastAuditScore === null ? null : Number(row.lastAuditScore),
      lastAuditAt: dateOf(row.lastAuditAt),
      auditTrend: row.auditTrend,
      lastUnreachableAt: dateOf(row.lastUnreachableAt),
    });
    allowances[row.id] = allowanceOf(
      {
        auditWindowStart: dateOf(row.auditWindowStart),
        auditWindowCount: Number(row.auditWindowCount),
      },
      limit,
      now,
    );
    const trackedUntil = dateOf(row.trackedUntil);
    if (trackedUntil) latest.set(row.id, trackedUntil);
  }
  const visibility = await visibilitySummaries(latest, periodKindOf(tier));
  // Only the tracked businesses of this owner's (the card query's rows) have a line of wrong facts.
  const wrongFacts: Record<string, FactKind[]> = {};
  for (const id of latest.keys()) if (facts[id]) wrongFacts[id] = facts[id];
  return { readiness, allowances, visibility, wrongFacts };
}
