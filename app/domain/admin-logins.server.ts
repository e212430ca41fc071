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
