import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  contentionCase,
  DatabaseBusyError,
  isContentionError,
  retryOnContention,
} from './contention.server';

// The one retry for database contention: each case by name, and a concurrent first insert retried
// only by an operation that asks for it (storing a tracking answer), never by a plain write.

afterEach(() => vi.restoreAllMocks());

/** What Prisma throws when another writer created the same unique row first. */
const uniqueViolation = () =>
  Object.assign(new Error('Unique constraint failed on the fields: (`id`)'), { code: 'P2002' });
/** What Prisma throws when PostgreSQL aborts a transaction for a concurrent write. */
const writeConflict = () =>
  Object.assign(new Error('Transaction failed due to a write conflict or a deadlock'), {
    code: 'P2034',
  });

describe('contentionCase', () => {
  it('names each case, wherever the driver adapter puts its code', () => {
    expect(contentionCase(writeConflict())).toBe('write-conflict');
    expect(contentionCase({ cause: { originalCode: '40001' } })).toBe('write-conflict');
    expect(
      contentionCase({ meta: { driverAdapterError: { cause: { originalCode: '40P01' } } } }),
    ).toBe('deadlock');
    expect(contentionCase({ cause: { originalCode: '55P03', kind: 'postgres' } })).toBe(
      'lock-timeout',
    );
    expect(contentionCase({ code: 'SQLITE_BUSY_SNAPSHOT' })).toBe('sqlite-busy');
    expect(contentionCase(new Error('database is locked'))).toBe('sqlite-busy');
    expect(contentionCase({ code: 'P2024' })).toBe('pool-timeout');
    expect(contentionCase({ kind: 'SocketTimeout' })).toBe('pool-timeout');
    expect(contentionCase({ code: 'P2028' })).toBe('transaction-timeout');
    expect(contentionCase(new Error('Transaction already closed: timeout'))).toBe(
      'transaction-timeout',
    );
    expect(contentionCase(uniqueViolation())).toBe('concurrent-insert');
    expect(contentionCase(new Error('boom'))).toBeNull();
    expect(contentionCase('not an error')).toBeNull();
  });

  it('counts every case as contention but a concurrent insert', () => {
    expect(isContentionError(writeConflict())).toBe(true);
    expect(isContentionError({ code: 'P1008' })).toBe(true);
    expect(isContentionError(uniqueViolation())).toBe(false);
    expect(isContentionError(new Error('boom'))).toBe(false);
  });
});

describe('retryOnContention', () => {
  it('runs again after contention and returns what the next attempt returns', async () => {
    let calls = 0;
    const value = await retryOnContention('test.contended', async () => {
      calls += 1;
      if (calls < 3) throw writeConflict();
      return 'stored';
    });
    expect(value).toBe('stored');
    expect(calls).toBe(3);
  });

  it('throws a concurrent insert at once unless the operation asks for it to be retried', async () => {
    let calls = 0;
    const insert = async () => {
      calls += 1;
      if (calls === 1) throw uniqueViolation();
      return 'added to the row the other writer created';
    };
    await expect(retryOnContention('test.insert', insert)).rejects.toMatchObject({ code: 'P2002' });
    expect(calls).toBe(1);
    calls = 0;
    await expect(
      retryOnContention('test.upsert', insert, { concurrentInsert: true }),
    ).resolves.toBe('added to the row the other writer created');
    expect(calls).toBe(2);
  });

  it('gives up after the attempts with DatabaseBusyError, naming the operation and the case', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let calls = 0;
    const error = await retryOnContention(
      'tracking.spend',
      async () => {
        calls += 1;
        throw uniqueViolation();
      },
      { attempts: 3, concurrentInsert: true },
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DatabaseBusyError);
    expect((error as DatabaseBusyError).status).toBe(503);
    expect(calls).toBe(3);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toContain(
      'tracking.spend: still contended after 3 attempts (concurrent-insert)',
    );
  });

  it('throws any other failure at once', async () => {
    let calls = 0;
    await expect(
      retryOnContention('test.other', async () => {
        calls += 1;
        throw new Error('not contention');
      }),
    ).rejects.toThrow('not contention');
    expect(calls).toBe(1);
  });
});
