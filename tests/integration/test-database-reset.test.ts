import { describe, expect, inject, it } from 'vitest';
import { searchBusinesses } from '~/domain/search.server';
import { jobEngine } from '~/jobs/engine.server';
import { db } from '~/lib/db.server';
import type { TestDatabase } from '../setup/test-database';
import { createUser } from './helpers';

// The database files of the `shared` project (vitest.config.ts) run one after another in a
// worker that keeps the app's modules and their database client; tests/setup/test-env.ts sets that
// database back to the template's contents before each file. This file uses the set-back itself:
// whatever a file leaves behind (rows, the admin counts the triggers keep, full-text entries,
// jobs and an engine) must not reach the next file.

const worker = globalThis as { __testDatabase?: TestDatabase; __jobEngine?: unknown };

describe('a reused test database, set back between files', () => {
  it('holds only what the template holds, and a fresh job engine', async () => {
    const template = inject('templateContents');
    const user = await createUser({ firstName: 'Leftover' });
    await db.business.create({
      data: { userId: user.id, name: 'Leftover Plumbing', location: 'Raleigh, NC' },
    });
    expect((await searchBusinesses(['leftover'], {}, { skip: 0, take: 10 })).total).toBe(1);
    await jobEngine().enqueue('mail-send', { outboxId: 'leftover' }, {});
    const countsBefore = await db.rowCount.findMany({ orderBy: { key: 'asc' } });
    expect(countsBefore.length).toBeGreaterThan(0);

    await worker.__testDatabase!.reset();

    expect(await db.user.count()).toBe(0);
    expect(await db.business.count()).toBe(0);
    expect((await searchBusinesses(['leftover'], {}, { skip: 0, take: 10 })).total).toBe(0);
    const counts = template.tables.find((t) => t.table === 'RowCount')?.rows ?? [];
    expect(
      (await db.rowCount.findMany({ orderBy: { key: 'asc' } })).map((row) => ({ ...row })),
    ).toEqual([...counts].sort((a, b) => String(a.key).localeCompare(String(b.key))));
    // The engine that had the job is gone; a new one finds no job waiting.
    expect(worker.__jobEngine).toBeUndefined();
    const stats = await jobEngine().queueStats();
    expect(stats.find((row) => row.queue === 'mail-send')?.waiting ?? 0).toBe(0);
    await jobEngine().stop();
  });
});
