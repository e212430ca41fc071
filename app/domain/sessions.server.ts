import { createHash, randomBytes } from 'node:crypto';
import { db } from '~/lib/db.server';
import { env } from '~/lib/env.server';
import { publicUserSelect, toPublicUser, type PublicUser } from './accounts.server';

// A session is one login. The browser cookie and the JSON API's Bearer token carry the same random
// token; the database keeps only its SHA-256, so a leaked table does not leak usable tokens.

const DAY_MS = 24 * 60 * 60 * 1000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export type ClientInfo = { ipAddress?: string | null; userAgent?: string | null };

/** Starts a new session (a fresh id at every login) and returns its token. */
export async function createSession(
  userId: string,
  client: ClientInfo = {},
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + env.SESSION_TTL_DAYS * DAY_MS);
  await db.session.create({
    data: {
      id: hashToken(token),
      userId,
      createdAt: now,
      expiresAt,
      ipAddress: client.ipAddress?.slice(0, 100) ?? null,
      userAgent: client.userAgent?.slice(0, 500) ?? null,
    },
  });
  return { token, expiresAt };
}

/**
 * Whether the user has signed in before the sign-in in use: a brand-new account (one session,
 * started at sign-up) is welcomed, a returning one welcomed back. Every sign-in is a session row
 * kept as the login record, so two rows mean an earlier one. (Indexed by userId; reads at most 2.)
 */
export async function hasSignedInBefore(userId: string): Promise<boolean> {
  const sessions = await db.session.findMany({ where: { userId }, select: { id: true }, take: 2 });
  return sessions.length > 1;
}

/** The user of a live session: not ended, not expired. */
export async function getSessionUser(token: string, now = new Date()): Promise<PublicUser | null> {
  if (!token) return null;
  const session = await db.session.findUnique({
    where: { id: hashToken(token) },
    select: { endedAt: true, expiresAt: true, user: { select: publicUserSelect } },
  });
  if (!session || session.endedAt || session.expiresAt <= now) return null;
  return toPublicUser(session.user);
}

/** Logout: the row stays as the login record, marked Logged Out. Ending twice changes nothing. */
export async function endSession(token: string, now = new Date()): Promise<void> {
  if (!token) return;
  await db.session.updateMany({
    where: { id: hashToken(token), endedAt: null },
    data: { endedAt: now },
  });
}
