import { describe, expect, it } from 'vitest';
import { checkPremiumGptAccess } from '~/domain/premium-access.server';
import { readCounts, readTierCounts } from '~/domain/row-counts.server';
import { createSession } from '~/domain/sessions.server';
import { db } from '~/lib/db.server';
import { createUser } from './helpers';

// The admin panel's totals come from RowCount, kept by triggers. If a migration ever drops a
// trigger (SQLite does when a table is redefined) or a write path slips past them, this fails.

async function actualCounts() {
  const [users, businesses, sessions, allowed, denied, inquiries, audit, byTier, byMailStatus] =
    await Promise.all([
      db.user.count(),
      db.business.count(),
      db.session.count(),
      db.accessLog.count({ where: { wasAllowed: true } }),
      db.accessLog.count({ where: { wasAllowed: false } }),
      db.contactInquiry.count(),
      db.auditLog.count(),
      db.user.groupBy({ by: ['subscriptionStatus'], _count: { _all: true } }),
      db.outboxMessage.groupBy({ by: ['status'], _count: { _all: true } }),
    ]);
  return {
    totals: {
      User: users,
      Business: businesses,
      Session: sessions,
      'AccessLog.wasAllowed:true': allowed,
      'AccessLog.wasAllowed:false': denied,
      ContactInquiry: inquiries,
      AuditLog: audit,
    },
    tiers: Object.fromEntries(byTier.map((row) => [row.subscriptionStatus, row._count._all])),
    mail: Object.fromEntries(byMailStatus.map((row) => [row.status, row._count._all])),
  };
}

async function storedCounts() {
  const totals = await readCounts([
    'User',
    'Business',
    'Session',
    'AccessLog.wasAllowed:true',
    'AccessLog.wasAllowed:false',
    'ContactInquiry',
    'AuditLog',
  ]);
  const tiers = Object.fromEntries(
    (await readTierCounts()).filter((row) => row.count !== 0).map((row) => [row.status, row.count]),
  );
  const mailRows = await db.rowCount.findMany({
    where: { key: { startsWith: 'OutboxMessage.status:' }, value: { not: 0 } },
  });
  const mail = Object.fromEntries(
    mailRows.map((row) => [row.key.slice('OutboxMessage.status:'.length), row.value]),
  );
  return { totals, tiers, mail };
}

describe('row totals', () => {
  it('match count(*) after inserts, plan changes, deletes, cascades and a rolled-back write', async () => {
    const a = await createUser();
    const b = await createUser();
    const c = await createUser();
    await db.user.update({ where: { id: a.id }, data: { subscriptionStatus: 'diy' } });
    await db.user.updateMany({
      where: { id: { in: [b.id, c.id] } },
      data: { subscriptionStatus: 'growth' },
    });
    await db.user.update({ where: { id: c.id }, data: { subscriptionStatus: 'legacy-plan' } });
    await db.business.createMany({
      data: [
        { userId: a.id, name: 'A1' },
        { userId: b.id, name: 'B1' },
        { userId: b.id, name: 'B2' },
      ],
    });
    await createSession(b.id);
    await checkPremiumGptAccess({ ...a, subscriptionStatus: 'diy' });
    await checkPremiumGptAccess({ ...b, subscriptionStatus: 'free' }).catch(() => undefined);
    await db.contactInquiry.create({ data: { name: 'N', email: 'n@example.com', message: 'hi' } });
    await db.auditLog.create({
      data: { actorEmail: 'x@example.com', targetEmail: 'y@example.com', action: 'user_updated' },
    });
    await db.business.delete({
      where: { id: (await db.business.findFirstOrThrow({ where: { name: 'A1' } })).id },
    });
    // Deleting a user cascades to their businesses and sessions; access logs stay, detached.
    await db.user.delete({ where: { id: b.id } });
    // The outbox, by status: messages written, sent, failed and removed.
    const mail = { to: 'z@example.com', subject: 's', text: 't', html: 'h', kind: 'welcome' };
    const held = await db.outboxMessage.create({ data: { ...mail, status: 'held' } });
    const pending = await db.outboxMessage.create({ data: { ...mail, status: 'pending' } });
    await db.outboxMessage.create({ data: { ...mail, status: 'pending' } });
    await db.outboxMessage.update({ where: { id: pending.id }, data: { status: 'failed' } });
    await db.outboxMessage.updateMany({ where: { status: 'pending' }, data: { status: 'sent' } });
    await db.outboxMessage.delete({ where: { id: held.id } });
    // A write that rolls back leaves the totals as they were.
    await expect(
      db.$transaction(async (tx) => {
        await tx.user.create({ data: { email: 'rolled-back@example.com' } });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');

    const [stored, actual] = [await storedCounts(), await actualCounts()];
    expect(stored).toEqual(actual);
    expect(stored.totals.User).toBeGreaterThanOrEqual(2);
    expect(stored.tiers['legacy-plan']).toBe(1);
    expect(stored.mail).toMatchObject({ failed: 1, sent: 1 });
    expect(await db.accessLog.count({ where: { userId: null } })).toBe(1);
  });

  it('each user’s business count matches count(*) after inserts, deletes, a change of owner and a rolled-back write', async () => {
    const a = await createUser();
    const b = await createUser();
    await db.business.createMany({
      data: ['A1', 'A2', 'A3'].map((name) => ({ userId: a.id, name })),
    });
    await db.business.create({ data: { userId: b.id, name: 'B1' } });
    const moved = await db.business.findFirstOrThrow({ where: { name: 'A3', userId: a.id } });
    await db.business.update({ where: { id: moved.id }, data: { userId: b.id } });
    await db.business.deleteMany({ where: { userId: a.id, name: 'A1' } });
    await expect(
      db.$transaction(async (tx) => {
        await tx.business.create({ data: { userId: a.id, name: 'rolled back' } });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    for (const user of [a, b]) {
      const row = await db.user.findUniqueOrThrow({ where: { id: user.id } });
      expect(row.businessCount).toBe(await db.business.count({ where: { userId: user.id } }));
    }
    expect(
      (await db.user.findMany({ where: { id: { in: [a.id, b.id] } }, orderBy: { email: 'asc' } }))
        .map((user) => user.businessCount)
        .sort(),
    ).toEqual([1, 2]);
    // Deleting the owner removes their businesses (and the count with the row).
    await db.user.delete({ where: { id: b.id } });
    expect(await db.business.count({ where: { userId: b.id } })).toBe(0);
  });
});
