import { db } from '~/lib/db.server';
import { ADMINS_LOCK, withLock } from '~/lib/owner-lock.server';
import type { Prisma } from '~/generated/prisma/client';
import { graceDays, lapsedByTier } from './plans/subscribers.server';
import type { AdminUserUpdate, CreateAdminInput } from '~/schemas/admin';
import { publicUserSelect, registerUser, toPublicUser, type PublicUser } from './accounts.server';
import type { BusinessView } from './businesses.server';
import {
  AUDITS_PER_PAGE,
  findAuditOfBusiness,
  listAudits,
  type AuditHistoryPage,
  type AuditView,
} from './audits.server';
import { adminUserRowsOf, adminUserRowsPage, type AdminUserRow } from './admin-users.server';
import { assertExpiryNotBilled } from './billed-expiry';
import { DomainError } from './errors';
import { readCounts, readTierCounts } from './row-counts.server';
import { inOrderOf, searchBusinesses, searchUsers, searchWords } from './search.server';
import {
  billedBySubscription,
  isExpired,
  isPaidTier,
  normalizeTier,
  TIER_LABELS,
  TIERS,
  type Tier,
} from './tiers';
import {
  assertAdmin,
  pageOf,
  skip,
  type AdminActor,
  type Page,
  type PageRequest,
} from './admin-access.server';

// What the people who run the service see and change. Every function takes the acting user and
// refuses anyone who is not an admin, so the admin page's actions and /api/admin/* (which both call
// these) cannot forget the check. Lists are paginated in the database and totals are count queries,
// so a page costs about the same with a hundred rows or a million. Here: the overview, users and
// businesses; the login history is in admin-logins.server.ts, the usage logs, inquiries, audit log
// and outbox in admin-logs.server.ts, the Jobs tab in admin-jobs.server.ts (all re-exported here).

export {
  ADMIN_REQUIRED_MESSAGE,
  pageOf,
  skip,
  type AdminActor,
  type Page,
  type PageRequest,
} from './admin-access.server';
export {
  listAccessLogs,
  listInquiries,
  listAuditLog,
  listOutbox,
  type AccessLogView,
  type InquiryView,
  type AuditEntryView,
  type OutboxView,
} from './admin-logs.server';
export {
  getJobsOverview,
  retryJobAsAdmin,
  type QueueStatsView,
  type FailedJobView,
} from './admin-jobs.server';
export {
  listLockouts,
  listLoginHistory,
  type LockoutView,
  type LoginRecordView,
} from './admin-logins.server';

export const USER_NOT_FOUND_MESSAGE = 'User not found';
export const LAST_ADMIN_MESSAGE =
  'This is the only admin: make another user an admin before removing this one';
export const RECENT_LOGINS_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

// ---------------------------------------------------------------------------------------------
// Overview

export type Analytics = {
  totalUsers: number;
  activeUsers: number;
  totalBusinesses: number;
  recentLogins: number;
  /**
   * Users per plan that counts now: each paid plan's active subscribers (they add up to
   * activeUsers); Free holds the free accounts and the lapsed paid plans (lapsedPaid of them).
   */
  subscriptionBreakdown: Record<Tier, number>;
  /** Paid plans past their expiry: counted as Free (plans/subscribers.server). */
  lapsedPaid: number;
  premiumAccess: number;
  deniedAccess: number;
};

const PAID_TIERS = TIERS.filter(isPaidTier);

/**
 * The seven figures of spec section 3. Active subscriber: the one definition in
 * plans/subscribers.server (a paid plan not past its expiry), used by the total and by every
 * plan's count, so "Subscriptions by plan" adds up to "Active Subscribers".
 */
