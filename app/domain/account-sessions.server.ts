import { db } from '~/lib/db.server';
import { SESSION_NOT_FOUND_MESSAGE, SESSIONS_PER_PAGE } from '~/content/account';
import { DomainError } from './errors';
import { hashToken } from './sessions.server';
import { describeDevice } from './user-agent';

// A user's own sign-ins (split from account.server.ts, code unchanged): the live sessions a page
// at a time, ending one, ending all the others. account.server.ts re-exports them.

export type SessionView = {
  id: string;
  device: string;
  userAgent: string | null;
  ipAddress: string | null;
  signedInAt: string;
  current: boolean;
};

function liveSessions(userId: string, now: Date) {
  return { userId, endedAt: null, expiresAt: { gt: now } };
}

const sessionSelect = { id: true, createdAt: true, ipAddress: true, userAgent: true } as const;

/**
 * The user's signed-in sessions, a page at a time: the one in use first (it is the one people look
 * for), then the others newest first. Page 1 holds the current session and the first
 * SESSIONS_PER_PAGE - 1 others; later pages continue with the others.
 */
export async function listSessions(
  userId: string,
  currentToken: string | null,
  page: number,
  now = new Date(),
): Promise<{ sessions: SessionView[]; total: number; page: number; pageCount: number }> {
  const where = liveSessions(userId, now);
  const currentId = currentToken ? hashToken(currentToken) : null;
  const [total, currentRow] = await Promise.all([
    db.session.count({ where }),
    currentId
      ? db.session.findFirst({ where: { ...where, id: currentId }, select: sessionSelect })
      : null,
  ]);
  const pageCount = Math.max(1, Math.ceil(total / SESSIONS_PER_PAGE));
  const current = Math.min(Math.max(1, page), pageCount);
  // The current session takes the first place of page 1, so the others shift by one.
  const leading = currentRow && current === 1 ? 1 : 0;
  const skip = Math.max(0, (current - 1) * SESSIONS_PER_PAGE - (currentRow ? 1 : 0));
  const others = await db.session.findMany({
    where: currentRow ? { ...where, id: { not: currentRow.id } } : where,
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    skip,
    take: SESSIONS_PER_PAGE - leading,
    select: sessionSelect,
  });
  const rows = leading ? [currentRow!, ...others] : others;
  return {
    total,
    page: current,
    pageCount,
    sessions: rows.map((row) => ({
      id: row.id,
      device: describeDevice(row.userAgent),
      userAgent: row.userAgent,
      ipAddress: row.ipAddress,
      signedInAt: row.createdAt.toISOString(),
      current: row.id === currentId,
    })),
  };
}

/** Signs out one of the user's own sessions (another user's id is "not found", as is an ended one). */
export async function endUserSession(userId: string, sessionId: string, now = new Date()) {
  const ended = await db.session.updateMany({
    where: { id: sessionId, userId, endedAt: null },
    data: { endedAt: now },
  });
  if (ended.count === 0) throw new DomainError('not_found', SESSION_NOT_FOUND_MESSAGE);
}

/** Signs out every session of the user but the one in use. */
export async function endOtherSessions(
  userId: string,
  currentToken: string | null,
  now = new Date(),
): Promise<number> {
  const ended = await db.session.updateMany({
    where: {
      userId,
      endedAt: null,
      ...(currentToken ? { id: { not: hashToken(currentToken) } } : {}),
    },
    data: { endedAt: now },
  });
  return ended.count;
}
