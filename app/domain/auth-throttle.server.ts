import { db } from '~/lib/db.server';
import { DomainError } from './errors';
import { notifyAccountUnderAttack } from './notices.server';

// Slows down password guessing and bulk sign-ups by counting recent attempts in the database,
// without handing anyone a way to lock a customer out of their own account:
// - an address that keeps failing is slowed, whatever e-mails it tries (429 with Retry-After);
// - an address that fails repeatedly for one account is slowed for that account sooner;
// - an account under distributed guessing (a ceiling far above what a person mistypes) changes
//   only how addresses the owner has not used are treated; the owner's own addresses (a successful
//   sign-in to this account from there in the last 30 days) are judged by the limits above alone:
//   - an unknown address that has been guessing at this account (two failures for it in the
//     window) is refused; one typo is not guessing, and failures for other accounts do not count;
//   - every other unknown address waits (2 s) before its password is checked. Nobody who has not
//     been guessing is refused, the right password always gets in, and a guesser spreading over
//     many addresses pays the wait on every guess and gets at most two per address.
// A successful sign-in does not clear earlier failures: the window does.

export const AUTH_LIMITS = {
  windowMs: 15 * 60 * 1000,
  failedLoginsPerIp: 20,
  failedLoginsPerAccountAndIp: 5,
  failedLoginsPerAccount: 100,
  /** Under distributed guessing: failures for the account that make an unknown address a guesser. */
  guessesPerUnknownAddressUnderAttack: 2,
  /** Under distributed guessing: how long an unknown address waits before its password is checked. */
  unknownAddressDelayMsUnderAttack: 2_000,
  /** An address the owner signed in from within this time is theirs (no wait, no refusal). */
  knownAddressMs: 30 * 24 * 60 * 60 * 1000,
  registrationsPerIpWindowMs: 60 * 60 * 1000,
  registrationsPerIp: 10,
  /** Forgotten-password requests: per address (then 429), and links sent per e-mail. */
  resetRequestsWindowMs: 60 * 60 * 1000,
  resetRequestsPerIp: 10,
  resetLinksPerEmail: 3,
} as const;

export const TOO_MANY_LOGINS_MESSAGE =
  'Too many failed sign-in attempts. Please wait 15 minutes and try again.';
export const TOO_MANY_REGISTRATIONS_MESSAGE =
  'Too many accounts were created from your network. Please try again later.';

export const TOO_MANY_RESET_REQUESTS_MESSAGE =
  'Too many password reset requests from your network. Please try again in an hour.';

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
  // Distributed guessing at this account: the owner's addresses go on as usual; an unknown one is
  // refused once it has been guessing at this account, and otherwise waits before the check.
  const byAccount = await db.authAttempt.count({ where: { ...failed, email } });
  if (byAccount < AUTH_LIMITS.failedLoginsPerAccount) return;
  const known = await db.authAttempt.findFirst({
    where: {
      kind: 'login',
      succeeded: true,
      email,
      ipAddress: ip,
      createdAt: { gt: new Date(now.getTime() - AUTH_LIMITS.knownAddressMs) },
    },
    select: { id: true },
  });
  if (known) return;
  if (byAccountAndIp >= AUTH_LIMITS.guessesPerUnknownAddressUnderAttack) {
    throw rateLimited(TOO_MANY_LOGINS_MESSAGE, AUTH_LIMITS.windowMs);
  }
  await new Promise((resolve) => setTimeout(resolve, AUTH_LIMITS.unknownAddressDelayMsUnderAttack));
}

/**
 * Forgotten-password requests: an address asking too often is refused (429, whatever the e-mails);
 * past a few links an hour for one e-mail the answer stays the same but no more mail goes out, so
 * nobody can flood an inbox (the owner already has working links). Returns whether to send.
 */
export async function assertResetRequestAllowed(
  email: string,
  client: AttemptClient,
  now = new Date(),
): Promise<boolean> {
  const since = new Date(now.getTime() - AUTH_LIMITS.resetRequestsWindowMs);
  const recent = { kind: 'reset', createdAt: { gt: since } };
  const [byIp, byEmail] = await Promise.all([
    client.ipAddress
      ? db.authAttempt.count({ where: { ...recent, ipAddress: client.ipAddress } })
      : 0,
    db.authAttempt.count({ where: { ...recent, email } }),
  ]);
  if (byIp >= AUTH_LIMITS.resetRequestsPerIp) {
    throw rateLimited(TOO_MANY_RESET_REQUESTS_MESSAGE, AUTH_LIMITS.resetRequestsWindowMs);
  }
  return byEmail < AUTH_LIMITS.resetLinksPerEmail;
}

export async function assertRegistrationAllowed(client: AttemptClient, now = new Date()) {
  if (!client.ipAddress) return;
  const since = new Date(now.getTime() - AUTH_LIMITS.registrationsPerIpWindowMs);
  const count = await db.authAttempt.count({
    // Every sign-up attempt that got an answer about the e-mail counts, taken ones included.
    where: {
      kind: 'register',
      ipAddress: client.ipAddress,
      createdAt: { gt: since },
    },
  });
  if (count >= AUTH_LIMITS.registrationsPerIp) {
    throw rateLimited(TOO_MANY_REGISTRATIONS_MESSAGE, AUTH_LIMITS.registrationsPerIpWindowMs);
  }
}

export async function recordAttempt(
  kind: 'login' | 'register' | 'reset',
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
    // The owner hears of it once per window, by e-mail.
    if (byAccount === AUTH_LIMITS.failedLoginsPerAccount) notifyAccountUnderAttack(email);
  }
}