export async function getAnalytics(actor: AdminActor, now = new Date()): Promise<Analytics> {
  assertAdmin(actor);
  const [totals, tierCounts, expiredPaid, recentLogins] = await Promise.all([
    readCounts(['User', 'Business', 'AccessLog.wasAllowed:true', 'AccessLog.wasAllowed:false']),
    readTierCounts(),
    lapsedByTier(now),
    db.session.count({
      where: { createdAt: { gte: new Date(now.getTime() - RECENT_LOGINS_DAYS * DAY_MS) } },
    }),
  ]);
  const subscriptionBreakdown = Object.fromEntries(TIERS.map((tier) => [tier, 0])) as Record<
    Tier,
    number
  >;
  // A stored status we do not know counts as free, as it does everywhere else.
  for (const { status, count } of tierCounts) {
    subscriptionBreakdown[normalizeTier(status)] += count;
  }
  let lapsedPaid = 0;
  for (const tier of PAID_TIERS) {
    subscriptionBreakdown[tier] -= expiredPaid[tier];
    subscriptionBreakdown.free += expiredPaid[tier];
    lapsedPaid += expiredPaid[tier];
  }
  const paid = PAID_TIERS.reduce((sum, tier) => sum + subscriptionBreakdown[tier], 0);
  return {
    totalUsers: totals.User,
    activeUsers: paid,
    lapsedPaid,
    totalBusinesses: totals.Business,
    recentLogins,
    subscriptionBreakdown,
    premiumAccess: totals['AccessLog.wasAllowed:true'],
    deniedAccess: totals['AccessLog.wasAllowed:false'],
  };
}

/** The totals shown on the tab labels: Users (n), Businesses (n). */
export async function getTabCounts(actor: AdminActor) {
  assertAdmin(actor);
  const totals = await readCounts(['User', 'Business']);
  return { users: totals.User, businesses: totals.Business };
}

// ---------------------------------------------------------------------------------------------
// Users

export type AdminUserView = PublicUser & {
  /** A subscription bills the plan: it follows the payment provider, not this panel. */
  billedBySubscription: boolean;
  /** How many API keys the user has (never the keys themselves). */
  apiKeyCount: number;
  /** A paid plan past its expiry: it counts as Free, and the list says "Expired". */
  expired: boolean;
  /** Days of grace the expiry includes after the paid period ends (a billed plan), else null. */
  graceDays: number | null;
  /** No password chosen yet: an invited admin whose invitation is not taken up (it can be re-sent). */
  awaitingPassword: boolean;
};

const adminUserSelect = {
  ...publicUserSelect,
  stripeSubscriptionId: true,
  _count: { select: { apiKeys: true } },
  password: { select: { userId: true } },
} as const;

function toAdminUser(
  user: Prisma.UserGetPayload<{ select: typeof adminUserSelect }> | AdminUserRow,
  now = new Date(),
): AdminUserView {
  return {
    ...toPublicUser(user),
    billedBySubscription: billedBySubscription(user, now),
    apiKeyCount: user._count.apiKeys,
    expired: isPaidTier(normalizeTier(user.subscriptionStatus)) && isExpired(user, now),
    graceDays: user.stripeSubscriptionId && user.subscriptionExpiry ? graceDays() : null,
    awaitingPassword: !user.password,
  };
}

/**
 * A user as the JSON API sends them: the spec's fields and the list's flags, but nothing about
 * their password, not even whether they have one (the admin page shows that).
 */
export type ApiAdminUser = Omit<AdminUserView, 'awaitingPassword'>;

export function toApiUser(user: AdminUserView): ApiAdminUser {
  const { awaitingPassword, ...shown } = user;
  void awaitingPassword;
  return shown;
}

/** Why an admin cannot set the plan of a user whose subscription bills it. */
export function planBilledMessage(user: { email: string; subscriptionStatus: string }): string {
  const plan = TIER_LABELS[normalizeTier(user.subscriptionStatus)];
  return `${user.email} pays for ${plan} through a subscription, so their plan follows it: change or cancel the subscription with the payment provider (in Stripe's dashboard), and the site follows its events. The owner can also change plan from Pricing. Nothing was changed.`;
}

