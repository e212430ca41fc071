import { db } from '~/lib/db.server';
import { ADMINS_LOCK, withLock } from '~/lib/owner-lock.server';
import { listApiKeys } from './api-keys.server';
import { inBackground, sendMail } from '~/lib/mail.server';
import { emailChangedMail, mailOrigin, passwordChangedMail } from '~/mail/messages.server';
import type { AccountUpdateInput } from '~/schemas/account';
import {
  EMAIL_TAKEN_MESSAGE,
  publicUserSelect,
  toPublicUser,
  type PublicUser,
} from './accounts.server';
import {
  reserveLoginAttempt,
  settleLoginAttempt,
  type AttemptClient,
} from './auth-throttle.server';
import {
  LAST_ADMIN_DELETE_MESSAGE,
  PAID_PLAN_DELETE_MESSAGE,
  SESSION_NOT_FOUND_MESSAGE,
  SESSIONS_PER_PAGE,
  WRONG_PASSWORD_MESSAGE,
} from '~/content/account';
import { DomainError } from './errors';
import { businessViewSelect } from './businesses.server';

export {
  LAST_ADMIN_DELETE_MESSAGE,
  PAID_PLAN_DELETE_MESSAGE,
  SESSION_NOT_FOUND_MESSAGE,
  SESSIONS_PER_PAGE,
  WRONG_PASSWORD_MESSAGE,
};
import { getDummyHash, hashPassword, verifyPassword } from './password.server';
import { hashToken } from './sessions.server';
import { billedBySubscription } from './tiers';
import { describeDevice } from './user-agent';

// What a signed-in user does with their own account: names, e-mail, password, sessions, their data
// and, finally, deleting it. The pages and the JSON API call these; every rule is checked here.

type Actor = Pick<PublicUser, 'id' | 'email'>;

/**
 * The current password, for changes that need it. A wrong one counts as a failed sign-in from that
 * address (so a stolen session cannot guess it), and says so in the field.
 */
async function assertCurrentPassword(
  actor: Actor,
  password: string,
  client: AttemptClient,
  field = 'currentPassword',
) {
  // Counted before the check, as a sign-in is (reserveLoginAttempt); a right password releases it.
  const reservation = await reserveLoginAttempt(actor.email, client);
  let valid = false;
  try {
    const stored = await db.password.findUnique({
      where: { userId: actor.id },
      select: { hash: true },
    });
    const matches = await verifyPassword(password, stored?.hash ?? (await getDummyHash()));
    valid = Boolean(stored) && matches;
  } catch (error) {
    await settleLoginAttempt(reservation, 'released');
    throw error;
  }
  await settleLoginAttempt(reservation, valid ? 'released' : 'failed');
  if (!valid) throw new DomainError('invalid_input', WRONG_PASSWORD_MESSAGE, { field });
}

/** Names: a string sets it, null clears it. */
export async function updateProfile(
  userId: string,
  input: { firstName: string | null; lastName: string | null },
): Promise<PublicUser> {
  const user = await db.user.update({
    where: { id: userId },
    data: { firstName: input.firstName, lastName: input.lastName },
    select: publicUserSelect,
  });
  return toPublicUser(user);
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'P2002';
}

type Owner = Actor & { firstName: string | null };

/** A new sign-in e-mail. The old address is told, in case it was not the owner who changed it. */
export async function changeEmail(
  actor: Owner,
  input: { email: string; currentPassword: string },
  client: AttemptClient,
  requestOrigin?: string,
): Promise<PublicUser> {
  await assertCurrentPassword(actor, input.currentPassword, client);
  return applyEmailChange(actor, input.email, requestOrigin);
}

async function applyEmailChange(
  actor: Owner,
  email: string,
  requestOrigin?: string,
): Promise<PublicUser> {
  try {
    const user = await db.user.update({
      where: { id: actor.id },
      data: { email },
      select: publicUserSelect,
    });
    if (email !== actor.email) {
      inBackground(() =>
        sendMail(
          emailChangedMail({
            to: actor.email,
            firstName: actor.firstName,
            newEmail: email,
            origin: mailOrigin(requestOrigin),
          }),
        ),
      );
    }
    return toPublicUser(user);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new DomainError('conflict', EMAIL_TAKEN_MESSAGE, { field: 'email' });
    }
    throw error;
  }
}

/**
 * A new password; every other session ends (the one in use, `keepToken`, stays signed in), reset
 * links asked for earlier stop working, and the owner gets a notice.
 */
export async function changePassword(
  actor: Owner,
  input: { currentPassword: string; newPassword: string },
  keepToken: string | null,
  client: AttemptClient,
  requestOrigin?: string,
  now = new Date(),
): Promise<{ endedSessions: number }> {
  await assertCurrentPassword(actor, input.currentPassword, client);
  return applyPasswordChange(actor, input.newPassword, keepToken, requestOrigin, now);
}

