import { Prisma, type User } from '~/generated/prisma/client';
import type { publicUserSelect } from './accounts.server';
import { db } from '~/lib/db.server';

// The Users tab's page of rows in one statement: each user's columns, how many API keys they have
// and whether they have chosen a password (an invited admin has not: admin-invite.server.ts), read
// with a subquery and an EXISTS on the same row, so a page costs one query whatever its length.
// Prisma would read the Password relation with a second query; this is the same SQL on SQLite and
// PostgreSQL (quoted identifiers, no engine-only functions).

/**
 * A row as Prisma's select of admin.server.ts gives it, read by hand: a user's public columns (as
 * the model types them) and Stripe subscription, with their API key count and password mark.
 */
export type AdminUserRow = Pick<User, keyof typeof publicUserSelect | 'stripeSubscriptionId'> & {
  _count: { apiKeys: number };
  password: { userId: string } | null;
};

type RawRow = Omit<AdminUserRow, '_count' | 'password' | 'subscriptionExpiry' | 'createdAt'> & {
  subscriptionExpiry: Date | string | null;
  createdAt: Date | string;
  apiKeyCount: number | bigint;
  hasPassword: number | bigint | boolean;
};

const COLUMNS = Prisma.sql`u."id", u."email", u."firstName", u."lastName", u."role",
  u."subscriptionStatus", u."subscriptionExpiry", u."createdAt", u."stripeSubscriptionId",
  (SELECT COUNT(*) FROM "ApiKey" k WHERE k."userId" = u."id") AS "apiKeyCount",
  CASE WHEN EXISTS (SELECT 1 FROM "Password" p WHERE p."userId" = u."id") THEN 1 ELSE 0 END
    AS "hasPassword"`;

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

function toRow(raw: RawRow): AdminUserRow {
  return {
    id: raw.id,
    email: raw.email,
    firstName: raw.firstName,
    lastName: raw.lastName,
    role: raw.role,
    subscriptionStatus: raw.subscriptionStatus,
    subscriptionExpiry: raw.subscriptionExpiry === null ? null : asDate(raw.subscriptionExpiry),
    createdAt: asDate(raw.createdAt),
    stripeSubscriptionId: raw.stripeSubscriptionId,
    _count: { apiKeys: Number(raw.apiKeyCount) },
    password: Number(raw.hasPassword) ? { userId: raw.id } : null,
  };
}

/** One page of users, newest first (ties by id), optionally of one plan. */
export async function adminUserRowsPage(options: {
  tier?: string;
  skip: number;
  take: number;
}): Promise<AdminUserRow[]> {
  const plan = options.tier
    ? Prisma.sql`WHERE u."subscriptionStatus" = ${options.tier}`
    : Prisma.empty;
  const rows = await db.$queryRaw<RawRow[]>`
    SELECT ${COLUMNS} FROM "User" u ${plan}
    ORDER BY u."createdAt" DESC, u."id" DESC
    LIMIT ${options.take} OFFSET ${options.skip}`;
  return rows.map(toRow);
}

/** These users (one page of search hits: at most a page's length of ids), in no order. */
export async function adminUserRowsOf(ids: readonly string[]): Promise<AdminUserRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.$queryRaw<RawRow[]>`
    SELECT ${COLUMNS} FROM "User" u WHERE u."id" IN (${Prisma.join(ids)})`;
  return rows.map(toRow);
}
