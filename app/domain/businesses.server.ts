import type { Prisma } from '~/generated/prisma/client';
import { db, type TransactionClient } from '~/lib/db.server';
import { withOwnerLock } from '~/lib/owner-lock.server';
import { phoneInE164, type BusinessInput, type BusinessUpdateInput } from '~/schemas/business';
import type { PublicUser } from './accounts.server';
import { DomainError } from './errors';
import { inOrderOf, searchBusinesses, searchWords } from './search.server';
import {
  BUSINESSES_PER_ACCOUNT,
  businessLimit,
  effectiveTier,
  TIER_LABELS,
  TIERS,
  type SubscriptionFacts,
  type Tier,
} from './tiers';
import { variantsOf } from './tracking/reading/variants';

// A user's businesses. Every operation takes the acting user and only ever touches that user's
// rows: another user's business is "not found" (we do not reveal that it exists) and nothing changes.
// The dashboard's actions and /api/businesses call these same functions.

export const BUSINESS_NOT_FOUND_MESSAGE = 'Business not found';

export type Actor = Pick<PublicUser, 'id'>;

export type BusinessView = {
  id: string;
  userId: string;
  name: string;
  description: string | null;
  website: string | null;
  industry: string | null;
  location: string | null;
  /** E.164. */
  phone: string | null;
  address: string | null;
  /** schema.org openingHours syntax. */
  openingHours: string | null;
  /** Other names answers call it, as the owner gave them (the reader adds the usual variants). */
  nameVariants: string[];
  createdAt: string;
  updatedAt: string;
};

/** What the owner gives of a business: what its form edits and its card shows. */
export type BusinessDetails = Omit<BusinessView, 'userId' | 'createdAt' | 'updatedAt'>;

/** The columns of a BusinessView (the account export reuses them). */
export const businessViewSelect = {
  id: true,
  userId: true,
  name: true,
  description: true,
  website: true,
  industry: true,
  location: true,
  phone: true,
  address: true,
  openingHours: true,
  nameVariants: true,
  createdAt: true,
  updatedAt: true,
} as const;

type Row = {
  [K in keyof BusinessView]: K extends 'createdAt' | 'updatedAt'
    ? Date
    : K extends 'nameVariants'
      ? string | null
      : BusinessView[K];
};