export async function listUsers(
  actor: AdminActor,
  options: PageRequest & { query?: string; tier?: Tier },
): Promise<Page<AdminUserView>> {
  assertAdmin(actor);
  if (options.query) {
    // Every word typed starts a word of the e-mail or the names (search.server.ts).
    const { ids, total } = await searchUsers(
      searchWords(options.query),
      { tier: options.tier },
      { skip: skip(options), take: options.limit },
    );
    const rows = await adminUserRowsOf(ids);
    return pageOf(
      inOrderOf(ids, rows).map((row) => toAdminUser(row)),
      total,
      options,
    );
  }
  const [total, rows] = await Promise.all([
    readCounts([options.tier ? `User.subscriptionStatus:${options.tier}` : 'User']).then(
      (totals) => Object.values<number>(totals)[0] ?? 0,
    ),
    // One statement per page: the flags of each row (API keys, a password) are in it.
    adminUserRowsPage({ tier: options.tier, skip: skip(options), take: options.limit }),
  ]);
  return pageOf(
    rows.map((row) => toAdminUser(row)),
    total,
    options,
  );
}

export async function getUserForAdmin(actor: AdminActor, id: string): Promise<AdminUserView> {
  assertAdmin(actor);
  const user = await db.user.findUnique({ where: { id }, select: adminUserSelect });
  if (!user) throw new DomainError('not_found', USER_NOT_FOUND_MESSAGE);
  return toAdminUser(user);
}

type AuditedField = 'subscriptionStatus' | 'subscriptionExpiry' | 'role' | 'firstName' | 'lastName';
const AUDITED_FIELDS: AuditedField[] = [
  'subscriptionStatus',
  'subscriptionExpiry',
  'role',
  'firstName',
  'lastName',
];

function auditValue(value: string | Date | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value.toISOString() : value;
}

/**
 * Changes a user's plan, expiry, role or names (absent fields stay). Any admin may set any tier,
 * except on a plan a subscription bills: that plan follows the payment provider's events, and a
 * plan set here would be undone by the next one while the owner was shown a price they do not pay
 * (conflict). The last admin cannot be demoted, so the service can never lock itself out. Each
 * changed field is written to the audit log in the same transaction as the change.
 */
export async function updateUserAsAdmin(
  actor: AdminActor,
  id: string,
  input: AdminUserUpdate,
  now = new Date(),
): Promise<AdminUserView> {
  assertAdmin(actor);
  // Under the admins' lock: the last-admin rule counts admins, and every change of role waits its
  // turn for it.
  const user = await withLock(ADMINS_LOCK, 'admin.update-user', async (tx) => {
    const current = await tx.user.findUnique({ where: { id }, select: adminUserSelect });
    if (!current) throw new DomainError('not_found', USER_NOT_FOUND_MESSAGE);
    if (
      input.subscriptionStatus !== undefined &&
      input.subscriptionStatus !== current.subscriptionStatus &&
      billedBySubscription(current, now)
    ) {
      throw new DomainError('conflict', planBilledMessage(current), { reason: 'billed_plan' });
    }
    assertExpiryNotBilled(current, input.subscriptionExpiry, now);

    const changes = AUDITED_FIELDS.flatMap((field) => {
      const next = input[field];
      if (next === undefined) return [];
      const from = auditValue(current[field]);
      const to = auditValue(next);
      return from === to ? [] : [{ field, from, to }];
    });
    if (changes.length === 0) return current;

    const data: Prisma.UserUpdateInput = {};
    for (const { field } of changes) {
      (data as Record<string, unknown>)[field] = input[field];
    }
    const updated = await tx.user.update({ where: { id }, data, select: adminUserSelect });

    if (current.role === 'admin' && updated.role !== 'admin') {
      // Counted after the write, inside the transaction: two admins demoting each other at once
      // cannot both succeed.
      const admins = await tx.user.count({ where: { role: 'admin' } });
      if (admins === 0) throw new DomainError('conflict', LAST_ADMIN_MESSAGE);
    }

    await tx.auditLog.createMany({
      data: changes.map((change) => ({
        actorId: actor.id,
        actorEmail: actor.email,
        targetUserId: id,
        targetEmail: current.email,
        action: 'user_updated',
        field: change.field,
        fromValue: change.from,
        toValue: change.to,
        createdAt: now,
      })),
    });
    return updated;
  });
  return toAdminUser(user, now);
}

