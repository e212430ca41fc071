import { describe, expect, it } from 'vitest';
import { db } from '~/lib/db.server';
import { createUser } from '../../tests/integration/helpers';
import { createSession, endSession, getSessionUser, hashToken } from './sessions.server';

describe('session lifecycle', () => {
  it('a new session resolves to its user and records the login', async () => {
    const user = await createUser({ firstName: 'Ann' });
    const { token, expiresAt } = await createSession(user.id, {
      ipAddress: '198.51.100.7',
      userAgent: 'UA',
    });

    expect((await getSessionUser(token))?.email).toBe(user.email);
    const row = await db.session.findUniqueOrThrow({ where: { id: hashToken(token) } });
    expect(row).toMatchObject({
      userId: user.id,
      ipAddress: '198.51.100.7',
      userAgent: 'UA',
      endedAt: null,
    });
    // 30 days by default
    expect(expiresAt.getTime() - row.createdAt.getTime()).toBe(30 * 24 * 60 * 60 * 1000);
  });

  it('stores only a hash of the token', async () => {
    const user = await createUser();
    const { token } = await createSession(user.id);
    expect(await db.session.findUnique({ where: { id: token } })).toBeNull();
  });

  it('gives every login its own session id', async () => {
    const user = await createUser();
    const a = await createSession(user.id);
    const b = await createSession(user.id);
    expect(a.token).not.toEqual(b.token);
    expect(await db.session.count({ where: { userId: user.id } })).toBe(2);
  });

  it('logout ends the session on the server and keeps the row as the login record', async () => {
    const user = await createUser();
    const { token } = await createSession(user.id);
    const logoutTime = new Date('2026-01-02T03:04:05.000Z');
    await endSession(token, logoutTime);

    expect(await getSessionUser(token)).toBeNull();
    const row = await db.session.findUniqueOrThrow({ where: { id: hashToken(token) } });
    expect(row.endedAt?.toISOString()).toBe('2026-01-02T03:04:05.000Z');

    await endSession(token, new Date('2027-01-01T00:00:00.000Z'));
    const again = await db.session.findUniqueOrThrow({ where: { id: hashToken(token) } });
    expect(again.endedAt?.toISOString()).toBe('2026-01-02T03:04:05.000Z');
  });

  it('a session stops working at its expiry instant', async () => {
    const user = await createUser();
    const start = new Date('2026-03-01T00:00:00.000Z');
    const { token, expiresAt } = await createSession(user.id, {}, start);
    expect(await getSessionUser(token, new Date(expiresAt.getTime() - 1))).not.toBeNull();
    expect(await getSessionUser(token, expiresAt)).toBeNull();
  });

  it('unknown and empty tokens resolve to nobody', async () => {
    expect(await getSessionUser('')).toBeNull();
    expect(await getSessionUser('made-up-token')).toBeNull();
  });
});
