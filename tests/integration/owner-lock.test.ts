import Database from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addPrompt } from '~/domain/tracking/rounds/prompts.server';
import { BUSINESSES_PER_ACCOUNT, TRACKED_PROMPTS_PER_BUSINESS } from '~/domain/tiers';
import { db } from '~/lib/db.server';
import {
  CONTENTION_ATTEMPTS,
  DATABASE_BUSY_MESSAGE,
  DatabaseBusyError,
  isContentionError,
  retryOnContention,
  withOwnerLock,
} from '~/lib/owner-lock.server';
import { action as businessesAction } from '~/routes/api.businesses';
import { action as promptsAction } from '~/routes/api.businesses.$id.prompts';
import { action as dashboardAction } from '~/routes/dashboard/route';
import { args, createUser, formRequest, jsonRequest, run, sessionCookieFor } from './helpers';

// Limited writes take the owner's lock (app/lib/owner-lock.server.ts), then count and insert: on
// whichever engine this run uses, many owners at once all get exactly their allowance, and
// contention that outlasts the retries is a 503 / "please try again", never a 500.

/** What Prisma throws when PostgreSQL aborts a transaction for a concurrent write. */
function writeConflict() {
  return Object.assign(new Error('Transaction failed due to a write conflict or a deadlock'), {
    code: 'P2034',
  });
}

// Prisma's client is a proxy that vi.spyOn cannot restore: the real $transaction is put back by hand.
const realTransaction = db.$transaction;
let transactionCalls = 0;
function failTransactions(times: number) {
  transactionCalls = 0;
  (db as { $transaction: unknown }).$transaction = (...rest: unknown[]) => {
    transactionCalls += 1;
    if (transactionCalls <= times) return Promise.reject(writeConflict());
    return (realTransaction as (...a: unknown[]) => unknown).apply(db, rest);
  };
}

afterEach(() => {
  (db as { $transaction: unknown }).$transaction = realTransaction;
  vi.restoreAllMocks();
});

