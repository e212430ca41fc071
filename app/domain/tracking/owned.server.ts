import { db } from '~/lib/db.server';
import type { PublicUser } from '../accounts.server';
import { BUSINESS_NOT_FOUND_MESSAGE } from '../businesses.server';
import { DomainError } from '../errors';

// The front door of every room of tracking: a business is read or changed only by its owner.
// Someone else's business is "not found", as everywhere else. Below every room, so each may use it.

/** The business if it is the owner's; else not found (also for someone else's). */
export async function ownedBusiness(owner: Pick<PublicUser, 'id'>, businessId: string) {
  const business = await db.business.findFirst({
    where: { id: businessId, userId: owner.id },
    select: { id: true, name: true, website: true, industry: true, location: true },
  });
  if (!business) throw new DomainError('not_found', BUSINESS_NOT_FOUND_MESSAGE);
  return business;
}
