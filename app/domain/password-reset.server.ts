import { randomBytes } from 'node:crypto';
import { db } from '~/lib/db.server';
import { inBackground, sendMail } from '~/lib/mail.server';
import { mailOrigin, passwordResetMail, RESET_LINK_MINUTES } from '~/mail/messages.server';
import { toPublicUser, publicUserSelect, type PublicUser } from './accounts.server';
import { reserveResetRequest, type AttemptClient } from './auth-throttle.server';
import {
  RESET_LINK_MESSAGES,
  RESET_REQUESTED_MESSAGE,
  RESET_REQUESTED_TITLE,
  type ResetLinkProblem,
} from '~/content/account';
import { DomainError } from './errors';

export { RESET_LINK_MESSAGES, RESET_REQUESTED_MESSAGE, RESET_REQUESTED_TITLE };
import { hashPassword } from './password.server';
import { hashToken } from './sessions.server';

// Forgotten passwords: a single-use link that works for an hour. Only the SHA-256 of its token is
// stored, so the table cannot be used to reset anyone's password. Asking always gets the same
// answer, and the lookup and the e-mail happen after it, so neither the words nor the time of the
// answer tell whether an account exists.

export const RESET_TTL_MS = RESET_LINK_MINUTES * 60 * 1000;

function linkProblem(reason: ResetLinkProblem) {
  return new DomainError('invalid_input', RESET_LINK_MESSAGES[reason], { reason });
}

/**
 * Someone asked for a reset link for `email`. The caller answers with RESET_REQUESTED_MESSAGE
 * whatever happens here, unless the address asks too often (a rate_limited DomainError).
 */
export async function requestPasswordReset(
  email: string,
  client: AttemptClient,
  requestOrigin?: string,
  now = new Date(),
): Promise<void> {
  const send = await reserveResetRequest(email, client, now);
  if (!send) return;
  inBackground(async () => {
    const user = await db.user.findUnique({
      where: { email },
      select: { id: true, email: true, firstName: true },
    });
    if (!user) return;
    const token = randomBytes(32).toString('base64url');
    await db.passwordReset.create({
      data: {
        userId: user.id,
        tokenHash: hashToken(token),
        createdAt: now,
        expiresAt: new Date(now.getTime() + RESET_TTL_MS),
      },
    });
    await sendMail(
      passwordResetMail({
        to: user.email,
        firstName: user.firstName,
        origin: mailOrigin(requestOrigin),
        token,
      }),
    );
  });
}

/** What a link is worth, without using it (the reset page shows the form or the problem). */
export async function checkResetToken(
  token: string,
  now = new Date(),
): Promise<
  | { ok: true; email: string; invitation: boolean }
  | { ok: false; reason: ResetLinkProblem; invitation: boolean }
> {
  if (!token) return { ok: false, reason: 'invalid', invitation: false };
  const reset = await db.passwordReset.findUnique({
    where: { tokenHash: hashToken(token) },
    select: {
      usedAt: true,
      expiresAt: true,
      user: { select: { email: true, password: { select: { userId: true } } } },
    },
  });
  if (!reset) return { ok: false, reason: 'invalid', invitation: false };
  // An invitation (admin-invite.server.ts): the account has no password yet.
  const invitation = !reset.user.password;
  if (reset.usedAt) return { ok: false, reason: 'used', invitation };
  // Expired at the instant itself: an hour means strictly less than an hour.
  if (reset.expiresAt.getTime() <= now.getTime()) {
    return { ok: false, reason: 'expired', invitation };
  }
  return { ok: true, email: reset.user.email, invitation };
}

/**
 * Sets a new password with a link: the link and every other link of the user stop working, every
 * session of the user ends (the caller signs them in afresh), every API key is revoked and every
 * app connected through OAuth is disconnected. Two uses at once: one wins.
 */
export async function resetPassword(
  token: string,
  password: string,
  now = new Date(),
): Promise<PublicUser> {
  const check = await checkResetToken(token, now);
  if (!check.ok) throw linkProblem(check.reason);
  const hash = await hashPassword(password);
  return db.$transaction(async (tx) => {
    const reset = await tx.passwordReset.findUnique({
      where: { tokenHash: hashToken(token) },
      select: { id: true, userId: true },
    });
    if (!reset) throw linkProblem('invalid');
    // Claimed with a condition: of two requests racing with one link, only one finds it unused.
    const claimed = await tx.passwordReset.updateMany({
      where: { id: reset.id, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (claimed.count === 0) throw linkProblem('used');
    await tx.passwordReset.updateMany({
      where: { userId: reset.userId, usedAt: null },
      data: { usedAt: now },
    });
    await tx.password.upsert({
      where: { userId: reset.userId },
      create: { userId: reset.userId, hash },
      update: { hash },
    });
    await tx.session.updateMany({
      where: { userId: reset.userId, endedAt: null },
      data: { endedAt: now },
    });
    // An account recovery ends every way in that the old password's holder may have made: the
    // sessions above, and the API keys (revoked: deleted, so the next request with one is refused).
    await tx.apiKey.deleteMany({ where: { userId: reset.userId } });
    // Every connected app (OAuth grants, their tokens and codes) is disconnected too.
    await tx.oAuthRecord.deleteMany({ where: { userId: reset.userId } });
    const user = await tx.user.findUniqueOrThrow({
      where: { id: reset.userId },
      select: publicUserSelect,
    });
    return toPublicUser(user);
  });
}