async function applyPasswordChange(
  actor: Owner,
  newPassword: string,
  keepToken: string | null,
  requestOrigin?: string,
  now = new Date(),
): Promise<{ endedSessions: number }> {
  const hash = await hashPassword(newPassword);
  const ended = await db.$transaction(async (tx) => {
    await tx.password.upsert({
      where: { userId: actor.id },
      create: { userId: actor.id, hash },
      update: { hash },
    });
    await tx.passwordReset.updateMany({
      where: { userId: actor.id, usedAt: null },
      data: { usedAt: now },
    });
    return tx.session.updateMany({
      where: {
        userId: actor.id,
        endedAt: null,
        ...(keepToken ? { id: { not: hashToken(keepToken) } } : {}),
      },
      data: { endedAt: now },
    });
  });
  inBackground(() =>
    sendMail(
      passwordChangedMail({
        to: actor.email,
        firstName: actor.firstName,
        origin: mailOrigin(requestOrigin),
      }),
    ),
  );
  return { endedSessions: ended.count };
}

/**
 * PUT /api/account: names, e-mail and password in one call. The current password is checked once,
 * before anything changes; absent fields stay as they are.
 */
export async function updateAccount(
  actor: PublicUser,
  input: AccountUpdateInput,
  keepToken: string | null,
  client: AttemptClient,
  requestOrigin?: string,
): Promise<PublicUser> {
  if (input.newPassword !== undefined || input.email !== undefined) {
    await assertCurrentPassword(actor, input.currentPassword ?? '', client);
  }
  let owner: Owner = actor;
  if (input.email !== undefined) {
    owner = await applyEmailChange(actor, input.email, requestOrigin);
  }
  if (input.firstName !== undefined || input.lastName !== undefined) {
    owner = await updateProfile(actor.id, {
      firstName: input.firstName === undefined ? actor.firstName : input.firstName,
      lastName: input.lastName === undefined ? actor.lastName : input.lastName,
    });
  }
  if (input.newPassword !== undefined) {
    await applyPasswordChange(owner, input.newPassword, keepToken, requestOrigin);
  }
  return (await getAccount(actor.id))!;
}

export async function getAccount(userId: string): Promise<PublicUser | null> {
  const user = await db.user.findUnique({ where: { id: userId }, select: publicUserSelect });
  return user ? toPublicUser(user) : null;
}

// ---------------------------------------------------------------------------------------------
// Sessions

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

// ---------------------------------------------------------------------------------------------
// Deleting the account, and the user's data

type PlanFacts = {
  subscriptionStatus: string;
  subscriptionExpiry: Date | null;
  stripeSubscriptionId: string | null;
  subscriptionCancelAtPeriodEnd: boolean;
};

/** A plan someone is being charged for: paid, running, renewing. (Plans an admin gave cost nothing.) */
export function hasActivePaidSubscription(user: PlanFacts, now = new Date()): boolean {
  return billedBySubscription(user, now) && !user.subscriptionCancelAtPeriodEnd;
}

/**
 * What would stop the user deleting their account now: a running paid subscription, or being the
 * only admin. (deleteAccount checks both again inside its transaction.)
 */
export async function getDeletionBlockers(
  user: Pick<PublicUser, 'id' | 'role'>,
  now = new Date(),
): Promise<{ paidPlanRunning: boolean; lastAdmin: boolean }> {
  const [plan, admins] = await Promise.all([
    db.user.findUniqueOrThrow({
      where: { id: user.id },
      select: {
        subscriptionStatus: true,
        subscriptionExpiry: true,
        stripeSubscriptionId: true,
        subscriptionCancelAtPeriodEnd: true,
      },
    }),
    user.role === 'admin' ? db.user.count({ where: { role: 'admin' } }) : null,
  ]);
  return {
    paidPlanRunning: hasActivePaidSubscription(plan, now),
    lastAdmin: admins !== null && admins <= 1,
  };
}

/**
 * Deletes the account: the user, their businesses, sessions and reset links go; premium-access
 * records stay for the admins with the user detached, and the audit log says who left when.
 * Refused for a running paid plan and for the last admin.
 */
export async function deleteAccount(
  actor: Actor,
  password: string,
  client: AttemptClient,
  now = new Date(),
): Promise<void> {
  await assertCurrentPassword(actor, password, client, 'password');
  await withLock(ADMINS_LOCK, 'account.delete', async (tx) => {
    const user = await tx.user.findUnique({
      where: { id: actor.id },
      select: {
        email: true,
        role: true,
        subscriptionStatus: true,
        subscriptionExpiry: true,
        stripeSubscriptionId: true,
        subscriptionCancelAtPeriodEnd: true,
      },
    });
    if (!user) throw new DomainError('not_found', 'Account not found');
    if (hasActivePaidSubscription(user, now)) {
      throw new DomainError('conflict', PAID_PLAN_DELETE_MESSAGE, { reason: 'paid_plan' });
    }
    await tx.user.delete({ where: { id: actor.id } });
    if (user.role === 'admin') {
      // Counted after the delete, in the transaction: two last admins leaving at once cannot both.
      const admins = await tx.user.count({ where: { role: 'admin' } });
      if (admins === 0) {
        throw new DomainError('conflict', LAST_ADMIN_DELETE_MESSAGE, { reason: 'last_admin' });
      }
    }
    await tx.auditLog.create({
      data: {
        actorId: actor.id,
        actorEmail: user.email,
        targetUserId: actor.id,
        targetEmail: user.email,
        action: 'account_deleted',
        createdAt: now,
      },
    });
  });
}

