import { db } from '~/lib/db.server';
import {
  assertAdmin,
  pageOf,
  skip,
  userRefSelect,
  type AdminActor,
  type Page,
  type PageRequest,
  type UserRef,
} from './admin-access.server';
import { AUTH_LIMITS, type LockoutReason } from './auth-throttle.server';
import { readCounts } from './row-counts.server';

// Login history: who signed in, from where, and whether the session is still live.

export type LoginRecordView = {
  id: string;
  userId: string;
  user: UserRef;
  loginTime: string;
  /** When it was logged out or ran out; null while it is live. */
  logoutTime: string | null;
  ipAddress: string | null;
  status: 'Active' | 'Logged Out';
};

export async function listLoginHistory(
  actor: AdminActor,
  options: PageRequest,
  now = new Date(),
): Promise<Page<LoginRecordView>> {
  assertAdmin(actor);
  const [total, rows] = await Promise.all([
    readCounts(['Session']).then((totals) => totals.Session),
    db.session.findMany({
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: skip(options),
      take: options.limit,
      select: {
        id: true,
        userId: true,
        createdAt: true,
        endedAt: true,
        expiresAt: true,
        ipAddress: true,
        user: { select: userRefSelect },
      },
    }),
  ]);
  return pageOf(
    rows.map((row) => {
      const ended = row.endedAt ?? (row.expiresAt <= now ? row.expiresAt : null);
      return {
        // The session id is the hash of a live token: expose a short stable reference, not it.
        id: row.id.slice(0, 16),
        userId: row.userId,
        user: row.user,
        loginTime: row.createdAt.toISOString(),
        logoutTime: ended?.toISOString() ?? null,
        ipAddress: row.ipAddress,
        status: ended ? 'Logged Out' : 'Active',
      };
    }),
    total,
    options,
  );
}

// Lock-outs: sign-ins a limit turned away (~/domain/auth-throttle.server), once per limit and
// window, with the reason, so an admin can tell an owner why they could not get in.

export type LockoutView = {
  id: string;
  /** The account the sign-in was for. */
  email: string | null;
  ipAddress: string | null;
  reason: LockoutReason;
  lockedAt: string;
  /** When the window of failures behind it has passed, at the latest. */
  until: string;
};

const REASONS: readonly LockoutReason[] = ['address', 'account_address', 'device', 'guessing'];

export async function listLockouts(
  actor: AdminActor,
  options: PageRequest,
): Promise<Page<LockoutView>> {
  assertAdmin(actor);
  const where = { kind: 'lockout' };
  const [total, rows] = await Promise.all([
    db.authAttempt.count({ where }),
    db.authAttempt.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: skip(options),
      take: options.limit,
      select: {
        id: true,
        email: true,
        ipAddress: true,
        reason: true,
        createdAt: true,
      },
    }),
  ]);
  return pageOf(
    rows.map((row) => ({
      id: row.id,
      email: row.email,
      ipAddress: row.ipAddress,
      reason: REASONS.find((reason) => reason === row.reason) ?? 'address',
      lockedAt: row.createdAt.toISOString(),
      until: new Date(row.createdAt.getTime() + AUTH_LIMITS.windowMs).toISOString(),
    })),
    total,
    options,
  );
}
