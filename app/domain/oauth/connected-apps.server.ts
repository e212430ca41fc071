import { db } from '~/lib/db.server';
import { DomainError } from '../errors';

// Connected apps (account settings): each app an owner allowed is one Grant row; its tokens and
// codes carry its grantId, so disconnecting deletes the grant and everything issued under it in
// one statement, and the very next request with any of its tokens is refused.

export const CONNECTED_APPS_PAGE_SIZE = 20;
export const CONNECTED_APP_NOT_FOUND_MESSAGE = 'Connected app not found';

export type ConnectedApp = {
  id: string;
  name: string;
  site: string | null;
  scopes: string[];
  connectedAt: string;
  lastUsedAt: string | null;
};

const grantSelect = {
  grantId: true,
  clientName: true,
  clientId: true,
  clientUri: true,
  scope: true,
  createdAt: true,
  lastUsedAt: true,
} as const;

function toView(row: {
  grantId: string | null;
  clientName: string | null;
  clientId: string | null;
  clientUri: string | null;
  scope: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
}): ConnectedApp {
  return {
    id: row.grantId ?? '',
    name: row.clientName ?? row.clientId ?? 'Unnamed app',
    site: row.clientUri,
    scopes: (row.scope ?? '').split(' ').filter(Boolean),
    connectedAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** One page of the owner's connected apps, newest first, and how many there are. */
export async function listConnectedApps(userId: string, page = 1) {
  const where = { userId, kind: 'Grant' };
  const [rows, total] = await Promise.all([
    db.oAuthRecord.findMany({
      where,
      select: grantSelect,
      orderBy: [{ createdAt: 'desc' }, { key: 'asc' }],
      skip: (Math.max(1, page) - 1) * CONNECTED_APPS_PAGE_SIZE,
      take: CONNECTED_APPS_PAGE_SIZE,
    }),
    db.oAuthRecord.count({ where }),
  ]);
  return { items: rows.map(toView), total, page, pageSize: CONNECTED_APPS_PAGE_SIZE };
}

/** One of the owner's connected apps (another owner's, or none: null). */
export async function findConnectedApp(userId: string, grantId: string) {
  const row = await db.oAuthRecord.findFirst({
    where: { userId, kind: 'Grant', grantId },
    select: grantSelect,
  });
  return row ? toView(row) : null;
}

/** Disconnects the app: its grant, tokens and codes are deleted. Another owner's: not found. */
export async function disconnectApp(userId: string, grantId: string): Promise<ConnectedApp> {
  const app = await findConnectedApp(userId, grantId);
  if (!app) throw new DomainError('not_found', CONNECTED_APP_NOT_FOUND_MESSAGE);
  await db.oAuthRecord.deleteMany({ where: { grantId } });
  return app;
}

/** Every app of the owner disconnected at once (a password reset). */
export async function disconnectAllApps(userId: string): Promise<number> {
  const { count } = await db.oAuthRecord.deleteMany({ where: { userId, kind: 'Grant' } });
  // Tokens, codes and sign-in sessions of the owner, whichever grant they belonged to.
  await db.oAuthRecord.deleteMany({ where: { userId } });
  return count;
}

const USE_WRITE_INTERVAL_MS = 60_000;
const lastWritten = new Map<string, number>();

/**
 * A token of the grant reached /mcp: "last used" is written at most once a minute per grant and
 * instance (one conditional update; never an older time over a newer one).
 */
export async function noteGrantUse(grantId: string, now = new Date()): Promise<void> {
  const previous = lastWritten.get(grantId) ?? 0;
  if (now.getTime() - previous < USE_WRITE_INTERVAL_MS) return;
  lastWritten.set(grantId, now.getTime());
  if (lastWritten.size > 10_000) lastWritten.delete(lastWritten.keys().next().value!);
  await db.oAuthRecord.updateMany({
    where: {
      kind: 'Grant',
      grantId,
      OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: now } }],
    },
    data: { lastUsedAt: now },
  });
}
