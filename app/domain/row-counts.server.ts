import { db } from '~/lib/db.server';

// Exact totals kept by database triggers (model RowCount, migration admin_counts): one row read
// instead of a count over a table that grows without bound.

export type CountKey =
  | 'User'
  | `User.subscriptionStatus:${string}`
  | 'Business'
  | 'Session'
  | `AccessLog.wasAllowed:${'true' | 'false'}`
  | 'ContactInquiry'
  | 'AuditLog'
  | `OutboxMessage.status:${string}`;

/** The totals for `keys` (0 where no row was ever counted). */
export async function readCounts<K extends CountKey>(keys: K[]): Promise<Record<K, number>> {
  const rows = await db.rowCount.findMany({ where: { key: { in: keys } } });
  const totals = Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;
  for (const row of rows) totals[row.key as K] = row.value;
  return totals;
}

/** Every per-status user total, including statuses the app does not know. */
export async function readTierCounts(): Promise<{ status: string; count: number }[]> {
  const prefix = 'User.subscriptionStatus:';
  const rows = await db.rowCount.findMany({ where: { key: { startsWith: prefix } } });
  return rows.map((row) => ({ status: row.key.slice(prefix.length), count: row.value }));
}
