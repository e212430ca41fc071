import { db } from '~/lib/db.server';
import {
  ADMIN_REQUIRED_MESSAGE,
  pageOf,
  skip,
  type AdminActor,
  type Page,
  type PageRequest,
} from '../admin.server';
import { DomainError } from '../errors';
import { isAdmin } from '../users';

// Admins: payments that matched no account.

export type UnmatchedPaymentView = {
  id: string;
  eventId: string;
  eventType: string;
  email: string | null;
  tier: string | null;
  customerId: string | null;
  createdAt: string;
};

export async function listUnmatchedPayments(
  actor: AdminActor,
  options: PageRequest,
): Promise<Page<UnmatchedPaymentView>> {
  if (!isAdmin(actor)) throw new DomainError('forbidden', ADMIN_REQUIRED_MESSAGE);
  const [total, rows] = await Promise.all([
    db.unmatchedPayment.count(),
    db.unmatchedPayment.findMany({
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: skip(options),
      take: options.limit,
    }),
  ]);
  return pageOf(
    rows.map((row) => ({
      id: row.id,
      eventId: row.eventId,
      eventType: row.eventType,
      email: row.email,
      tier: row.tier,
      customerId: row.customerId,
      createdAt: row.createdAt.toISOString(),
    })),
    total,
    options,
  );
}