/** Creates an admin account (a taken e-mail is a conflict) and audits it. */
export async function createAdminUser(
  actor: AdminActor,
  input: CreateAdminInput,
): Promise<AdminUserView> {
  assertAdmin(actor);
  const created = await registerUser(input, { role: 'admin' });
  await db.auditLog.create({
    data: {
      actorId: actor.id,
      actorEmail: actor.email,
      targetUserId: created.id,
      targetEmail: created.email,
      action: 'admin_created',
    },
  });
  return {
    ...created,
    billedBySubscription: false,
    apiKeyCount: 0,
    expired: false,
    graceDays: null,
    awaitingPassword: false,
  };
}

// ---------------------------------------------------------------------------------------------
// Businesses

export type AdminBusinessView = Omit<
  BusinessView,
  'updatedAt' | 'phone' | 'address' | 'openingHours' | 'nameVariants'
> & {
  owner: { id: string; email: string; firstName: string | null; lastName: string | null } | null;
  /** The latest AI-readiness audit, if any. */
  lastAudit: { score: number; auditedAt: string } | null;
};

const adminBusinessSelect = {
  id: true,
  userId: true,
  name: true,
  description: true,
  website: true,
  industry: true,
  location: true,
  createdAt: true,
  lastAuditScore: true,
  lastAuditAt: true,
  user: { select: { id: true, email: true, firstName: true, lastName: true } },
} as const;

/**
 * Every business, newest first. A search matches when every word typed starts a word of the
 * business's name, or of its owner's e-mail (search.server.ts).
 */
export async function listAllBusinesses(
  actor: AdminActor,
  options: PageRequest & { query?: string },
): Promise<Page<AdminBusinessView>> {
  assertAdmin(actor);
  let total: number;
  let rows: Prisma.BusinessGetPayload<{ select: typeof adminBusinessSelect }>[];
  if (options.query) {
    const found = await searchBusinesses(
      searchWords(options.query),
      {},
      { skip: skip(options), take: options.limit },
    );
    total = found.total;
    rows = found.ids.length
      ? inOrderOf(
          found.ids,
          await db.business.findMany({
            where: { id: { in: found.ids } },
            select: adminBusinessSelect,
          }),
        )
      : [];
  } else {
    [total, rows] = await Promise.all([
      readCounts(['Business']).then((totals) => totals.Business),
      db.business.findMany({
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        skip: skip(options),
        take: options.limit,
        select: adminBusinessSelect,
      }),
    ]);
  }
  return pageOf(
    rows.map(({ user, createdAt, lastAuditScore, lastAuditAt, ...row }) => ({
      ...row,
      createdAt: createdAt.toISOString(),
      owner: user ?? null,
      lastAudit:
        lastAuditScore !== null && lastAuditAt
          ? { score: lastAuditScore, auditedAt: lastAuditAt.toISOString() }
          : null,
    })),
    total,
    options,
  );
}

export type AdminBusinessAudits = {
  business: { id: string; name: string; website: string | null; ownerEmail: string | null };
  /** The audit shown: ?audit=<id>, or the latest. */
  audit: AuditView | null;
  history: AuditHistoryPage;
};

/** A business's AI-readiness audits, for the businesses tab (any business: admins see all). */
export async function getBusinessAuditsForAdmin(
  actor: AdminActor,
  businessId: string,
  { page = 1, auditId }: { page?: number; auditId?: string } = {},
): Promise<AdminBusinessAudits | null> {
  assertAdmin(actor);
  const business = await db.business.findUnique({
    where: { id: businessId },
    select: { id: true, name: true, website: true, user: { select: { email: true } } },
  });
  if (!business) return null;
  const [audit, history] = await Promise.all([
    findAuditOfBusiness(businessId, auditId),
    listAudits(businessId, { page, perPage: AUDITS_PER_PAGE }),
  ]);
  return {
    business: {
      id: business.id,
      name: business.name,
      website: business.website,
      ownerEmail: business.user?.email ?? null,
    },
    audit,
    history,
  };
}