function toView(row: Row): BusinessView {
  return {
    ...row,
    nameVariants: variantsOf(row.nameVariants),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The dashboard's page of cards. Ten: a card carries its readiness, visibility and actions, and a
 * page of ten keeps the dashboard's HTML under 60 KB (npm run bench:dashboard).
 */
export const BUSINESSES_PER_PAGE = 10;
export const BUSINESSES_MAX_PER_PAGE = 100;

export type BusinessListOptions = {
  /** From 1. Anything else (0, negative, not a whole number) means 1; past the last page, the last. */
  page?: number;
  /** Default BUSINESSES_PER_PAGE, at most 100. */
  perPage?: number;
  /** Words of the business name, each the start of a word ("plumb" finds "Okafor Plumbing"); empty means every business. */
  q?: string;
  /**
   * A page past the last one: the last page (true, the default: a stale link on a screen), or an
   * empty page with the number asked for (false: an API client paging until it gets nothing).
   */
  clampToLastPage?: boolean;
};

export type BusinessPage = {
  items: BusinessView[];
  /** How many businesses match (all of the user's without `q`): a count query, not the page length. */
  total: number;
  /** The page actually returned (clamped into 1..pageCount unless clampToLastPage is false). */
  page: number;
  perPage: number;
  /** At least 1, so an empty list is "page 1 of 1". */
  pageCount: number;
};

function wholeNumber(value: number | undefined, fallback: number) {
  return value !== undefined && Number.isInteger(value) && value > 0 ? value : fallback;
}

/**
 * One page of the user's businesses, newest first (ties broken by id so pages never overlap), and
 * how many there are. Never anyone else's.
 */
export async function listBusinesses(
  actor: Actor,
  options: BusinessListOptions = {},
): Promise<BusinessPage> {
  const perPage = Math.min(
    wholeNumber(options.perPage, BUSINESSES_PER_PAGE),
    BUSINESSES_MAX_PER_PAGE,
  );
  const requested = Math.min(wholeNumber(options.page, 1), 1_000_000);
  const q = options.q?.trim() ?? '';
  const pageCountOf = (total: number) => Math.max(1, Math.ceil(total / perPage));
  const pageFor = (total: number) =>
    options.clampToLastPage === false ? requested : Math.min(requested, pageCountOf(total));
  if (q) {
    // Every word typed starts a word of the name ("plumb" finds "Okafor Plumbing"), among this
    // user's businesses only (search.server.ts).
    const words = searchWords(q);
    const search = (page: number) =>
      searchBusinesses(words, { ownerId: actor.id }, { skip: (page - 1) * perPage, take: perPage });
    const firstTry = await search(requested);
    const page = pageFor(firstTry.total);
    const { ids, total } = page === requested ? firstTry : await search(page);
    const rows = ids.length
      ? await db.business.findMany({
          where: { userId: actor.id, id: { in: ids } },
          select: businessViewSelect,
        })
      : [];
    return {
      items: inOrderOf(ids, rows).map(toView),
      total,
      page,
      perPage,
      pageCount: pageCountOf(total),
    };
  }
  const where: Prisma.BusinessWhereInput = { userId: actor.id };
  const rowsOf = (page: number) =>
    db.business.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: (page - 1) * perPage,
      take: perPage,
      select: businessViewSelect,
    });
  // Count and page in one round trip; only a page past the end (a stale link) costs a second read.
  const [total, firstTry] = await Promise.all([ownedCount(actor), rowsOf(requested)]);
  const page = pageFor(total);
  const rows = page === requested ? firstTry : await rowsOf(page);
  return { items: rows.map(toView), total, page, perPage, pageCount: pageCountOf(total) };
}

/**
 * How many businesses the user has: kept on the user's row by database triggers
 * (User.businessCount), so it costs one primary-key read however many there are.
 */
async function ownedCount(actor: Actor): Promise<number> {
  const row = await db.user.findUnique({
    where: { id: actor.id },
    select: { businessCount: true },
  });
  return row?.businessCount ?? 0;
}

/** How many businesses the user has, or how many match `q`. */
export async function countBusinesses(
  actor: Actor,
  { q = '' }: { q?: string } = {},
): Promise<number> {
  const text = q.trim();
  if (!text) return ownedCount(actor);
  const { total } = await searchBusinesses(
    searchWords(text),
    { ownerId: actor.id },
    { skip: 0, take: 0 },
  );
  return total;
}

/** The page a list of `perPage` shows `page` on once it holds `total` rows (1..pageCount). */
export function clampPage(page: number, total: number, perPage = BUSINESSES_PER_PAGE): number {
  return Math.max(1, Math.min(page, Math.ceil(total / perPage)));
}

/** One of the user's businesses, or null (also for someone else's). */
export async function findBusiness(actor: Actor, id: string): Promise<BusinessView | null> {
  const row = await db.business.findFirst({
    where: { id, userId: actor.id },
    select: businessViewSelect,
  });
  return row ? toView(row) : null;
}

export async function createBusiness(
  actor: Actor & SubscriptionFacts,
  input: BusinessInput,
  /**
   * A transaction holding the owner's lock (withOwnerLock) to write in (an Idempotency-Key is
   * recorded in the same one); without one, the call takes the lock in its own.
   */
  client?: TransactionClient,
  now = new Date(),
): Promise<BusinessView> {
  if (!client)
    return withOwnerLock(actor.id, 'business.create', (tx) =>
      createBusiness(actor, input, tx, now),
    );
  // The cap is checked and the row written under the owner's lock: two adds racing for the last
  // place run one after the other, and the second sees the first's row.
  const tier = effectiveTier(actor, now);
  const limit = businessLimit(actor, now);
  const held = await client.business.count({ where: { userId: actor.id } });
  if (held >= limit) {
    throw new DomainError('forbidden', businessLimitMessage(tier, limit), {
      limit,
      currentTier: tier,
    });
  }
  const row = await client.business.create({
    data: {
      userId: actor.id,
      name: input.name,
      description: input.description ?? null,
      website: input.website ?? null,
      industry: input.industry ?? null,
      location: input.location ?? null,
      phone: input.phone ?? null,
      address: input.address ?? null,
      openingHours: input.openingHours ?? null,
      nameVariants: input.nameVariants?.join('\n') ?? null,
    },
    select: businessViewSelect,
  });
  return toView(row);
}

