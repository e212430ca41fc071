import { retryOnContention } from './contention.server';
import { db, databaseEngine, type TransactionClient } from './db.server';

// Limited writes (a business within the plan's allowance, a tracked prompt at the cap, the last
// admin) count what is there and insert in one transaction. Two of them must not both see room,
// but unrelated customers must not wait for, or abort, each other. So every such write runs in
// `withOwnerLock`: an ordinary (read committed) transaction that first takes a lock only the same
// owner's writes ask for, then counts and inserts. On PostgreSQL the lock is a transaction-scoped
// advisory lock keyed by the owner (`pg_advisory_xact_lock`), released by the commit; it touches
// no row, so foreign-key checks and other owners never wait on it. On SQLite, which has one writer
// at a time anyway, the transaction takes the database's write lock as its first statement: it
// then waits its turn (the busy timeout) instead of failing when another process wrote between its
// read and its write (what a read-then-write transaction does on a shared file).
//
// Whatever still aborts for contention is retried by `retryOnContention` (contention.server.ts):
// a bounded number of times, then "busy, please try again" (503).
// See docs/decisions/0019-owner-locks-batched-enqueue-retention.md.

/** How long a transaction may wait for a pool connection, and run in all (incl. lock waits). */
const TRANSACTION_LIMITS = { maxWait: 10_000, timeout: 20_000 };
/** PostgreSQL: longest wait for the owner's lock before the attempt fails (and is retried). */
const LOCK_TIMEOUT = '8s';

/** Takes the lock named `key` for the rest of the transaction (see the top of this file). */
async function takeLock(tx: TransactionClient, key: string | null) {
  if (databaseEngine === 'postgresql') {
    if (key === null) return;
    await tx.$executeRawUnsafe(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`);
    await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))::text AS locked`;
    return;
  }
  // A write that changes nothing still takes SQLite's write lock, waiting (busy timeout) for it.
  await tx.$executeRawUnsafe('UPDATE "User" SET "id" = "id" WHERE 0');
}

/**
 * A write transaction retried on contention. On SQLite it holds the write lock from its first
 * statement (so a read-then-write never fails because another process wrote in between); on
 * PostgreSQL it is an ordinary read committed transaction. No owner lock: use it for writes with
 * their own guard (a unique key), such as applying a payment event.
 */
export function writeTransaction<T>(
  operation: string,
  fn: (tx: TransactionClient) => Promise<T>,
): Promise<T> {
  return retryOnContention(operation, () =>
    db.$transaction(async (tx) => {
      await takeLock(tx, null);
      return fn(tx);
    }, TRANSACTION_LIMITS),
  );
}

/** The lock of the admins as a group: every change that could leave no admin takes it. */
export const ADMINS_LOCK = 'admins';

/**
 * Runs `fn` in a transaction holding the lock named `key` (any string; the same key, the same
 * lock), retried on contention. `withOwnerLock` is the usual way in; this one is for a scope that
 * is not an owner (`'admins'` for the last-admin rule).
 */
export function withLock<T>(
  key: string,
  operation: string,
  fn: (tx: TransactionClient) => Promise<T>,
): Promise<T> {
  return retryOnContention(operation, () =>
    db.$transaction(async (tx) => {
      await takeLock(tx, key);
      return fn(tx);
    }, TRANSACTION_LIMITS),
  );
}

/**
 * The per-owner lock for a limited write: runs `fn(tx)` in a transaction in which no other
 * transaction holding the same owner's lock runs; count and insert inside it. Writes of other
 * owners never wait. Contention is retried; after the last attempt it throws DatabaseBusyError
 * (503 / "please try again"). `operation` names the write in the warning logged then, e.g.
 * `'business.create'`. `fn` may run more than once, so it must only touch the database.
 *
 *     await withOwnerLock(user.id, 'prompt.add', async (tx) => {
 *       if ((await tx.trackedPrompt.count({ where: { businessId } })) >= limit) throw …;
 *       return tx.trackedPrompt.create({ data });
 *     });
 */
export function withOwnerLock<T>(
  ownerId: string,
  operation: string,
  fn: (tx: TransactionClient) => Promise<T>,
): Promise<T> {
  return withLock(`owner:${ownerId}`, operation, fn);
}
