import { describe, expect, it } from 'vitest';
import { databaseEngine, db } from '~/lib/db.server';

// SQLite's connection lives on its own thread (app/lib/sqlite-thread/, decision 0028): a slow
// statement never stops the event loop, and a query outside a transaction waits for the open one
// instead of running inside it. (PostgreSQL has a pool of connections and nothing of this.)

const sqlite = databaseEngine === 'sqlite';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A statement that keeps SQLite busy for a while (counting to n in a recursive query). */
function slowCount(n: number) {
  return db.$queryRawUnsafe<{ n: number | bigint }[]>(
    `WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < ${n}) SELECT count(*) AS n FROM c`,
  );
}

const inquiry = (name: string) => ({
  name,
  email: 'someone@example.com',
  message: 'Hello',
  inquiryType: 'general',
});

describe.runIf(sqlite)('SQLite on its own thread', () => {
  it('a slow statement leaves the event loop free: timers fire on time while it runs', async () => {
    // How long the statement takes alone (machines differ): it must be long enough to matter.
    let n = 2_000_000;
    let took = 0;
    for (;;) {
      const start = performance.now();
      await slowCount(n);
      took = performance.now() - start;
      if (took >= 300 || n >= 64_000_000) break;
      n *= 2;
    }
    expect(took).toBeGreaterThanOrEqual(300);

    const lateness: number[] = [];
    let ticking = true;
    const ticker = (async () => {
      while (ticking) {
        const start = performance.now();
        await sleep(10);
        lateness.push(performance.now() - start - 10);
      }
    })();
    const [row] = await slowCount(n);
    ticking = false;
    await ticker;
    expect(Number(row?.n)).toBe(n);
    // On the main thread this statement would have held every timer back for its whole run.
    expect(lateness.length).toBeGreaterThan(5);
    expect(Math.max(...lateness)).toBeLessThan(took / 2);
  }, 60_000);

  it('a write outside a transaction waits for the open one and is not rolled back with it', async () => {
    const failing = db
      .$transaction(async (tx) => {
        await tx.contactInquiry.create({ data: inquiry('inside the transaction') });
        await sleep(50);
        throw new Error('the transaction gives up');
      })
      .catch((error: Error) => error.message);
    await sleep(10);
    // Issued while the transaction is open: it neither sees the transaction's row nor joins it.
    await db.contactInquiry.create({ data: inquiry('outside') });
    const seen = await db.contactInquiry.findMany({
      where: { name: { in: ['inside the transaction', 'outside'] } },
      select: { name: true },
    });
    expect(await failing).toBe('the transaction gives up');
    expect(seen.map((row) => row.name)).toEqual(['outside']);
    const kept = await db.contactInquiry.findMany({
      where: { name: { in: ['inside the transaction', 'outside'] } },
      select: { name: true },
    });
    expect(kept.map((row) => row.name)).toEqual(['outside']);
  });

  it('errors keep their Prisma codes: a unique violation is P2002, a committed transaction stays', async () => {
    const user = await db.user.create({
      data: { email: 'thread-unique@example.com', firstName: 'A', lastName: 'B' },
    });
    await expect(
      db.user.create({
        data: { email: 'thread-unique@example.com', firstName: 'A', lastName: 'B' },
      }),
    ).rejects.toMatchObject({ code: 'P2002' });
    await db.$transaction([
      db.user.update({ where: { id: user.id }, data: { firstName: 'C' } }),
      db.contactInquiry.create({ data: inquiry('batched') }),
    ]);
    expect((await db.user.findUnique({ where: { id: user.id } }))?.firstName).toBe('C');
    expect(await db.contactInquiry.count({ where: { name: 'batched' } })).toBe(1);
  });
});