/** Rows read per query while exporting: a few hundred parameters at most, whatever the account holds. */
export const EXPORT_BATCH_SIZE = 500;

/** A business as exported: its view's columns, without the owner's id (the export is the owner's). */
const exportBusinessSelect = { ...businessViewSelect, userId: false } as const;

/**
 * "Download my data": the account, its businesses (each with its AI-readiness audits) and its
 * sign-ins, as one JSON document, produced piece by piece. Rows are read in batches of
 * EXPORT_BATCH_SIZE (keyset pagination, and each batch's audits by its own few hundred ids), so
 * neither the database's limit on query parameters nor memory grows with the account: 40,000
 * businesses stream out like 4. The account is checked before the first piece.
 */
export async function exportAccountData(
  userId: string,
  now = new Date(),
): Promise<AsyncGenerator<string>> {
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { ...publicUserSelect, updatedAt: true, subscriptionCancelAtPeriodEnd: true },
  });
  if (!user) throw new DomainError('not_found', 'Account not found');
  const { updatedAt, subscriptionCancelAtPeriodEnd, ...account } = user;
  const head = {
    exportedAt: now.toISOString(),
    account: {
      ...toPublicUser(account),
      updatedAt: updatedAt.toISOString(),
      subscriptionCancelAtPeriodEnd,
    },
    // Name, prefix and dates of each key (at most the plan's few); the keys themselves are not kept.
    apiKeys: await listApiKeys({ id: userId }),
  };
  return (async function* () {
    yield JSON.stringify(head, null, 2).replace(/\n}$/, ',\n  "businesses": [');
    let first = true;
    for await (const business of exportBusinesses(userId)) {
      yield `${first ? '' : ','}\n    ${JSON.stringify(business)}`;
      first = false;
    }
    yield '\n  ],\n  "signIns": [';
    first = true;
    for await (const signIn of exportSignIns(userId)) {
      yield `${first ? '' : ','}\n    ${JSON.stringify(signIn)}`;
      first = false;
    }
    yield '\n  ]\n}\n';
  })();
}

async function* exportBusinesses(userId: string) {
  let cursor: { id: string } | undefined;
  for (;;) {
    const batch = await db.business.findMany({
      where: { userId },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: EXPORT_BATCH_SIZE,
      ...(cursor ? { cursor, skip: 1 } : {}),
      select: exportBusinessSelect,
    });
    if (batch.length === 0) return;
    const audits = await db.audit.findMany({
      where: { businessId: { in: batch.map((business) => business.id) } },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: {
        businessId: true,
        createdAt: true,
        url: true,
        score: true,
        outcome: true,
        failureReason: true,
        trigger: true,
      },
    });
    const byBusiness = new Map<string, typeof audits>();
    for (const audit of audits) {
      const list = byBusiness.get(audit.businessId) ?? [];
      list.push(audit);
      byBusiness.set(audit.businessId, list);
    }
    for (const business of batch) {
      yield {
        ...business,
        createdAt: business.createdAt.toISOString(),
        updatedAt: business.updatedAt.toISOString(),
        aiReadinessAudits: (byBusiness.get(business.id) ?? []).map((audit) => ({
          auditedAt: audit.createdAt.toISOString(),
          url: audit.url,
          score: audit.score,
          // 'unreachable': the site could not be reached; the score (0) means nothing.
          outcome: audit.outcome,
          ...(audit.failureReason ? { failureReason: audit.failureReason } : {}),
          trigger: audit.trigger,
        })),
      };
    }
    if (batch.length < EXPORT_BATCH_SIZE) return;
    cursor = { id: batch[batch.length - 1]!.id };
  }
}

async function* exportSignIns(userId: string) {
  let cursor: { id: string } | undefined;
  for (;;) {
    const batch = await db.session.findMany({
      where: { userId },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: EXPORT_BATCH_SIZE,
      ...(cursor ? { cursor, skip: 1 } : {}),
      select: {
        id: true,
        createdAt: true,
        endedAt: true,
        expiresAt: true,
        ipAddress: true,
        userAgent: true,
      },
    });
    for (const session of batch) {
      yield {
        signedInAt: session.createdAt.toISOString(),
        signedOutAt: session.endedAt?.toISOString() ?? null,
        expiresAt: session.expiresAt.toISOString(),
        ipAddress: session.ipAddress,
        device: describeDevice(session.userAgent),
        userAgent: session.userAgent,
      };
    }
    if (batch.length < EXPORT_BATCH_SIZE) return;
    cursor = { id: batch[batch.length - 1]!.id };
  }
}