/** What an owner at the cap is told, on the dashboard and by the API. */
export function businessLimitMessage(tier: Tier, limit: number): string {
  const next = TIERS.find((candidate) => BUSINESSES_PER_ACCOUNT[candidate] > limit);
  return (
    `Your ${TIER_LABELS[tier]} plan holds up to ${limit.toLocaleString('en-US')} businesses. ` +
    (next
      ? `Delete one, or upgrade to ${TIER_LABELS[next]} for up to ${BUSINESSES_PER_ACCOUNT[next].toLocaleString('en-US')}.`
      : 'Delete one to add another.')
  );
}

/** Changes the given fields (absent ones stay; null clears). Someone else's business: not_found. */
export async function updateBusiness(
  actor: Actor,
  id: string,
  input: BusinessUpdateInput,
): Promise<BusinessView> {
  const data: Record<string, string | null> = {};
  const fields = [
    'name',
    'description',
    'website',
    'industry',
    'location',
    'phone',
    'address',
    'openingHours',
  ] as const;
  for (const key of fields) {
    const value = input[key];
    if (value !== undefined) data[key] = value;
  }
  if (input.nameVariants !== undefined) data.nameVariants = input.nameVariants?.join('\n') ?? null;
  if (data.phone && input.location === undefined) {
    // A phone sent without the location: read it in the country of the one kept.
    const kept = await db.business.findFirst({
      where: { id, userId: actor.id },
      select: { location: true },
    });
    if (!kept) throw new DomainError('not_found', BUSINESS_NOT_FOUND_MESSAGE);
    const read = phoneInE164(data.phone, kept.location);
    if (!read.ok) throw new DomainError('invalid_input', read.message, { field: 'phone' });
    data.phone = read.e164;
  }
  if (Object.keys(data).length === 0) {
    // Nothing to change: answer with the business as it is (an empty update matches no row).
    const current = await findBusiness(actor, id);
    if (!current) throw new DomainError('not_found', BUSINESS_NOT_FOUND_MESSAGE);
    return current;
  }
  const website = data.website;
  const count = await db.$transaction(async (tx) => {
    if (website) {
      // A new address is a new site to check: it gives back one audit of today's allowance, so an
      // owner who mistyped the address is not left waiting a day to check the right one.
      await tx.business.updateMany({
        where: {
          id,
          userId: actor.id,
          OR: [{ website: null }, { website: { not: website } }],
          auditWindowCount: { gt: 0 },
        },
        data: { auditWindowCount: { decrement: 1 } },
      });
    }
    // The ownership check and the write are one statement: no window in which the row changes hands.
    return (await tx.business.updateMany({ where: { id, userId: actor.id }, data })).count;
  });
  if (count === 0) throw new DomainError('not_found', BUSINESS_NOT_FOUND_MESSAGE);
  const row = await db.business.findFirst({
    where: { id, userId: actor.id },
    select: businessViewSelect,
  });
  if (!row) throw new DomainError('not_found', BUSINESS_NOT_FOUND_MESSAGE);
  return toView(row);
}

/** Deletes one of the user's businesses and says which. Someone else's business: not_found. */
export async function deleteBusiness(
  actor: Actor,
  id: string,
): Promise<{ id: string; name: string }> {
  return db.$transaction(async (tx) => {
    const row = await tx.business.findFirst({
      where: { id, userId: actor.id },
      select: { id: true, name: true },
    });
    if (!row) throw new DomainError('not_found', BUSINESS_NOT_FOUND_MESSAGE);
    await tx.business.deleteMany({ where: { id, userId: actor.id } });
    return row;
  });
}
