import { db } from '~/lib/db.server';
import type { PublicUser } from '../accounts.server';
import { storeAudit } from '../audit/records.server';
import { createBusiness } from '../businesses.server';
import { findFreeCheck } from './free-check.server';

// Keeping a free check (issue 44, item 1): a visitor who made an account from the check's page adds
// the site to their dashboard, and the check they saw becomes that business's first audit, so its
// score starts the trend the dashboard tracks. A business of theirs with the same website gets the
// audit instead of a second business. The plan's business cap applies as on the dashboard.

export async function keepFreeCheck(
  user: PublicUser,
  checkId: string,
  now = new Date(),
): Promise<{ businessId: string }> {
  const check = await findFreeCheck(checkId, now);
  const existing = await db.business.findFirst({
    where: { userId: user.id, website: check.url },
    select: { id: true },
  });
  const businessId =
    existing?.id ??
    (await createBusiness(user, { name: check.host, website: check.url }, undefined, now)).id;
  await storeAudit(businessId, user.id, 'owner', check.run, now);
  return { businessId };
}