describe('the owner lock', () => {
  it('many owners adding businesses at once, past the Free allowance: each gets exactly the allowance, the rest 403, no error', async () => {
    const owners = await Promise.all(Array.from({ length: 5 }, () => createUser()));
    const tokens = await Promise.all(owners.map(async (o) => (await sessionCookieFor(o.id)).token));
    const tries = BUSINESSES_PER_ACCOUNT.free + 3;
    const answers = await Promise.all(
      owners.flatMap((owner, o) =>
        Array.from({ length: tries }, (_, i) =>
          run(() =>
            businessesAction(
              args(
                jsonRequest('/api/businesses', {
                  body: { name: `Owner ${o} place ${i}` },
                  headers: { Authorization: `Bearer ${tokens[o]}` },
                }),
              ),
            ),
          ),
        ),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(
      owners.length * BUSINESSES_PER_ACCOUNT.free,
    );
    expect(statuses.filter((s) => s === 403)).toHaveLength(owners.length * 3);
    for (const owner of owners)
      expect(await db.business.count({ where: { userId: owner.id } })).toBe(
        BUSINESSES_PER_ACCOUNT.free,
      );
  }, 60_000);

  it('three questions at once on each of several businesses at the Free cap: one lands per business', async () => {
    const owner = await createUser();
    const { token } = await sessionCookieFor(owner.id);
    const businesses = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        db.business.create({ data: { userId: owner.id, name: `Shop ${i}` }, select: { id: true } }),
      ),
    );
    const answers = await Promise.all(
      businesses.flatMap(({ id }) =>
        ['best plumber near me', 'who fixes leaks', 'emergency plumber'].map((text) =>
          run(() =>
            promptsAction(
              args(
                jsonRequest(`/api/businesses/${id}/prompts`, {
                  body: { text },
                  headers: { Authorization: `Bearer ${token}` },
                }),
                { id },
              ),
            ),
          ),
        ),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual(
      [...Array(4).fill(201), ...Array(8).fill(403)].sort(),
    );
    for (const { id } of businesses)
      expect(await db.trackedPrompt.count({ where: { businessId: id } })).toBe(
        TRACKED_PROMPTS_PER_BUSINESS.free,
      );
  });

  it('a write conflict is tried again and the write lands', async () => {
    const owner = await createUser();
    const business = await db.business.create({
      data: { userId: owner.id, name: 'Retry Plumbing' },
      select: { id: true },
    });
    failTransactions(2);
    const prompt = await addPrompt(owner, business.id, { text: 'best plumber near me' });
    expect(prompt.text).toBe('best plumber near me');
    expect(transactionCalls).toBe(3);
  });

  it('contention past the retries: the API answers 503 with Retry-After and { message }, logged once with the operation', async () => {
    const owner = await createUser();
    const { token } = await sessionCookieFor(owner.id);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    failTransactions(Infinity);
    const answer = await run(() =>
      businessesAction(
        args(
          jsonRequest('/api/businesses', {
            body: { name: 'Busy Plumbing' },
            headers: { Authorization: `Bearer ${token}` },
          }),
        ),
      ),
    );
    expect(answer.status).toBe(503);
    expect(answer.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect(answer.data).toMatchObject({ message: DATABASE_BUSY_MESSAGE });
    expect(transactionCalls).toBe(CONTENTION_ATTEMPTS);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain('POST /api/businesses');
    (db as { $transaction: unknown }).$transaction = realTransaction;
    expect(await db.business.count({ where: { userId: owner.id } })).toBe(0);
  });

  it('contention past the retries on the dashboard form: the form again, saying to try again (no JavaScript needed)', async () => {
    const owner = await createUser();
    const { cookie } = await sessionCookieFor(owner.id);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    failTransactions(Infinity);
    const answer = await run(() =>
      dashboardAction(
        args(
          formRequest(
            '/dashboard',
            { intent: 'create', name: 'Busy Plumbing' },
            { Cookie: cookie },
          ),
        ),
      ),
    );
    expect(answer.status).toBe(503);
    expect(JSON.stringify(answer.data)).toContain('Please try again in a moment.');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain('business.create');
  });

  it('tells contention from other failures, however Prisma wraps it', () => {
    expect(isContentionError(writeConflict())).toBe(true);
    expect(isContentionError({ code: 'P1008' })).toBe(true);
    expect(
      isContentionError({
        code: 'P2028',
        message: 'Unable to start a transaction in the given time.',
      }),
    ).toBe(true);
    expect(
      isContentionError({
        code: 'P2010',
        meta: { driverAdapterError: { cause: { originalCode: '40P01' } } },
      }),
    ).toBe(true);
    expect(isContentionError({ cause: { originalCode: '55P03', kind: 'postgres' } })).toBe(true);
    expect(isContentionError({ code: 'SQLITE_BUSY_SNAPSHOT' })).toBe(true);
    expect(isContentionError({ code: 'P2002' })).toBe(false);
    expect(isContentionError(new Error('boom'))).toBe(false);
  });

  it('retries only contention: another failure is thrown at once', async () => {
    let calls = 0;
    await expect(
      retryOnContention('test.other', async () => {
        calls += 1;
        throw new Error('not contention');
      }),
    ).rejects.toThrow('not contention');
    expect(calls).toBe(1);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(
      retryOnContention('test.busy', () => Promise.reject(writeConflict()), 3),
    ).rejects.toBeInstanceOf(DatabaseBusyError);
  });

  it('one owner’s lock does not hold up another owner’s write (PostgreSQL; SQLite has one writer)', async () => {
    const isPg = process.env.TEST_DATABASE === 'postgresql';
    const [a, b] = [await createUser(), await createUser()];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    // Owner A's transaction keeps its lock until B's write has committed: had B waited for A's
    // lock, it would never commit (and give up busy).
    const first = withOwnerLock(a.id, 'test.hold', async (tx) => {
      entered();
      if (isPg) await held;
      return tx.business.create({ data: { userId: a.id, name: 'A' } });
    });
    await inside;
    const second = withOwnerLock(b.id, 'test.other-owner', (tx) =>
      tx.business.create({ data: { userId: b.id, name: 'B' } }),
    );
    if (isPg) await second;
    release();
    await Promise.all([first, second]);
    expect(await db.business.count({ where: { userId: { in: [a.id, b.id] } } })).toBe(2);
  });

  it('another process holding the lock: the write waits its turn, then lands (never a busy failure)', async () => {
    const owner = await createUser();
    const order: string[] = [];
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    // A second connection, as another app instance: on PostgreSQL it takes this owner's advisory
    // lock; on SQLite the file's write lock (and writes), mid-way through the other's read-then-write.
    const other = (async () => {
      if (process.env.TEST_DATABASE === 'postgresql') {
        const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await client.connect();
        await client.query('BEGIN');
        await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
          `owner:${owner.id}`,
        ]);
        await client.query(
          'INSERT INTO "Business" ("id", "userId", "name", "createdAt", "updatedAt") VALUES ($1, $2, $3, now(), now())',
          [`other-${owner.id}`, owner.id, 'From the other process'],
        );
        holding();
        await released;
        order.push('other committed');
        await client.query('COMMIT');
        await client.end();
      } else {
        const file = process.env.DATABASE_URL!.replace(/^file:/, '');
        const connection = new Database(file, { timeout: 5000 });
        connection.exec('BEGIN IMMEDIATE');
        connection
          .prepare(
            'INSERT INTO "Business" ("id", "userId", "name", "createdAt", "updatedAt") VALUES (?, ?, ?, ?, ?)',
          )
          .run(
            `other-${owner.id}`,
            owner.id,
            'From the other process',
            new Date().toISOString(),
            new Date().toISOString(),
          );
        holding();
        await released;
        order.push('other committed');
        connection.exec('COMMIT');
        connection.close();
      }
    })();
    await held;
    const mine = withOwnerLock(owner.id, 'test.wait', async (tx) => {
      const held = await tx.business.count({ where: { userId: owner.id } });
      order.push(`counted ${held}`);
      return tx.business.create({ data: { userId: owner.id, name: 'Mine' } });
    });
    setTimeout(release, 300);
    await Promise.all([mine, other]);
    // It counted only once the other had committed, and so saw its row.
    expect(order).toEqual(['other committed', 'counted 1']);
    expect(await db.business.count({ where: { userId: owner.id } })).toBe(2);
  });
});
