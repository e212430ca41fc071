import { db } from '~/lib/db.server';
import type { BusinessInput, BusinessUpdateInput } from '~/schemas/business';
import type { PublicUser } from './accounts.server';
import { DomainError } from './errors';

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
  createdAt: string;
  updatedAt: string;
};

const select = {
  id: true,
  userId: true,
  name: true,
  description: true,
  website: true,
  industry: true,
  location: true,
  createdAt: true,
  updatedAt: true,
} as const;

type Row = {
  [K in keyof BusinessView]: K extends 'createdAt' | 'updatedAt' ? Date : BusinessView[K];
};

function toView(row: Row): BusinessView {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/** The user's businesses, newest first. */
export async function listBusinesses(actor: Actor): Promise<BusinessView[]> {
  const rows = await db.business.findMany({
    where: { userId: actor.id },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    select,
  });
  return rows.map(toView);
}

/** One of the user's businesses, or null (also for someone else's). */
export async function findBusiness(actor: Actor, id: string): Promise<BusinessView | null> {
  const row = await db.business.findFirst({ where: { id, userId: actor.id }, select });
  return row ? toView(row) : null;
}

export async function createBusiness(actor: Actor, input: BusinessInput): Promise<BusinessView> {
  const row = await db.business.create({
    data: {
      userId: actor.id,
      name: input.name,
      description: input.description ?? null,
      website: input.website ?? null,
      industry: input.industry ?? null,
      location: input.location ?? null,
    },
    select,
  });
  return toView(row);
}

/** Changes the given fields (absent ones stay; null clears). Someone else's business: not_found. */
export async function updateBusiness(
  actor: Actor,
  id: string,
  input: BusinessUpdateInput,
): Promise<BusinessView> {
  const data: Record<string, string | null> = {};
  for (const key of ['name', 'description', 'website', 'industry', 'location'] as const) {
    const value = input[key];
    if (value !== undefined) data[key] = value;
  }
  if (Object.keys(data).length === 0) {
    // Nothing to change: answer with the business as it is (an empty update matches no row).
    const current = await findBusiness(actor, id);
    if (!current) throw new DomainError('not_found', BUSINESS_NOT_FOUND_MESSAGE);
    return current;
  }
  // The ownership check and the write are one statement: no window in which the row changes hands.
  const { count } = await db.business.updateMany({ where: { id, userId: actor.id }, data });
  if (count === 0) throw new DomainError('not_found', BUSINESS_NOT_FOUND_MESSAGE);
  const row = await db.business.findFirst({ where: { id, userId: actor.id }, select });
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
