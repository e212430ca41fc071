import { randomBytes } from 'node:crypto';
import { db, type TransactionClient } from '~/lib/db.server';
import { sendMail } from '~/lib/mail.server';
import { adminInvitationMail, INVITATION_LINK_DAYS, mailOrigin } from '~/mail/messages.server';
import { EMAIL_TAKEN_MESSAGE, isUniqueViolation } from './accounts.server';
import { assertAdmin, type AdminActor } from './admin-access.server';
import { USER_NOT_FOUND_MESSAGE } from './admin.server';
import { AUTH_LIMITS } from './auth-throttle.server';
import { DomainError } from './errors';
import { hashToken } from './sessions.server';

// Create Admin from the admin page (issue 44): the admin names the person and their e-mail, never
// their password. The account is made without one, and the invitee gets a one-time link through
// the outbox to choose it: the password-reset machinery (PasswordReset rows, only the SHA-256 of
// the token stored, single use, /reset-password), with a link that works for 7 days instead of an
// hour. Until a password is chosen nobody can sign in to the account.

export const INVITATION_TTL_MS = INVITATION_LINK_DAYS * 24 * 60 * 60 * 1000;

export type AdminInvitation = { email: string; firstName: string; lastName: string };

type Invitee = { id: string; email: string; firstName: string | null };

/** A new invitation link for `invitee` (only its hash stored) and the admin log's line for it. */
async function storeInvitation(
  tx: TransactionClient,
  actor: AdminActor,
  invitee: Invitee,
  link: { token: string; now: Date; expiresAt: Date },
  action: 'admin_invited' | 'admin_invitation_resent',
) {
  await tx.passwordReset.create({
    data: {
      userId: invitee.id,
      tokenHash: hashToken(link.token),
      createdAt: link.now,
      expiresAt: link.expiresAt,
    },
  });
  await tx.auditLog.create({
    data: {
      actorId: actor.id,
      actorEmail: actor.email,
      targetUserId: invitee.id,
      targetEmail: invitee.email,
      action,
    },
  });
}

/** The invitation e-mail with the link, through the outbox. */
function mailInvitation(
  actor: AdminActor,
  invitee: Invitee,
  link: { token: string; resent?: boolean },
  requestOrigin?: string,
) {
  return sendMail(
    adminInvitationMail({
      to: invitee.email,
      firstName: invitee.firstName,
      invitedBy: actor.email,
      origin: mailOrigin(requestOrigin),
      ...link,
    }),
  );
}

/** Makes the admin account and writes the invitation to the outbox; a taken e-mail is a 409. */
export async function inviteAdmin(
  actor: AdminActor,
  input: AdminInvitation,
  requestOrigin?: string,
  now = new Date(),
): Promise<{ id: string; email: string; expiresAt: Date }> {
  assertAdmin(actor);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  let created: Invitee;
  try {
    created = await db.$transaction(async (tx) => {
      const user = await tx.user.create({
        data: {
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          role: 'admin',
        },
        select: { id: true, email: true, firstName: true },
      });
      await storeInvitation(tx, actor, user, { token, now, expiresAt }, 'admin_invited');
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('conflict', EMAIL_TAKEN_MESSAGE);
    throw error;
  }
  await mailInvitation(actor, created, { token }, requestOrigin);
  return { id: created.id, email: created.email, expiresAt };
}

/** How many links (the invitation and each one sent again) an invitee gets per window. */
export const RESEND_LIMIT = {
  windowMs: AUTH_LIMITS.resetRequestsWindowMs,
  links: AUTH_LIMITS.resetLinksPerEmail,
};

export function passwordAlreadyChosenMessage(email: string) {
  return `${email} has already chosen a password, so there is no invitation to send again. Nothing was sent.`;
}

export function tooManyInvitationsMessage(email: string) {
  return `${email} has been sent ${RESEND_LIMIT.links} links in the last hour. Try again later. Nothing was sent.`;
}

/**
 * Sends the invitation of a user who has not chosen a password yet again: a new 7-day link, and
 * the links sent before stop working (set to end now, so the reset page says the invitation has
 * expired and how to get a new one). Refused, with nothing sent, for an unknown user (404), one
 * who has a password (409) or once the address has had as many links in the hour as "Forgot
 * password" sends (429). Logged as the invitation is.
 */
export async function resendInvitation(
  actor: AdminActor,
  userId: string,
  requestOrigin?: string,
  now = new Date(),
): Promise<{ email: string; expiresAt: Date }> {
  assertAdmin(actor);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  const invitee = await db.$transaction(async (tx) => {
    const user = await tx.user.findUnique({
      where: { id: userId },
      select: { id: true, email: true, firstName: true, password: { select: { userId: true } } },
    });
    if (!user) throw new DomainError('not_found', USER_NOT_FOUND_MESSAGE);
    if (user.password) {
      throw new DomainError('conflict', passwordAlreadyChosenMessage(user.email));
    }
    const recent = await tx.passwordReset.count({
      where: {
        userId: user.id,
        createdAt: { gt: new Date(now.getTime() - RESEND_LIMIT.windowMs) },
      },
    });
    if (recent >= RESEND_LIMIT.links) {
      throw new DomainError('rate_limited', tooManyInvitationsMessage(user.email), {
        retryAfterSeconds: Math.ceil(RESEND_LIMIT.windowMs / 1000),
      });
    }
    await tx.passwordReset.updateMany({
      where: { userId: user.id, usedAt: null, expiresAt: { gt: now } },
      data: { expiresAt: now },
    });
    await storeInvitation(tx, actor, user, { token, now, expiresAt }, 'admin_invitation_resent');
    return user;
  });
  await mailInvitation(actor, invitee, { token, resent: true }, requestOrigin);
  return { email: invitee.email, expiresAt };
}
