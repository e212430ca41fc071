import { db } from '~/lib/db.server';
import { DomainError } from './errors';

// Slows down password guessing and bulk sign-ups by counting recent attempts in the database.
// Per e-mail: a burst of wrong passwords locks that e-mail's sign-in for a while, whoever tries.
// Per IP (only when the address is known, see getClientIp): many failures or sign-ups from one
// address are refused. A successful sign-in does not clear earlier failures: the window does.

export const AUTH_LIMITS = {
  windowMs: 15 * 60 * 1000,
  failedLoginsPerEmail: 10,
  failedLoginsPerIp: 50,
  registrationsPerIpWindowMs: 60 * 60 * 1000,
  registrationsPerIp: 10,
} as const;

export const TOO_MANY_LOGINS_MESSAGE =
  'Too many failed sign-in attempts. Please wait 15 minutes and try again.';
export const TOO_MANY_REGISTRATIONS_MESSAGE =
  'Too many accounts were created from your network. Please try again later.';

export type AttemptClient = { ipAddress?: string | null };

export async function assertLoginAllowed(email: string, client: AttemptClient, now = new Date()) {
  const since = new Date(now.getTime() - AUTH_LIMITS.windowMs);
  const failed = { kind: 'login', succeeded: false, createdAt: { gt: since } };
  const [byEmail, byIp] = await Promise.all([
    db.authAttempt.count({ where: { ...failed, email } }),
    client.ipAddress
      ? db.authAttempt.count({ where: { ...failed, ipAddress: client.ipAddress } })
      : 0,
  ]);
  if (byEmail >= AUTH_LIMITS.failedLoginsPerEmail || byIp >= AUTH_LIMITS.failedLoginsPerIp) {
    throw new DomainError('rate_limited', TOO_MANY_LOGINS_MESSAGE);
  }
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
    throw new DomainError('rate_limited', TOO_MANY_REGISTRATIONS_MESSAGE);
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
}
