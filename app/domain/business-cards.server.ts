import { Prisma } from '~/generated/prisma/client';
import { db } from '~/lib/db.server';
import type { PublicUser } from './accounts.server';
import { allowanceOf, type AuditAllowance } from './audit/allowance.server';
import { standingOf, type AuditStanding } from './audit/records.server';
import { clampPage, countBusinesses, type BusinessDetails } from './businesses.server';
import { periodKindOf } from './tracking/rounds/runs.server';
import {
  latestDaySql,
  visibilitySummaries,
  type VisibilitySummary,
} from './tracking/reports/summaries.server';
import { AUDITS_PER_BUSINESS_PER_DAY, effectiveTier } from './tiers';
import {
  FACT_DAYS_DEFAULT,
  factWindowStart,
  wrongFactsFrom,
} from './tracking/reports/facts.server';
import type { FactKind } from './tracking/reading/facts';
import { variantsOf } from './tracking/reading/variants';
import type { OwnerFacts } from './tracking/facts/verdicts';

// What each card of a page of the dashboard shows beside the business: its AI readiness (score,
// trend, whether the last check reached the site), what is left of today's audits, and its AI
// visibility in the latest period. One query after the page, whatever its length, however many
// businesses the owner has and however long each has been tracked: the page itself carries each
// business's summary columns and its latest day of tracking (businessCardsPage; a search's page,
// found by the search index, reads them in one more query, businessCards), then one statement
// reads the counts of those days and the facts the answers gave.

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

/** What a card shows of a business, and the owner's values its answers' facts are judged against. */
export type CardSource = BusinessDetails;

/** The card columns of the businesses `b` (the readiness, the allowance and the latest day). */
const cardColumns = () =>
  Prisma.sql`b."id", b."lastAuditScore", b."lastAuditAt", b."auditTrend", b."lastUnreachableAt",
    b."auditWindowStart", b."auditWindowCount", ${latestDaySql(Prisma.sql`b."id"`)} AS "trackedUntil"`;

const NO_CARDS: BusinessCards = { readiness: {}, allowances: {}, visibility: {}, wrongFacts: {} };

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
  if (businesses.length === 0) return NO_CARDS;
  const ids = businesses.map((business) => business.id);
  const rows = await db.$queryRaw<CardRow[]>`
    SELECT ${cardColumns()}
    FROM "Business" b
    WHERE b."id" IN (${Prisma.join(ids)}) AND b."userId" = ${user.id}`;
  return cardsOf(user, rows, businesses, now);
}

/** A row of the page query: a card's business and its card columns. */
type PageRow = CardRow &
  Omit<CardSource, 'id' | 'nameVariants'> & {
    nameVariants: string | null;
  };

/**
 * One page of the owner's businesses, newest first (ties broken by id), as listBusinesses pages
 * them (a page past the last is the last), with their cards: the page's query carries each one's
 * card columns, so the cards cost one round trip more (the visibility counts and the facts).
 */
export async function businessCardsPage(
  user: PublicUser,
  options: { page: number; perPage: number },
  now = new Date(),
) {
  const { perPage } = options;
  const requested = Math.min(Math.max(1, Math.floor(options.page) || 1), 1_000_000);
  const rowsOf = (page: number) => db.$queryRaw<PageRow[]>`
    SELECT b."name", b."description", b."website", b."industry", b."location", b."phone",
      b."address", b."openingHours", b."nameVariants", ${cardColumns()}
    FROM "Business" b
    WHERE b."userId" = ${user.id}
    ORDER BY b."createdAt" DESC, b."id" DESC
    LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`;
  // The count and the page in one round trip; only a page past the end (a stale link) costs another.
  const [total, firstTry] = await Promise.all([countBusinesses(user), rowsOf(requested)]);
  const page = clampPage(requested, total, perPage);
  const rows = page === requested ? firstTry : await rowsOf(page);
  const items: CardSource[] = rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    website: row.website,
    industry: row.industry,
    location: row.location,
    phone: row.phone,
    address: row.address,
    openingHours: row.openingHours,
    nameVariants: variantsOf(row.nameVariants),
  }));
  const cards = await cardsOf(user, rows, items, now);
  const list = {
    items,
    total,
    page,
    perPage,
    pageCount: Math.max(1, Math.ceil(total / perPage)),
  };
  return { list, cards };
}

/**
 * The cards from the card columns of this owner's businesses (`owners`: their owner's values, which
 * the answers' facts are judged against): one more query, for the tracked ones.
 */
async function cardsOf(
  user: PublicUser,
  rows: readonly CardRow[],
  owners: readonly ({ id: string } & OwnerFacts)[],
  now: Date,
): Promise<BusinessCards> {
  if (rows.length === 0) return NO_CARDS;
  const tier = effectiveTier(user, now);
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
  // Only the tracked businesses of this owner's (the card query's rows) have visibility and a line
  // of wrong facts: the counts and the facts of those, in one statement.
  const { visibility, facts } = await visibilitySummaries(
    latest,
    periodKindOf(tier),
    factWindowStart(FACT_DAYS_DEFAULT, now),
  );
  return { readiness, allowances, visibility, wrongFacts: wrongFactsFrom(facts, owners) };
}
