// One retry for database contention. A write that lost to another (a serialization failure, a
// deadlock, a lock or pool time-out, SQLite busy) runs again a bounded number of times with
// jittered backoff; then `DatabaseBusyError` is thrown, which the HTTP side answers with 503 and
// Retry-After (JSON) or the form again with "please try again", and it is logged once as a warning
// with the operation's name. Because a retry runs `fn` again, `fn` must only touch the database.
// The owner locks (owner-lock.server.ts), the outbox and the storing of tracking answers all go
// through `retryOnContention`; see docs/decisions/0019-owner-locks-batched-enqueue-retention.md.

/** Attempts in all before giving up with DatabaseBusyError. */
export const CONTENTION_ATTEMPTS = 6;
/** Seconds a client is told to wait (Retry-After) after DatabaseBusyError. */
export const BUSY_RETRY_AFTER_SECONDS = 2;
export const DATABASE_BUSY_MESSAGE =
  'We could not save this just now because the site is busy. Please try again in a moment.';

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

type CaseRule = { codes?: string[]; codePrefix?: string; kinds?: string[]; message?: RegExp };

/**
 * The failures a second try can fix, by name: Prisma's codes, the databases' own (`originalCode`
 * of a driver adapter's error), the adapters' error kinds and, where only the text says it, the
 * message. Every case is contention but `concurrent-insert`, which only an operation that reads
 * before it inserts may retry (see `retryOnContention`).
 */
export const CONTENTION_CASES = {
  /** PostgreSQL could not serialize the transaction; Prisma's "write conflict or deadlock". */
  'write-conflict': {
    codes: ['P2034', '40001'],
    kinds: ['TransactionWriteConflict'],
    message: /could not serialize|write conflict/i,
  },
  deadlock: { codes: ['40P01'], message: /deadlock detected/i },
  /** A lock not granted in time (lock_timeout), or a statement cancelled waiting. */
  'lock-timeout': {
    codes: ['55P03', '57014'],
    message: /lock timeout|canceling statement due to/i,
  },
  /** SQLite's one writer was busy past the busy timeout. */
  'sqlite-busy': { codePrefix: 'SQLITE_BUSY', message: /database is locked|SQLITE_BUSY/i },
  /** No pool connection came free in time. */
  'pool-timeout': {
    codes: ['P2024'],
    kinds: ['SocketTimeout'],
    message: /Timed out fetching a new connection/i,
  },
  /** A transaction that waited too long to start, or outlived its time-out. */
  'transaction-timeout': {
    codes: ['P1008', 'P2028'],
    message: /Unable to start a transaction|Transaction already closed/i,
  },
  /** A concurrent writer created the same new row first (a unique key): P2002. */
  'concurrent-insert': { codes: ['P2002'] },
} satisfies Record<string, CaseRule>;

export type ContentionCase = keyof typeof CONTENTION_CASES;

const RULES = Object.entries(CONTENTION_CASES) as [ContentionCase, CaseRule][];

/**
 * Which case `error` is (looking into what caused it, as Prisma's driver adapters wrap it), or
 * null when a second try would not help.
 */
export function contentionCase(error: unknown, depth = 0): ContentionCase | null {
  if (typeof error !== 'object' || error === null || depth > 4) return null;
  const record = error as Record<string, unknown>;
  const code = record.code ?? record.originalCode;
  for (const [name, rule] of RULES) {
    if (typeof code === 'string') {
      if (rule.codes?.includes(code)) return name;
      if (rule.codePrefix && code.startsWith(rule.codePrefix)) return name;
    }
    if (typeof record.kind === 'string' && rule.kinds?.includes(record.kind)) return name;
  }
  if (typeof record.message === 'string')
    for (const [name, rule] of RULES) if (rule.message?.test(record.message)) return name;
  const meta = record.meta as Record<string, unknown> | undefined;
  for (const inner of [record.cause, meta, meta?.driverAdapterError]) {
    const found = contentionCase(inner, depth + 1);
    if (found) return found;
  }
  return null;
}

/** Whether `error` is contention: any case but a concurrent insert. */
export function isContentionError(error: unknown): boolean {
  const found = contentionCase(error);
  return found !== null && found !== 'concurrent-insert';
}

function backoffMs(attempt: number) {
  // 25, 50, 100, 200, 400 ms on average, each spread ±50% so the losers do not meet again.
  return 25 * 2 ** (attempt - 1) * (0.5 + Math.random());
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type RetryOptions = {
  /** Attempts in all (CONTENTION_ATTEMPTS). */
  attempts?: number;
  /**
   * Also run again when a concurrent writer inserted the same new row first (`concurrent-insert`):
   * only for an operation that looks before it inserts (an upsert, a find-then-create), so the
   * second try finds the row the first lost to.
   */
  concurrentInsert?: boolean;
};

/**
 * Runs `fn` again when it fails for contention (and for a concurrent insert, when asked), up to
 * `attempts` in all with jittered backoff; then logs one warning naming `operation` and the case,
 * and throws DatabaseBusyError. Any other error is thrown at once.
 */
export async function retryOnContention<T>(
  operation: string,
  fn: () => Promise<T>,
  { attempts = CONTENTION_ATTEMPTS, concurrentInsert = false }: RetryOptions = {},
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await fn();
    } catch (error) {
      const found = contentionCase(error);
      if (!found || (found === 'concurrent-insert' && !concurrentInsert)) throw error;
      if (attempt >= attempts) {
        console.warn(
          `[db] ${operation}: still contended after ${attempts} attempts (${found}); answered "busy, try again"`,
        );
        throw new DatabaseBusyError(operation, error);
      }
      await sleep(backoffMs(attempt));
    }
  }
}
