import { db } from '~/lib/db.server';
import { DomainError } from './errors';

// Slows down password guessing and bulk sign-ups by counting recent attempts in the database,
// without handing anyone a way to lock a customer out of their own account:
// - an address that keeps failing is slowed, whatever e-mails it tries (429 with Retry-After);
// - an address that fails repeatedly for one account is slowed for that account sooner;
// - an account under distributed guessing (a ceiling far above what a person mistypes) refuses
//   addresses that have been failing; an address with no recent failure is always let through,
//   so the owner signs in with the right password while the attack goes on.
// A successful sign-in does not clear earlier failures: the window does.

export const AUTH_LIMITS = {
  windowMs: 15 * 60 * 1000,
  failedLoginsPerIp: 20,
  failedLoginsPerAccountAndIp: 5,
  failedLoginsPerAccount: 100,
  registrationsPerIpWindowMs: 60 * 60 * 1000,
  registrationsPerIp: 10,
} as const;

export const TOO_MANY_LOGINS_MESSAGE =
  'Too many failed sign-in attempts. Please wait 15 minutes and try again.';
export const TOO_MANY_REGISTRATIONS_MESSAGE =
  'Too many accounts were created from your network. Please try again later.';

export type AttemptClient = { ipAddress?: string | null };

function rateLimited(message: string, windowMs: number) {
  return new DomainError('rate_limited', message, {
    retryAfterSeconds: Math.ceil(windowMs / 1000),
  });
}

export async function assertLoginAllowed(email: string, client: AttemptClient, now = new Date()) {
  const ip = client.ipAddress;
  if (!ip) return;
  const since = new Date(now.getTime() - AUTH_LIMITS.windowMs);
  const failed = { kind: 'login', succeeded: false, createdAt: { gt: since } };
  const [byIp, byAccountAndIp] = await Promise.all([
    db.authAttempt.count({ where: { ...failed, ipAddress: ip } }),
    db.authAttempt.count({ where: { ...failed, ipAddress: ip, email } }),
  ]);
  if (
    byIp >= AUTH_LIMITS.failedLoginsPerIp ||
    byAccountAndIp >= AUTH_LIMITS.failedLoginsPerAccountAndIp
  ) {
    throw rateLimited(TOO_MANY_LOGINS_MESSAGE, AUTH_LIMITS.windowMs);
  }
  // Distributed guessing: only addresses that have been failing are turned away.
  if (byIp > 0) {
    const byAccount = await db.authAttempt.count({ where: { ...failed, email } });
    if (byAccount >= AUTH_LIMITS.failedLoginsPerAccount) {
      throw rateLimited(TOO_MANY_LOGINS_MESSAGE, AUTH_LIMITS.windowMs);
    }
  }
}

/**
 * Told when an account's failures reach the distributed-guessing ceiling. The account issue's
 * e-mail will tell the owner; until it lands this is logged for the admins.
 */
export let onAccountUnderAttack = (email: string) => {
  console.warn(
    `Sign-in: ${email} reached ${AUTH_LIMITS.failedLoginsPerAccount} failures in 15 minutes`,
  );
};
export function setAccountUnderAttackHandler(handler: (email: string) => void) {
  onAccountUnderAttack = handler;
}

export async function assertRegistrationAllowed(client: AttemptClient, now = new Date()) {
  if (!client.ipAddress) return;
  const since = new Date(now.getTime() - AUTH_LIMITS.registrationsPerIpWindowMs);
  const count = await db.authAttempt.count({
    where: {
      kind: 'register',
      succeeded: true,
      ipAddress: client.ipAddress,
      createdAt: { gt: since },
    },
  });
  if (count >= AUTH_LIMITS.registrationsPerIp) {
    throw rateLimited(TOO_MANY_REGISTRATIONS_MESSAGE, AUTH_LIMITS.registrationsPerIpWindowMs);
  }
}

export async function recordAttempt(
  kind: 'login' | 'register',
  email: string,
  client: AttemptClient,
  succeeded: boolean,
  now = new Date(),
) {
  await db.authAttempt.create({
    data: { kind, email, ipAddress: client.ipAddress ?? null, succeeded, createdAt: now },
  });
  if (kind === 'login' && !succeeded) {
    const since = new Date(now.getTime() - AUTH_LIMITS.windowMs);
    const byAccount = await db.authAttempt.count({
      where: { kind: 'login', succeeded: false, email, createdAt: { gt: since } },
    });
    if (byAccount === AUTH_LIMITS.failedLoginsPerAccount) onAccountUnderAttack(email);
  }
}
