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
// Whatever still aborts for contention (deadlock, serialization failure, lock or pool time-out,
// SQLite busy, Prisma's P1008/P2028/P2034) runs again a bounded number of times with jittered
// backoff; then `DatabaseBusyError` is thrown, which the HTTP side answers with 503 and
// Retry-After (JSON) or the form again with "please try again", and it is logged once as a warning
// with the operation's name. Because a retry runs `fn` again, `fn` must only touch the database.
// See docs/decisions/0019-owner-locks-batched-enqueue-retention.md.

/** Attempts in all before giving up with DatabaseBusyError. */
export const CONTENTION_ATTEMPTS = 6;
/** Seconds a client is told to wait (Retry-After) after DatabaseBusyError. */
export const BUSY_RETRY_AFTER_SECONDS = 2;
export const DATABASE_BUSY_MESSAGE =
  'We could not save this just now because the site is busy. Please try again in a moment.';

/** How long a transaction may wait for a pool connection, and run in all (incl. lock waits). */
const TRANSACTION_LIMITS = { maxWait: 10_000, timeout: 20_000 };
/** PostgreSQL: longest wait for the owner's lock before the attempt fails (and is retried). */
const LOCK_TIMEOUT = '8s';

/**
 * The database stayed too busy for a write after every retry. Shaped like a DomainError (code,
 * status, details) so every route that answers a domain refusal answers this one too: 503 with
 * Retry-After on the JSON API, the form again with the message on a page.
 */
export class DatabaseBusyError extends Error {
  override name = 'DatabaseBusyError';
  readonly code = 'unavailable' as const;
  readonly status = 503;
  /** The same extra fields as a DomainError's: here, when to try again. */
  readonly details: Record<string, unknown>;

  constructor(
    readonly operation: string,
    override readonly cause?: unknown,
  ) {
    super(DATABASE_BUSY_MESSAGE);
    this.details = { retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS };
  }
}

export function isDatabaseBusyError(error: unknown): error is DatabaseBusyError {
  return error instanceof DatabaseBusyError;
}

/** Prisma's codes for a transaction that lost to contention or waited too long. */
const PRISMA_CONTENTION_CODES = new Set(['P1008', 'P2024', 'P2028', 'P2034']);
/** The databases' own: serialization failure, deadlock, lock not available, query cancelled. */
const DATABASE_CONTENTION_CODES = new Set(['40001', '40P01', '55P03', '57014']);
const CONTENTION_MESSAGE =
  /could not serialize|deadlock detected|lock timeout|canceling statement due to|database is locked|SQLITE_BUSY|write conflict|Unable to start a transaction|Transaction already closed|Timed out fetching a new connection/i;

/** Whether `error` (or what caused it, as Prisma's driver adapters wrap it) is contention. */
export function isContentionError(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const record = error as Record<string, unknown>;
  const code = record.code ?? record.originalCode;
  if (typeof code === 'string') {
    if (PRISMA_CONTENTION_CODES.has(code) || DATABASE_CONTENTION_CODES.has(code)) return true;
    if (code.startsWith('SQLITE_BUSY')) return true;
  }
  if (record.kind === 'SocketTimeout' || record.kind === 'TransactionWriteConflict') return true;
  if (typeof record.message === 'string' && CONTENTION_MESSAGE.test(record.message)) return true;
  const meta = record.meta as Record<string, unknown> | undefined;
  return [record.cause, meta, meta?.driverAdapterError].some((inner) =>
    isContentionError(inner, depth + 1),
  );
}

function backoffMs(attempt: number) {
  // 25, 50, 100, 200, 400 ms on average, each spread ±50% so the losers do not meet again.
  return 25 * 2 ** (attempt - 1) * (0.5 + Math.random());
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `fn` again when it fails for contention, up to CONTENTION_ATTEMPTS in all with jittered
 * backoff; then logs one warning naming `operation` and throws DatabaseBusyError. Any other error
 * is thrown at once. For work that is not a locked transaction (a payment event's transaction).
 */
export async function retryOnContention<T>(
  operation: string,
  fn: () => Promise<T>,
  attempts = CONTENTION_ATTEMPTS,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await fn();
    } catch (error) {
      if (!isContentionError(error)) throw error;
      if (attempt >= attempts) {
        const code = (error as { code?: unknown }).code;
        console.warn(
          `[db] ${operation}: still contended after ${attempts} attempts (${typeof code === 'string' ? code : 'contention'}); answered "busy, try again"`,
        );
        throw new DatabaseBusyError(operation, error);
      }
      await sleep(backoffMs(attempt));
    }
  }
}

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
